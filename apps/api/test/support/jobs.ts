import type { Job } from '@exam/contracts';
import type { TestContext } from './context.ts';

/**
 * Polls GET /api/job/{id} as `headers` until the job has ended (succeeded, failed, cancelled); fails after a
 * minute.
 */
export async function followJob(
  api: TestContext['api'],
  headers: Record<string, string>,
  id: string,
  pollMs = 100,
): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await api.get(`/api/job/${id}`).set(headers)).body.job as Job;
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
