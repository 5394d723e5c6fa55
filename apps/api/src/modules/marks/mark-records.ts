import { Router } from 'express';
import { markRecordQuery, type Scope } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';

/**
 * A page of marks of record with their attempt, filtered (exam, paper, student, attempt, component) and
 * within the caller's reach: a college's faculty its college (and its department's papers); a student its
 * own internal marks only. Answers the rows (updated_at as ISO text) and how many match.
 */
export async function markRecordsPage(
  db: Database,
  q: z.output<typeof markRecordQuery>,
  scope: Scope,
  user: AuthenticatedUser,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  for (const field of ['exam_id', 'paper_id', 'student_id', 'attempt_id'] as const)
    if (q[field]) add(`a.${field} = ?`, q[field]);
  if (q.component) add('m.component = ?', q.component);
  if (scope === 'college' || (scope === 'department' && user.college_id))
    add('a.college_id = ?', user.college_id ?? '');
  if (scope === 'department') add('p.dept_id = ?', user.dept_id ?? '');
  if (scope === 'own-student') {
    add('a.student_id = ?', user.student_id ?? '');
    where.push(`m.component = 'INT'`);
  }
  const from = `FROM mark_record m
       JOIN attempt a ON a.attempt_id = m.attempt_id
       JOIN paper p ON p.paper_id = a.paper_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const [rows, [count]] = await Promise.all([
    db.query(
      `SELECT m.attempt_id, a.exam_id, a.student_id, a.session_id, a.course_comb_id, a.sem_id, a.paper_id,
              a.college_id, m.component, m.value::text AS value, m.status, m.source, m.batch_id,
              m.correction_id, m.updated_at
       ${from}
      ORDER BY a.exam_id, a.paper_id, a.student_id, m.component
      LIMIT ${q.limit} OFFSET ${q.offset}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params),
  ]);
  return {
    markrecord: rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at as string).toISOString() })),
    total: count?.n ?? 0,
  };
}

/**
 * `GET /api/markrecord`: the marks of record with their attempt (exam, student, paper, college), filtered by
 * exam, paper, student, attempt and component. Scope from the token: a college's faculty its college (and
 * department's papers); a student its own internal marks only (external marks are its result's, shown when
 * published).
 */
export function markRecordRoutes(db: Database) {
  const router = Router();
  router
    .route('/markrecord')
    .get(async (req, res) => {
      const scope = scopeOf(res, 'marks.read');
      const query = parseOr422(markRecordQuery, req.query);
      res.json(await markRecordsPage(db, query, scope, res.locals.user!));
    })
    .all(methodNotAllowed);
  return router;
}
