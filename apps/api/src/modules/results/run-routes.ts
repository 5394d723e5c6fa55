import { Router } from 'express';
import {
  KEY_MAX,
  KEY_PATTERN,
  msg,
  plainParams,
  resultDiffQuery,
  type Language,
  type MessageCode,
  resultExceptionsQuery,
  resultRunCreate,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { languageOf, notice, renderMessage } from '../../platform/i18n/messages.ts';
import { registerPdf } from './register-pdf.ts';
import { presentRun, requireResultStaff, type RunRecord } from './run-record.ts';
import { startRun } from './run-service.ts';
import { diffPage, exceptionsPage, runById, type ExceptionRow } from './run-store.ts';

/** A finding as its reader reads it: a coded finding in the reader's language, an older one as written. */
const findingIn = (row: ExceptionRow, language: Language) =>
  row.message_code
    ? {
        ...row,
        message: renderMessage({ code: row.message_code as MessageCode, params: row.params ?? {} }, language),
        params: plainParams(row.params ?? {}),
      }
    : row;

/**
 * `POST /api/resultrun` (202, the run's job), and a run's exception report, diff and tabulation register. A
 * run is refused, with nothing written, while an entry batch of its scope is not LOCKED or an attempt lacks a
 * locked mark it needs (unless `allow_result_later`: such papers are RL), while another run of the scope is
 * computing, and once a run of the scope is VERIFIED or APPROVED (re-runs end at verification).
 */
export function runRoutes(db: Database) {
  const router = Router();
  router.route('/resultrun').post(async (req, res) => {
    scopeOf(res, 'results.compute');
    const request = parseOr422(resultRunCreate, req.body);
    const { job, record, attempts, previous } = await startRun(db, request, res.locals.user!);
    const supersedes = previous ? msg('results.runSupersedes', { run_id: previous.run_id }) : '';
    res.status(202).json({
      job,
      resultrun: presentRun(record as unknown as RunRecord),
      ...notice(req, msg('results.runStarted', { run_id: record.run_id, count: attempts, supersedes })),
    });
  });

  const runOr404 = async (runId: string) => {
    const run = runId.length <= KEY_MAX && KEY_PATTERN.test(runId) ? await runById(db, runId) : undefined;
    if (!run) throw notFound(msg('results.noSuchRun', { run_id: runId.slice(0, 40) }));
    return run;
  };

  router
    .route('/resultrun/:run_id/exceptions')
    .get(async (req, res) => {
      requireResultStaff(res, req.params.run_id);
      await runOr404(req.params.run_id);
      const query = parseOr422(resultExceptionsQuery, req.query);
      const { rows, total } = await exceptionsPage(db, req.params.run_id, query);
      res.json({ exceptions: rows.map((row) => findingIn(row, languageOf(req))), total });
    })
    .all(methodNotAllowed);

  router
    .route('/resultrun/:run_id/diff')
    .get(async (req, res) => {
      requireResultStaff(res, req.params.run_id);
      const run = await runOr404(req.params.run_id);
      const query = parseOr422(resultDiffQuery, req.query);
      const { rows, total } = await diffPage(db, run.run_id, query);
      res.json({
        run_id: run.run_id,
        previous_run_id: run.previous_run_id,
        diff: rows,
        total,
        unchanged: Math.max(0, run.student_count - total),
      });
    })
    .all(methodNotAllowed);

  router
    .route('/resultrun/:run_id/register.pdf')
    .get(async (req, res) => {
      requireResultStaff(res, req.params.run_id);
      const run = await runOr404(req.params.run_id);
      await registerPdf(db, run, res);
    })
    .all(methodNotAllowed);
  return router;
}
