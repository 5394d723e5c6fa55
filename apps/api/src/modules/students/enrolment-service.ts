import { msg, paperList, studentCcinfoResource, type Scope } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { invalid, type FieldErrors, type MessageOrText } from '../../platform/http/errors.ts';
import {
  abcIdTaken,
  abcIdsOfRows,
  alreadyEnrolled,
  electiveProblems,
  electivesSaved,
  enrolmentKeyOf,
  enrolmentNamed,
  groupWouldMake,
  noRulesetForBatch,
  refuseAbcIdOfOther,
  refuseDeletingStudentPaper,
  refuseLocked,
  refuseMissingEnrolment,
  requiredChoices,
  rulesetOfBatch,
  semesterKey,
  semesterOf,
  type EnrolmentKey,
} from './enrolment-rules.ts';
import {
  activeElectivesOf,
  activeRulesetsWithWef,
  batchesOfStudents,
  deletePapersOfEnrolment,
  electivesOf,
  enrolmentWithin,
  enrolmentsOfSemesters,
  insertStudentPapers,
  otherStudentWithAbcId,
  paperChoicesLockOf,
  semesterPapers,
  studentsWithAbcIds,
  writeElectives,
} from './enrolment-store.ts';

/**
 * Enrolment (lifecycle spec S1): the engine's hooks for students, enrolments and student papers, run in the
 * write's transaction for a form's write and for every row of an import alike, and the change of an
 * enrolment's elective choices. The decisions are enrolment-rules.ts', the SQL enrolment-store.ts'.
 */

type Values = Record<string, unknown>;
type Tx = Prisma.TransactionClient;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};
const add = (errors: Map<number, FieldErrors>, index: number, field: string, message: MessageOrText) => {
  const found = errors.get(index) ?? {};
  (found[field] ??= []).push(message);
  errors.set(index, found);
};

export const studentRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    const errors = new Map<number, FieldErrors>();
    const { problems, first } = abcIdsOfRows(rows);
    for (const [i, problem] of problems) add(errors, i, 'abc_id', problem);
    for (const taken of await studentsWithAbcIds(tx, [...first.keys()]))
      add(errors, first.get(taken.abc_id)!, 'abc_id', abcIdTaken(taken));
    return errors;
  },
  async beforeUpdate(tx, record, changes) {
    if (changes.abc_id == null) return {};
    const abcId = String(changes.abc_id);
    return refuseAbcIdOfOther(abcId, await otherStudentWithAbcId(tx, abcId, String(record.student_id)));
  },
};

/**
 * Elective choices given with an enrolment, kept from beforeCreate to afterCreate (the column is not stored).
 */
const choicesOf = new WeakMap<Values, string[]>();

export const enrolmentRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    const errors = new Map<number, FieldErrors>();
    const students = await batchesOfStudents(tx, [...new Set(rows.map((r) => String(r.student_id)))]);
    const rulesetFor = rulesetOfBatch(await activeRulesetsWithWef(tx));
    const papers = await semesterPapers(tx, rows);
    // One enrolment per student per session and semester: against the stored ones and within the rows.
    const taken = await enrolmentsOfSemesters(tx, rows);
    rows.forEach((row, i) => {
      const chosen = paperList(row.electives as string | null | undefined);
      delete row.electives;
      choicesOf.set(row, chosen);
      const student = students.get(String(row.student_id));
      if (!student) return; // the engine names a missing student
      const slot = `${String(row.student_id)}/${String(row.session_id)}/${String(row.sem_id)}`;
      if (taken.has(slot)) add(errors, i, 'sem_id', alreadyEnrolled(row, taken.get(slot)!));
      else taken.set(slot, String(row.course_comb_id));
      const ruleset = rulesetFor(student.admission_session_id);
      if (!ruleset) add(errors, i, 'student_id', noRulesetForBatch(student.admission_session_id));
      else {
        row.ruleset_id = ruleset.ruleset_id;
        row.ruleset_version = ruleset.version;
      }
      const semester = semesterOf(enrolmentKeyOf(row));
      for (const problem of electiveProblems(papers.get(semesterKey(row)) ?? [], chosen, semester))
        add(errors, i, 'electives', problem);
    });
    return errors;
  },
  async afterCreate(tx, rows) {
    const papers = await semesterPapers(tx, rows);
    const data = rows.flatMap((row) => {
      const chosen = new Set(choicesOf.get(row) ?? []);
      return (papers.get(semesterKey(row)) ?? [])
        .filter((p) => p.group_code === 'NG' || chosen.has(p.paper_id))
        .map((p) => ({
          ...enrolmentKeyOf(row),
          paper_id: p.paper_id,
          group_code: p.group_code,
          choice_source: p.group_code === 'NG' ? 'COMPULSORY' : 'ELECTIVE',
        }));
    });
    await insertStudentPapers(tx, data);
  },
  async beforeDelete(tx, row) {
    const key = enrolmentKeyOf(row);
    throwIf(refuseLocked(row as { papers_locked_at: Date | null }, enrolmentNamed(key)));
    // The enrolment's own papers go with it (later stages that use them are checked by the engine as "in
    // use").
    await deletePapersOfEnrolment(tx, key);
  },
};

export const studentPaperRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    const errors = new Map<number, FieldErrors>();
    const papers = await semesterPapers(tx, rows);
    const byEnrolment = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const paper = (papers.get(semesterKey(row)) ?? []).find((p) => p.paper_id === row.paper_id);
      if (!paper) return; // the engine names a paper the semester does not have
      row.group_code = paper.group_code;
      row.choice_source = paper.group_code === 'NG' ? 'COMPULSORY' : 'ELECTIVE';
      const enrolment = Object.values(enrolmentKeyOf(row)).join('/');
      if (paper.group_code !== 'NG') byEnrolment.set(enrolment, [...(byEnrolment.get(enrolment) ?? []), i]);
    });
    // Each touched enrolment: open for changes, and each touched group exactly at its count after the write.
    for (const indexes of byEnrolment.values()) {
      const row = rows[indexes[0]!]!;
      const key = enrolmentKeyOf(row);
      throwIf(refuseLocked(await paperChoicesLockOf(tx, key), enrolmentNamed(key)));
      const stored = await activeElectivesOf(tx, key);
      const semester = papers.get(semesterKey(row)) ?? [];
      for (const group of new Set(indexes.map((i) => String(rows[i]!.group_code)))) {
        const members = semester.filter((p) => p.group_code === group).map((p) => p.paper_id);
        const added = indexes.filter((i) => rows[i]!.group_code === group);
        const count = stored.filter((p) => p.group_code === group).length + added.length;
        if (count !== requiredChoices(group))
          for (const i of added) add(errors, i, 'paper_id', groupWouldMake(group, members, count));
      }
    }
    return errors;
  },
  async beforeUpdate(tx, record) {
    const lock = await paperChoicesLockOf(tx, enrolmentKeyOf(record));
    throwIf(refuseLocked(lock, msg('students.studentNamed', { student_id: String(record.student_id) })));
    return {};
  },
  async beforeDelete(tx, row) {
    const key = enrolmentKeyOf(row);
    throwIf(refuseLocked(await paperChoicesLockOf(tx, key), enrolmentNamed(key)));
    throw refuseDeletingStudentPaper(row);
  },
};

/**
 * Replaces an enrolment's elective choices (all groups at once), within the rules; answers the papers chosen
 * before and now.
 */
export async function replaceElectives(tx: Tx, key: EnrolmentKey, chosen: string[]) {
  throwIf(refuseLocked(await paperChoicesLockOf(tx, key), enrolmentNamed(key)));
  const papers = (await semesterPapers(tx, [key])).get(semesterKey(key)) ?? [];
  const problems = electiveProblems(papers, chosen, semesterOf(key));
  if (problems.length) throw invalid({ electives: problems });
  const before = await electivesOf(tx, key);
  const kept = new Set(before.map((p) => p.paper_id));
  await writeElectives(tx, key, chosen, kept, new Map(papers.map((p) => [p.paper_id, p.group_code])));
  return { before: before.map((p) => p.paper_id), after: [...chosen].sort() };
}

/**
 * Changes an enrolment within the caller's scope (404 otherwise) to the chosen electives, audited in the same
 * transaction; answers the papers now chosen and the notice.
 */
export async function changeElectives(
  db: Database,
  key: EnrolmentKey,
  chosen: string[],
  reach: { scope: Scope; user: AuthenticatedUser },
  audit: (tx: Tx, change: AuditChange) => Promise<void>,
) {
  const within = scopeWhere(reach.scope, reach.user, studentCcinfoResource.scopeFields);
  const change = await db.prisma.$transaction(async (tx) => {
    throwIf(refuseMissingEnrolment(key, await enrolmentWithin(tx, key, within)));
    const change = await replaceElectives(tx, key, chosen);
    await audit(tx, {
      action: 'update',
      entity: 'studentccinfo',
      key: Object.values(key).join('/'),
      before: { electives: change.before },
      after: { electives: change.after },
    });
    return change;
  });
  return { electives: change.after, notice: electivesSaved(change.after) };
}
