import type { Catalogue } from '../catalogue.ts';
import type { masterData as english } from './master-data.en.ts';

/** The master-data module's messages in Hindi (same codes and parameters as master-data.en.ts). */
export const masterData: Catalogue<typeof english> = {};
