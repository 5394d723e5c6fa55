import type { Catalogue } from '../catalogue.ts';
import type { validation as english } from './validation.en.ts';

/** Field errors in Hindi (same codes and parameters as validation.en.ts). */
export const validation: Catalogue<typeof english> = {
  'validation.zod': '{{hi}}',
  'validation.text': '{{text}}',
};
