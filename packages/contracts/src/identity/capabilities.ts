import { label, msg, type Message, type MessageCode } from '../i18n/message.ts';
import { renderEnglish } from '../i18n/render.ts';
import type { RoleName } from './roles.ts';

/**
 * What a caller may do: the capability catalogue, and the one table granting capabilities to the eight roles
 * with a scope. The API refuses (403) a call whose capability the caller's role lacks and limits the rows it
 * sees to the scope; the web app hides what the API would refuse. Defaults: section 2.5 of the lifecycle
 * spec.
 */

/**
 * A capability: a key (`<area>.<verb>`), what it allows, and the refusal a role without it reads when not
 * "The {{role}} role may not <description>." (`auth.roleMayNot`): a message code whose `{{role}}` is filled
 * in.
 */
export interface Capability {
  description: string;
  refusal?: MessageCode;
}

export const capabilities = {
  'master-data.read': {
    description: 'read master data and rule sets',
    refusal: 'auth.noMasterData',
  },
  'master-data.write': {
    description: 'change master data (sessions, courses, papers, colleges, departments, ...)',
    refusal: 'auth.masterDataReadOnly',
  },
  'rulesets.write': { description: 'create and change result rule sets' },
  'colleges.read': {
    description: 'read colleges (a college faculty user: its own college only)',
    refusal: 'auth.noColleges',
  },
  'students.read': { description: 'read students, enrolments and student papers' },
  'students.write': { description: 'change students, enrolments and student papers' },
  'exam-setup.read': { description: 'read exam set-up: exam course links, windows, timetable' },
  'exam-setup.write': { description: 'change exam set-up: exam course links, windows, timetable' },
  'exam-forms.read': { description: 'read exam forms' },
  'exam-forms.fill': { description: 'fill and submit exam forms (office entry, or a student for itself)' },
  'exam-forms.verify': { description: 'verify exam forms for a college, return or reject them' },
  'exam-forms.approve': { description: 'approve exam forms for the university and allot roll numbers' },
  'exam-forms.cancel': { description: 'cancel an approved exam form (exceptional)' },
  'admit-cards.read': { description: 'read and download admit cards' },
  'admit-cards.write': { description: 'generate, publish and withhold admit cards' },
  'conduct.read': { description: 'read seating plans, stickers and attendance' },
  'conduct.write': { description: 'prepare seating plans, stickers and attendance' },
  'ufm.read': { description: 'read unfair-means cases' },
  'ufm.write': { description: 'report unfair-means cases and record decisions' },
  'ufm.approve': { description: 'approve unfair-means decisions (competent authority)' },
  'coding.secrecy': { description: 'see and change the answer-book coding map (secrecy)' },
  'marks.read': { description: 'read marks' },
  'internal-marks.enter': { description: 'enter internal assessment (CIA) marks' },
  'marks.enter': { description: 'enter external marks (award lists)' },
  'practicals.enter': { description: 'enter practical marks' },
  'marks.verify': { description: 'verify a submitted marks batch (second person)' },
  'marks.lock': { description: 'lock verified marks batches' },
  'marks.reopen': { description: 'reopen locked marks batches' },
  'marks.correct': { description: 'approve marks corrections after a batch is locked' },
  'results.read': { description: 'read results' },
  'results.compute': { description: 'run result calculation, grace and moderation' },
  'results.verify': { description: 'verify computed results' },
  'results.approve': { description: 'approve verified results' },
  'results.publish': { description: 'publish approved results' },
  'results.withdraw': { description: 'withdraw published results (exceptional)' },
  'postresult.read': { description: 'read re-totalling, revaluation and photocopy applications' },
  'postresult.apply': { description: 'apply for re-totalling, revaluation or a photocopy' },
  'postresult.process': { description: 'process re-totalling, revaluation and photocopy applications' },
  'documents.read': { description: 'read and download documents' },
  'documents.request': { description: 'request documents' },
  'documents.prepare': { description: 'prepare and print documents' },
  'documents.approve': { description: 'approve, sign, cancel and number documents' },
  'jobs.read': { description: "read every user's jobs (anyone reads the jobs they started)" },
  'audit.read': { description: 'read the audit trail' },
} as const satisfies Record<string, Capability>;

export type CapabilityKey = keyof typeof capabilities;
export const capabilityKeys = Object.keys(capabilities) as CapabilityKey[];

/**
 * Which rows a granted capability reaches, decided from the caller's own user row (never from the request):
 * - `any`: every row;
 * - `college`: rows of the user's `college_id` (a user without one reaches none);
 * - `department`: rows of the user's `dept_id` (none without one), and for a user of a college also only that
 *   college's rows (a college's faculty: its students and its department's papers; section 2.5);
 * - `own-student`: the rows of the student the user is (`student_id`; none without one).
 * A row out of scope does not exist for the caller (404); values out of scope are refused (403 OUT_OF_SCOPE).
 */
export const scopes = ['any', 'college', 'department', 'own-student'] as const;
export type Scope = (typeof scopes)[number];

export type Grants = Record<RoleName, Partial<Record<CapabilityKey, Scope>>>;

const every = (keys: readonly CapabilityKey[], scope: Scope = 'any') =>
  Object.fromEntries(keys.map((k) => [k, scope])) as Partial<Record<CapabilityKey, Scope>>;

/**
 * THE grants table (section 2.5 of the lifecycle spec). Conditions the table states beyond a role ("faculty:
 * W if college head / appointed examiner", "office: W if secrecy flag", "student: own result after publish")
 * are the modules' own rules on top of these grants; the secrecy flag is per user, so office holds no
 * coding.secrecy here.
 */
export const grants: Grants = {
  admin: every([
    'master-data.read',
    'master-data.write',
    'rulesets.write',
    'colleges.read',
    'students.read',
    'students.write',
    'exam-setup.read',
    'exam-setup.write',
    'exam-forms.read',
    'exam-forms.fill',
    'exam-forms.verify',
    'exam-forms.approve',
    'exam-forms.cancel',
    'admit-cards.read',
    'admit-cards.write',
    'conduct.read',
    'conduct.write',
    'ufm.read',
    'ufm.write',
    'ufm.approve',
    'coding.secrecy',
    'marks.read',
    'internal-marks.enter',
    'marks.enter',
    'practicals.enter',
    'marks.verify',
    'marks.lock',
    'marks.reopen',
    'marks.correct',
    'results.read',
    'results.compute',
    'results.approve',
    'results.withdraw',
    'postresult.read',
    'postresult.apply',
    'postresult.process',
    'documents.read',
    'documents.prepare',
    'documents.approve',
    'jobs.read',
    'audit.read',
  ]),
  office: every([
    'master-data.read',
    'master-data.write',
    'rulesets.write',
    'colleges.read',
    'students.read',
    'students.write',
    'exam-setup.read',
    'exam-setup.write',
    'exam-forms.read',
    'exam-forms.fill',
    'exam-forms.verify',
    'exam-forms.approve',
    'admit-cards.read',
    'admit-cards.write',
    'conduct.read',
    'conduct.write',
    'ufm.read',
    'ufm.write',
    'marks.read',
    'marks.enter',
    'marks.verify',
    'marks.lock',
    'postresult.read',
    'postresult.apply',
    'postresult.process',
  ]),
  faculty: {
    ...every(['master-data.read', 'exam-setup.read']),
    // A college's faculty sees its own college; a university department's faculty (no college_id) none.
    ...every(
      [
        'colleges.read',
        'students.read',
        'exam-forms.read',
        'exam-forms.verify',
        'admit-cards.read',
        'conduct.read',
        'results.read',
      ],
      'college',
    ),
    ...every(
      ['marks.read', 'internal-marks.enter', 'marks.enter', 'practicals.enter', 'marks.verify'],
      'department',
    ),
  },
  result: every([
    'master-data.read',
    'colleges.read',
    'students.read',
    'exam-setup.read',
    'admit-cards.read',
    'conduct.read',
    'ufm.read',
    'marks.read',
    'marks.lock',
    'results.read',
    'results.verify',
    'results.publish',
    'postresult.read',
    'postresult.process',
    'documents.read',
  ]),
  calculate: every([
    'master-data.read',
    'colleges.read',
    'students.read',
    'exam-setup.read',
    'marks.read',
    'results.read',
    'results.compute',
    'postresult.read',
  ]),
  document: every([
    'master-data.read',
    'colleges.read',
    'students.read',
    'documents.read',
    'documents.prepare',
  ]),
  document_admin: every([
    'master-data.read',
    'colleges.read',
    'students.read',
    'documents.read',
    'documents.prepare',
    'documents.approve',
  ]),
  student: every(
    [
      'students.read',
      'exam-setup.read',
      'exam-forms.read',
      'exam-forms.fill',
      'admit-cards.read',
      'marks.read',
      'results.read',
      'postresult.read',
      'postresult.apply',
      'documents.read',
      'documents.request',
    ],
    'own-student',
  ),
};

/**
 * The scope in which `role` holds `capability`, or undefined when it does not hold it (read from `grants` on
 * every call).
 */
export function can(role: string | undefined, capability: CapabilityKey): Scope | undefined {
  if (!role || !Object.hasOwn(grants, role)) return undefined;
  return grants[role as RoleName][capability];
}

/** What a role without `capability` is told, as a message (the capability's description as a screen text). */
export function refusalMessageOf(role: string | undefined, capability: CapabilityKey): Message {
  const entry: Capability = capabilities[capability];
  const params = { role: role ?? 'signed-out' };
  return entry.refusal
    ? msg(entry.refusal, params)
    : msg('auth.roleMayNot', { ...params, what: label(entry.description) });
}

/** What a role without `capability` is told, in English. */
export const refusalOf = (role: string | undefined, capability: CapabilityKey): string =>
  renderEnglish(refusalMessageOf(role, capability));

/** The capabilities a resource of the generic engine is read and written with. */
export interface ResourceCapability {
  read: CapabilityKey;
  write: CapabilityKey;
}
