import type { Catalogue } from '../catalogue.ts';
import type { coding as english } from './coding.en.ts';

/** The coding module's messages in Hindi (same codes and parameters as coding.en.ts). */
export const coding: Catalogue<typeof english> = {};
