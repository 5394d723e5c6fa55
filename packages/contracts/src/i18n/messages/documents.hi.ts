import type { Catalogue } from '../catalogue.ts';
import type { documents as english } from './documents.en.ts';

/** The documents module's messages in Hindi (same codes and parameters as documents.en.ts). */
export const documents: Catalogue<typeof english> = {};
