// The jobs platform: long work as jobs with progress, on pg-boss over the app's database
// (docs/decisions/0013-job-queue.md). A module declares its kinds with defineJob and lists them in
// `ApiModule.jobs`; a route starts one with enqueueJob and answers 202 {job}; runners (the worker process, or
// the API itself with JOBS_IN_PROCESS) run them.
import type { ApiModule } from '../module.ts';
import { jobsOpenApi } from './openapi.ts';
import { jobRoutes } from './routes.ts';

export {
  defineJob,
  JobFailure,
  JobLost,
  type JobContext,
  type JobDefinition,
  type Transaction,
} from './define.ts';
export { enqueueJob, enqueueJobInTransaction, findJob, readyToEnqueue, type JobStarter } from './enqueue.ts';
export { startJobRunner, type JobRunner, type RunnerOptions } from './runner.ts';
export { stopSender } from './queue.ts';

/**
 * `GET /api/job/{id}` and `GET /api/job`, served like a module's own calls (app.ts mounts it before the
 * product's modules).
 */
export const jobsPlatform: ApiModule = {
  name: 'jobs',
  routes: ({ db }) => jobRoutes(db),
  openapi: jobsOpenApi,
};
