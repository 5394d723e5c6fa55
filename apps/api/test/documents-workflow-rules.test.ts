import { describe, expect, it } from 'vitest';
import {
  batchNotice,
  draftedNotice,
  refuseEmptyPrint,
  refuseNadOutsideUniversity,
  refuseSpoilage,
  refuseUnreadable,
} from '../src/modules/documents/documents-rules.ts';
import {
  mismatches,
  notGenuineMessage,
  refuseNotIssued,
  refuseTooMany,
  verdictMessage,
  verifiedDocument,
  wasIssued,
  type RegisterEntry,
} from '../src/modules/documents/verification-rules.ts';
import {
  approvedNotice,
  cancelledNotice,
  checkedNotice,
  issuedNotice,
  refuseSelfCheck,
  refuseStaleRevision,
  refuseUsedSheet,
} from '../src/modules/documents/workflow-rules.ts';

const record = { doc_id: 'D1', doc_type: 'MARKSHEET', serial_no: null, prepared_by: 'maker@univ.test' };
const named = (number: string) => ({
  code: 'documents.named',
  params: { type: { label: 'Marksheet' }, number },
});

/** The rules of machine J, of the documents calls and of verification, without a database. */
describe('document workflow rules', () => {
  it('keep maker and checker apart, and say what comes after the check', () => {
    expect(refuseSelfCheck(record, 'checker@univ.test')).toBeUndefined();
    const self = refuseSelfCheck(record, 'maker@univ.test')!;
    expect(self.code).toBe('FORBIDDEN');
    expect(self.reason).toEqual({ code: 'documents.preparedByYou', params: { document: named('D1') } });
    expect(checkedNotice({ ...record, approval_required: true }).code).toBe('documents.checkedForApproval');
    expect(checkedNotice({ ...record, approval_required: false }).code).toBe('documents.checkedForIssue');
  });

  it('use a stationery sheet once, and issue a revision only over an original still ISSUED', () => {
    expect(refuseUsedSheet('SS-1', undefined)).toBeUndefined();
    const onDocument = refuseUsedSheet('SS-1', { doc_id: 'D7' })!;
    expect(onDocument.reason).toEqual({
      code: 'documents.sheetUsed',
      params: {
        stationery_serial: 'SS-1',
        used: { code: 'documents.usedByDocument', params: { doc_id: 'D7' } },
      },
    });
    expect(onDocument.message).toBe('Stationery sheet SS-1 is already used (document D7).');
    expect(refuseUsedSheet('SS-2', { doc_id: null })?.errors?.stationery_serial?.[0]).toEqual({
      code: 'documents.sheetUsedField',
      params: { used: { code: 'documents.usedBySpoilage' } },
    });
    const revision = { ...record, supersedes: 'D0' };
    expect(refuseStaleRevision(revision, { status: 'ISSUED', serial_no: 'MS/1' })).toBeUndefined();
    expect(refuseStaleRevision(revision, undefined)).toBeUndefined();
    const stale = refuseStaleRevision(revision, { status: 'CANCELLED', serial_no: null })!;
    expect(stale.code).toBe('INVALID_TRANSITION');
    expect(stale.reason.params).toMatchObject({ original: 'D0', status: 'CANCELLED' });
  });

  it('answer approval, issue and cancellation with the serial number', () => {
    expect(approvedNotice(record, 'MS/2026/000001')).toEqual({
      code: 'documents.approved',
      params: { document: named('MS/2026/000001') },
    });
    expect(issuedNotice(record, 'MS/2026/000001').code).toBe('documents.issued');
    expect(issuedNotice({ ...record, supersedes: 'D0' }, 'MS/2026/000002').code).toBe(
      'documents.issuedRevision',
    );
    expect(cancelledNotice(record).code).toBe('documents.cancelled');
    expect(cancelledNotice({ ...record, serial_no: 'MS/2026/000003' })).toEqual({
      code: 'documents.cancelledNumbered',
      params: { document: named('MS/2026/000003') },
    });
  });
});

describe('documents call rules', () => {
  it('hide documents outside the read scope, and answer drafting and batches', () => {
    expect(refuseUnreadable('D1', { doc_id: 'D1' })).toBeUndefined();
    expect(refuseUnreadable('D1', null)?.code).toBe('NOT_FOUND');
    expect(draftedNotice('MARKSHEET', 'DS1', { doc_id: 'D1', marker: 'REVISED' }).code).toBe(
      'documents.draftedRevised',
    );
    expect(draftedNotice('DEGREE', 'DS1', { doc_id: 'D2', marker: null })).toEqual({
      code: 'documents.drafted',
      params: { type: { label: 'Degree' }, student_id: 'DS1', doc_id: 'D2' },
    });
    expect(batchNotice('TRANSCRIPT', 'MAIN-2026').params?.documents).toEqual({
      code: 'documents.nounTranscript',
      params: { count: 2 },
    });
  });

  it('refuse an empty print, a college-scoped NAD export, and spoiling a sheet in use or spoiled', () => {
    expect(refuseEmptyPrint({ doc_type: 'MARKSHEET', exam_id: 'E1' }, 3)).toBeUndefined();
    expect(refuseEmptyPrint({ doc_type: 'MARKSHEET', exam_id: 'E1' }, 0)?.reason.code).toBe(
      'documents.nothingToPrint',
    );
    const inStatus = refuseEmptyPrint({ doc_type: 'MARKSHEET', exam_id: 'E1', status: 'ISSUED' }, 0)!;
    expect(inStatus.message).toBe('No marksheet of exam E1 to print in status ISSUED.');
    expect(refuseNadOutsideUniversity('any')).toBeUndefined();
    expect(refuseNadOutsideUniversity('college')?.code).toBe('FORBIDDEN');
    expect(refuseSpoilage('SS-1', undefined, undefined)).toBeUndefined();
    expect(refuseSpoilage('SS-1', { doc_id: 'D1' }, undefined)?.reason.code).toBe(
      'documents.sheetCarriesDocument',
    );
    const twice = refuseSpoilage('SS-1', undefined, { spoil_id: 'SP1' })!;
    expect(twice.code).toBe('DUPLICATE_KEY');
    expect(twice.reason.params).toEqual({ stationery_serial: 'SS-1', spoil_id: 'SP1' });
  });
});

describe('verification rules', () => {
  const entry = (over: Partial<RegisterEntry> = {}): RegisterEntry => ({
    doc_id: 'D1',
    doc_type: 'MARKSHEET',
    serial_no: 'MS/2026/000001',
    status: 'ISSUED',
    payload_hash: 'h',
    student_id: 'DS1',
    name_en: 'Student DS1',
    name_hi: null,
    issued_at: new Date('2026-07-01T00:00:00Z'),
    marker: null,
    superseded_by_serial: null,
    payload: {
      kind: 'MARKSHEET',
      student: { name: { en: 'Student DS1', hi: null } },
      programme: { name: { en: 'B.A.', hi: null } },
      exam: { name: { en: 'Main 2026', hi: null }, cycle: 'June 2026' },
      totals: { result: { en: 'PASS', hi: null }, division: { en: 'First Division' }, sgpa: '8.10' },
    },
    ...over,
  });
  const claims = { v: 1, sn: 'MS/2026/000001', t: 'MARKSHEET', st: 'DS1', h: 'h', d: '', id: 'D1', kid: 'k' };

  it('limit verifications per address, and say why a token is not genuine', () => {
    expect(refuseTooMany(undefined)).toBeUndefined();
    const limited = refuseTooMany(12)!;
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.headers).toEqual({ 'Retry-After': '12' });
    expect(limited.reason.params).toEqual({ seconds: 12 });
    expect(notGenuineMessage('MALFORMED').code).toBe('documents.notOurCode');
    expect(notGenuineMessage('UNKNOWN_KEY').code).toBe('documents.unknownKey');
    expect(notGenuineMessage('BAD_SIGNATURE').code).toBe('documents.badSignature');
  });

  it('verify only documents issued once whose register entry matches the claims', () => {
    expect(wasIssued(entry())).toBe(true);
    expect(wasIssued(entry({ status: 'APPROVED' }))).toBe(false);
    expect(wasIssued(entry({ status: 'CANCELLED', issued_at: null }))).toBe(false);
    expect(wasIssued(entry({ status: 'CANCELLED' }))).toBe(true);
    expect(refuseNotIssued(claims as never, entry()).reason.code).toBe('documents.notIssuedYet');
    expect(refuseNotIssued(claims as never, undefined).reason.code).toBe('documents.notOnRegister');
    expect(mismatches(claims as never, entry())).toBe(false);
    expect(mismatches(claims as never, entry({ payload_hash: 'other' }))).toBe(true);
  });

  it('show the document without marks, and its verdict', () => {
    const valid = verifiedDocument(entry());
    expect(valid).toMatchObject({
      status: 'VALID',
      programme: 'B.A.',
      exam: 'Main 2026, June 2026',
      result: 'PASS, First Division, SGPA 8.10',
    });
    expect(verdictMessage(valid)).toEqual({
      code: 'documents.verifiedValid',
      params: { document: named('MS/2026/000001'), name: 'Student DS1' },
    });
    const superseded = verifiedDocument(
      entry({ status: 'SUPERSEDED', superseded_by_serial: 'MS/2026/000009' }),
    );
    expect(verdictMessage(superseded).code).toBe('documents.verifiedSupersededBy');
    expect(verdictMessage({ ...superseded, superseded_by: null }).code).toBe('documents.verifiedSuperseded');
    expect(verdictMessage(verifiedDocument(entry({ status: 'CANCELLED' }))).code).toBe(
      'documents.verifiedCancelled',
    );
  });
});
