import {
  certificateSubtypes,
  documentStatus,
  documentType,
  documentWorkflow,
  approvalAlwaysRequired,
  resultBasedType,
  resultBasedTypes,
  type DocumentBatchResult,
  type DocumentType,
  type ResultBasedType,
  can,
  type CapabilityKey,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorList, errorItemId, listServerErrors } from '../../components/ui/error-list.tsx';
import { JobProgress } from '../../components/ui/job-progress.tsx';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import {
  BulkActions,
  selectColumn,
  useBulkSelection,
  WorkflowActions,
} from '../../components/ui/workflow-actions.tsx';
import { isApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import { DocumentValues } from './document-values.tsx';
import { ConvocationNote, IssuingPanel } from './issuing-panel.tsx';
import {
  documentAction,
  documentPdf,
  draftDocument,
  printExam,
  recordSpoilage,
  startBatch,
  useDocument,
  useDocuments,
  useExams,
  type DocumentRow,
} from './documents-api.ts';
import './documents.css';
import { PickerField } from '../../components/ui/picker-field.tsx';

type Scheme = 'OLD' | 'NEW';

export interface DocumentsScreenProps {
  title: string;
  /** One type's screen (/DocsNewMarksheet); all types when absent (/DocumentOld, /DocumentNew). */
  docType?: DocumentType;
  /** OLD: documents of the OLD scheme; NEW: NEW/NEP (and those drafted from the record). */
  scheme?: Scheme;
  /** document_admin's approval queue: CHECKED documents first, no drafting. */
  queue?: boolean;
}

const inScheme = (row: DocumentRow, scheme: Scheme | undefined) =>
  !scheme || (scheme === 'OLD' ? row.scheme === 'OLD' : row.scheme !== 'OLD');
const degreeTypes: readonly DocumentType[] = ['DEGREE', 'PROVISIONAL_DEGREE'];
/** The types a whole exam is drafted in by the batch job: those drafted from published results. */
const batchTypes = resultBasedType.options;
type BatchType = ResultBasedType;
const isBatchType = (type: string): type is BatchType => (batchTypes as readonly string[]).includes(type);
/** The batch form's title and button per type. */
const batchTitles: Record<BatchType, string> = {
  MARKSHEET: 'Marksheets of a whole exam',
  CONSOLIDATED_MARKSHEET: 'Consolidated marksheets of a whole exam',
  TRANSCRIPT: 'Transcripts of a whole exam',
  PROVISIONAL_DEGREE: 'Provisional degrees of a whole exam',
  DEGREE: 'Degrees of a whole exam',
};
const batchButtons: Record<BatchType, string> = {
  MARKSHEET: 'Draft the marksheets',
  CONSOLIDATED_MARKSHEET: 'Draft the consolidated marksheets',
  TRANSCRIPT: 'Draft the transcripts',
  PROVISIONAL_DEGREE: 'Draft the provisional degrees',
  DEGREE: 'Draft the degrees',
};

/**
 * Every documents screen of the route table (lifecycle S10): one list with filters (type, status, exam,
 * student) and the opened document with its frozen values, status, serial, the actions the workflow allows
 * the user and its PDF; for the document role the drafting form and a whole exam's batch, for document_admin
 * the approval queue.
 */
export function DocumentsScreen({ title, docType, scheme, queue = false }: DocumentsScreenProps) {
  const { t } = useT();
  const user = useCurrentUser();
  const role = user.data?.name;
  const [filters, setFilters] = useState({
    doc_type: docType ?? '',
    status: queue ? 'CHECKED' : '',
    exam_id: '',
    student_id: '',
  });
  const [student, setStudent] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const exams = useExams();
  const list = useDocuments({
    doc_type: filters.doc_type || undefined,
    status: filters.status || undefined,
    student_id: filters.student_id || undefined,
    exam_id: filters.exam_id || undefined,
  });
  // Exam, type, status and student are filtered by the server; the scheme (not a filter field) on the page
  // shown.
  const rows = (list.data?.rows ?? []).filter((r) => inScheme(r, scheme));
  const total = list.data?.total ?? 0;
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  const canDraft = !queue && (role === 'document' || role === 'document_admin' || role === 'admin');
  const queryClient = useQueryClient();
  const serverFilter = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<
    string,
    string
  >;
  const bulk = useBulkSelection(JSON.stringify({ ...serverFilter, scheme }));
  // Check, approve, issue (and cancel) many documents at once, where the role may.
  const inBulk = Object.values(documentWorkflow.actions).some((a) =>
    can(role, a.capability as CapabilityKey),
  );
  const check = selectColumn<DocumentRow>(bulk, (d) => d.doc_id, t);

  return (
    <Page title={title}>
      {queue && (
        <p className="hint">
          {t(
            'Documents checked by the document cell wait here for approval: approving fixes the ' +
              'serial number and the signed QR.',
          )}
        </p>
      )}
      {canDraft && <DraftForm docType={docType} onDrafted={(id) => setSelected(id)} />}
      {canDraft && (!docType || isBatchType(docType)) && <BatchPanel docType={docType} />}
      {queue && docType && degreeTypes.includes(docType) && <SpoilageForm />}
      {/* What every document prints: document_admin's queues show it to record and correct; drafting screens
          folded. */}
      {(queue || canDraft) && <IssuingPanel collapsible={!queue} />}

      <section aria-labelledby="doc-list">
        <h2 id="doc-list">{t(queue ? 'Approval queue' : 'Documents')}</h2>
        <form
          className="doc-filters"
          aria-label={t('Filter documents')}
          onSubmit={(e) => {
            e.preventDefault();
            set({ student_id: student.trim() });
          }}
        >
          {!docType && (
            <PickerField label={t('Type')}>
              {(id) => (
                <select id={id} value={filters.doc_type} onChange={(e) => set({ doc_type: e.target.value })}>
                  <option value="">{t('Any')}</option>
                  {documentType.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t(o.label)}
                    </option>
                  ))}
                </select>
              )}
            </PickerField>
          )}
          <PickerField label={t('Status')}>
            {(id) => (
              <select id={id} value={filters.status} onChange={(e) => set({ status: e.target.value })}>
                <option value="">{t('Any')}</option>
                {documentStatus.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {t(o.label)}
                  </option>
                ))}
              </select>
            )}
          </PickerField>
          <PickerField label={t('Exam')}>
            {(id) => (
              <select id={id} value={filters.exam_id} onChange={(e) => set({ exam_id: e.target.value })}>
                <option value="">{t('Any')}</option>
                {(exams.data ?? []).map((x) => (
                  <option key={x.exam_id} value={x.exam_id}>
                    {x.exam_id}
                  </option>
                ))}
              </select>
            )}
          </PickerField>
          <PickerField label={t('Student')}>
            {(id) => <input id={id} value={student} onChange={(e) => setStudent(e.target.value)} />}
          </PickerField>
          <button type="submit" className="button secondary">
            {t('Show')}
          </button>
        </form>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <Notice kind="error">{list.error.message}</Notice>
        ) : (
          <>
            {inBulk && (
              <BulkActions
                workflow={documentWorkflow}
                resourcePath="document"
                role={role}
                bulk={bulk}
                total={total}
                filter={serverFilter}
                rows={rows as unknown as Record<string, unknown>[]}
                keyOf={(row) => String(row.doc_id)}
                onMoved={() => void queryClient.invalidateQueries({ queryKey: ['document'] })}
                allowAll={!scheme}
              />
            )}
            <div className="table-scroll" role="region" aria-label={t('Documents')} tabIndex={0}>
              <table className="data-table">
                <caption>
                  {t('{{n}} documents', { n: rows.length })}
                  {total > (list.data?.rows.length ?? 0) && (
                    <>
                      {' '}
                      ·{' '}
                      {t('the newest {{shown}} of {{n}} that match: narrow the filters to see the others', {
                        n: total,
                        shown: list.data?.rows.length ?? 0,
                      })}
                    </>
                  )}
                </caption>
                <thead>
                  <tr>
                    {inBulk && <th scope="col">{t(check.header)}</th>}
                    <th scope="col">{t('Document')}</th>
                    <th scope="col">{t('Serial')}</th>
                    <th scope="col">{t('Type')}</th>
                    <th scope="col">{t('Student')}</th>
                    <th scope="col">{t('Name')}</th>
                    <th scope="col">{t('Exam')}</th>
                    <th scope="col">{t('Scheme')}</th>
                    <th scope="col">{t('Status')}</th>
                    <th scope="col">{t('Action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 && (
                    <tr>
                      <td colSpan={inBulk ? 10 : 9}>{t('No Record Available')}</td>
                    </tr>
                  )}
                  {rows.map((d) => (
                    <tr key={d.doc_id} aria-selected={d.doc_id === selected}>
                      {inBulk && <td>{check.cell(d)}</td>}
                      <th scope="row">{d.doc_id}</th>
                      <td>{d.serial_no ?? '—'}</td>
                      <td>
                        {t(documentType.labelOf(d.doc_type))}
                        {d.subtype ? ` · ${d.subtype}` : ''}
                        {d.marker ? ` · ${d.marker}` : ''}
                      </td>
                      <td>{d.student_id}</td>
                      <td>{d.name_en ?? ''}</td>
                      <td>{d.exam_id ?? '—'}</td>
                      <td>{d.scheme ?? '—'}</td>
                      <td>
                        <span className="status-badge" data-status={d.status}>
                          {t(documentStatus.labelOf(d.status))}
                        </span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button small secondary"
                          onClick={() => setSelected(d.doc_id)}
                          aria-label={t('Open {{id}}', { id: d.doc_id })}
                        >
                          {t('Open')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      {selected && <DocumentDetail key={selected} docId={selected} role={role} onOpen={setSelected} />}
    </Page>
  );
}

const draftLabels: Record<string, string> = {
  doc_type: 'Document type',
  subtype: 'Certificate',
  student_id: 'Student',
  basis: 'Result',
  'basis.exam_id': 'Exam',
  'basis.session_id': 'Session',
  'basis.course_comb_id': 'Course combination',
  'basis.sem_id': 'Semester',
  'basis.version': 'Result version',
  purpose: 'Purpose',
};

/**
 * Drafts one document from a student's PUBLISHED result (or its record); what was typed stays on a refusal.
 */
export function DraftForm({
  docType,
  onDrafted,
}: {
  docType?: DocumentType;
  onDrafted: (docId: string) => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const exams = useExams();
  const [form, setForm] = useState({
    doc_type: docType ?? 'MARKSHEET',
    subtype: '',
    student_id: '',
    exam_id: '',
    session_id: '',
    course_comb_id: '',
    sem_id: '',
    version: '',
    purpose: '',
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message?: string; errors?: Record<string, string[]> }>({});
  const [done, setDone] = useState<string | null>(null);
  const type = form.doc_type as DocumentType;
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const labels = Object.fromEntries(Object.entries(draftLabels).map(([k, v]) => [k, t(v)]));
  const errors = listServerErrors(failure.errors, labels);
  const invalid = (field: string) =>
    errors.some((e) => e.field === field)
      ? { 'aria-invalid': true as const, 'aria-describedby': errorItemId(field) }
      : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.student_id.trim()) {
      setFailure({ errors: { student_id: [t('Required: the student id.')] } });
      return;
    }
    setBusy(true);
    setFailure({});
    setDone(null);
    try {
      const answer = await draftDocument({
        doc_type: type,
        subtype: type === 'CERTIFICATE' ? form.subtype : undefined,
        student_id: form.student_id.trim(),
        purpose: form.purpose || undefined,
        basis: {
          exam_id: form.exam_id,
          session_id: form.session_id.trim(),
          course_comb_id: form.course_comb_id.trim(),
          sem_id: form.sem_id.trim(),
          version: form.version.trim(),
        },
      });
      setDone(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['document'] });
      onDrafted(answer.document.doc_id);
    } catch (error) {
      setFailure(
        isApiError(error)
          ? { message: error.message, errors: error.fieldErrors }
          : { message: t('The document could not be drafted; please try again.') },
      );
    } finally {
      setBusy(false);
    }
  };

  const fromResult = resultBasedTypes.includes(type);
  return (
    <section aria-labelledby="doc-draft" className="doc-panel">
      <h2 id="doc-draft">
        {docType ? t('Draft a {{type}}', { type: t(documentType.labelOf(docType)) }) : t('Draft a document')}
      </h2>
      <p className="hint">
        {t(
          fromResult
            ? "Drafted from the student's PUBLISHED result: every printed value is frozen now and " +
                'never recomputed.'
            : "Drafted from the student's record: every printed value is frozen now.",
        )}
      </p>
      <form className="doc-filters" onSubmit={submit} noValidate aria-label={t('Draft a document')}>
        {!docType && (
          <PickerField label={t('Document type')}>
            {(id) => (
              <select
                id={id}
                value={form.doc_type}
                onChange={(e) => set({ doc_type: e.target.value as DocumentType })}
                {...invalid('doc_type')}
              >
                {documentType.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {t(o.label)}
                  </option>
                ))}
              </select>
            )}
          </PickerField>
        )}
        {type === 'CERTIFICATE' && (
          <PickerField label={t('Certificate')}>
            {(id) => (
              <select
                id={id}
                value={form.subtype}
                onChange={(e) => set({ subtype: e.target.value })}
                {...invalid('subtype')}
              >
                <option value="">—</option>
                {certificateSubtypes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </PickerField>
        )}
        <PickerField label={t('Student')}>
          {(id) => (
            <input
              id={id}
              value={form.student_id}
              onChange={(e) => set({ student_id: e.target.value })}
              {...invalid('student_id')}
            />
          )}
        </PickerField>
        <PickerField label={t('Exam')}>
          {(id) => (
            <select
              id={id}
              value={form.exam_id}
              onChange={(e) => set({ exam_id: e.target.value })}
              {...invalid('basis.exam_id')}
            >
              <option value="">—</option>
              {(exams.data ?? []).map((x) => (
                <option key={x.exam_id} value={x.exam_id}>
                  {x.exam_id}
                  {x.exam_desc ? ` · ${x.exam_desc}` : ''}
                </option>
              ))}
            </select>
          )}
        </PickerField>
        {fromResult && (
          <>
            <PickerField label={t('Session')}>
              {(id) => (
                <input
                  id={id}
                  size={8}
                  value={form.session_id}
                  onChange={(e) => set({ session_id: e.target.value })}
                  {...invalid('basis.session_id')}
                />
              )}
            </PickerField>
            <PickerField label={t('Course combination')}>
              {(id) => (
                <input
                  id={id}
                  size={8}
                  value={form.course_comb_id}
                  onChange={(e) => set({ course_comb_id: e.target.value })}
                  {...invalid('basis.course_comb_id')}
                />
              )}
            </PickerField>
            <PickerField label={t('Semester')}>
              {(id) => (
                <input
                  id={id}
                  size={4}
                  value={form.sem_id}
                  onChange={(e) => set({ sem_id: e.target.value })}
                  {...invalid('basis.sem_id')}
                />
              )}
            </PickerField>
            <PickerField label={t('Result version')}>
              {(id) => (
                <input
                  id={id}
                  size={4}
                  inputMode="numeric"
                  value={form.version}
                  onChange={(e) => set({ version: e.target.value })}
                  {...invalid('basis.version')}
                />
              )}
            </PickerField>
          </>
        )}
        {(type === 'MIGRATION' || type === 'TRANSCRIPT') && (
          <PickerField label={t('Purpose')}>
            {(id) => (
              <input
                id={id}
                value={form.purpose}
                maxLength={200}
                onChange={(e) => set({ purpose: e.target.value })}
                {...invalid('purpose')}
              />
            )}
          </PickerField>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {t('Draft')}
        </button>
        {busy && <span className="loading">{t('Working…')}</span>}
      </form>
      <p className="field-note">
        {t(
          'Session, course and semester are needed only when the student has several published ' +
            'results in the exam; the version defaults to the published one.',
        )}
      </p>
      {type === 'DEGREE' && <ConvocationNote />}
      <ErrorList message={failure.message} errors={errors} />
      {done && <Notice kind="success">{done}</Notice>}
    </section>
  );
}

/** Students a batch left out, each with its reason (the first 50). */
function StudentReasons({
  rows,
  label,
}: {
  rows: ReadonlyArray<{ student_id: string; reason: string }>;
  label?: string;
}) {
  return (
    <ul className="doc-skipped" aria-label={label}>
      {rows.slice(0, 50).map((s) => (
        <li key={s.student_id}>
          {s.student_id}: {s.reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * A whole exam's documents of a result-based type drafted as one job with progress (who cannot have one is
 * named with the reason); then downloaded as one PDF of them all or as a ZIP of one PDF per document, named
 * by serial.
 */
function BatchPanel({ docType }: { docType?: DocumentType }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const exams = useExams();
  const [exam, setExam] = useState('');
  const [type, setType] = useState<BatchType>(docType && isBatchType(docType) ? docType : 'MARKSHEET');
  const [render, setRender] = useState(true);
  const [job, setJob] = useState<{ id: string; exam: string; type: BatchType } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!exam) return setFailure(t('Pick the exam first.'));
    try {
      const answer = await startBatch({ doc_type: type, exam_id: exam, render });
      setJob({ id: answer.job.job_id, exam, type });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const download = (format: 'pdf' | 'zip') => {
    setFailure(null);
    void printExam(exam, type, format).catch((e: Error) => setFailure(e.message));
  };
  return (
    <section aria-labelledby="doc-batch" className="doc-panel">
      <h2 id="doc-batch">{t(batchTitles[type])}</h2>
      <form className="doc-filters" onSubmit={start} aria-label={t(batchTitles[type])}>
        <PickerField label={t('Exam of the batch')}>
          {(id) => (
            <select id={id} value={exam} onChange={(e) => setExam(e.target.value)}>
              <option value="">—</option>
              {(exams.data ?? []).map((x) => (
                <option key={x.exam_id} value={x.exam_id}>
                  {x.exam_id}
                </option>
              ))}
            </select>
          )}
        </PickerField>
        {!docType && (
          <PickerField label={t('Type of the batch')}>
            {(id) => (
              <select
                id={id}
                value={type}
                onChange={(e) => {
                  if (isBatchType(e.target.value)) setType(e.target.value);
                }}
              >
                {batchTypes.map((value) => (
                  <option key={value} value={value}>
                    {t(documentType.labelOf(value))}
                  </option>
                ))}
              </select>
            )}
          </PickerField>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={render} onChange={(e) => setRender(e.target.checked)} />{' '}
          {t('Check every PDF renders')}
        </label>
        <button type="submit" className="button secondary">
          {t(batchButtons[type])}
        </button>
        {exam && (
          <span className="doc-downloads" role="group" aria-label={t("Download the exam's documents")}>
            <button type="button" className="button secondary" onClick={() => download('pdf')}>
              {t('Download all as one PDF')}
            </button>
            <button type="button" className="button secondary" onClick={() => download('zip')}>
              {t('Download as ZIP (one PDF per document)')}
            </button>
          </span>
        )}
      </form>
      {/* On /DocsNewDegree the drafting form above already says it. */}
      {type === 'DEGREE' && !docType && <ConvocationNote />}
      {failure && <Notice kind="error">{failure}</Notice>}
      {job && (
        <JobProgress
          key={job.id}
          jobId={job.id}
          label={t('Drafting the batch of {{exam}}: {{type}}', {
            exam: job.exam,
            type: t(documentType.labelOf(job.type)),
          })}
          unit={t('students')}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: ['document'] })}
          renderResult={(result) => {
            const r = result as DocumentBatchResult;
            const refused = r.refused ?? [];
            return (
              <div>
                <p>
                  {t('{{n}} drafted, {{r}} PDFs checked, {{s}} skipped.', {
                    n: r.drafted,
                    r: r.rendered,
                    s: r.skipped.length,
                  })}
                </p>
                {r.skipped.length > 0 && <StudentReasons rows={r.skipped} />}
                {refused.length > 0 && (
                  <>
                    <p>{t('{{n}} students cannot have one:', { n: refused.length })}</p>
                    <StudentReasons rows={refused} label={t('Students who cannot have one')} />
                  </>
                )}
              </div>
            );
          }}
        />
      )}
    </section>
  );
}

/** The spoilage register of pre-printed degree stationery (document_admin). */
function SpoilageForm() {
  const { t } = useT();
  const [sheet, setSheet] = useState('');
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState<{
    kind: 'success' | 'error';
    text: string;
    errors?: Record<string, string[]>;
  } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const done = await recordSpoilage({ stationery_serial: sheet, reason });
      setAnswer({ kind: 'success', text: done.message });
      setSheet('');
      setReason('');
    } catch (error) {
      setAnswer({
        kind: 'error',
        text: error instanceof Error ? error.message : String(error),
        errors: isApiError(error) ? error.fieldErrors : undefined,
      });
    }
  };
  return (
    <section aria-labelledby="doc-spoil" className="doc-panel">
      <h2 id="doc-spoil">{t('Spoiled stationery')}</h2>
      <form className="doc-filters" onSubmit={submit} noValidate aria-label={t('Spoiled stationery')}>
        <PickerField label={t('Sheet serial')}>
          {(id) => <input id={id} value={sheet} onChange={(e) => setSheet(e.target.value)} />}
        </PickerField>
        <PickerField label={t('Why spoiled')}>
          {(id) => <input id={id} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </PickerField>
        <button type="submit" className="button secondary">
          {t('Record spoilage')}
        </button>
      </form>
      {answer &&
        (answer.kind === 'error' ? (
          <ErrorList
            message={answer.text}
            errors={listServerErrors(answer.errors, {
              stationery_serial: t('Sheet serial'),
              reason: t('Why spoiled'),
            })}
          />
        ) : (
          <Notice kind="success">{answer.text}</Notice>
        ))}
    </section>
  );
}

/** One document: its facts, frozen values, status and actions, PDF. */
export function DocumentDetail({
  docId,
  role,
  onOpen,
}: {
  docId: string;
  role: string | undefined;
  onOpen: (docId: string) => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const doc = useDocument(docId);
  const [stationery, setStationery] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);
  if (doc.isPending) return <Loading />;
  if (doc.isError) return <Notice kind="error">{doc.error.message}</Notice>;
  const d = doc.data;
  const act = async (action: string, reason: string | undefined) => {
    const body: Record<string, unknown> = { reason };
    if (action === 'approve' && stationery.trim()) body.stationery_serial = stationery.trim();
    const answer = await documentAction(d, action, body);
    await queryClient.invalidateQueries({ queryKey: ['document'] });
    if (answer.duplicate) onOpen(answer.duplicate.doc_id);
    return answer.message;
  };
  const pdf = (how: 'save' | 'view') => {
    setPdfError(null);
    documentPdf(d, how)?.catch((error: Error) => setPdfError(error.message));
  };
  const approvalNote = d.approval_required
    ? approvalAlwaysRequired.includes(d.doc_type)
      ? 'Approval by document_admin is mandatory for this type.'
      : 'Approval by document_admin is required by the university.'
    : 'This type may be issued once checked.';
  return (
    <section className="doc-detail" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(documentType.labelOf(d.doc_type))} {d.serial_no ?? d.doc_id} · {d.student_id}
      </h2>
      {d.marker && <p className="doc-marker">{d.marker}</p>}
      <dl className="doc-facts">
        <Fact term={t('Document')}>{d.doc_id}</Fact>
        <Fact term={t('Serial')}>{d.serial_no ?? t('Fixed at approval')}</Fact>
        {d.stationery_serial && <Fact term={t('Stationery serial')}>{d.stationery_serial}</Fact>}
        <Fact term={t('Name')}>
          {d.name_en ?? '—'}
          {d.name_hi && (
            <>
              {' '}
              · <span lang="hi">{d.name_hi}</span>
            </>
          )}
        </Fact>
        <Fact term={t('Exam')}>
          {d.exam_id ?? '—'}
          {d.scheme ? ` · ${d.scheme}` : ''}
        </Fact>
        <Fact term={t('Template')}>
          {d.template_id} v{d.template_version}
        </Fact>
        <Fact term={t('Payload hash')}>
          <code className="doc-hash">{d.payload_hash.slice(0, 16)}…</code>
        </Fact>
        <Fact term={t('Prepared by')}>{d.prepared_by ?? '—'}</Fact>
        <Fact term={t('Checked by')}>
          {d.checked_by ? `${d.checked_by} · ${d.checked_at?.slice(0, 10) ?? ''}` : '—'}
        </Fact>
        <Fact term={t('Approved by')}>
          {d.approved_by ? `${d.approved_by} · ${d.approved_at?.slice(0, 10) ?? ''}` : '—'}
        </Fact>
        <Fact term={t('Issued')}>
          {d.issued_at ? `${d.issued_at.slice(0, 10)} · ${d.issued_by ?? ''}` : '—'}
        </Fact>
        {d.duplicate_of && (
          <Fact term={t('Duplicate of')}>
            <button type="button" className="link-button" onClick={() => onOpen(d.duplicate_of!)}>
              {d.duplicate_of}
            </button>
          </Fact>
        )}
        {d.supersedes && (
          <Fact term={t('Revises')}>
            <button type="button" className="link-button" onClick={() => onOpen(d.supersedes!)}>
              {d.supersedes}
            </button>
          </Fact>
        )}
        {d.superseded_by && (
          <Fact term={t('Superseded by')}>
            <button type="button" className="link-button" onClick={() => onOpen(d.superseded_by!)}>
              {d.superseded_by}
            </button>
          </Fact>
        )}
        {d.cancel_reason && <Fact term={t('Cancelled because')}>{d.cancel_reason}</Fact>}
        {d.basis?.reason && <Fact term={t('Reason')}>{d.basis.reason}</Fact>}
      </dl>
      <p className="hint">{t(approvalNote)}</p>
      {d.verify_url && d.status === 'ISSUED' && (
        <p>
          {t('Verification')}:{' '}
          <a href={d.verify_url} target="_blank" rel="noreferrer">
            {t('Open the verification page')}
          </a>
        </p>
      )}
      {d.status === 'CHECKED' &&
        degreeTypes.includes(d.doc_type) &&
        (role === 'document_admin' || role === 'admin') && (
          <div className="reval-inputs">
            <PickerField label={t('Stationery serial (pre-printed sheet)')}>
              {(id) => (
                <input
                  id={id}
                  value={stationery}
                  maxLength={40}
                  onChange={(e) => setStationery(e.target.value)}
                />
              )}
            </PickerField>
          </div>
        )}
      {/* The confirmation sentences name the type in words ("Marksheet", not MARKSHEET); the guard reads
          status and approval_required. */}
      <WorkflowActions
        workflow={documentWorkflow}
        record={
          {
            ...d,
            doc_type: t(documentType.labelOf(d.doc_type)),
            serial_no: d.serial_no ?? d.doc_id,
          } as unknown as Record<string, unknown>
        }
        role={role}
        onAct={act}
      />
      <div className="form-actions">
        <button type="button" className="button secondary" onClick={() => pdf('view')}>
          {t('View PDF')}
        </button>
        <button type="button" className="button secondary" onClick={() => pdf('save')}>
          {t('Download PDF')}
        </button>
      </div>
      {pdfError && <Notice kind="error">{pdfError}</Notice>}
      {d.payload && <DocumentValues payload={d.payload} />}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
