import { useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_JOB_ROWS,
  type CapabilityKey,
  type FileFormat,
  type ImportReport,
  type ImportRowReport,
  type Job,
} from '@exam/contracts';
import { usePermissions } from '../../../lib/auth.ts';
import { saveFile } from '../../../lib/download.ts';
import { messageOf } from '../../../lib/failures.ts';
import { DataTable, type TableColumn } from '../../../components/ui/data-table.tsx';
import { JobProgress } from '../../../components/ui/job-progress.tsx';
import { Notice } from '../../../components/ui/page.tsx';
import { downloadTemplate, failedRowsFile, importFile, reportOfJob } from '../api/files-api.ts';
import { resourceKeys } from '../api/resource-api.ts';
import type { ResourceScreens } from '../declaration.ts';
import { ResourcePage } from './resource-page.tsx';
import './resource-import.css';

/** Report lines shown at once; the failed-rows file holds every failed row. */
const SHOWN_LINES = 500;

interface ReportLine {
  row: number;
  status: ImportRowReport['status'];
  field: string;
  message: string;
}

const statusText = (status: ImportRowReport['status'], dryRun: boolean) =>
  ({
    created: dryRun ? 'To create' : 'Created',
    updated: dryRun ? 'To update' : 'Updated',
    unchanged: 'Unchanged',
    error: 'Error',
  })[status];

/** One line per message of a failed row (its field named as the form names it), one line per other row. */
function reportLines(
  report: ImportReport,
  labels: Record<string, string>,
  onlyErrors: boolean,
): ReportLine[] {
  return report.rows
    .filter((r) => !onlyErrors || r.status === 'error')
    .flatMap((r) =>
      r.errors
        ? Object.entries(r.errors).flatMap(([field, messages]) =>
            messages.map((message) => ({
              row: r.row,
              status: r.status,
              field: field === '_' ? '(whole row)' : (labels[field] ?? field),
              message,
            })),
          )
        : [{ row: r.row, status: r.status, field: '', message: '' }],
    );
}

function Summary({ report }: { report: ImportReport }) {
  const { counts } = report;
  const kind = counts.error ? 'error' : report.dry_run ? 'info' : 'success';
  return (
    <>
      <Notice kind={kind}>
        <span className="banner">{report.message}</span>
        {counts.error > 0 && (
          <> Nothing is stored while any row has an error: the file is imported whole, or not at all.</>
        )}
      </Notice>
      <dl className="import-counts" aria-label="Rows by outcome">
        <div>
          <dt>{report.dry_run ? 'To create' : 'Created'}</dt>
          <dd>{counts.created}</dd>
        </div>
        <div>
          <dt>{report.dry_run ? 'To update' : 'Updated'}</dt>
          <dd>{counts.updated}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{counts.unchanged}</dd>
        </div>
        <div className={counts.error ? 'has-errors' : undefined}>
          <dt>With errors</dt>
          <dd>{counts.error}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The import screen of a resource: its template, a file, a check (dry run) and the import, then the report of
 * every row. The API imports a file whole or not at all; the screen says so and offers the failed rows as a
 * file to correct.
 */
export function ResourceImport({ screens }: { screens: ResourceScreens }) {
  const { resource, labels } = screens;
  const { holds } = usePermissions();
  const queryClient = useQueryClient();
  const fileId = useId();
  const hintId = useId();
  const showId = useId();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState<'check' | 'import' | 'template' | 'job'>();
  /** A large file's import, running as a job: its id and whether it is a check. */
  const [job, setJob] = useState<{ id: string; dryRun: boolean }>();
  const [report, setReport] = useState<ImportReport>();
  const [failure, setFailure] = useState<string>();
  const [onlyErrors, setOnlyErrors] = useState(true);
  const title = `Import ${resource.title} records`;

  if (!holds(resource.capability.write as CapabilityKey)) {
    return (
      <ResourcePage screens={screens} title={title}>
        <Notice kind="info">Your role can view this data but not import it.</Notice>
      </ResourcePage>
    );
  }

  const show = async (answer: ImportReport) => {
    setReport(answer);
    setOnlyErrors(answer.counts.error > 0);
    if (answer.imported > 0) await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
  };

  const run = async (kind: 'check' | 'import') => {
    if (!file) return;
    setBusy(kind);
    setFailure(undefined);
    setReport(undefined);
    setJob(undefined);
    try {
      const answer = await importFile(resource, file, kind === 'check');
      if (answer.job) {
        // A large file: the server checks and stores it as a job; the progress shows below until the report
        // comes.
        setJob({ id: answer.job.job_id, dryRun: kind === 'check' });
        setBusy('job');
        return;
      }
      await show(answer.report);
      setBusy(undefined);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(undefined);
    }
  };

  const onJobFinished = (finished: Job) => {
    setBusy(undefined);
    const answer = finished.status === 'succeeded' ? reportOfJob(finished.result) : undefined;
    if (answer) void show(answer);
  };

  const template = async (format: FileFormat) => {
    setBusy('template');
    setFailure(undefined);
    try {
      await downloadTemplate(resource, format);
    } catch (error) {
      setFailure(`The template could not be downloaded: ${messageOf(error)}`);
    } finally {
      setBusy(undefined);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.currentTarget.files?.[0]);
    setReport(undefined);
    setFailure(undefined);
    setJob(undefined);
  };

  const lines = report ? reportLines(report, labels, onlyErrors) : [];
  const columns: TableColumn<ReportLine>[] = [
    { id: 'row', header: 'Row', cell: (line) => line.row },
    {
      id: 'status',
      header: 'Status',
      cell: (line) => (
        <span className={`import-status ${line.status}`}>
          {statusText(line.status, report?.dry_run ?? false)}
        </span>
      ),
    },
    { id: 'field', header: 'Field', cell: (line) => line.field },
    { id: 'message', header: 'Message', cell: (line) => line.message },
  ];
  const failedName = `${resource.name}-failed-rows-${file?.name.replace(/\.[^.]+$/, '') ?? 'import'}.csv`;

  return (
    <ResourcePage screens={screens} title={title}>
      <p className="import-intro">
        Fill in the template, one row per record (a row whose key already exists updates that record), then
        check the file and import it. <strong>Nothing is stored when any row has an error:</strong> the file
        is imported whole, or not at all.
      </p>

      <section className="panel import-step" aria-labelledby={`${fileId}-template`}>
        <h2 id={`${fileId}-template`}>1. Template</h2>
        <p>
          The columns this import reads, a row saying what each takes, and an example row (both are skipped on
          import).
        </p>
        <div className="form-actions">
          <button
            type="button"
            className="button secondary"
            disabled={!!busy}
            onClick={() => void template('xlsx')}
          >
            Download template (XLSX)
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={!!busy}
            onClick={() => void template('csv')}
          >
            Download template (CSV)
          </button>
        </div>
      </section>

      <section className="panel import-step" aria-labelledby={`${fileId}-file`}>
        <h2 id={`${fileId}-file`}>2. File</h2>
        <div className="field">
          <label htmlFor={fileId}>File (CSV or XLSX)</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={hintId}
            disabled={!!busy}
            onChange={onFile}
          />
          <span id={hintId} className="field-hint">
            An Excel workbook (.xlsx), or CSV saved as &lsquo;CSV UTF-8&rsquo; so Hindi stays intact. At most
            50,000 rows and 20 MB; a file of more than {IMPORT_JOB_ROWS.toLocaleString('en-IN')} rows is
            worked on in the background, with its progress shown here.
          </span>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="button secondary"
            disabled={!file || !!busy}
            onClick={() => void run('check')}
          >
            Check (dry run)
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!file || !!busy}
            onClick={() => void run('import')}
          >
            Import
          </button>
          <span role="status" className="loading">
            {busy === 'check'
              ? 'Checking every row…'
              : busy === 'import'
                ? 'Importing…'
                : busy === 'job'
                  ? 'Working on the file (progress below)…'
                  : ''}
          </span>
        </div>
      </section>

      {failure && <Notice kind="error">{failure}</Notice>}

      {job && (
        <JobProgress
          key={job.id}
          jobId={job.id}
          label={
            job.dryRun ? `Checking ${file?.name ?? 'the file'}` : `Importing ${file?.name ?? 'the file'}`
          }
          unit="rows"
          pollMs={500}
          onFinished={onJobFinished}
        />
      )}

      {report && (
        <section className="import-report" aria-labelledby={`${fileId}-report`}>
          <h2 id={`${fileId}-report`}>{report.dry_run ? 'Check report' : 'Import report'}</h2>
          <Summary report={report} />
          <div className="import-report-tools">
            {report.counts.error > 0 && (
              <button
                type="button"
                className="button secondary"
                onClick={() => saveFile(failedRowsFile(resource, report, labels), failedName)}
              >
                Download the failed rows (CSV)
              </button>
            )}
            <label htmlFor={showId}>Show</label>
            <select
              id={showId}
              value={onlyErrors ? 'errors' : 'all'}
              onChange={(event) => setOnlyErrors(event.currentTarget.value === 'errors')}
            >
              <option value="errors">Rows with errors</option>
              <option value="all">All rows</option>
            </select>
          </div>
          <DataTable
            caption={report.dry_run ? 'Check report, row by row' : 'Import report, row by row'}
            columns={columns}
            rows={lines.slice(0, SHOWN_LINES)}
            rowKey={(line, index) => `${line.row}-${index}`}
            emptyText={onlyErrors ? 'No row has an error.' : 'No rows.'}
          />
          {lines.length > SHOWN_LINES && (
            <p className="field-hint">
              The first {SHOWN_LINES} of {lines.length} lines are shown
              {report.counts.error > 0 ? '; the failed-rows file holds every failed row' : ''}.
            </p>
          )}
        </section>
      )}
    </ResourcePage>
  );
}
