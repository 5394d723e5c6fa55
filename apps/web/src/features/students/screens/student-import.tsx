import { useState, type FormEvent } from 'react';
import type { ImportReport } from '@exam/contracts';
import { JobProgress } from '../../../components/ui/job-progress.tsx';
import { Notice } from '../../../components/ui/page.tsx';
import { requestFile } from '../../../lib/api.ts';
import { attachmentName, saveFile } from '../../../lib/download.ts';
import type { StudentScreens } from '../declarations.ts';

/**
 * Import by file (the platform's import: template, dry run, per-row report, nothing stored when a row fails);
 * a file of more than a few thousand rows runs as a job with progress.
 */
export function StudentImport({ screens }: { screens: StudentScreens }) {
  const { resource } = screens;
  const [report, setReport] = useState<ImportReport>();
  const [jobId, setJobId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = new FormData();
    body.append('file', data.get('file') as File);
    setReport(undefined);
    setFailure(undefined);
    setJobId(undefined);
    try {
      const response = await requestFile(
        `/import/${resource.path}${data.get('dry_run') ? '?dry_run=1' : ''}`,
        { method: 'POST', body, accept: [422] },
      );
      const answer = await response.json();
      if (response.status === 202) setJobId(answer.job.job_id);
      else setReport(answer as ImportReport);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const template = async () => {
    const response = await requestFile(`/import-template/${resource.path}?format=csv`);
    saveFile(await response.blob(), attachmentName(response, `${resource.name}-template.csv`));
  };
  const failed = report?.rows.filter((r) => r.status === 'error') ?? [];
  return (
    <details className="import-box">
      <summary>Import {resource.title.toLowerCase()}s from CSV or XLSX</summary>
      <form onSubmit={(event) => void submit(event)}>
        <button type="button" className="button secondary" onClick={() => void template()}>
          Download template
        </button>{' '}
        <input type="file" name="file" accept=".csv,.xlsx" required aria-label="File to import" />{' '}
        <label>
          <input type="checkbox" name="dry_run" defaultChecked /> Dry run (only check)
        </label>{' '}
        <button type="submit" className="button primary">
          Import
        </button>
      </form>
      {failure && <Notice kind="error">{failure}</Notice>}
      {jobId && <JobProgress jobId={jobId} label="Import" unit="rows" />}
      {report && <Notice kind={failed.length ? 'error' : 'success'}>{report.message}</Notice>}
      {failed.length > 0 && (
        <ul className="import-errors">
          {failed.slice(0, 50).map((r) => (
            <li key={r.row}>
              Row {r.row}:{' '}
              {Object.entries(r.errors ?? {})
                .map(([f, m]) => `${screens.labels[f] ?? f}: ${m.join(' ')}`)
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
