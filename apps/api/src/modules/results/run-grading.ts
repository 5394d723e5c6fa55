import {
  msg,
  type ComputedStudentResult,
  type GradingInput,
  type GradingRuleset,
  type Message,
  type ResultExceptionCode,
  type ResultLine,
  type StudentResultCode,
} from '@exam/contracts';
import { gradeStudent, withBackAttempt, type GradedStudent } from '@exam/grading';
import {
  digestOf,
  earlierCoursesOf,
  paperFromLine,
  paperInput,
  schemeOf,
  type AttemptRow,
  type Finding,
  type Mark,
} from './grading-inputs.ts';

/**
 * Grading one batch of a result run (lifecycle S8 step 2), pure: what the run's store read for the batch goes
 * in, the graded students and the exception report's findings come out. No database, so the same function can
 * grade in any thread.
 */

/** A student's result's key: one row of student_result per key and version. */
export type ResultKey = {
  student_id: string;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
};
export const keyOf = (k: ResultKey) =>
  `${k.student_id}|${k.exam_id}|${k.session_id}|${k.course_comb_id}|${k.sem_id}`;

/** The run as its job reads it: its scope, scheme and whether it may leave papers result later. */
export interface RunRow {
  run_id: string;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  scheme: string;
  allow_result_later: boolean;
  status: string;
  previous_run_id: string | null;
}

export interface Enrolment {
  student_id: string;
  college_id: string;
  status: string;
  ruleset_id: string;
  ruleset_version: number;
}

/** A published result of one of the batch's students (other semesters for CGPA; the original of a back). */
export interface PublishedResult extends ResultKey {
  version: number;
  lines: ResultLine[];
  result: string;
}

export interface AttemptConduct {
  attempt_id: string;
  status: string | null;
  ufm_open: boolean;
  ufm_cancelled: boolean;
}

/** Everything a batch's grading reads, as the run's store returns it. */
export interface BatchInputs {
  students: readonly string[];
  attempts: AttemptRow[];
  marks: Array<{ attempt_id: string; component: string; value: string | null; status: string | null }>;
  conduct: AttemptConduct[];
  enrolments: Enrolment[];
  published: PublishedResult[];
}

export type PaperScheme = ReturnType<typeof schemeOf>;

/** What stays the same across a run's batches: the papers' schemes and the rule sets read so far. */
export interface RunGrading {
  run: RunRow;
  schemes: ReadonlyMap<string, PaperScheme>;
  /** A frozen rule set by `id@version`, or why it cannot be used (missing, invalid). */
  rulesets: ReadonlyMap<string, GradingRuleset | Message>;
}

export const rulesetKey = (id: string, version: number) => `${id}@${version}`;

/**
 * A graded student as the batch writes it: the result's scalars, and its lines and explanation serialized to
 * UTF-8 buffers right after grading (the text stored as it is), with the digest over that text. The engine's
 * objects and the JSON strings die young; a batch held while the next one is graded keeps its ~9 kB a student
 * outside the JS heap, so garbage collection no longer promotes and marks it (GC was ~30 % of a run's CPU,
 * ADR 0026).
 */
export interface Graded {
  key: ResultKey;
  college_id: string;
  first_attempt: boolean;
  result: Omit<ComputedStudentResult, 'lines' | 'explanation'>;
  backlog_reasons: GradedStudent['backlogs'];
  lines: Buffer;
  explanation: Buffer;
  digest: string;
}

export interface GradedBatch {
  graded: Graded[];
  findings: Finding[];
  /** The rule set each graded student was computed with, in order (the run names the most used). */
  used: GradingRuleset[];
  counts: Partial<Record<StudentResultCode, number>>;
}

/**
 * Items grouped by a key, in their order (a batch's rows per student: one pass, no per-student scan of the
 * batch).
 */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Grades one batch of students: a finding instead of a result for each student that cannot be graded. */
export function gradeBatch(grading: RunGrading, inputs: BatchInputs): GradedBatch {
  const marksOf = new Map<string, Partial<Record<'INT' | 'EXT' | 'PR', Mark>>>();
  for (const m of inputs.marks) {
    const own = marksOf.get(m.attempt_id) ?? {};
    own[m.component as 'INT' | 'EXT' | 'PR'] = { value: m.value, status: m.status };
    marksOf.set(m.attempt_id, own);
  }
  const batch: BatchView = {
    marksOf,
    conductOf: new Map(inputs.conduct.map((c) => [c.attempt_id, c])),
    enrolmentOf: new Map(inputs.enrolments.map((e) => [e.student_id, e])),
    attemptsOf: groupBy(inputs.attempts, (a) => a.student_id),
    publishedOf: groupBy(inputs.published, (o) => o.student_id),
  };
  const out: GradedBatch = { graded: [], findings: [], used: [], counts: {} };
  for (const studentId of inputs.students) {
    const findings: Finding[] = [];
    const graded = gradeOne(grading, batch, studentId, findings);
    out.findings.push(...findings);
    if ('refused' in graded) {
      out.findings.push(studentFinding(studentId, graded.refused.code, graded.refused.message));
      continue;
    }
    out.graded.push(graded.graded);
    out.used.push(graded.ruleset);
    out.counts[graded.graded.result.result] = (out.counts[graded.graded.result.result] ?? 0) + 1;
  }
  return out;
}

interface BatchView {
  marksOf: Map<string, Partial<Record<'INT' | 'EXT' | 'PR', Mark>>>;
  conductOf: Map<string, AttemptConduct>;
  enrolmentOf: Map<string, Enrolment>;
  attemptsOf: Map<string, AttemptRow[]>;
  publishedOf: Map<string, PublishedResult[]>;
}

type Refusal = { refused: { code: ResultExceptionCode; message: Message } };
const refuse = (code: ResultExceptionCode, message: Message): Refusal => ({ refused: { code, message } });

const studentFinding = (student_id: string, code: ResultExceptionCode, message: Message): Finding => ({
  student_id,
  paper_id: null,
  attempt_id: null,
  component: null,
  code,
  message,
});

/** One student: the engine's input from its attempts (a back attempt revises the original result), graded. */
function gradeOne(
  grading: RunGrading,
  batch: BatchView,
  studentId: string,
  findings: Finding[],
): Refusal | { graded: Graded; ruleset: GradingRuleset } {
  const { run } = grading;
  const of = (reason: Message) => msg('results.findingOfStudent', { student_id: studentId, reason });
  const enrolment = batch.enrolmentOf.get(studentId);
  if (!enrolment) {
    const where = { course_comb_id: run.course_comb_id, sem_id: run.sem_id, session_id: run.session_id };
    return refuse('NO_RULESET', msg('results.findingNoEnrolment', { student_id: studentId, ...where }));
  }
  const ruleset = grading.rulesets.get(rulesetKey(enrolment.ruleset_id, enrolment.ruleset_version));
  if (!ruleset || !('rules' in ruleset)) {
    const missing = msg('results.rulesetMissing', {
      ruleset: rulesetKey(enrolment.ruleset_id, enrolment.ruleset_version),
    });
    return refuse('NO_RULESET', of(ruleset ?? missing));
  }
  const own = batch.attemptsOf.get(studentId) ?? [];
  const papers = [];
  for (const a of own) {
    const scheme = grading.schemes.get(a.paper_id);
    if (!scheme || 'problem' in scheme) {
      const notOfCourse = msg('results.notPaperOfCourse', {
        paper_id: a.paper_id,
        course_comb_id: run.course_comb_id,
        sem_id: run.sem_id,
      });
      return refuse('SCHEME_INVALID', of(scheme && 'problem' in scheme ? scheme.problem : notOfCourse));
    }
    const c = batch.conductOf.get(a.attempt_id);
    const conduct = {
      attendance: c?.status ?? null,
      ufmOpen: c?.ufm_open ?? false,
      ufmCancelled: c?.ufm_cancelled ?? false,
    };
    const marks = batch.marksOf.get(a.attempt_id) ?? {};
    papers.push({
      attempt: a,
      input: paperInput({ attempt: a, scheme: scheme.scheme, marks, ...conduct }, findings),
    });
  }
  const published = batch.publishedOf.get(studentId) ?? [];
  const earlier = earlierCoursesOf(published.filter((o) => o.sem_id !== run.sem_id));
  const back =
    papers.length > 0 &&
    papers.every((p) => p.attempt.attempt_type === 'BACK' || p.attempt.attempt_type === 'IMPROVEMENT');
  let key: ResultKey = {
    student_id: studentId,
    exam_id: run.exam_id,
    session_id: run.session_id,
    course_comb_id: run.course_comb_id,
    sem_id: run.sem_id,
  };
  let input: GradingInput;
  if (back) {
    // The original semester's result (published, another exam) with the back attempts' marks in place of its
    // failed papers.
    const original = published.find(
      (o) =>
        o.session_id === run.session_id &&
        o.course_comb_id === run.course_comb_id &&
        o.sem_id === run.sem_id &&
        o.exam_id !== run.exam_id,
    );
    if (!original) {
      const papersText = papers.map((p) => p.attempt.paper_id).join(', ');
      const where = { course_comb_id: run.course_comb_id, sem_id: run.sem_id };
      return refuse(
        'GRADING_ERROR',
        of(msg('results.backWithoutOriginal', { papers: papersText, ...where })),
      );
    }
    key = { ...key, exam_id: original.exam_id };
    const originalPapers = [];
    for (const line of original.lines) {
      const scheme = grading.schemes.get(line.paper_id);
      if (!scheme || 'problem' in scheme) continue;
      originalPapers.push(paperFromLine(line, scheme.scheme));
    }
    input = {
      ruleset,
      ...key,
      detained: false,
      papers: originalPapers,
      earlier_courses: earlier,
      attempt_seq: 0,
    };
    for (const p of papers) {
      input = withBackAttempt(input, {
        paper_id: p.attempt.paper_id,
        exam_id: run.exam_id,
        attempt_seq: 1,
        ext: p.input.ext,
        pr: p.input.pr,
        ...(p.input.paper_type === 2 ? { int: p.input.int } : {}),
      });
    }
  } else {
    input = {
      ruleset,
      ...key,
      detained: enrolment.status === 'DETAINED',
      papers: papers.map((p) => p.input),
      earlier_courses: earlier,
      attempt_seq: 0,
    };
  }
  try {
    const firstAttempt = !back && own.every((a) => a.attempt_type === 'REGULAR' && a.attempt_no <= 1);
    return { graded: settle(key, enrolment.college_id, gradeStudent(input), firstAttempt), ruleset };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the result could not be computed';
    return refuse('GRADING_ERROR', msg('results.findingOfStudent', { student_id: studentId, reason }));
  }
}

function settle(key: ResultKey, college_id: string, out: GradedStudent, first_attempt: boolean): Graded {
  const { lines: parsedLines, explanation: parsedExplanation, ...scalars } = out.result;
  const lines = JSON.stringify(parsedLines);
  const explanation = JSON.stringify(parsedExplanation);
  return {
    key,
    college_id,
    first_attempt,
    result: scalars,
    backlog_reasons: out.backlogs,
    lines: Buffer.from(lines),
    explanation: Buffer.from(explanation),
    digest: digestOf(out.result, lines, explanation),
  };
}
