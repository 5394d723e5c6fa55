import type { ApiModule } from '../../platform/module.ts';
import { timetableAndAdmitCards } from './timetable-admit-cards.ts';

/** Exam set-up, exam forms, timetable and admit cards (lifecycle stages S2 and S4). */
export const examFormsModule: ApiModule = {
  name: 'exam-forms',
  ...timetableAndAdmitCards,
};
