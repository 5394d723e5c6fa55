import type { Catalogue } from '../catalogue.ts';
import type { students as english } from './students.en.ts';

/** The students module's messages in Hindi (same codes and parameters as students.en.ts). */
export const students: Catalogue<typeof english> = {};
