import { Router, type Response } from 'express';
import {
  KEY_MAX,
  KEY_PATTERN,
  type Language,
  meritListQuery,
  msg,
  resultAnalysisQuery,
  studentResultKeyFields,
  studentResultQuery,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { languageOf } from '../../platform/i18n/messages.ts';
import { explainedLines, explainedSteps } from './explanation-texts.ts';
import { byCollege, countsOf, divisionDistribution, exitOf } from './result-analysis.ts';
import {
  gradeCounts,
  meritList,
  registeredCount,
  resultGroups,
  resultPage,
  resultVersion,
  type ReaderScope,
  type ResultRow,
} from './result-read-store.ts';

/**
 * The read side of results: `studentresult` (read-only, every version), result analysis and the merit list.
 * Scope from the token: a student user sees its own published versions only (anything else is 404), a
 * college's faculty its college's students; staff with results.read everything.
 */
export function studentResultRoutes(db: Database) {
  const router = Router();
  router
    .route('/studentresult')
    .get(async (req, res) => {
      const { latest, limit, offset, ...equal } = parseOr422(studentResultQuery, req.query);
      const { rows, total } = await resultPage(db, readerScope(res), { equal, latest, limit, offset });
      res.json({ studentresult: rows.map((row) => present(row, languageOf(req))), total });
    })
    .all(methodNotAllowed);

  router
    .route(`/studentresult/${studentResultKeyFields.map((f) => `:${f}`).join('/')}`)
    .get(async (req, res) => {
      const scope = readerScope(res);
      const key = req.params as Record<string, string>;
      const missing = notFound(
        msg('results.noSuchVersion', {
          version: String(key.version).slice(0, 12),
          student_id: String(key.student_id).slice(0, 30),
          exam_id: String(key.exam_id).slice(0, 30),
        }),
      );
      const malformed = (field: string) =>
        (key[field] ?? '').length > KEY_MAX || !KEY_PATTERN.test(key[field] ?? '');
      if (studentResultKeyFields.some(malformed)) throw missing;
      const version = /^\d{1,9}$/.test(key.version ?? '') ? Number(key.version) : 0;
      const row = await resultVersion(db, scope, { ...key, version });
      if (!row) throw missing;
      res.json({ studentresult: present(row, languageOf(req)) });
    })
    .all(methodNotAllowed);

  router
    .route('/resultanalysis')
    .get(async (req, res) => {
      const query = parseOr422(resultAnalysisQuery, req.query);
      const scope = readerScope(res);
      const [groups, grades, registered] = await Promise.all([
        resultGroups(db, scope, query),
        gradeCounts(db, scope, query),
        registeredCount(db, query),
      ]);
      const totals = countsOf(groups);
      res.json({
        resultanalysis: {
          exam_id: query.exam_id,
          session_id: query.session_id,
          course_comb_id: query.course_comb_id,
          sem_id: query.sem_id,
          run_id: query.run_id ?? null,
          scheme: (groups[0]?.scheme as 'OLD' | 'NEW' | 'NEP' | undefined) ?? null,
          totals: { ...totals, registered: Math.max(totals.registered, registered) },
          by_college: byCollege(groups),
          division_distribution: divisionDistribution(groups),
          grade_distribution: grades.map((g) => ({ code: g.code, count: g.n })),
        },
      });
    })
    .all(methodNotAllowed);

  router
    .route('/meritlist')
    .get(async (req, res) => {
      const query = parseOr422(meritListQuery, req.query);
      const rows = await meritList(db, readerScope(res), query);
      res.json({ meritlist: rows.map(({ rank, ...r }) => ({ rank, ...r })), total: rows.length });
    })
    .all(methodNotAllowed);
  return router;
}

/** What the caller may read of results: its own, its college's, everything, or nothing. */
function readerScope(res: Response): ReaderScope {
  const scope = scopeOf(res, 'results.read');
  const user = res.locals.user!;
  if (scope === 'own-student') return { kind: 'own-student', student_id: user.student_id ?? '' };
  if (scope === 'college' || scope === 'department')
    return { kind: 'college', college_id: user.college_id ?? '' };
  return scope === 'any' ? { kind: 'any' } : { kind: 'none' };
}

const present = (row: ResultRow, language: Language) => {
  const explanation = explainedSteps(row.explanation, language);
  return {
    ...row,
    lines: explainedLines(row.lines, language),
    explanation,
    published_at:
      row.published_at instanceof Date ? row.published_at.toISOString() : (row.published_at ?? null),
    exit: exitOf(explanation),
  };
};
