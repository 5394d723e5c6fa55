// Exam set-up, exam forms, timetable and admit cards (lifecycle stages S2 and S4).
export * from './money.ts';
export * from './exam-ccinfo.ts';
export * from './exam-form.ts';
export * from './fee.ts';
export * from './attempt.ts';
export * from './backlog.ts';
export * from './timetable.ts';
export * from './admit-card.ts';
import { examCcinfoResource } from './exam-ccinfo.ts';
import { examFormResource } from './exam-form.ts';
import { attemptResource } from './attempt.ts';
import { backlogResource } from './backlog.ts';

/** The resources of exam set-up and forms, in the order their screens list them. */
export const examFormResources = [
  examCcinfoResource,
  examFormResource,
  attemptResource,
  backlogResource,
] as const;
