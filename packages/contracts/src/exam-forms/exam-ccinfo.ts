import { z } from 'zod';
import {
  defineEnum,
  defineResource,
  defineWorkflow,
  keyText,
  optionalText,
  timestamp,
} from '../kit/index.ts';
import { defaultedEnum } from '../master-data/index.ts';
import { category } from '../students/index.ts';
import { moneyText } from './money.ts';

/** The phase of a course-semester in an exam (lifecycle spec §2.2); only the workflow's actions move it. */
export const examPhase = defineEnum([
  { value: 'PLANNED', label: 'Planned' },
  { value: 'FORMS_OPEN', label: 'Forms open' },
  { value: 'FORMS_CLOSED', label: 'Forms closed' },
  { value: 'ROLL_ALLOTTED', label: 'Roll numbers allotted' },
  { value: 'IN_CONDUCT', label: 'In conduct' },
  { value: 'CONDUCTED', label: 'Conducted' },
  { value: 'EVALUATION', label: 'Evaluation' },
  { value: 'TABULATION', label: 'Tabulation' },
  { value: 'DECLARED', label: 'Declared' },
  { value: 'POST_RESULT', label: 'Post result' },
  { value: 'CLOSED', label: 'Closed' },
]);
export type ExamPhase = (typeof examPhase.values)[number];

export const codingMode = defineEnum([
  { value: 'OFF', label: 'Off (entered by roll number)' },
  { value: 'ON', label: 'On (fictitious numbers, packets)' },
]);

export const candidateType = defineEnum([
  { value: 'REGULAR', label: 'Regular' },
  { value: 'EX', label: 'Ex-student' },
  { value: 'BACK', label: 'Back paper' },
  { value: 'IMPROVEMENT', label: 'Improvement' },
]);
export type CandidateType = (typeof candidateType.values)[number];

/** Candidate types written in one cell: "REGULAR EX BACK". */
export const typeList = (text: string | null | undefined) => (text ?? '').split(/[\s,;]+/).filter(Boolean);

const allowTypes = z
  .preprocess(
    (value) =>
      Array.isArray(value)
        ? value.join(' ')
        : typeof value === 'string'
          ? typeList(value).join(' ') || undefined
          : value,
    z.string({ error: 'Must be text' }).max(100).optional(),
  )
  .refine(
    (text) =>
      text === undefined ||
      typeList(text).every((t) => (candidateType.values as readonly string[]).includes(t)),
    `Use ${candidateType.values.join(', ')} separated by spaces`,
  )
  .describe(`The candidate types that may fill forms: ${candidateType.values.join(' ')}.`);

/** Concession per category in percent: "SC:100 ST:100 OBC:50". */
export const concessionList = (
  text: string | null | undefined,
): Array<{ category: string; percent: string }> =>
  (text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => {
      const [cat = '', percent = ''] = part.split(':');
      return { category: cat.toUpperCase(), percent };
    });

const concessions = optionalText(200)
  .refine(
    (text) =>
      !text ||
      concessionList(text).every(
        (c) =>
          (category.values as readonly string[]).includes(c.category) &&
          /^\d{1,3}(\.\d{1,2})?$/.test(c.percent) &&
          Number(c.percent) <= 100,
      ),
    `Write category:percent pairs, e.g. "SC:100 ST:100 OBC:50" (categories ` +
      `${category.values.join(', ')}; 0 to 100)`,
  )
  .describe('Fee concession per category in percent of the fee: "SC:100 ST:100 OBC:50".');

const when = () =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), timestamp.nullable().optional())
    .describe('Date and time with offset, e.g. 2026-12-01T00:00:00+05:30.');

/**
 * A course-semester sitting an exam (lifecycle spec S2, `exam_ccinfo`): its form windows, fees and
 * answer-book coding. Its `phase` moves only by the workflow below.
 */
export const examCcinfoResource = defineResource({
  name: 'examccinfo',
  title: 'Exam course link',
  keyFields: ['exam_id', 'session_id', 'course_comb_id', 'sem_id'],
  // The same capabilities as timetable.ts's examSetupAccess (exam set-up: staff read it, the exam office
  // writes it).
  capability: { read: 'exam-setup.read', write: 'exam-setup.write' },
  scopeFields: {},
  fields: {
    exam_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    form_open_at: when(),
    form_due_at: when(),
    late_fee_close_at: when(),
    coding: defaultedEnum(codingMode),
    base_fee: moneyText(),
    back_paper_fee: moneyText(),
    practical_fee: moneyText(),
    late_fee: moneyText(),
    category_concessions: concessions,
    allow_types: allowTypes,
  },
  updatable: [
    'form_open_at',
    'form_due_at',
    'late_fee_close_at',
    'coding',
    'base_fee',
    'back_paper_fee',
    'practical_fee',
    'late_fee',
    'category_concessions',
    'allow_types',
  ],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'ccinfo_sem', fields: ['session_id', 'course_comb_id', 'sem_id'] },
  ],
  searchFields: ['exam_id', 'session_id', 'course_comb_id', 'sem_id'],
  extras: { phase: examPhase.schema },
  check: (r) => {
    const errors: Record<string, string[]> = {};
    const at = (f: string) =>
      typeof r[f] === 'string' ? new Date(r[f]).getTime() : r[f] instanceof Date ? r[f].getTime() : null;
    const [open, due, close] = [at('form_open_at'), at('form_due_at'), at('late_fee_close_at')];
    if (open !== null && due !== null && due < open)
      errors.form_due_at = ['The due date must not be before the forms open'];
    if (due !== null && close !== null && close < due)
      errors.late_fee_close_at = ['Late-fee forms must close on or after the due date'];
    return errors;
  },
});

/** What each phase makes read-only (§2.2), shown on the screen and named in the 409 LOCKED answers. */
export const phaseLocks: Record<ExamPhase, string> = {
  PLANNED: 'nothing yet: windows, fees and the timetable draft may change',
  FORMS_OPEN:
    'the course links of the exam (no new course-semester without admin); students and colleges fill forms',
  FORMS_CLOSED: 'forms for students and the fee rules; office corrects forms with a reason',
  ROLL_ALLOTTED: 'roll numbers and centres (change: admin, audited)',
  IN_CONDUCT: 'the timetable (change: admin with notice)',
  CONDUCTED: 'attendance (correction request only)',
  EVALUATION: 'the coding map (secrecy only)',
  TABULATION: 'all marks batches (correction request only)',
  DECLARED: 'the published result version',
  POST_RESULT: 'nothing new: revaluation and UFM decisions make new versions',
  CLOSED: 'everything',
};

/** Fields of an exam course link that stay editable in a phase: windows and fees only before forms close. */
export const editableInPhase = (phase: string): readonly string[] =>
  phase === 'PLANNED'
    ? examCcinfoResource.updatable
    : phase === 'FORMS_OPEN'
      ? ['form_due_at', 'late_fee_close_at', 'coding']
      : phase === 'FORMS_CLOSED' || phase === 'ROLL_ALLOTTED'
        ? ['coding']
        : [];

/**
 * The phase machine of §2.2. `allot-rolls` is long work: its effect (roll allotment) answers 202 {job} and
 * the job moves the phase.
 */
export const examCcinfoWorkflow = defineWorkflow({
  resource: 'examccinfo',
  field: 'phase',
  states: examPhase.options,
  initial: 'PLANNED',
  actions: {
    'open-forms': {
      label: 'Open forms',
      from: ['PLANNED'],
      to: 'FORMS_OPEN',
      capability: 'exam-setup.write',
      reason: 'none',
      guard: {
        description: 'the form windows (open, due, late-fee close) to be set',
        check: (r) => Boolean(r.form_open_at && r.form_due_at && r.late_fee_close_at),
      },
      confirm: 'Open exam forms for {course_comb_id} {sem_id} ({session_id}) in {exam_id}?',
    },
    'close-forms': {
      label: 'Close forms',
      from: ['FORMS_OPEN'],
      to: 'FORMS_CLOSED',
      capability: 'exam-setup.write',
      reason: 'optional',
      confirm:
        'Close exam forms for {course_comb_id} {sem_id} in {exam_id}? Students can no longer fill or ' +
        'submit forms.',
    },
    'reopen-forms': {
      label: 'Reopen forms',
      from: ['FORMS_CLOSED'],
      to: 'FORMS_OPEN',
      capability: 'exam-setup.write',
      backward: true,
      reason: 'required',
      confirm: 'Reopen exam forms for {course_comb_id} {sem_id} in {exam_id}?',
    },
    'allot-rolls': {
      label: 'Allot roll numbers',
      from: ['FORMS_CLOSED'],
      to: 'ROLL_ALLOTTED',
      capability: 'exam-forms.approve',
      reason: 'none',
      confirm:
        'Allot roll numbers and centres to the approved forms of {course_comb_id} {sem_id} in {exam_id}?',
    },
    'start-conduct': {
      label: 'Start conduct',
      from: ['ROLL_ALLOTTED'],
      to: 'IN_CONDUCT',
      capability: 'exam-setup.write',
      reason: 'none',
      confirm:
        'Start the conduct of {exam_id} for {course_comb_id} {sem_id}? The timetable becomes read-only.',
    },
    'end-conduct': {
      label: 'End conduct',
      from: ['IN_CONDUCT'],
      to: 'CONDUCTED',
      capability: 'exam-setup.write',
      reason: 'none',
      confirm: 'Mark {exam_id} for {course_comb_id} {sem_id} as conducted?',
    },
    'start-evaluation': {
      label: 'Start evaluation',
      from: ['CONDUCTED'],
      to: 'EVALUATION',
      capability: 'exam-setup.write',
      reason: 'none',
      confirm: 'Start evaluation of {exam_id} for {course_comb_id} {sem_id}?',
    },
    'start-tabulation': {
      label: 'Start tabulation',
      from: ['EVALUATION'],
      to: 'TABULATION',
      capability: 'results.compute',
      reason: 'none',
      confirm: 'Start tabulation of {exam_id} for {course_comb_id} {sem_id}? Marks batches become read-only.',
    },
    close: {
      label: 'Close',
      from: ['TABULATION', 'DECLARED', 'POST_RESULT'],
      to: 'CLOSED',
      capability: 'results.withdraw',
      reason: 'optional',
      confirm: 'Close {exam_id} for {course_comb_id} {sem_id}? Everything becomes read-only.',
    },
  },
});
