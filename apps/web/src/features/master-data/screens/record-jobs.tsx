import { storedFile } from '@exam/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../../lib/auth.ts';
import { JobProgress } from '../../../components/ui/job-progress.tsx';
import { Notice } from '../../../components/ui/page.tsx';
import { StoredFileLink } from '../../../components/ui/stored-file-link.tsx';
import type { ResourceRecord } from '../api/resource-api.ts';
import type { RecordJob } from '../declaration.ts';
import { T } from '../../../components/ui/text.tsx';

/** A job that makes a file answers it as `result.file` (contracts' storedFile). */
const fileResult = z.object({ file: storedFile });

/**
 * The view's jobs (printouts) the user may start: buttons, then the started job's progress and, once done,
 * its file.
 */
export function RecordJobs({ jobs, record }: { jobs: RecordJob[]; record: ResourceRecord }) {
  const { holds } = usePermissions();
  const [running, setRunning] = useState<{ jobId: string; unit: string } | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState('');
  const mine = jobs.filter((job) => holds(job.capability));
  if (!mine.length) return null;

  const start = async (job: RecordJob) => {
    setStarting(true);
    setFailure('');
    try {
      const started = await job.start(record);
      setRunning({ jobId: started.job_id, unit: job.unit });
    } catch (error) {
      setFailure(`${job.label} could not be started: ${(error as Error).message}`);
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="record-jobs" aria-label="Printouts">
      <div className="page-nav">
        {mine.map((job) => (
          <button
            key={job.label}
            type="button"
            className="button secondary"
            disabled={starting}
            onClick={() => void start(job)}
          >
            <T>{job.label}</T>
          </button>
        ))}
      </div>
      {failure && <Notice kind="error">{failure}</Notice>}
      {running && (
        <JobProgress
          key={running.jobId}
          jobId={running.jobId}
          unit={running.unit}
          renderResult={(result) => {
            const made = fileResult.safeParse(result);
            return made.success ? <StoredFileLink file={made.data.file} /> : null;
          }}
        />
      )}
    </section>
  );
}
