import type { Database } from '@exam/db';
import type { ResultGroup } from './result-analysis.ts';
import { q } from './sql.ts';

/**
 * What the read side of results asks the database, one function per question. Every question is asked
 * within a reader's scope: a student its own published versions, a college its college's students.
 */

export type ReaderScope =
  | { kind: 'any' }
  | { kind: 'own-student'; student_id: string }
  | { kind: 'college'; college_id: string }
  | { kind: 'none' };

/** A result version's row with its student's name, as `studentresult` answers it. */
export type ResultRow = Record<string, unknown>;

const COLUMNS = `r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version, r.run_id,
    r.college_id, r.status, r.ruleset_id, r.ruleset_version, r.scheme, r.total, r.max_total, r.percentage,
    r.division, r.credits_registered, r.credits_earned, r.credit_points, r.sgpa, r.cgpa, r.result, r.backlogs,
    r.lines, r.explanation, r.supersedes_version, r.published_at, r.notification_no, s.name_en`;

/** Conditions on student_result `r` and their parameters, built up clause by clause. */
class Conditions {
  readonly where: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  /** `column = $n` with the value as its parameter. */
  equals(column: string, value: unknown) {
    this.where.push(`${column} = $${this.params.push(value)}`);
    return this;
  }
  add(...conditions: string[]) {
    this.where.push(...conditions);
    return this;
  }
  /** What the reader's scope allows. */
  within(scope: ReaderScope) {
    if (scope.kind === 'own-student')
      this.equals('r.student_id', scope.student_id).add(
        `r.published_at IS NOT NULL`,
        `r.status <> 'WITHDRAWN'`,
      );
    else if (scope.kind === 'college') this.equals('r.college_id', scope.college_id);
    else if (scope.kind === 'none') this.add('false');
    return this;
  }
  get sql() {
    return this.where.length ? `WHERE ${this.where.join(' AND ')}` : '';
  }
}

const LATEST_VERSION = `r.version = (
    SELECT max(x.version)
      FROM student_result x
     WHERE x.student_id = r.student_id AND x.exam_id = r.exam_id AND x.session_id = r.session_id
       AND x.course_comb_id = r.course_comb_id AND x.sem_id = r.sem_id)`;

const FILTERABLE = [
  'student_id',
  'exam_id',
  'session_id',
  'course_comb_id',
  'sem_id',
  'college_id',
  'run_id',
  'version',
  'status',
  'result',
] as const;
const KEY = ['student_id', 'exam_id', 'session_id', 'course_comb_id', 'sem_id', 'version'] as const;

/** A page of result versions matching the filter (equal fields; only the latest version of each). */
export async function resultPage(
  db: Database,
  scope: ReaderScope,
  filter: { equal: Record<string, unknown>; latest?: boolean; limit: number; offset: number },
) {
  const c = new Conditions().within(scope);
  for (const field of FILTERABLE)
    if (filter.equal[field] !== undefined) c.equals(`r.${field}`, filter.equal[field]);
  if (filter.latest) c.add(LATEST_VERSION);
  const from = `FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id ${c.sql}`;
  const [rows, [total]] = await Promise.all([
    q<ResultRow>(
      db,
      `SELECT ${COLUMNS} ${from}
        ORDER BY r.exam_id, r.course_comb_id, r.sem_id, r.student_id, r.version DESC
        LIMIT ${filter.limit} OFFSET ${filter.offset}`,
      c.params,
    ),
    q<{ n: number }>(db, `SELECT count(*)::int AS n ${from}`, c.params),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One result version by its key, if the reader may see it. */
export async function resultVersion(db: Database, scope: ReaderScope, key: Record<string, unknown>) {
  const c = new Conditions().within(scope);
  for (const field of KEY) c.equals(`r.${field}`, key[field]);
  const [row] = await q<ResultRow>(
    db,
    `SELECT ${COLUMNS}
       FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id
       ${c.sql}`,
    c.params,
  );
  return row;
}

/** One exam × course-semester: what an analysis or a merit list is of. */
export interface AnalysisScope {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  /** One run's results; the latest published ones without. */
  run_id?: string;
}

/** The rows an analysis counts, within the reader's scope (a student has no analysis). */
function analysed(scope: ReaderScope, of: AnalysisScope) {
  const c = new Conditions([of.exam_id, of.session_id, of.course_comb_id, of.sem_id]);
  c.add(`r.exam_id = $1`, `r.session_id = $2`, `r.course_comb_id = $3`, `r.sem_id = $4`);
  c.within(scope.kind === 'own-student' ? { kind: 'none' } : scope);
  if (of.run_id) c.equals('r.run_id', of.run_id);
  else c.add(`r.status = 'PUBLISHED'`);
  return c;
}

/** The analysed results grouped by college, result, division, SGPA and scheme. */
export function resultGroups(db: Database, scope: ReaderScope, of: AnalysisScope) {
  const c = analysed(scope, of);
  return q<ResultGroup>(
    db,
    `SELECT r.college_id, c.college_name, r.result, r.division, r.sgpa, r.scheme, count(*)::int AS n
       FROM student_result r LEFT JOIN college c ON c.college_id = r.college_id
       ${c.sql}
      GROUP BY 1, 2, 3, 4, 5, 6`,
    c.params,
  );
}

/** How many papers of the analysed results got each grade (or paper result where there is no grade). */
export function gradeCounts(db: Database, scope: ReaderScope, of: AnalysisScope) {
  const c = analysed(scope, of);
  return q<{ code: string; n: number }>(
    db,
    `SELECT COALESCE(l.line->>'grade', l.line->>'paper_result') AS code, count(*)::int AS n
       FROM student_result r CROSS JOIN LATERAL json_array_elements(r.lines) AS l(line)
       ${c.sql}
      GROUP BY 1
      ORDER BY 1`,
    c.params,
  );
}

/** How many students have an attempt in the exam × course-semester (registered, whatever their result). */
export async function registeredCount(db: Database, of: AnalysisScope) {
  const [row] = await q<{ n: number }>(
    db,
    `SELECT count(DISTINCT a.student_id)::int AS n
       FROM attempt a
      WHERE a.exam_id = $1 AND a.session_id = $2 AND a.course_comb_id = $3 AND a.sem_id = $4`,
    [of.exam_id, of.session_id, of.course_comb_id, of.sem_id],
  );
  return row?.n ?? 0;
}

/**
 * The merit list: first-attempt passes ranked by percentage (old scheme) or SGPA, ties sharing a rank, of one
 * college or all.
 */
export function meritList(
  db: Database,
  scope: ReaderScope,
  of: AnalysisScope & { college_id?: string; limit: number },
) {
  const c = analysed(scope, of).add(`r.first_attempt`, `r.result IN ('PASS', 'PASS_GRACE')`);
  if (of.college_id) c.equals('r.college_id', of.college_id);
  return q<ResultRow & { rank: number; score: string | null }>(
    db,
    `SELECT r.student_id, s.name_en, r.college_id, r.total, r.max_total, r.percentage, r.division, r.sgpa,
            r.cgpa, r.result,
            rank() OVER (ORDER BY CASE
              WHEN r.scheme = 'OLD' THEN r.total::numeric * 10000 / NULLIF(r.max_total::numeric, 0)
              ELSE r.sgpa::numeric END DESC NULLS LAST)::int AS rank
       FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id
       ${c.sql}
      ORDER BY rank, r.student_id
      LIMIT ${of.limit}`,
    c.params,
  );
}
