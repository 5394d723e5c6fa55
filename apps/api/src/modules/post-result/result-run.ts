import type { Database, Prisma } from '@exam/db';
import { enqueueJobInTransaction } from '../../platform/jobs/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { resultRunJob } from '../results/index.ts';
import {
  lockedBatchesOf,
  runsOfScope,
  supersedeUnpublishedRuns,
  type RunScope,
} from './application-store.ts';
import { previousRunOf, refuseBusyScope } from './application-rules.ts';
import { newId } from './sql.ts';

export interface ResultScope extends RunScope {
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
  const runs = await runsOfScope(tx, scope);
  const refusal = refuseBusyScope(scope, runs);
  if (refusal) throw refusal;
  const previous = previousRunOf(runs);
  const runId = newId('RR');
  await supersedeUnpublishedRuns(tx, scope, runId);
  const inputs = await lockedBatchesOf(tx, scope);
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
