import type { ApiModule } from '../../platform/module.ts';
import { setupAndForms } from './forms-part.ts';
import { examCcinfoEffects, timetableAndAdmitCards } from './timetable-admit-cards.ts';

// The effects the timetable half gives the exam course link's phase actions (allot-rolls: a job answered
// 202).
const forms = setupAndForms(examCcinfoEffects);

/** Exam set-up, exam forms, timetable and admit cards (lifecycle stages S2 and S4). */
export const examFormsModule: ApiModule = {
  name: 'exam-forms',
  resources: [...forms.resources, ...timetableAndAdmitCards.resources],
  workflows: [...forms.workflows, ...timetableAndAdmitCards.workflows],
  jobs: [...timetableAndAdmitCards.jobs],
  routes: (context) => {
    const router = forms.routes(context);
    router.use(timetableAndAdmitCards.routes(context));
    return router;
  },
  openapi: { ...forms.openapi, ...timetableAndAdmitCards.openapi },
};
