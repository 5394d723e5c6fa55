import { paperList } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';

/**
 * The rules of enrolment that need the database (lifecycle spec S1), run by the engine in the write's
 * transaction for a form's write and for every row of an import alike:
 * - a student's ABC/APAAR id is unique when present;
 * - an enrolment (studentccinfo) is one per student per session and semester, freezes the batch's rule set,
 *   and
 *   brings the semester's compulsory (NG) papers with it plus exactly the required choices of each elective
 *   group;
 * - a student paper's group and source come from paperinfosem; each elective group keeps exactly its required
 *   count;
 * - paper choices close once an exam form of the semester is submitted (`papers_locked_at`, set by exam
 *   forms).
 */

type Values = Record<string, unknown>;
type Errors = Record<string, string[]>;
type Tx = Prisma.TransactionClient;

/** Papers a student chooses in one elective group (lifecycle spec §1.1: `required_count`, default 1). */
export const ELECTIVE_CHOICES_DEFAULT = 1;
/** The one place a group's required count is decided; a per-course setting would be read here. */
export const requiredChoices = (_groupCode: string) => ELECTIVE_CHOICES_DEFAULT;

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
const add = (errors: Map<number, Errors>, index: number, field: string, message: string) => {
  const found = errors.get(index) ?? {};
  (found[field] ??= []).push(message);
  errors.set(index, found);
};
const semesterKey = (v: Values) => `${String(v.session_id)}/${String(v.course_comb_id)}/${String(v.sem_id)}`;
const enrolmentKey = (v: Values) => `${String(v.student_id)}/${semesterKey(v)}`;

interface SemesterPaper {
  paper_id: string;
  group_code: string;
}

/** The papers of each course-semester named by `rows`, read once per semester. */
async function semesterPapers(tx: Tx, rows: readonly Values[]) {
  const semesters = new Map<string, SemesterPaper[]>();
  const wanted = [...new Map(rows.map((r) => [semesterKey(r), r])).values()];
  for (const part of chunks(wanted)) {
    const found = await tx.paperInfoSem.findMany({
      where: {
        OR: part.map((r) => ({
          session_id: String(r.session_id),
          course_comb_id: String(r.course_comb_id),
          sem_id: String(r.sem_id),
        })),
      },
      select: { session_id: true, course_comb_id: true, sem_id: true, paper_id: true, group_code: true },
      orderBy: { paper_id: 'asc' },
    });
    for (const r of wanted) semesters.set(semesterKey(r), []);
    for (const p of found)
      semesters.get(semesterKey(p))?.push({ paper_id: p.paper_id, group_code: p.group_code ?? 'NG' });
  }
  return semesters;
}

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
  where: string,
): string[] {
  const problems: string[] = [];
  const groups = groupsOf(papers);
  const electives = new Map(
    papers.filter((p) => p.group_code !== 'NG').map((p) => [p.paper_id, p.group_code]),
  );
  for (const paper of chosen)
    if (!electives.has(paper)) problems.push(`${paper} is not an elective paper of ${where}.`);
  for (const [group, members] of groups) {
    const count = chosen.filter((p) => electives.get(p) === group).length;
    const required = requiredChoices(group);
    if (count !== required) {
      problems.push(
        `Group ${group} needs exactly ${required} paper${required === 1 ? '' : 's'} chosen from ` +
          `${members.join(', ')}; ${count} chosen.`,
      );
    }
  }
  return problems;
}

/** 409 when the enrolment's paper choices are closed (an exam form of the semester was submitted). */
export function refuseLocked(enrolment: { papers_locked_at: Date | null } | null, what: string) {
  if (enrolment?.papers_locked_at) {
    throw new AppError(
      'LOCKED',
      `Paper choices of ${what} closed on ${enrolment.papers_locked_at.toISOString().slice(0, 10)}, when ` +
        `an exam form for the semester was submitted; the exam office can return the form first.`,
    );
  }
}

export const studentRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    return abcIdTaken(tx, rows);
  },
  async beforeUpdate(tx, record, changes): Promise<Errors> {
    if (changes.abc_id == null) return {};
    const other = await tx.student.findFirst({
      where: { abc_id: String(changes.abc_id), NOT: { student_id: String(record.student_id) } },
      select: { student_id: true },
    });
    return other
      ? {
          abc_id: [
            `ABC/APAAR id ${String(changes.abc_id)} is already the id of student ${other.student_id}.`,
          ],
        }
      : {};
  },
};

async function abcIdTaken(tx: Tx, rows: readonly Values[]) {
  const errors = new Map<number, Errors>();
  const first = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.abc_id == null) return;
    const id = String(r.abc_id);
    if (first.has(id))
      add(
        errors,
        i,
        'abc_id',
        `ABC/APAAR id ${id} is given twice (also for student ${String(rows[first.get(id)!]!.student_id)}).`,
      );
    else first.set(id, i);
  });
  for (const part of chunks([...first.keys()])) {
    for (const taken of await tx.student.findMany({
      where: { abc_id: { in: part } },
      select: { abc_id: true, student_id: true },
    })) {
      add(
        errors,
        first.get(taken.abc_id!)!,
        'abc_id',
        `ABC/APAAR id ${taken.abc_id} is already the id of student ${taken.student_id}.`,
      );
    }
  }
  return errors;
}

/**
 * Elective choices given with an enrolment, kept from beforeCreate to afterCreate (the column is not stored).
 */
const choicesOf = new WeakMap<Values, string[]>();

/**
 * The rule set an enrolment freezes: the batch's (the student's admission session), i.e. the ACTIVE version
 * whose `wef_session_id` is the latest at or before the batch. Session ids compare as text (`2021-22` <
 * `2024-25`).
 */
async function batchRulesets(tx: Tx) {
  const active = await tx.ruleset.findMany({
    where: { status: 'ACTIVE', wef_session_id: { not: null } },
    select: { ruleset_id: true, version: true, wef_session_id: true },
  });
  active.sort((a, b) =>
    a.wef_session_id! < b.wef_session_id!
      ? 1
      : a.wef_session_id! > b.wef_session_id!
        ? -1
        : b.version - a.version,
  );
  return (batch: string) => active.find((r) => r.wef_session_id! <= batch);
}

export const enrolmentRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    const errors = new Map<number, Errors>();
    const students = new Map<string, { admission_session_id: string }>();
    for (const part of chunks([...new Set(rows.map((r) => String(r.student_id)))])) {
      for (const s of await tx.student.findMany({
        where: { student_id: { in: part } },
        select: { student_id: true, admission_session_id: true },
      }))
        students.set(s.student_id, s);
    }
    const rulesetFor = await batchRulesets(tx);
    const papers = await semesterPapers(tx, rows);
    // One enrolment per student per session and semester: against the stored ones and within the rows.
    const taken = new Map<string, string>();
    for (const part of chunks(rows)) {
      const found = await tx.studentCcinfo.findMany({
        where: {
          OR: part.map((r) => ({
            student_id: String(r.student_id),
            session_id: String(r.session_id),
            sem_id: String(r.sem_id),
          })),
        },
        select: { student_id: true, session_id: true, sem_id: true, course_comb_id: true },
      });
      for (const e of found) taken.set(`${e.student_id}/${e.session_id}/${e.sem_id}`, e.course_comb_id);
    }
    rows.forEach((row, i) => {
      const chosen = paperList(row.electives as string | null | undefined);
      delete row.electives;
      choicesOf.set(row, chosen);
      const student = students.get(String(row.student_id));
      if (!student) return; // the engine names a missing student
      const slot = `${String(row.student_id)}/${String(row.session_id)}/${String(row.sem_id)}`;
      if (taken.has(slot)) {
        add(
          errors,
          i,
          'sem_id',
          `Student ${String(row.student_id)} is already enrolled in semester ${String(row.sem_id)} of ` +
            `session ${String(row.session_id)} (${taken.get(slot)}); one enrolment per semester.`,
        );
      } else taken.set(slot, String(row.course_comb_id));
      const ruleset = rulesetFor(student.admission_session_id);
      if (!ruleset) {
        add(
          errors,
          i,
          'student_id',
          `No active rule set applies to batch ${student.admission_session_id} (none has a w.e.f. ` +
            `session on or before it); give one a w.e.f. session on List Rule Sets.`,
        );
      } else {
        row.ruleset_id = ruleset.ruleset_id;
        row.ruleset_version = ruleset.version;
      }
      const where = `${String(row.course_comb_id)} semester ${String(row.sem_id)} in ${String(row.session_id)}`;
      for (const problem of electiveProblems(papers.get(semesterKey(row)) ?? [], chosen, where))
        add(errors, i, 'electives', problem);
    });
    return errors;
  },
  async afterCreate(tx, rows) {
    const papers = await semesterPapers(tx, rows);
    const data = rows.flatMap((row) => {
      const chosen = new Set(choicesOf.get(row) ?? []);
      const key = {
        student_id: String(row.student_id),
        session_id: String(row.session_id),
        course_comb_id: String(row.course_comb_id),
        sem_id: String(row.sem_id),
      };
      return (papers.get(semesterKey(row)) ?? [])
        .filter((p) => p.group_code === 'NG' || chosen.has(p.paper_id))
        .map((p) => ({
          ...key,
          paper_id: p.paper_id,
          group_code: p.group_code,
          choice_source: p.group_code === 'NG' ? 'COMPULSORY' : 'ELECTIVE',
        }));
    });
    for (const part of chunks(data)) await tx.studentPaper.createMany({ data: part });
  },
  async beforeDelete(tx, row) {
    const key = {
      student_id: String(row.student_id),
      session_id: String(row.session_id),
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
    };
    refuseLocked(row as { papers_locked_at: Date | null }, `enrolment ${Object.values(key).join(' / ')}`);
    // The enrolment's own papers go with it (later stages that use them are checked by the engine as "in
    // use").
    await tx.studentPaper.deleteMany({ where: key });
  },
};

export const studentPaperRules: ResourceRules = {
  async beforeCreate(tx, rows) {
    const errors = new Map<number, Errors>();
    const papers = await semesterPapers(tx, rows);
    const byEnrolment = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const paper = (papers.get(semesterKey(row)) ?? []).find((p) => p.paper_id === row.paper_id);
      if (!paper) return; // the engine names a paper the semester does not have
      row.group_code = paper.group_code;
      row.choice_source = paper.group_code === 'NG' ? 'COMPULSORY' : 'ELECTIVE';
      if (paper.group_code !== 'NG')
        byEnrolment.set(enrolmentKey(row), [...(byEnrolment.get(enrolmentKey(row)) ?? []), i]);
    });
    // Each touched enrolment: open for changes, and each touched group exactly at its count after the write.
    for (const [key, indexes] of byEnrolment) {
      const row = rows[indexes[0]!]!;
      const where = {
        student_id: String(row.student_id),
        session_id: String(row.session_id),
        course_comb_id: String(row.course_comb_id),
        sem_id: String(row.sem_id),
      };
      const enrolment = await tx.studentCcinfo.findUnique({
        where: { key: where },
        select: { papers_locked_at: true },
      });
      refuseLocked(enrolment, `enrolment ${key.replaceAll('/', ' / ')}`);
      const stored = await tx.studentPaper.findMany({
        where: { ...where, choice_source: 'ELECTIVE', status: 'ACTIVE' },
        select: { paper_id: true, group_code: true },
      });
      const semester = papers.get(semesterKey(row)) ?? [];
      for (const group of new Set(indexes.map((i) => String(rows[i]!.group_code)))) {
        const members = semester.filter((p) => p.group_code === group).map((p) => p.paper_id);
        const count =
          stored.filter((p) => p.group_code === group).length +
          indexes.filter((i) => rows[i]!.group_code === group).length;
        const required = requiredChoices(group);
        if (count !== required) {
          for (const i of indexes.filter((i) => rows[i]!.group_code === group)) {
            add(
              errors,
              i,
              'paper_id',
              `Group ${group} needs exactly ${required} paper${required === 1 ? '' : 's'} chosen from ` +
                `${members.join(', ')}; this would make ${count}. Change the choice with Change choices instead.`,
            );
          }
        }
      }
    }
    return errors;
  },
  async beforeUpdate(tx, record) {
    const enrolment = await tx.studentCcinfo.findUnique({
      where: {
        key: {
          student_id: String(record.student_id),
          session_id: String(record.session_id),
          course_comb_id: String(record.course_comb_id),
          sem_id: String(record.sem_id),
        },
      },
      select: { papers_locked_at: true },
    });
    refuseLocked(enrolment, `student ${String(record.student_id)}`);
    return {};
  },
  async beforeDelete(tx, row) {
    const key = {
      student_id: String(row.student_id),
      session_id: String(row.session_id),
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
    };
    refuseLocked(
      await tx.studentCcinfo.findUnique({ where: { key }, select: { papers_locked_at: true } }),
      `enrolment ${Object.values(key).join(' / ')}`,
    );
    if (row.choice_source === 'COMPULSORY') {
      throw invalid({
        paper_id: [
          `${String(row.paper_id)} is a compulsory paper of the enrolment and stays; set its status to ` +
            `Dropped instead.`,
        ],
      });
    }
    throw invalid({
      paper_id: [
        `${String(row.paper_id)} is the choice of group ${String(row.group_code)}, which needs exactly ` +
          `${requiredChoices(String(row.group_code))}; change the choice with Change choices instead.`,
      ],
    });
  },
};

/**
 * Replaces an enrolment's elective choices (all groups at once), within the rules; answers the papers now
 * chosen.
 */
export async function replaceElectives(
  tx: Tx,
  key: { student_id: string; session_id: string; course_comb_id: string; sem_id: string },
  chosen: string[],
) {
  const enrolment = await tx.studentCcinfo.findUnique({ where: { key }, select: { papers_locked_at: true } });
  refuseLocked(enrolment, `enrolment ${Object.values(key).join(' / ')}`);
  const papers = (await semesterPapers(tx, [key])).get(semesterKey(key)) ?? [];
  const problems = electiveProblems(
    papers,
    chosen,
    `${key.course_comb_id} semester ${key.sem_id} in ${key.session_id}`,
  );
  if (problems.length) throw invalid({ electives: problems });
  const before = await tx.studentPaper.findMany({
    where: { ...key, choice_source: 'ELECTIVE' },
    orderBy: { paper_id: 'asc' },
  });
  await tx.studentPaper.deleteMany({
    where: { ...key, choice_source: 'ELECTIVE', paper_id: { notIn: chosen } },
  });
  const kept = new Set(before.map((p) => p.paper_id));
  const group = new Map(papers.map((p) => [p.paper_id, p.group_code]));
  await tx.studentPaper.createMany({
    data: chosen
      .filter((p) => !kept.has(p))
      .map((paper_id) => ({ ...key, paper_id, group_code: group.get(paper_id)!, choice_source: 'ELECTIVE' })),
  });
  return { before: before.map((p) => p.paper_id), after: [...chosen].sort() };
}

/**
 * Closes (at `at`) or reopens (null) an enrolment's paper choices: exam forms close them when a form of the
 * semester is submitted and reopen them when it is returned or rejected. Answers whether the enrolment
 * exists.
 */
export async function setPaperChoicesLock(
  tx: Tx,
  key: { student_id: string; session_id: string; course_comb_id: string; sem_id: string },
  at: Date | null,
) {
  const { count } = await tx.studentCcinfo.updateMany({ where: key, data: { papers_locked_at: at } });
  return count === 1;
}
