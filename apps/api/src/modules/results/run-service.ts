import type { ResultRunCreate } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { enqueueJobInTransaction, readyToEnqueue } from '../../platform/jobs/index.ts';
import { unlockedBatches } from '../marks/index.ts';
import { resultRunJob } from './run-job.ts';
import {
  previousRunOf,
  refuseBusyScope,
  refuseOtherSchemes,
  refuseUnlockedInputs,
  refuseWithoutCandidates,
  refuseWithoutCourseLink,
} from './run-rules.ts';
import {
  attemptCount,
  courseLinkOf,
  lockedInputsOf,
  missingMarks,
  runsOf,
  schemesOfCandidates,
  supersedeUnpublishedRuns,
  type RunScope,
} from './run-store.ts';
import { newRunId } from './sql.ts';

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/**
 * Starts a result run of one exam × course-semester (lifecycle S8 step 1): checks the rules in run-rules.ts
 * in order, then in one transaction supersedes the scope's unpublished runs, records the run with the locked
 * inputs it reads, and queues its job. Nothing is written when a rule refuses.
 */
export async function startRun(db: Database, request: ResultRunCreate, user: AuthenticatedUser) {
  const scope: RunScope = {
    exam_id: request.exam_id,
    session_id: request.session_id,
    course_comb_id: request.course_comb_id,
    sem_id: request.sem_id,
  };
  throwIf(refuseWithoutCourseLink(scope, await courseLinkOf(db, scope)));
  const attempts = await attemptCount(db, scope);
  throwIf(refuseWithoutCandidates(scope, attempts));
  throwIf(refuseOtherSchemes(request.scheme, await schemesOfCandidates(db, scope)));
  if (!request.allow_result_later)
    throwIf(refuseUnlockedInputs(scope, await unlockedBatches(db, scope), await missingMarks(db, scope)));
  const runs = await runsOf(db, scope);
  throwIf(refuseBusyScope(runs));
  const previous = previousRunOf(runs);

  const runId = newRunId();
  await readyToEnqueue(db);
  const { job, record } = await db.prisma.$transaction(async (tx) => {
    await supersedeUnpublishedRuns(tx, scope, runId);
    const inputs = await lockedInputsOf(tx, scope);
    await tx.resultRun.create({
      data: {
        run_id: runId,
        ...request,
        status: 'COMPUTING',
        previous_run_id: previous?.run_id ?? null,
        started_by: user.email,
        inputs: inputs.map((i) => ({ batch_id: i.batch_id, locked_at: i.locked_at?.toISOString() ?? null })),
      },
    });
    const started = await enqueueJobInTransaction(tx, db, resultRunJob, { run_id: runId }, user);
    const saved = await tx.resultRun.update({ where: { run_id: runId }, data: { job_id: started.job_id } });
    return { job: started, record: saved };
  });
  return { job, record, attempts, previous };
}
