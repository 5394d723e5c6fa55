import { expect } from 'vitest';
import type { TestContext } from './context.ts';
import { followJob } from './jobs.ts';
import { SESSION } from './results-arrange.ts';

/**
 * The three who take a result run to PUBLISHED: calculate starts it, result verifies and publishes, admin
 * approves.
 */
export interface RunPeople {
  calc: Record<string, string>;
  result: Record<string, string>;
  admin: Record<string, string>;
}

/**
 * Result runs through HTTP as the result cell takes them: `compute` starts a run (202) and waits for its job
 * to succeed, returning the run id; `publish` verifies, approves and publishes it (each 200).
 */
export function resultRuns(api: TestContext['api'], people: RunPeople) {
  return {
    async compute(exam_id: string, course_comb_id: string, sem_id = '1'): Promise<string> {
      const started = await api
        .post('/api/resultrun')
        .set(people.calc)
        .send({ exam_id, session_id: SESSION, course_comb_id, sem_id, scheme: 'NEW' });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect((await followJob(api, people.calc, started.body.job.job_id, 50)).status).toBe('succeeded');
      return started.body.resultrun.run_id as string;
    },
    async publish(
      runId: string,
      notification_no: string,
      notification_date = new Date().toISOString().slice(0, 10),
    ): Promise<void> {
      expect((await api.post(`/api/resultrun/${runId}/verify`).set(people.result).send({})).status).toBe(200);
      expect((await api.post(`/api/resultrun/${runId}/approve`).set(people.admin).send({})).status).toBe(200);
      const published = await api
        .post(`/api/resultrun/${runId}/publish`)
        .set(people.result)
        .send({ notification_no, notification_date });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    },
  };
}
