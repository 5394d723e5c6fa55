import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GradingRuleset } from '@exam/contracts';
import type { GradeRequest } from './grading-worker.ts';
import {
  gradeBatch,
  type BatchInputs,
  type Graded,
  type GradedBatch,
  type RunGrading,
} from './run-grading.ts';

/**
 * Grading a result run's batches off the run's thread (ADR 0032): the engine is pure, so a batch's inputs go
 * to a worker thread and its graded students come back, while the run's thread reads the next batch and
 * writes the last one. Used only where the thread has a core of its own (`graderFor`); a small run, or a
 * platform where a thread cannot start, grades on the run's thread with the same function.
 */
export interface BatchGrader {
  /** Grades a batch; batches come back in any order, each with its own promise. */
  grade(grading: RunGrading, inputs: BatchInputs): Promise<GradedBatch>;
  /**
   * Batches read ahead before the oldest is awaited: 1 inline (grade, then write, as before); threads + 1
   * with threads (the run's thread reads one while the threads grade).
   */
  readonly depth: number;
  readonly threaded: boolean;
  close(): Promise<void>;
}

/** Grades on the calling thread (small runs; a platform without worker threads). */
export const inlineGrader = (): BatchGrader => ({
  grade: async (grading, inputs) => gradeBatch(grading, inputs),
  depth: 1,
  threaded: false,
  close: async () => undefined,
});

/**
 * Grades in `threads` worker threads; falls back to the calling thread when a thread cannot start (the first
 * batch is graded inline and later ones too: a run never fails for want of a thread).
 */
export function threadGrader(threads: number): BatchGrader {
  let workers: Worker[];
  try {
    workers = Array.from(
      { length: threads },
      () => new Worker(new URL('./grading-worker-start.mjs', import.meta.url)),
    );
  } catch {
    return inlineGrader();
  }
  const waiting = new Map<number, { resolve: (b: GradedBatch) => void; reject: (e: Error) => void }>();
  const rulesetsByKey = new Map<string, GradingRuleset>();
  let broken: Error | null = null;
  let next = 0;
  const fail = (error: Error) => {
    broken ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  for (const worker of workers) {
    worker.on('message', (reply: { id: number; batch?: ThreadBatch; error?: string }) => {
      const w = waiting.get(reply.id);
      if (!w) return;
      waiting.delete(reply.id);
      if (reply.error !== undefined || !reply.batch) w.reject(new Error(reply.error ?? 'grading failed'));
      else w.resolve(fromThread(reply.batch, rulesetsByKey));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`a grading thread stopped (exit code ${code})`));
    });
  }
  return {
    depth: threads + 1,
    threaded: true,
    grade(grading, inputs) {
      if (broken) return Promise.reject(broken);
      for (const [key, r] of grading.rulesets) if ('rules' in r) rulesetsByKey.set(key, r);
      const id = next++;
      const request: GradeRequest = {
        id,
        run: grading.run,
        schemes: [...grading.schemes],
        rulesets: [...grading.rulesets],
        inputs,
      };
      return new Promise<GradedBatch>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        workers[id % workers.length]!.postMessage(request);
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

type ThreadBatch = Omit<GradedBatch, 'used' | 'graded'> & {
  used: string[];
  graded: Array<Omit<Graded, 'lines' | 'explanation'> & { lines: Uint8Array; explanation: Uint8Array }>;
};

/** A batch as it comes from a thread: its buffers are plain byte arrays again, its rule sets keys. */
function fromThread(batch: ThreadBatch, rulesets: Map<string, GradingRuleset>): GradedBatch {
  const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...batch,
    graded: batch.graded.map((g) => ({ ...g, lines: buffer(g.lines), explanation: buffer(g.explanation) })),
    used: batch.used.map((key) => rulesetsByKeyOrThrow(rulesets, key)),
  };
}

function rulesetsByKeyOrThrow(rulesets: Map<string, GradingRuleset>, key: string): GradingRuleset {
  const r = rulesets.get(key);
  if (!r) throw new Error(`rule set ${key} graded in a thread is unknown to the run`);
  return r;
}

/** Runs of at least this many students may grade in a thread (smaller ones end before it starts). */
export const THREADED_FROM_STUDENTS = 2_000;

/**
 * The grader a run of `students` uses. A thread only where it has a core of its own: besides the run's
 * thread (reading, serializing, writing) the database works on the same machine, so on 2 cores a grading
 * thread only adds copying and memory (measured: bench/RESULTS.md, results section; ADR 0032).
 */
export function graderFor(students: number, cores = os.availableParallelism()): BatchGrader {
  if (students < THREADED_FROM_STUDENTS || cores <= 2) return inlineGrader();
  return threadGrader(1);
}
