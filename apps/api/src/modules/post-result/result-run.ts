import type { Database, Prisma } from '@exam/db';
import { AppError } from '../../platform/http/errors.ts';
import { enqueueJobInTransaction } from '../../platform/jobs/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { resultRunJob } from '../results/index.ts';
import { newId, q } from './sql.ts';

export interface ResultScope {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  scheme: string;
}

/**
 * Starts a result run of the scope after a revaluation changed a mark of record, as `POST /api/resultrun`
 * does (same job, same row): over a published scope the run writes a new version only for the students whose
 * result changed, and publishing it supersedes their published version. Refused (409) while a run of the
 * scope is computing, verified or approved: that run goes first.
 */
export async function startResultRun(
  tx: Prisma.TransactionClient,
  db: Database,
  scope: ResultScope,
  user: AuthenticatedUser,
): Promise<{ run_id: string; job_id: string; superseded: string | null }> {
  const where = `exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4`;
  const key = [scope.exam_id, scope.session_id, scope.course_comb_id, scope.sem_id];
  const runs = await q<{ run_id: string; status: string }>(
    tx,
    `SELECT run_id, status FROM result_run WHERE ${where} ORDER BY created_at DESC, run_id DESC`,
    key,
  );
  const held = runs.find((r) => ['COMPUTING', 'VERIFIED', 'APPROVED'].includes(r.status));
  if (held) {
    throw new AppError(
      'LOCKED',
      `Result run ${held.run_id} of ${scope.exam_id} ${scope.course_comb_id} semester ${scope.sem_id} is ${held.status}: publish it (or let it finish) first, then apply this outcome.`,
    );
  }
  const previous =
    runs.find((r) => r.status === 'COMPUTED' || r.status === 'FAILED') ??
    runs.find((r) => r.status === 'PUBLISHED');
  const runId = newId('RR');
  await tx.$executeRawUnsafe(
    `UPDATE result_run SET status = 'SUPERSEDED', status_reason = $5, updated_at = now() WHERE ${where} AND status IN ('COMPUTED', 'FAILED')`,
    ...key,
    `superseded by run ${runId}`,
  );
  const inputs = await q<{ batch_id: string; locked_at: Date | null }>(
    tx,
    `SELECT batch_id, locked_at FROM entry_batch WHERE ${where} AND status = 'LOCKED' ORDER BY batch_id`,
    key,
  );
  await tx.resultRun.create({
    data: {
      run_id: runId,
      ...scope,
      allow_result_later: false,
      status: 'COMPUTING',
      previous_run_id: previous?.run_id ?? null,
      started_by: user.email,
      inputs: inputs.map((i) => ({
        batch_id: i.batch_id,
        locked_at: i.locked_at ? new Date(i.locked_at).toISOString() : null,
      })),
    },
  });
  const job = await enqueueJobInTransaction(tx, db, resultRunJob, { run_id: runId }, user);
  await tx.resultRun.update({ where: { run_id: runId }, data: { job_id: job.job_id } });
  return {
    run_id: runId,
    job_id: job.job_id,
    superseded: previous && previous.status !== 'PUBLISHED' ? previous.run_id : null,
  };
}
