import { defineEnum, defineResource, requiredText } from '../kit/index.ts';
import { hindiText } from '../master-data/index.ts';

/**
 * What the document branch records once and every document drafted afterwards prints (spec §5.2 common
 * header, §8 default 10, lifecycle table "document_admin records VC/Registrar signatories"): the place of
 * issue, the names of the signatories, the NAD organisation code and the convocation a degree is conferred
 * at. A draft freezes the values of its day into its payload, so changing one never changes a document
 * already drafted.
 */
export const issuingDetailKey = defineEnum([
  { value: 'PLACE_OF_ISSUE', label: 'Place of issue' },
  { value: 'SIGNATORY_COE', label: 'Controller of Examinations (name)' },
  { value: 'SIGNATORY_REGISTRAR', label: 'Registrar (name)' },
  { value: 'SIGNATORY_VC', label: 'Vice-Chancellor (name)' },
  { value: 'NAD_ORG_CODE', label: 'NAD organisation code' },
  { value: 'CONVOCATION_DATE', label: 'Convocation date (degrees)' },
]);
export type IssuingDetailKey = (typeof issuingDetailKey.values)[number];

/** Printed as written, in one language (a date, a code); the place and the names print English and Hindi. */
export const issuingDetailInEnglishOnly = (key: IssuingDetailKey) =>
  key === 'CONVOCATION_DATE' || key === 'NAD_ORG_CODE';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAD_CODE = /^[A-Za-z0-9-]{2,30}$/;

/** The value's own rule per key: a real calendar date for the convocation, a plain code for NAD. */
function checkIssuingDetail(record: Record<string, unknown>): Record<string, string[]> {
  const value = typeof record.value_en === 'string' ? record.value_en : '';
  if (record.detail_key === 'CONVOCATION_DATE') {
    const m = ISO_DATE.exec(value);
    const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !date || date.getUTCDate() !== Number(m[3]) || date.getUTCMonth() !== Number(m[2]) - 1)
      return { value_en: ['Enter the convocation date as YYYY-MM-DD, e.g. 2025-02-12'] };
  }
  if (record.detail_key === 'NAD_ORG_CODE' && !NAD_CODE.test(value))
    return { value_en: ['The NAD organisation code is 2–30 letters, digits or dashes, as NAD issued it'] };
  return {};
}

export const documentIssuingResource = defineResource({
  name: 'documentissuing',
  title: 'Issuing detail',
  keyFields: ['detail_key'],
  capability: { read: 'documents.read', write: 'documents.approve' },
  fields: {
    detail_key: issuingDetailKey.schema,
    value_en: requiredText(200),
    value_hi: hindiText(200),
  },
  updatable: ['value_en', 'value_hi'],
  searchFields: ['detail_key', 'value_en'],
  check: checkIssuingDetail,
});
