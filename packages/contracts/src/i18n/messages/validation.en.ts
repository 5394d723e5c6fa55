/**
 * Field errors in English. `validation.zod` is a check of zod's own (its sentence in each language comes from
 * zod's locales); `validation.text` is a field message not yet given a code of its own. A schema's own
 * message is a code of this catalogue (`{ error: 'validation.required' }`); the zod issue's numbers
 * (`maximum`, `minimum`) are its parameters.
 */
export const validation = {
  'validation.zod': '{{en}}',
  'validation.text': '{{text}}',
} as const;
