import { sessionResource, type SessionCopyReport } from '@exam/contracts';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../../components/ui/data-table.tsx';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { usePermissions } from '../../../lib/auth.ts';
import { handleSaveFailure, messageOf } from '../../../lib/failures.ts';
import { labelOr, rowsOf } from '../api/options.ts';
import { useCopySession } from '../api/session-copy-api.ts';
import { resourcePaths } from '../paths.ts';
import { OptionSelect } from './option-select.tsx';

type Row = SessionCopyReport['paperinfosem'][number];
const statusText = { create: 'Will be created', exists: 'Exists already: left as it is' } as const;
const doneText = { create: 'Created', exists: 'Existed already: left as it was' } as const;
const sessions = rowsOf(sessionResource, labelOr('session_name', 'session_id'));

/**
 * Copy a session: the course-semester links and paper schemes of another session into this one (`?id=` names
 * it). The clerk chooses the source, reads the preview (what will be created, what exists already), then
 * confirms; the report says what was done. Reached from the session's view.
 */
export default function SessionCopy() {
  const [search] = useSearchParams();
  const to = search.get('id') ?? '';
  const { canWrite } = usePermissions();
  const [from, setFrom] = useState('');
  const [preview, setPreview] = useState<SessionCopyReport>();
  const [done, setDone] = useState<SessionCopyReport>();
  const [failure, setFailure] = useState<string>();
  const copy = useCopySession(to);
  const fromId = useId();

  const run = async (dryRun: boolean) => {
    setFailure(undefined);
    try {
      const report = await copy.mutateAsync({ from, dryRun });
      if (dryRun) {
        setPreview(report);
        setDone(undefined);
      } else {
        setDone(report);
        setPreview(undefined);
      }
    } catch (error) {
      setFailure(handleSaveFailure(error, 'show').message ?? messageOf(error));
    }
  };

  const report = done ?? preview;
  const texts = done ? doneText : statusText;
  const paperColumns: TableColumn<Row>[] = [
    { id: 'course', header: 'Course Comb Id', cell: (r) => r.course_comb_id },
    { id: 'sem', header: 'Sem Id', cell: (r) => r.sem_id },
    { id: 'paper', header: 'Paper Id', cell: (r) => r.paper_id },
    { id: 'status', header: 'What happens', cell: (r) => texts[r.status] },
  ];
  const linkColumns: TableColumn<SessionCopyReport['ccinfo_sem'][number]>[] = paperColumns.filter(
    (c) => c.id !== 'paper',
  ) as never;
  const toCreate = preview ? preview.counts.ccinfo_sem.create + preview.counts.paperinfosem.create : 0;

  return (
    <Page title={`Copy into session ${to}`}>
      {!canWrite ? (
        <Notice kind="info">Your role may not change master data.</Notice>
      ) : !to ? (
        <Notice kind="error">No session was chosen. Open it from the session's view.</Notice>
      ) : (
        <>
          <p>
            Copies another session&apos;s course-semester links (CCInfoSem) and paper schemes (PaperInfoSem)
            into session <strong>{to}</strong>. Rows that session has already are left as they are. Look at
            the preview first; nothing is stored until you confirm.
          </p>
          <form
            className="resource-form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(true);
            }}
          >
            <div className="form-grid">
              <div className="field">
                <label htmlFor={fromId}>Copy from session</label>
                <OptionSelect
                  id={fromId}
                  source={sessions}
                  value={from}
                  values={{}}
                  onChange={(value) => {
                    setFrom(value);
                    setPreview(undefined);
                    setDone(undefined);
                  }}
                />
              </div>
            </div>
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={!from || copy.isPending}>
                Preview
              </button>
            </div>
          </form>
          {failure && <Notice kind="error">{failure}</Notice>}
          {report && (
            <section aria-labelledby={`${fromId}-report`} className="copy-report">
              <h2 id={`${fromId}-report`}>{done ? 'Done' : 'Preview'}</h2>
              <p className={done ? 'notice success' : 'notice info'} role="status">
                {report.message}
              </p>
              <table className="counts">
                <caption className="visually-hidden">Counts</caption>
                <thead>
                  <tr>
                    <th scope="col">Rows</th>
                    <th scope="col">{done ? 'Created' : 'To create'}</th>
                    <th scope="col">Already there</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">Course-semester links (CCInfoSem)</th>
                    <td>{report.counts.ccinfo_sem.create}</td>
                    <td>{report.counts.ccinfo_sem.exists}</td>
                  </tr>
                  <tr>
                    <th scope="row">Paper schemes (PaperInfoSem)</th>
                    <td>{report.counts.paperinfosem.create}</td>
                    <td>{report.counts.paperinfosem.exists}</td>
                  </tr>
                </tbody>
              </table>
              {preview && (
                <p>
                  <button
                    type="button"
                    className="button primary"
                    disabled={!toCreate || copy.isPending}
                    onClick={() => void run(false)}
                  >
                    {toCreate ? `Copy ${toCreate} rows into ${to}` : 'Nothing to copy'}
                  </button>
                </p>
              )}
              {done && (
                <p>
                  <Link to={`${resourcePaths.paperinfosem.list}?session_id=${encodeURIComponent(to)}`}>
                    Open the paper schemes of {to}
                  </Link>
                </p>
              )}
              <h3>Course-semester links</h3>
              <DataTable
                caption="Course-semester links"
                columns={linkColumns}
                rows={report.ccinfo_sem}
                rowKey={(r) => `${r.course_comb_id}/${r.sem_id}`}
              />
              <h3>Paper schemes</h3>
              <DataTable
                caption="Paper schemes"
                columns={paperColumns}
                rows={report.paperinfosem}
                rowKey={(r) => `${r.course_comb_id}/${r.sem_id}/${r.paper_id}`}
              />
            </section>
          )}
        </>
      )}
      <p>
        <Link to={`${resourcePaths.session.view}?id=${encodeURIComponent(to)}`}>Back to the session</Link>
      </p>
    </Page>
  );
}
