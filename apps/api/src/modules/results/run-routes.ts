import { Router } from 'express';
import {
  KEY_MAX,
  KEY_PATTERN,
  resultDiffQuery,
  resultExceptionsQuery,
  resultRunCreate,
  resultRunStatus,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { AppError, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { enqueueJobInTransaction, readyToEnqueue } from '../../platform/jobs/index.ts';
import { unlockedBatches } from '../marks/index.ts';
import { presentRun, requireResultStaff, type RunRecord } from './run-record.ts';
import { resultRunJob } from './run-job.ts';
import { registerPdf } from './register-pdf.ts';
import { newRunId, q } from './sql.ts';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `POST /api/resultrun` (202, the run's job), and a run's exception report, diff and tabulation register. A run is
 * refused, with nothing written, while an entry batch of its scope is not LOCKED or an attempt lacks a locked mark it
 * needs (unless `allow_result_later`: such papers are RL), while another run of the scope is computing, and once a
 * run of the scope is VERIFIED or APPROVED (re-runs end at verification).
 */
export function runRoutes(db: Database) {
  const router = Router();
  router.route('/resultrun').post(async (req, res) => {
    scopeOf(res, 'results.compute');
    const body = parseOr422(resultRunCreate, req.body);
    const scope = [body.exam_id, body.session_id, body.course_comb_id, body.sem_id];
    const where = `exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4`;
    const [link] = await q<{ phase: string }>(db, `SELECT phase FROM exam_ccinfo WHERE ${where}`, scope);
    if (!link)
      throw new AppError(
        'VALIDATION_FAILED',
        `Exam ${body.exam_id} has no course link for ${body.course_comb_id} semester ${body.sem_id} (${body.session_id}).`,
        { errors: { exam_id: ['No such exam × course-semester (examccinfo)'] } },
      );
    const [{ n: attempts } = { n: 0 }] = await q<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM attempt WHERE ${where}`,
      scope,
    );
    if (!attempts)
      throw new AppError(
        'VALIDATION_FAILED',
        `Exam ${body.exam_id} has no candidates in ${body.course_comb_id} semester ${body.sem_id}: nothing to compute.`,
        { errors: { exam_id: ['No attempts in this exam × course-semester'] } },
      );
    const schemes = await q<{ scheme: string; n: number }>(
      db,
      `SELECT r.scheme::text AS scheme, count(*)::int AS n FROM (SELECT DISTINCT student_id FROM attempt WHERE ${where}) a
           JOIN student_ccinfo sc ON sc.student_id = a.student_id AND sc.session_id = $2 AND sc.course_comb_id = $3 AND sc.sem_id = $4
           JOIN ruleset r ON r.ruleset_id = sc.ruleset_id AND r.version = sc.ruleset_version GROUP BY 1 ORDER BY 1`,
      scope,
    );
    const other = schemes.filter((s) => s.scheme !== body.scheme);
    if (other.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${other.map((s) => `${count(s.n, 'student')} of this course-semester ${s.n === 1 ? 'has' : 'have'} a ${s.scheme} rule set`).join('; ')}, not ${body.scheme}: run it with scheme ${other[0]!.scheme}.`,
        { errors: { scheme: [`The students' rule sets are ${schemes.map((s) => s.scheme).join(', ')}`] } },
      );
    }
    if (!body.allow_result_later) {
      const unlocked = await unlockedBatches(db, body);
      const missing = await q<{ paper_id: string; component: string; n: number }>(
        db,
        `SELECT a.paper_id, c.component, count(*)::int AS n FROM attempt a
             JOIN paperinfosem p ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
             CROSS JOIN LATERAL (VALUES ('INT'), ('EXT')) AS c(component)
            WHERE a.exam_id = $1 AND a.session_id = $2 AND a.course_comb_id = $3 AND a.sem_id = $4
              AND ((c.component = 'INT' AND p.paper_type <> 1 AND (a.attempt_type <> 'BACK' OR p.paper_type = 2)) OR (c.component = 'EXT' AND p.paper_type <> 2))
              AND NOT EXISTS (SELECT 1 FROM mark_record m WHERE m.attempt_id = a.attempt_id
                                AND (m.component = c.component OR (c.component = 'EXT' AND m.component = 'PR' AND p.th_pr_status::text = 'PR')))
            GROUP BY 1, 2 ORDER BY 1, 2`,
        scope,
      );
      if (unlocked.length || missing.length) {
        const named = [
          ...unlocked
            .slice(0, 10)
            .map(
              (b) =>
                `${b.component} batch ${b.batch_id} of ${b.paper_id}${b.college_id ? ` (${b.college_id})` : ''}${b.packet_no ? ` packet ${b.packet_no}` : ''} is ${b.status}`,
            ),
          ...missing
            .slice(0, 10)
            .map(
              (m) =>
                `${m.paper_id} ${m.component === 'INT' ? 'internal' : 'external/practical'}: ${count(m.n, 'candidate')} without locked marks`,
            ),
        ];
        const more = unlocked.length + missing.length - named.length;
        throw new AppError(
          'VALIDATION_FAILED',
          `Not every input of ${body.exam_id} ${body.course_comb_id} semester ${body.sem_id} is locked: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Lock them, or run with "allow result later" to show these papers as RL.`,
          {
            errors: {
              allow_result_later: [
                `${count(unlocked.length, 'entry batch')} not locked, ${count(
                  missing.reduce((s, m) => s + m.n, 0),
                  'mark',
                )} missing`,
              ],
            },
          },
        );
      }
    }
    const runs = await q<{ run_id: string; status: string }>(
      db,
      `SELECT run_id, status FROM result_run WHERE ${where} ORDER BY created_at DESC, run_id DESC`,
      scope,
    );
    const busy = runs.find((r) => r.status === 'COMPUTING');
    if (busy)
      throw new AppError(
        'LOCKED',
        `Result run ${busy.run_id} of this course-semester is still computing; wait for it to finish.`,
      );
    const held = runs.find((r) => r.status === 'VERIFIED' || r.status === 'APPROVED');
    if (held)
      throw new AppError(
        'LOCKED',
        `Result run ${held.run_id} of this course-semester is ${resultRunStatus.labelOf(held.status)}: re-runs end at verification. Publish it first; a later run then makes new versions of the changed results.`,
      );
    const previous =
      runs.find((r) => r.status === 'COMPUTED' || r.status === 'FAILED') ??
      runs.find((r) => r.status === 'PUBLISHED');
    const runId = newRunId();
    const user = res.locals.user!;
    await readyToEnqueue(db);
    const { job, record } = await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE result_run SET status = 'SUPERSEDED', status_reason = $5, updated_at = now() WHERE ${where} AND status IN ('COMPUTED', 'FAILED')`,
        ...scope,
        `superseded by run ${runId}`,
      );
      const inputs = await tx.$queryRawUnsafe<Array<{ batch_id: string; locked_at: Date | null }>>(
        `SELECT batch_id, locked_at FROM entry_batch WHERE ${where} AND status = 'LOCKED' ORDER BY batch_id`,
        ...scope,
      );
      await tx.resultRun.create({
        data: {
          run_id: runId,
          ...body,
          status: 'COMPUTING',
          previous_run_id: previous?.run_id ?? null,
          started_by: user.email,
          inputs: inputs.map((i) => ({
            batch_id: i.batch_id,
            locked_at: i.locked_at?.toISOString() ?? null,
          })),
        },
      });
      const started = await enqueueJobInTransaction(tx, db, resultRunJob, { run_id: runId }, user);
      const saved = await tx.resultRun.update({ where: { run_id: runId }, data: { job_id: started.job_id } });
      return { job: started, record: saved };
    });
    res.status(202).json({
      job,
      resultrun: presentRun(record as unknown as RunRecord),
      message: `Result run ${runId} started for ${count(attempts, 'attempt')}${previous ? `; it supersedes run ${previous.run_id}` : ''}.`,
    });
  });

  const runOr404 = async (runId: string) => {
    if (runId.length > KEY_MAX || !KEY_PATTERN.test(runId))
      throw notFound(`No result run ${runId.slice(0, 40)}.`);
    const [run] = await q<RunRecord>(db, `SELECT * FROM result_run WHERE run_id = $1`, [runId]);
    if (!run) throw notFound(`No result run ${runId.slice(0, 40)}.`);
    return run;
  };

  router
    .route('/resultrun/:run_id/exceptions')
    .get(async (req, res) => {
      requireResultStaff(res, req.params.run_id);
      await runOr404(req.params.run_id);
      const query = parseOr422(resultExceptionsQuery, req.query);
      const params: unknown[] = [req.params.run_id];
      let filter = '';
      if (query.code) filter += ` AND code = $${params.push(query.code)}`;
      if (query.student_id) filter += ` AND student_id = $${params.push(query.student_id)}`;
      const [rows, [total]] = await Promise.all([
        q(
          db,
          `SELECT run_id, seq, student_id, paper_id, attempt_id, component, code, message FROM result_exception WHERE run_id = $1${filter} ORDER BY seq LIMIT ${query.limit} OFFSET ${query.offset}`,
          params,
        ),
        q<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM result_exception WHERE run_id = $1${filter}`,
          params,
        ),
      ]);
      res.json({ exceptions: rows, total: total?.n ?? 0 });
    })
    .all(methodNotAllowed);

  router
    .route('/resultrun/:run_id/diff')
    .get(async (req, res) => {
      requireResultStaff(res, req.params.run_id);
      const run = await runOr404(req.params.run_id);
      const query = parseOr422(resultDiffQuery, req.query);
      const [rows, [total]] = await Promise.all([
        q(
          db,
          `SELECT student_id, change, changes FROM result_diff WHERE run_id = $1 ORDER BY student_id LIMIT ${query.limit} OFFSET ${query.offset}`,
          [run.run_id],
        ),
        q<{ n: number }>(db, `SELECT count(*)::int AS n FROM result_diff WHERE run_id = $1`, [run.run_id]),
      ]);
      const changed = total?.n ?? 0;
      res.json({
        run_id: run.run_id,
        previous_run_id: run.previous_run_id,
        diff: rows,
        total: changed,
        unchanged: Math.max(0, run.student_count - changed),
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
