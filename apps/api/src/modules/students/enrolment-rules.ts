import { msg, type Message } from '@exam/contracts';
import { AppError, invalid, notFound, type FieldErrors } from '../../platform/http/errors.ts';

/**
 * The rules of enrolment (lifecycle spec S1) as pure decisions over what the store read: each answers its
 * refusal or problems, or nothing; none reads the database.
 * - a student's ABC/APAAR id is unique when present;
 * - an enrolment (studentccinfo) is one per student per session and semester, freezes the batch's rule set,
 *   and brings the semester's compulsory (NG) papers with it plus exactly the required choices of each
 *   elective group;
 * - a student paper's group and source come from paperinfosem; each elective group keeps exactly its
 *   required count;
 * - paper choices close once an exam form of the semester is submitted (`papers_locked_at`, set by exam
 *   forms).
 */

type Values = Record<string, unknown>;
export type EnrolmentKey = { student_id: string; session_id: string; course_comb_id: string; sem_id: string };

/** Papers a student chooses in one elective group (lifecycle spec §1.1: `required_count`, default 1). */
export const ELECTIVE_CHOICES_DEFAULT = 1;
/** The one place a group's required count is decided; a per-course setting would be read here. */
export const requiredChoices = (_groupCode: string) => ELECTIVE_CHOICES_DEFAULT;

export interface SemesterPaper {
  paper_id: string;
  group_code: string;
}

export const semesterKey = (v: Values) =>
  `${String(v.session_id)}/${String(v.course_comb_id)}/${String(v.sem_id)}`;
export const enrolmentKeyOf = (v: Values): EnrolmentKey => ({
  student_id: String(v.student_id),
  session_id: String(v.session_id),
  course_comb_id: String(v.course_comb_id),
  sem_id: String(v.sem_id),
});
/** An enrolment as a refusal names it: "enrolment S1 / 2024-25 / BA01 / 1". */
export const enrolmentNamed = (key: EnrolmentKey) =>
  msg('students.enrolmentNamed', { key: Object.values(key).join(' / ') });
/** A semester as a refusal names it: "BA01 semester 1 in 2024-25". */
export const semesterOf = (key: Omit<EnrolmentKey, 'student_id'>) =>
  msg('students.semesterOf', {
    course_comb_id: key.course_comb_id,
    sem_id: key.sem_id,
    session_id: key.session_id,
  });

/** An enrolment must exist (within the caller's scope) to change its choices. */
export const refuseMissingEnrolment = (key: EnrolmentKey, enrolment: unknown) =>
  enrolment ? undefined : notFound(msg('students.noSuchEnrolment', { key: Object.values(key).join(' / ') }));

/** Each elective group of a semester with its papers. */
const groupsOf = (papers: readonly SemesterPaper[]) => {
  const groups = new Map<string, string[]>();
  for (const p of papers)
    if (p.group_code !== 'NG') groups.set(p.group_code, [...(groups.get(p.group_code) ?? []), p.paper_id]);
  return groups;
};

/** What is wrong with a set of elective choices for a semester's groups: one message per group, naming it. */
export function electiveProblems(
  papers: readonly SemesterPaper[],
  chosen: readonly string[],
  semester: Message,
): Message[] {
  const problems: Message[] = [];
  const electives = new Map(
    papers.filter((p) => p.group_code !== 'NG').map((p) => [p.paper_id, p.group_code]),
  );
  for (const paper of chosen)
    if (!electives.has(paper)) problems.push(msg('students.notElective', { paper_id: paper, semester }));
  for (const [group, members] of groupsOf(papers)) {
    const count = chosen.filter((p) => electives.get(p) === group).length;
    const required = requiredChoices(group);
    if (count !== required)
      problems.push(
        msg('students.groupNeeds', { group, count: required, members: members.join(', '), chosen: count }),
      );
  }
  return problems;
}

/** 409 when the enrolment's paper choices are closed (an exam form of the semester was submitted). */
export function refuseLocked(enrolment: { papers_locked_at: Date | null } | null, what: Message) {
  if (!enrolment?.papers_locked_at) return undefined;
  return new AppError(
    'LOCKED',
    msg('students.choicesClosed', { what, date: enrolment.papers_locked_at.toISOString().slice(0, 10) }),
  );
}

/** An ABC/APAAR id another student already has. */
export const refuseAbcIdOfOther = (abcId: string, other: { student_id: string } | null): FieldErrors =>
  other ? { abc_id: [msg('students.abcIdTaken', { abc_id: abcId, student_id: other.student_id })] } : {};

/**
 * ABC/APAAR ids given twice among rows (the later rows answer), and the first row of each id, whose id the
 * store then looks up.
 */
export function abcIdsOfRows(rows: readonly Values[]) {
  const problems = new Map<number, Message>();
  const first = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.abc_id == null) return;
    const id = String(r.abc_id);
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, i);
    else
      problems.set(
        i,
        msg('students.abcIdTwice', { abc_id: id, student_id: String(rows[earlier]!.student_id) }),
      );
  });
  return { problems, first };
}

/** An ABC/APAAR id that is already another stored student's. */
export const abcIdTaken = (taken: { abc_id: string; student_id: string }) =>
  msg('students.abcIdTaken', { abc_id: taken.abc_id, student_id: taken.student_id });

/** A rule set as enrolment freezes it: the ACTIVE versions with a w.e.f. session. */
export interface ActiveRuleset {
  ruleset_id: string;
  version: number;
  wef_session_id: string | null;
}

/**
 * The rule set an enrolment freezes: the batch's (the student's admission session), i.e. the ACTIVE version
 * whose `wef_session_id` is the latest at or before the batch. Session ids compare as text (`2021-22` <
 * `2024-25`).
 */
export function rulesetOfBatch(active: readonly ActiveRuleset[]) {
  const latestFirst = [...active].sort((a, b) =>
    a.wef_session_id! < b.wef_session_id!
      ? 1
      : a.wef_session_id! > b.wef_session_id!
        ? -1
        : b.version - a.version,
  );
  return (batch: string) => latestFirst.find((r) => r.wef_session_id! <= batch);
}

/** One enrolment per student per session and semester. */
export const alreadyEnrolled = (row: Values, courseCombId: string) =>
  msg('students.alreadyEnrolled', {
    student_id: String(row.student_id),
    sem_id: String(row.sem_id),
    session_id: String(row.session_id),
    course_comb_id: courseCombId,
  });

/** A batch needs an active rule set that applies to it. */
export const noRulesetForBatch = (batch: string) => msg('students.noRulesetForBatch', { batch });

/**
 * A student paper added on its own: its group must stay at exactly its count after the write ("this would
 * make" the count).
 */
export const groupWouldMake = (group: string, members: readonly string[], count: number) =>
  msg('students.groupWouldMake', {
    group,
    count: requiredChoices(group),
    members: members.join(', '),
    chosen: count,
  });

/** A student paper is not deleted: a compulsory one is Dropped, an elective one changed with its group. */
export function refuseDeletingStudentPaper(row: Values) {
  const paper_id = String(row.paper_id);
  if (row.choice_source === 'COMPULSORY')
    return invalid({ paper_id: [msg('students.compulsoryStays', { paper_id })] });
  const group = String(row.group_code);
  return invalid({
    paper_id: [msg('students.electiveStays', { paper_id, group, required: requiredChoices(group) })],
  });
}

/** The notice of changed elective choices. */
export const electivesSaved = (after: readonly string[]) =>
  after.length
    ? msg('students.electivesSaved', { papers: after.join(', ') })
    : msg('students.electivesSavedNone');
