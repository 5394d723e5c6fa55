import type { Catalogue } from '../catalogue.ts';
import type { marks as english } from './marks.en.ts';

/** The marks module's messages in Hindi (same codes and parameters as marks.en.ts). */
export const marks: Catalogue<typeof english> = {};
