import { z } from 'zod';

/**
 * Field builders shared by every entity. The legacy frontend posts every value as a trimmed
 * string; newer clients send JSON numbers. Both are accepted, and each field answers in one type:
 * text fields as strings (null when empty), numeric enumerations as integers.
 */

/** Numbers become their decimal text; strings are trimmed; anything else is left for the schema to refuse. */
const asTrimmedText = (value: unknown) => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value.trim();
  return value;
};

/** Key parts travel in URL paths, so they are limited to characters that need no encoding. */
export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const KEY_MAX = 30;

export const keyText = () =>
  z.preprocess(
    asTrimmedText,
    z
      .string({ error: 'Must be text' })
      .min(1, 'Required')
      .max(KEY_MAX, `At most ${KEY_MAX} characters`)
      .regex(KEY_PATTERN, 'Use letters, digits, dot, dash or underscore, starting with a letter or digit'),
  );

export const requiredText = (max: number) =>
  z.preprocess(
    asTrimmedText,
    z.string({ error: 'Must be text' }).min(1, 'Required').max(max, `At most ${max} characters`),
  );

/** Optional free text: missing stays missing (an edit leaves it as it was), empty clears it (null). */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => {
      const text = asTrimmedText(value);
      return text === '' ? null : text;
    },
    z.string({ error: 'Must be text' }).max(max, `At most ${max} characters`).nullable().optional(),
  );

export interface EnumOption<V extends string | number> {
  value: V;
  label: string;
}

/** The options of every enumeration's schema, so generic code (file templates) can name each code's label. */
const enumOptions = new WeakMap<object, readonly EnumOption<string | number>[]>();

/** The options (codes and labels) of a field whose schema was made by defineEnum. */
export const enumOptionsOf = (schema: unknown) =>
  typeof schema === 'object' && schema !== null ? enumOptions.get(schema) : undefined;

/** An enumeration with the labels staff see in dropdowns and lists. */
export function defineEnum<const V extends string | number>(options: readonly EnumOption<V>[]) {
  const values = options.map((o) => o.value) as V[];
  const described = options
    .map((o) => (String(o.value) === o.label ? o.label : `${o.value} (${o.label})`))
    .join(', ');
  const numeric = typeof values[0] === 'number';
  const schema = z.preprocess(
    (value) => {
      if (typeof value === 'string') {
        const text = value.trim();
        return numeric && /^-?\d+$/.test(text) ? Number(text) : text;
      }
      return value;
    },
    z.literal(values, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' || issue.input === null
          ? 'Required'
          : `Must be one of ${described}`,
    }),
  );
  enumOptions.set(schema, options);
  const labelOf = (value: unknown): string =>
    options.find((o) => String(o.value) === String(value))?.label ?? (value == null ? '' : String(value));
  return { options, values, schema, labelOf, numeric };
}

export type EnumDef = ReturnType<typeof defineEnum>;

/** Timestamps kept by the database, answered as ISO 8601 strings. */
export const timestamp = z.iso.datetime({ offset: true });
