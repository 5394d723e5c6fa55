import type { Job } from '@exam/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JobProgress } from '../../src/components/ui/job-progress.tsx';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { fakeApi } from './harness.tsx';

const id = '4f1c2a9e-7b3d-4c8e-9a1f-2d3e4f5a6b7c';
const base: Job = {
  job_id: id,
  kind: 'college.import',
  status: 'queued',
  done: 0,
  total: 0,
  message: 'Importing colleges',
  errors: [],
  result: null,
  started_by: 1,
  attempts: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  started_at: null,
  finished_at: null,
};

/** The job answers `states` one poll after another, staying at the last. */
function serve(states: Partial<Job>[]) {
  const api = fakeApi();
  let poll = 0;
  api.on('GET', new RegExp(`^/api/job/${id}$`), () => ({
    body: { job: { ...base, ...states[Math.min(poll++, states.length - 1)] } },
  }));
  return api;
}

function show(props: Partial<Parameters<typeof JobProgress>[0]> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <JobProgress jobId={id} pollMs={20} unit="rows" {...props} />
    </QueryClientProvider>,
  );
}

describe('JobProgress', () => {
  it(
    'polls while the job runs: the bar and the count follow done of total, then the outcome and the failed ' +
      'rows; polling stops',
    async () => {
      const api = serve([
        {},
        { status: 'running', done: 0, total: 0, started_at: base.created_at, attempts: 1 },
        { status: 'running', done: 120, total: 300, attempts: 1 },
        {
          status: 'succeeded',
          done: 300,
          total: 300,
          attempts: 1,
          result: { created: 297 },
          errors: [
            { row: 14, message: 'college_code: Required' },
            { row: 201, message: 'district: Unknown district' },
          ],
        },
      ]);
      const onFinished = vi.fn();
      show({
        onFinished,
        renderResult: (result) => <p>Created {(result as { created: number }).created}</p>,
      });

      const bar = await screen.findByRole('progressbar', { name: 'Importing colleges' });
      expect(screen.getByRole('region', { name: 'Importing colleges' })).toBeInTheDocument();
      expect(bar).toHaveAttribute('aria-valuetext', 'Waiting to start');
      expect(bar).not.toHaveAttribute('aria-valuenow');

      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '120'));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '300');
      expect(bar).toHaveAttribute('aria-valuetext', '120 of 300 rows');
      expect(screen.getByText('120 of 300 rows (40%)')).toBeInTheDocument();
      expect(screen.getByText('Running')).toBeInTheDocument();

      expect(await screen.findByRole('status')).toHaveTextContent(
        'Finished: 300 of 300 rows done; some could not be taken (listed below).',
      );
      expect(bar).toHaveAttribute('aria-valuenow', '300');
      expect(screen.getByText('Done')).toBeInTheDocument();
      expect(screen.getByText('Created 297')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: /Could not be taken \(2\)/ });
      expect(
        within(table)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['RowProblem', '14college_code: Required', '201district: Unknown district']);
      expect(onFinished).toHaveBeenCalledTimes(1);
      expect(onFinished.mock.calls[0]![0]).toMatchObject({ status: 'succeeded', done: 300 });

      const polls = api.callsTo('GET', /^\/api\/job\//).length;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(api.callsTo('GET', /^\/api\/job\//).length).toBe(polls);
    },
  );

  it('a failed job shows its reason as an alert', async () => {
    serve([
      { status: 'failed', done: 10, total: 40, attempts: 1, message: 'The exam has no approved forms.' },
    ]);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The job failed: The exam has no approved forms.',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });

  it('says when a job runs again after an interruption', async () => {
    serve([{ status: 'running', done: 5, total: 50, attempts: 2 }]);
    show();
    expect(await screen.findByText(/running again \(attempt 2\) after an interruption/)).toBeInTheDocument();
  });

  it("a job that is not there (or another user's) says so, and is not polled again", async () => {
    const api = fakeApi();
    api.on('GET', /^\/api\/job\//, { status: 404, body: { message: 'No such job.', code: 'NOT_FOUND' } });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No such job: it has been removed, or it was started by someone else.',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('GET', /^\/api\/job\//)).toHaveLength(1);
  });
});
