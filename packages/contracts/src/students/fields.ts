import { z } from 'zod';

/**
 * Field builders of the student register: dates, the ABC/APAAR id, Indian mobile numbers, e-mail addresses
 * and decimals kept as text (marks and percentages are never binary floating point). Like the kit's, each
 * takes the legacy screens' strings as well as JSON values; an empty optional value means "none".
 */

const blankToNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim() === ''
        ? null
        : value.trim()
      : value;

const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable().optional());

/** A calendar date, YYYY-MM-DD, that exists (no 2024-02-30) and lies between 1900 and 2100. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isoDate = z.string({ error: 'Must be a date (YYYY-MM-DD)' }).refine((text) => {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}, 'Must be a real date written YYYY-MM-DD (e.g. 2005-08-15)');

export const requiredDate = () =>
  z
    .preprocess(
      (value) => blankToNull(value) ?? undefined,
      isoDate.optional().refine((v) => v !== undefined, 'Required'),
    )
    .describe('A date, YYYY-MM-DD.');
export const optionalDate = () => optional(isoDate);

/** ABC / APAAR id: exactly 12 digits (Academic Bank of Credits). */
export const abcId = () =>
  optional(z.string().regex(/^\d{12}$/, 'ABC/APAAR id must be exactly 12 digits')).describe(
    '12 digits (ABC/APAAR id), unique.',
  );

/** An Indian mobile number: 10 digits starting 6-9, optionally written with +91 or 0 in front. */
export const mobileNumber = () =>
  z
    .preprocess(
      (value) => {
        const text = blankToNull(value);
        return typeof text === 'string'
          ? text.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '')
          : text;
      },
      z
        .string()
        .regex(/^[6-9]\d{9}$/, 'Mobile must be 10 digits starting with 6, 7, 8 or 9')
        .nullable()
        .optional(),
    )
    .describe('10 digits starting with 6-9.');

export const emailAddress = () =>
  optional(
    z
      .string()
      .max(254, 'At most 254 characters')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Must be an e-mail address like name@example.com'),
  ).describe('An e-mail address.');

/** A decimal kept as text with at most two decimal places, in [0, max]. */
export const decimalText = (max: number) =>
  optional(
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Must be a number with at most two decimal places')
      .refine((text) => Number(text) <= max, `At most ${max}`),
  ).describe(`A number from 0 to ${max}, at most two decimals.`);

/** Paper ids written in one cell: "ENG102 HIS102" or "ENG102,HIS102". */
export const paperList = (text: string | null | undefined) => (text ?? '').split(/[\s,;]+/).filter(Boolean);
