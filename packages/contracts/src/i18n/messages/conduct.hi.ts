import type { Catalogue } from '../catalogue.ts';
import type { conduct as english } from './conduct.en.ts';

/** The conduct module's messages in Hindi (same codes and parameters as conduct.en.ts). */
export const conduct: Catalogue<typeof english> = {};
