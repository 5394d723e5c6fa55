import { msg, type GradingRuleset, type Message, type StudentResultCode } from '@exam/contracts';
import { z } from 'zod';
import { defineJob, JobFailure, type JobContext } from '../../platform/jobs/index.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { mostUsed, type Finding } from './grading-inputs.ts';
import { graderFor } from './grading-pool.ts';
import { rulesetKey, type Graded, type GradedBatch, type RunGrading, type RunRow } from './run-grading.ts';
import {
  batchInputs,
  candidatesOf,
  clearDiff,
  markRunComputed,
  markRunFailed,
  rulesetsOf,
  runToCompute,
  scopeHasResults,
  schemesOf,
} from './run-job-store.ts';
import { writeBatch } from './run-write.ts';

/**
 * Students computed and written per transaction: their attempts, marks and results stay in memory only this
 * long.
 */
export const STUDENT_BATCH = 500;

interface RunResult {
  run_id: string;
  students: number;
  exceptions: number;
  changed: number;
}

/** The run's data: its id. Everything else is read from the run's row (scope, scheme, result-later). */
const runData = z.object({ run_id: z.string() });

/**
 * The result run (lifecycle S8 step 2): in batches of students, each in one transaction with its progress,
 * reads the attempts of the exam × course-semester, their marks of record, conduct (attendance, UFM), the
 * marks scheme, the student's frozen rule set and its other published semesters (CGPA); grades each student
 * (run-grading.ts: a back attempt replaces the failed paper of the original semester's published result, as a
 * new version of that result); writes the results, the exception report and the diff against the previous
 * run (run-write.ts). Not retried after a crash (maxAttempts 1): the run goes FAILED and is simply run again.
 */
export const resultRunJob = defineJob({
  kind: 'results.run',
  capability: 'results.compute',
  title: 'Computing results',
  maxAttempts: 1,
  data: runData,
  async run(ctx): Promise<RunResult> {
    const run = await runToCompute(ctx.db, ctx.data.run_id);
    if (!run) throw new JobFailure(renderMessage(msg('results.runVanished', { run_id: ctx.data.run_id })));
    if (run.status !== 'COMPUTING') return { run_id: run.run_id, students: 0, exceptions: 0, changed: 0 };
    try {
      return await computeRun(ctx, run);
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 480) : 'the run failed';
      await markRunFailed(ctx.db, run.run_id, reason);
      if (error instanceof JobFailure) throw error;
      throw new JobFailure(renderMessage(msg('results.runFailed', { run_id: run.run_id, reason })));
    }
  },
});

const noCounts = (): Record<StudentResultCode, number> => ({
  PASS: 0,
  PASS_GRACE: 0,
  PROMOTED: 0,
  FAIL: 0,
  ABSENT: 0,
  RL: 0,
  RW: 0,
  UFM: 0,
  DETAINED: 0,
});

async function computeRun(ctx: JobContext<{ run_id: string }>, run: RunRow): Promise<RunResult> {
  const { db } = ctx;
  const students = await candidatesOf(db, run);
  const rulesets = new Map<string, GradingRuleset | Message>();
  const grading: RunGrading = { run, schemes: await schemesOf(db, run), rulesets };
  const counts = noCounts();
  const used: GradingRuleset[] = [];
  const totals = { exceptions: 0, changed: 0, versions: 0 };
  await ctx.progress(0, students.length);
  await ctx.sqlTransaction((tx) => clearDiff(tx, run.run_id));
  const hasResults = await scopeHasResults(db, run);

  // Each batch is written while the next one is read and graded (the database works while this process
  // grades); writes stay in order, one at a time.
  let writing: Promise<{ changed: number; versions: number }> | null = null;
  const awaitWrite = async () => {
    if (!writing) return;
    const written = await writing;
    writing = null;
    totals.changed += written.changed;
    totals.versions += written.versions;
  };
  const write = (graded: Graded[], findings: Finding[], done: number) => {
    const seq = totals.exceptions;
    totals.exceptions += findings.length;
    writing = ctx.sqlTransaction((tx) => writeBatch(tx, run, graded, findings, seq, hasResults), {
      done,
      total: students.length,
    });
    // A failed write is awaited (and thrown) by the next awaitWrite(); keep it from counting as unhandled
    // meanwhile.
    writing.catch(() => undefined);
  };

  // Batches are graded off this thread when the run is big enough (grading-pool.ts): this thread reads the
  // next batch while one is graded and the one before is written.
  const grader = graderFor(students.length);
  const inFlight: Array<{ batch: Promise<GradedBatch>; done: number }> = [];
  const settle = async () => {
    const next = inFlight.shift()!;
    const batch = await next.batch;
    used.push(...batch.used);
    for (const [code, n] of Object.entries(batch.counts)) counts[code as StudentResultCode] += n;
    await awaitWrite();
    write(batch.graded, batch.findings, next.done);
  };
  try {
    for (let start = 0; start < students.length; start += STUDENT_BATCH) {
      ctx.signal.throwIfAborted();
      const inputs = await batchInputs(db, run, students.slice(start, start + STUDENT_BATCH));
      const unread = inputs.enrolments.filter(
        (e) => !rulesets.has(rulesetKey(e.ruleset_id, e.ruleset_version)),
      );
      for (const [key, ruleset] of await rulesetsOf(db, unread)) rulesets.set(key, ruleset);
      const batch = grader.grade(grading, inputs);
      // A failed batch is thrown where it is awaited, in order; keep it from counting as unhandled meanwhile.
      batch.catch(() => undefined);
      inFlight.push({ batch, done: Math.min(start + STUDENT_BATCH, students.length) });
      if (inFlight.length >= grader.depth) await settle();
    }
    while (inFlight.length) await settle();
    await awaitWrite();
  } finally {
    await grader.close();
  }

  const summary = { ruleset: mostUsed(used), students: used.length, counts, ...totals };
  await ctx.sqlTransaction((tx) => markRunComputed(tx, run.run_id, summary));
  return {
    run_id: run.run_id,
    students: used.length,
    exceptions: totals.exceptions,
    changed: totals.changed,
  };
}
