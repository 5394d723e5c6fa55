import { z } from 'zod';
import { KEY_MAX, KEY_PATTERN, type EnumDef } from '../kit/index.ts';

/**
 * Field builders the newer master-data fields need beside the kit's: an optional link to another record, an
 * optional enumeration, whole numbers. Like the kit's, each accepts the legacy screens' strings as well as
 * JSON values, and an empty value means "none".
 */

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value;

/**
 * An optional reference to another record's key (`paper.dept_id`): empty clears it (null), missing leaves it.
 */
export const optionalKey = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'Must be text' })
      .max(KEY_MAX, `At most ${KEY_MAX} characters`)
      .regex(KEY_PATTERN, 'Use letters, digits, dot, dash or underscore, starting with a letter or digit')
      .nullable()
      .optional(),
  );

/** An enumeration that may be left empty (null); missing leaves it as it was. */
export const optionalEnum = (def: EnumDef) => z.preprocess(blankToNull, def.schema.nullable().optional());

/** An enumeration with a database default: missing or empty leaves the default (or the stored value). */
export const defaultedEnum = (def: EnumDef) =>
  z.preprocess((value) => (blankToNull(value) === null ? undefined : value), def.schema.optional());

const WHOLE = /^\d{1,9}$/;

/** A whole number in [min, max], sent as text or a JSON number. */
export const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      const text = typeof value === 'string' ? value.trim() : value;
      return typeof text === 'string' && WHOLE.test(text) ? Number(text) : text;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? 'Required' : 'Must be a whole number',
      })
      .int('Must be a whole number')
      .min(min, `At least ${min}`)
      .max(max, `At most ${max}`),
  );

/** A whole number with a database default: missing or empty leaves the default (or the stored value). */
export const defaultedWholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (blankToNull(value) === null ? undefined : value),
    wholeNumber(min, max).optional(),
  );

/** Whether a text holds Devanagari letters (a Hindi name typed in English is refused). */
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * A Hindi (Devanagari) name beside an English one: optional, but when given it must be written in Devanagari.
 */
export const hindiText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'Must be text' })
      .max(max, `At most ${max} characters`)
      .regex(DEVANAGARI, 'Write the Hindi name in Devanagari')
      .nullable()
      .optional(),
  );
