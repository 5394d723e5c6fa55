// A grading thread of a result run (grading-pool.ts): grades the batches the run's thread sends, pure (no
// database): the same gradeBatch the run's thread would call.
import { parentPort } from 'node:worker_threads';
import { gradeBatch, type BatchInputs, type RunGrading } from './run-grading.ts';
import { rulesetKey } from './run-grading.ts';

/** A batch to grade: the run's grading context as entries (maps do not cross threads as maps) and inputs. */
export interface GradeRequest {
  id: number;
  run: RunGrading['run'];
  schemes: Array<[string, unknown]>;
  rulesets: Array<[string, unknown]>;
  inputs: BatchInputs;
}

parentPort?.on('message', (request: GradeRequest) => {
  try {
    const grading = {
      run: request.run,
      schemes: new Map(request.schemes),
      rulesets: new Map(request.rulesets),
    } as RunGrading;
    const batch = gradeBatch(grading, request.inputs);
    // The rule sets used, by key (the run's thread has them): one object per student need not be copied back.
    const used = batch.used.map((r) => rulesetKey(r.ruleset_id, r.version));
    parentPort!.postMessage({ id: request.id, batch: { ...batch, used } });
  } catch (error) {
    parentPort!.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
