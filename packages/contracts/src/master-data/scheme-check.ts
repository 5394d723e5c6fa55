import { z } from 'zod';

/**
 * The marks-scheme check of a paperinfosem row (lifecycle spec §1.1). The legacy data keeps marks as free
 * text, and legacy clients may go on writing any text there; but marks can only be entered against a scheme
 * that is numeric and consistent. The check says, field by field, why a scheme cannot take marks. It is
 * answered by `GET /api/paperinfosem/{key}/scheme-check` and shown on the record's screen; nothing refuses a
 * write because of it.
 *
 * Rules: every marks field and credit_point is a number with at most two decimals; max_marks > 0; each
 * minimum within its maximum; paper_type 0 (external + internal): ext_max + int_max = max; 1 (external only):
 * ext_max = max and no internal fields; 2 (internal only): int_max = max and no external fields;
 * credit_point ≥ 0.
 */

export const schemeCheckResult = z.object({
  /** true: the scheme is numeric and consistent, marks may be entered against it. */
  valid: z.boolean(),
  /** Why not, field -> messages (`_` for the scheme as a whole); empty when valid. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type SchemeCheckResult = z.infer<typeof schemeCheckResult>;

const MARKS = /^\d{1,7}(\.\d{1,2})?$/;

/** "27.5" -> 2750 hundredths (exact, no binary fractions); null for anything that is not such a number. */
function hundredths(text: string): number | null {
  if (!MARKS.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Hundredths back as the text a person reads: 2750 -> "27.5". */
const shown = (value: number) =>
  value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2).replace(/0$/, '');

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

const componentFields = {
  external: ['ext_max_marks', 'ext_min_marks'],
  internal: ['int_max_marks', 'int_min_marks'],
} as const;

export function checkMarksScheme(record: Record<string, unknown>): SchemeCheckResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  /** The field's value in hundredths; undefined when empty, null when it is not a number (reported). */
  const numberOf = (field: string): number | null | undefined => {
    const value = text(record[field]);
    if (value === '') return undefined;
    const parsed = hundredths(value);
    if (parsed === null)
      fail(field, `"${value}" is not a number (at most two decimals): marks cannot be entered against it.`);
    return parsed;
  };
  const need = (field: string, why: string) => {
    const value = numberOf(field);
    if (value === undefined) fail(field, `Required: ${why}.`);
    return value ?? null;
  };

  const max = need('max_marks', 'the paper’s maximum marks');
  if (max === 0) fail('max_marks', 'Must be more than 0.');
  const min = numberOf('min_marks') ?? null;
  if (max !== null && min !== null && min > max)
    fail('min_marks', `${shown(min)} is above max_marks (${shown(max)}).`);

  const type = text(record.paper_type);
  const external = type === '0' || type === '1';
  const internal = type === '0' || type === '2';
  if (!['0', '1', '2'].includes(type))
    fail('paper_type', 'Must be 0 (external and internal), 1 (external only) or 2 (internal only).');

  const component = (required: boolean, [maxField, minField]: readonly [string, string], name: string) => {
    if (!required) {
      for (const field of [maxField, minField]) {
        if (text(record[field]) !== '') fail(field, `Must be empty: this paper type has no ${name} marks.`);
      }
      return null;
    }
    const componentMax = need(maxField, `the ${name} maximum of this paper type`);
    const componentMin = numberOf(minField) ?? null;
    if (componentMax !== null && componentMin !== null && componentMin > componentMax) {
      fail(minField, `${shown(componentMin)} is above ${maxField} (${shown(componentMax)}).`);
    }
    return componentMax;
  };
  const extMax = component(external, componentFields.external, 'external');
  const intMax = component(internal, componentFields.internal, 'internal');

  if (max !== null && max > 0) {
    if (type === '0' && extMax !== null && intMax !== null && extMax + intMax !== max) {
      fail(
        'max_marks',
        `ext_max_marks + int_max_marks = ${shown(extMax)} + ${shown(intMax)} = ` +
          `${shown(extMax + intMax)}, not max_marks (${shown(max)}).`,
      );
    }
    if (type === '1' && extMax !== null && extMax !== max)
      fail(
        'ext_max_marks',
        `${shown(extMax)} must equal max_marks (${shown(max)}) on an external-only paper.`,
      );
    if (type === '2' && intMax !== null && intMax !== max)
      fail(
        'int_max_marks',
        `${shown(intMax)} must equal max_marks (${shown(max)}) on an internal-only paper.`,
      );
  }

  need('credit_point', 'the credits of the paper (0 for a paper without credits)');

  return { valid: Object.keys(errors).length === 0, errors };
}
