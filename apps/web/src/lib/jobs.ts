import { isJobFinished, type Job, type JobAnswer } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError, request } from './api.ts';

/** Query keys of jobs: invalidate `jobKeys.all` to refresh every job shown. */
export const jobKeys = {
  all: ['job'] as const,
  one: (id: string) => ['job', id] as const,
};

/** `GET /api/job/{id}`: the job as it is now (404 when there is none, or it is another user's). */
export async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return (await request<JobAnswer>(`/job/${encodeURIComponent(id)}`, { signal })).job;
}

/**
 * A job, polled every `intervalMs` while it is queued or running; polling stops once it has finished
 * (succeeded, failed, cancelled) or when the job does not exist for the caller (404). A failed poll (the
 * network) is tried again at the next interval.
 */
export function useJob(id: string | undefined, { intervalMs = 1000 }: { intervalMs?: number } = {}) {
  return useQuery({
    queryKey: jobKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchJob(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const job = query.state.data;
      if (job && isJobFinished(job.status)) return false;
      const error = query.state.error;
      if (isApiError(error) && (error.status === 404 || error.status === 401 || error.status === 403))
        return false;
      return intervalMs;
    },
  });
}
