import { label, msg, resultRunStatus, type Message } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { UnlockedBatch } from '../marks/index.ts';
import type { MissingMarks, RunScope } from './run-store.ts';

/**
 * The rules that decide whether a result run may start (lifecycle S8 step 1). Each takes what the store read
 * and answers the refusal (an AppError to throw) or nothing; none reads the database.
 */

/** A run needs the exam's link to the course-semester. */
export function refuseWithoutCourseLink(scope: RunScope, link: { phase: string } | undefined) {
  if (link) return undefined;
  return new AppError('VALIDATION_FAILED', msg('results.noCourseLink', { ...scope }), {
    errors: { exam_id: [msg('results.noCourseLinkField')] },
  });
}

/** A run needs candidates. */
export function refuseWithoutCandidates(scope: RunScope, attempts: number) {
  if (attempts > 0) return undefined;
  return new AppError('VALIDATION_FAILED', msg('results.noCandidates', { ...scope }), {
    errors: { exam_id: [msg('results.noCandidatesField')] },
  });
}

/** Every candidate's frozen rule set must be of the scheme the run computes (one engine per run). */
export function refuseOtherSchemes(wanted: string, schemes: Array<{ scheme: string; n: number }>) {
  const other = schemes.filter((s) => s.scheme !== wanted);
  if (!other.length) return undefined;
  const groups = other.map((s) => msg('results.studentsWithScheme', { count: s.n, scheme: s.scheme }));
  return new AppError(
    'VALIDATION_FAILED',
    msg('results.otherSchemes', { groups, scheme: wanted, suggested: other[0]!.scheme }),
    {
      errors: {
        scheme: [msg('results.otherSchemesField', { schemes: schemes.map((s) => s.scheme).join(', ') })],
      },
    },
  );
}

/** How many of the unlocked inputs a refusal names; the rest are counted. */
export const NAMED_INPUTS = 10;

const batchItem = (b: UnlockedBatch): Message =>
  msg('results.batchNotLocked', {
    component: b.component,
    batch_id: b.batch_id,
    paper_id: b.paper_id,
    college: b.college_id ? msg('results.batchCollege', { college_id: b.college_id }) : '',
    packet: b.packet_no ? msg('results.batchPacket', { packet_no: b.packet_no }) : '',
    status: b.status,
  });

const missingItem = (m: MissingMarks): Message =>
  msg('results.marksMissing', {
    paper_id: m.paper_id,
    component: msg(m.component === 'INT' ? 'results.componentInternal' : 'results.componentExternal'),
    count: m.n,
  });

/**
 * Unless the run shows missing inputs as "result later" (RL), every entry batch of the scope must be LOCKED
 * and every attempt must have the locked marks its paper needs.
 */
export function refuseUnlockedInputs(
  scope: RunScope,
  unlocked: readonly UnlockedBatch[],
  missing: readonly MissingMarks[],
) {
  if (!unlocked.length && !missing.length) return undefined;
  const items = [
    ...unlocked.slice(0, NAMED_INPUTS).map(batchItem),
    ...missing.slice(0, NAMED_INPUTS).map(missingItem),
  ];
  const more = unlocked.length + missing.length - items.length;
  const marks = missing.reduce((sum, m) => sum + m.n, 0);
  return new AppError(
    'VALIDATION_FAILED',
    msg('results.inputsNotLocked', {
      ...scope,
      items,
      more: more > 0 ? msg('results.andMore', { count: more }) : '',
    }),
    {
      errors: {
        allow_result_later: [
          msg('results.inputsNotLockedField', {
            batches: msg('results.entryBatches', { count: unlocked.length }),
            marks: msg('results.marks', { count: marks }),
          }),
        ],
      },
    },
  );
}

/**
 * One run of a scope computes at a time, and re-runs end at verification: a VERIFIED or APPROVED run must be
 * published first (a later run then versions the changed results).
 */
export function refuseBusyScope(runs: ReadonlyArray<{ run_id: string; status: string }>) {
  const busy = runs.find((r) => r.status === 'COMPUTING');
  if (busy) return new AppError('LOCKED', msg('results.runComputing', { run_id: busy.run_id }));
  const held = runs.find((r) => r.status === 'VERIFIED' || r.status === 'APPROVED');
  if (held)
    return new AppError(
      'LOCKED',
      msg('results.runHeld', { run_id: held.run_id, status: label(resultRunStatus.labelOf(held.status)) }),
    );
  return undefined;
}

/**
 * The run a new one is compared with: the latest unpublished (computed or failed), else the latest published.
 */
export const previousRunOf = (runs: ReadonlyArray<{ run_id: string; status: string }>) =>
  runs.find((r) => r.status === 'COMPUTED' || r.status === 'FAILED') ??
  runs.find((r) => r.status === 'PUBLISHED');
