import type { Catalogue } from '../catalogue.ts';
import type { examForms as english } from './exam-forms.en.ts';

/** The exam-forms module's messages in Hindi (same codes and parameters as exam-forms.en.ts). */
export const examForms: Catalogue<typeof english> = {};
