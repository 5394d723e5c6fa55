import { Router, type Response } from 'express';
import {
  KEY_MAX,
  KEY_PATTERN,
  meritListQuery,
  resultAnalysisQuery,
  studentResultKeyFields,
  studentResultQuery,
  type ExitOutcome,
  type ExplanationStep,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { q } from './sql.ts';

/**
 * The read side of results: `studentresult` (read-only, every version), result analysis and the merit list.
 * Scope from the token: a student user sees its own published versions only (anything else is 404), a
 * college's faculty its college's students; staff with results.read everything.
 */

const COLUMNS = `r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version, r.run_id,
    r.college_id, r.status, r.ruleset_id, r.ruleset_version, r.scheme,
  r.total, r.max_total, r.percentage, r.division, r.credits_registered, r.credits_earned, r.credit_points,
    r.sgpa, r.cgpa, r.result, r.backlogs, r.lines, r.explanation,
  r.supersedes_version, r.published_at, r.notification_no, s.name_en`;

type Row = Record<string, unknown>;
const present = (row: Row) => ({
  ...row,
  published_at:
    row.published_at instanceof Date ? row.published_at.toISOString() : (row.published_at ?? null),
  exit: exitOf(row.explanation),
});

/**
 * The NEP exit check of a year-end result (§4.7), read from its explanation: the run's engine writes an
 * EXIT_CHECK step and one EXIT step per level of the rule set (no column of its own: the explanation stays
 * the one record).
 */
export function exitOf(explanation: unknown): ExitOutcome | null {
  if (!Array.isArray(explanation)) return null;
  const steps = explanation as ExplanationStep[];
  const check = steps.find((s) => s.step === 'EXIT_CHECK');
  if (!check) return null;
  const levels = steps
    .filter((s) => s.step === 'EXIT')
    .map((s) => ({
      level: String(s.inputs.level ?? ''),
      award: String(s.inputs.award ?? ''),
      eligible: s.output.eligible === true,
      text: s.text,
    }));
  const earned = check.output.credits_earned;
  return {
    text: check.text,
    credits_earned: typeof earned === 'string' ? earned : null,
    levels,
    awards: levels.filter((l) => l.eligible).map((l) => l.award),
  };
}

/** The conditions the caller's scope adds (appended to `where`, values to `params`). */
function scopeFilter(res: Response, where: string[], params: unknown[]) {
  const scope = scopeOf(res, 'results.read');
  const user = res.locals.user!;
  if (scope === 'own-student') {
    where.push(
      `r.student_id = $${params.push(user.student_id ?? '')}`,
      `r.published_at IS NOT NULL`,
      `r.status <> 'WITHDRAWN'`,
    );
  } else if (scope === 'college' || scope === 'department') {
    where.push(`r.college_id = $${params.push(user.college_id ?? '')}`);
  } else if (scope !== 'any') where.push('false');
}

export function studentResultRoutes(db: Database) {
  const router = Router();
  router
    .route('/studentresult')
    .get(async (req, res) => {
      const query = parseOr422(studentResultQuery, req.query);
      const where: string[] = [];
      const params: unknown[] = [];
      scopeFilter(res, where, params);
      for (const field of [
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
      ] as const) {
        if (query[field] !== undefined) where.push(`r.${field} = $${params.push(query[field])}`);
      }
      if (query.latest) {
        where.push(`r.version = (SELECT max(x.version) FROM student_result x WHERE x.student_id = r.student_id
            AND x.exam_id = r.exam_id AND x.session_id = r.session_id
                      AND x.course_comb_id = r.course_comb_id AND x.sem_id = r.sem_id)`);
      }
      const from = `FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const [rows, [total]] = await Promise.all([
        q<Row>(
          db,
          `SELECT ${COLUMNS} ${from}
              ORDER BY r.exam_id, r.course_comb_id, r.sem_id, r.student_id, r.version DESC
              LIMIT ${query.limit} OFFSET ${query.offset}`,
          params,
        ),
        q<{ n: number }>(db, `SELECT count(*)::int AS n ${from}`, params),
      ]);
      res.json({ studentresult: rows.map(present), total: total?.n ?? 0 });
    })
    .all(methodNotAllowed);

  router
    .route(`/studentresult/${studentResultKeyFields.map((f) => `:${f}`).join('/')}`)
    .get(async (req, res) => {
      const params: unknown[] = [];
      const where: string[] = [];
      scopeFilter(res, where, params);
      const key = req.params as Record<string, string>;
      const missing = () =>
        notFound(
          `No result version ${String(key.version).slice(0, 12)} of ` +
            `${String(key.student_id).slice(0, 30)} in ${String(key.exam_id).slice(0, 30)}.`,
        );
      if (
        studentResultKeyFields.some((f) => (key[f] ?? '').length > KEY_MAX || !KEY_PATTERN.test(key[f] ?? ''))
      )
        throw missing();
      const version = /^\d{1,9}$/.test(key.version ?? '') ? Number(key.version) : 0;
      for (const field of studentResultKeyFields)
        where.push(`r.${field} = $${params.push(field === 'version' ? version : key[field])}`);
      const [row] = await q<Row>(
        db,
        `SELECT ${COLUMNS} FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id
            WHERE ${where.join(' AND ')}`,
        params,
      );
      if (!row) throw missing();
      res.json({ studentresult: present(row) });
    })
    .all(methodNotAllowed);

  router
    .route('/resultanalysis')
    .get(async (req, res) => {
      const query = parseOr422(resultAnalysisQuery, req.query);
      const { where, params } = analysisScope(res, query);
      const rows = await q<{
        college_id: string;
        college_name: string | null;
        result: string;
        division: string | null;
        sgpa: string | null;
        scheme: string;
        n: number;
      }>(
        db,
        `SELECT r.college_id, c.college_name, r.result, r.division, r.sgpa, r.scheme, count(*)::int AS n
           FROM student_result r LEFT JOIN college c ON c.college_id = r.college_id WHERE ${where}
             GROUP BY 1, 2, 3, 4, 5, 6`,
        params,
      );
      const grades = await q<{ code: string; n: number }>(
        db,
        `SELECT COALESCE(l.line->>'grade', l.line->>'paper_result') AS code, count(*)::int AS n
            FROM student_result r CROSS JOIN LATERAL json_array_elements(r.lines) AS l(line)
          WHERE ${where} GROUP BY 1 ORDER BY 1`,
        params,
      );
      const [registered] = await q<{ n: number }>(
        db,
        `SELECT count(DISTINCT a.student_id)::int AS n FROM attempt a WHERE a.exam_id = $1
            AND a.session_id = $2 AND a.course_comb_id = $3 AND a.sem_id = $4`,
        [query.exam_id, query.session_id, query.course_comb_id, query.sem_id],
      );
      const colleges = new Map<
        string,
        { college_id: string; college_name: string | null; rows: typeof rows }
      >();
      for (const r of rows)
        colleges.set(r.college_id, {
          college_id: r.college_id,
          college_name: r.college_name,
          rows: [...(colleges.get(r.college_id)?.rows ?? []), r],
        });
      const division = new Map<string, number>();
      for (const r of rows) {
        if (!['PASS', 'PASS_GRACE'].includes(r.result)) continue;
        const code =
          r.scheme === 'OLD' ? (r.division ?? 'NONE') : r.sgpa === null ? 'NONE' : r.sgpa.split('.')[0]!;
        division.set(code, (division.get(code) ?? 0) + r.n);
      }
      const totals = countsOf(rows);
      res.json({
        resultanalysis: {
          exam_id: query.exam_id,
          session_id: query.session_id,
          course_comb_id: query.course_comb_id,
          sem_id: query.sem_id,
          run_id: query.run_id ?? null,
          scheme: (rows[0]?.scheme as 'OLD' | 'NEW' | 'NEP' | undefined) ?? null,
          totals: { ...totals, registered: Math.max(totals.registered, registered?.n ?? 0) },
          by_college: [...colleges.values()]
            .sort((a, b) => a.college_id.localeCompare(b.college_id))
            .map((c) => ({ college_id: c.college_id, college_name: c.college_name, ...countsOf(c.rows) })),
          division_distribution: [...division.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([code, count]) => ({ code, count })),
          grade_distribution: grades.map((g) => ({ code: g.code, count: g.n })),
        },
      });
    })
    .all(methodNotAllowed);

  router
    .route('/meritlist')
    .get(async (req, res) => {
      const query = parseOr422(meritListQuery, req.query);
      const { where, params } = analysisScope(res, query);
      let filter = `${where} AND r.first_attempt AND r.result IN ('PASS', 'PASS_GRACE')`;
      if (query.college_id) filter += ` AND r.college_id = $${params.push(query.college_id)}`;
      const rows = await q<Row & { score: string | null }>(
        db,
        `SELECT r.student_id, s.name_en, r.college_id, r.total, r.max_total, r.percentage, r.division, r.sgpa,
            r.cgpa, r.result,
                rank() OVER (ORDER BY CASE
                  WHEN r.scheme = 'OLD' THEN r.total::numeric * 10000 / NULLIF(r.max_total::numeric, 0)
                  ELSE r.sgpa::numeric END DESC NULLS LAST)::int AS rank
           FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id WHERE ${filter}
          ORDER BY rank, r.student_id LIMIT ${query.limit}`,
        params,
      );
      res.json({ meritlist: rows.map(({ rank, ...r }) => ({ rank, ...r })), total: rows.length });
    })
    .all(methodNotAllowed);
  return router;
}

/**
 * The rows an analysis counts: one run's, or the latest published version of each student of the scope;
 * within the caller's scope (a college's faculty counts its college; a student has no analysis).
 */
function analysisScope(
  res: Response,
  query: { exam_id: string; session_id: string; course_comb_id: string; sem_id: string; run_id?: string },
) {
  const params: unknown[] = [query.exam_id, query.session_id, query.course_comb_id, query.sem_id];
  const where = [`r.exam_id = $1`, `r.session_id = $2`, `r.course_comb_id = $3`, `r.sem_id = $4`];
  const scope = scopeOf(res, 'results.read');
  if (scope === 'own-student') where.push('false');
  scopeFilter(res, where, params);
  if (query.run_id) where.push(`r.run_id = $${params.push(query.run_id)}`);
  else where.push(`r.status = 'PUBLISHED'`);
  return { where: where.join(' AND '), params };
}

function countsOf(rows: Array<{ result: string; n: number }>) {
  const by = (codes: string[]) => rows.filter((r) => codes.includes(r.result)).reduce((s, r) => s + r.n, 0);
  const registered = rows.reduce((s, r) => s + r.n, 0);
  const absent = by(['ABSENT']);
  const passed = by(['PASS', 'PASS_GRACE']);
  const appeared = registered - absent - by(['DETAINED']);
  return {
    registered,
    appeared,
    passed,
    pass_grace: by(['PASS_GRACE']),
    promoted: by(['PROMOTED']),
    failed: by(['FAIL']),
    absent,
    rl: by(['RL']),
    rw: by(['RW']),
    ufm: by(['UFM']),
    detained: by(['DETAINED']),
    pass_percent: percentText(passed, appeared),
  };
}

/**
 * passed / appeared as a percentage with two decimals, half-up, in integer arithmetic (never binary floating
 * point).
 */
export function percentText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const hundredths = Math.floor((part * 20_000 + whole) / (2 * whole));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
