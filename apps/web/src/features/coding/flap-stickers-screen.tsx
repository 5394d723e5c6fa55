import {
  codingStatus,
  decodeExceptionKind,
  packetWorkflow,
  type Coding,
  type DecodeException,
  type Job,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { JobProgress } from '../../components/ui/job-progress.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { T } from '../../components/ui/text.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import {
  assignNumbers,
  assignPacket,
  downloadPacketSlip,
  downloadStickers,
  makePackets,
  receivePacket,
  startDecode,
  useCodings,
  useDecodeReport,
  useExaminers,
  usePackets,
  type Packet,
} from './coding-api.ts';
import { SecrecyGate } from './secrecy-gate.tsx';
import './coding.css';

/** The texts the coding screens write inline (the Hindi catalogue test checks each has its Hindi). */
export const flapStickerTexts = [
  'Flap Stickers',
  'Exam',
  'Show',
  'Paper',
  'Status',
  'Present',
  'Coded books',
  'Packets',
  'Attendance',
  'Locked',
  'Not locked',
  'Action',
  'Open paper',
  'Papers of {{exam}}',
  'No paper of this exam has candidates.',
  'The papers could not be loaded: {{message}}',
  'Paper {{paper}}',
  'Assign fictitious numbers',
  'Print stickers',
  'Make packets',
  'Making packets',
  'Decode',
  'Decoding the award lists',
  'books',
  'Packet',
  'Books',
  'Fictitious numbers',
  'Examiner',
  'Choose an examiner',
  'Assign',
  'Receive',
  'Slip',
  'Packets of {{paper}}',
  'No packet yet.',
  'The packets could not be loaded: {{message}}',
  'Examiners',
  'Decode report',
  'Award lists not LOCKED yet: {{packets}}',
  'Exception list',
  'Kind',
  'Fict. No.',
  'Roll No.',
  'Detail',
  'No exception.',
  '{{n}} attempts decoded.',
  'Flap entry',
  'Download the slip of packet {{packet}}',
];

/**
 * An answer's message, or for a refused body the messages of its fields (an examiner of a candidate's
 * college).
 */
const failureText = (e: Error) =>
  isApiError(e) && e.fieldErrors ? Object.values(e.fieldErrors).flat().join(' ') : e.message;

function Actions({
  examId,
  coding,
  onDone,
}: {
  examId: string;
  coding: Coding;
  onDone: (message: { kind: 'success' | 'error'; text: string }, job?: Job) => void;
}) {
  const { t } = useT();
  const run = (work: () => Promise<{ message: string }>) =>
    void work().then(
      (a) => onDone({ kind: 'success', text: a.message }),
      (e: Error) => onDone({ kind: 'error', text: failureText(e) }),
    );
  const s = coding.status;
  return (
    <div className="bulk-actions" role="group" aria-label={t('Paper {{paper}}', { paper: coding.paper_id })}>
      <button
        type="button"
        className="button"
        disabled={s !== 'NOT_CODED'}
        onClick={() => run(() => assignNumbers(examId, coding.paper_id))}
      >
        {t('Assign fictitious numbers')}
      </button>
      <button
        type="button"
        className="button secondary"
        disabled={!coding.books}
        onClick={() =>
          run(async () => {
            await downloadStickers(examId, coding.paper_id);
            return { message: '' };
          })
        }
      >
        {t('Print stickers')}
      </button>
      <button
        type="button"
        className="button secondary"
        disabled={s !== 'CODED'}
        onClick={() =>
          void makePackets(examId, coding.paper_id).then(
            (a) =>
              'job' in a
                ? onDone({ kind: 'success', text: '' }, a.job)
                : onDone({ kind: 'success', text: a.message }),
            (e: Error) => onDone({ kind: 'error', text: e.message }),
          )
        }
      >
        {t('Make packets')}
      </button>
      <button
        type="button"
        className="button"
        disabled={!['PACKETED', 'ASSIGNED', 'EVALUATED'].includes(s)}
        onClick={() =>
          void startDecode(examId, coding.paper_id).then(
            (a) => onDone({ kind: 'success', text: '' }, a.job),
            (e: Error) => onDone({ kind: 'error', text: e.message }),
          )
        }
      >
        {t('Decode')}
      </button>
    </div>
  );
}

function PacketTable({
  examId,
  paperId,
  onMessage,
}: {
  examId: string;
  paperId: string;
  onMessage: (m: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const { t } = useT();
  const packets = usePackets(examId, paperId);
  const examiners = useExaminers();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const act = (work: () => Promise<{ message: string }>) =>
    void work().then(
      async (a) => {
        onMessage({ kind: 'success', text: a.message });
        await client.invalidateQueries({ queryKey: ['packet'] });
        await client.invalidateQueries({ queryKey: ['coding'] });
      },
      (e: Error) => onMessage({ kind: 'error', text: failureText(e) }),
    );
  const columns: TableColumn<Packet>[] = [
    { id: 'packet', header: 'Packet', cell: (p) => p.packet_no },
    { id: 'books', header: 'Books', cell: (p) => p.count },
    { id: 'range', header: 'Fictitious numbers', cell: (p) => `${p.first_fict} – ${p.last_fict}` },
    { id: 'status', header: 'Status', cell: (p) => <T>{packetWorkflow.labelOf(p.status)}</T> },
    {
      id: 'examiner',
      header: 'Examiner',
      cell: (p) => (
        <span className="row-actions">
          <select
            aria-label={t('Examiner')}
            value={chosen[p.packet_no] ?? p.examiner_id ?? ''}
            onChange={(e) => setChosen({ ...chosen, [p.packet_no]: e.target.value })}
          >
            <option value="">{t('Choose an examiner')}</option>
            {(examiners.data ?? []).map((x) => (
              <option
                key={x.examiner_id}
                value={x.examiner_id}
              >{`${x.examiner_id} ${x.name}${x.college_id ? ` (${x.college_id})` : ''}`}</option>
            ))}
          </select>
          {p.status !== 'RECEIVED' && (
            <button
              type="button"
              className="button secondary"
              disabled={!chosen[p.packet_no]}
              onClick={() => act(() => assignPacket(p, chosen[p.packet_no]!))}
            >
              {t('Assign')}
            </button>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (p) => (
        <span className="row-actions">
          <button
            type="button"
            className="button secondary"
            aria-label={t('Download the slip of packet {{packet}}', { packet: p.packet_no })}
            onClick={() =>
              act(async () => {
                await downloadPacketSlip(p);
                return { message: '' };
              })
            }
          >
            {t('Slip')}
          </button>
          {p.status === 'ASSIGNED' && (
            <button type="button" className="button secondary" onClick={() => act(() => receivePacket(p))}>
              {t('Receive')}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <QueryState
      query={packets}
      failure={(e) => t('The packets could not be loaded: {{message}}', { message: e.message })}
    >
      {(rows) => (
        <DataTable
          caption={t('Packets of {{paper}}', { paper: paperId })}
          columns={columns}
          rows={rows}
          rowKey={(p) => p.packet_no}
          emptyText="No packet yet."
        />
      )}
    </QueryState>
  );
}

function DecodeReportView({ examId, paperId }: { examId: string; paperId: string }) {
  const { t } = useT();
  const report = useDecodeReport(examId, paperId, true);
  const columns: TableColumn<DecodeException>[] = [
    { id: 'kind', header: 'Kind', cell: (e) => <T>{decodeExceptionKind.labelOf(e.kind)}</T> },
    { id: 'fict', header: 'Fict. No.', cell: (e) => e.fict_no ?? '—' },
    { id: 'roll', header: 'Roll No.', cell: (e) => e.roll_no ?? '—' },
    { id: 'detail', header: 'Detail', cell: (e) => e.detail },
  ];
  if (!report.data) return null;
  const r = report.data;
  return (
    <section className="decode-report" aria-labelledby="decode-report">
      <h3 id="decode-report">{t('Decode report')}</h3>
      {r.packets_not_locked.length > 0 && (
        <Notice kind="info">
          {t('Award lists not LOCKED yet: {{packets}}', { packets: r.packets_not_locked.join(', ') })}
        </Notice>
      )}
      {r.coding.status === 'DECODED' && (
        <Notice kind="success">{t('{{n}} attempts decoded.', { n: r.decoded })}</Notice>
      )}
      {r.coding.status === 'DECODED' && (
        <DataTable
          caption={t('Exception list')}
          columns={columns}
          rows={r.exceptions}
          rowKey={(e) => String(e.seq)}
          emptyText="No exception."
        />
      )}
    </section>
  );
}

/**
 * /FlapStickers (lifecycle S6, §2.3 F; secrecy cell only): an exam's papers with their coding; for one paper
 * assign fictitious numbers, print the two-part stickers, make packets, give each packet to an examiner (not
 * of a candidate's college), and decode once every packet's award lists are LOCKED, with the job's progress
 * and the exception list.
 */
export function FlapStickersScreen() {
  const [search, setSearch] = useSearchParams();
  const examId = search.get('exam_id') ?? 'MAIN-DEC-2024';
  const paperId = search.get('paper_id') ?? '';
  const [exam, setExam] = useState(examId);
  const { t } = useT();
  const client = useQueryClient();
  const codings = useCodings(examId, true);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['coding'] });
    await client.invalidateQueries({ queryKey: ['packet'] });
  };
  const columns: TableColumn<Coding>[] = [
    { id: 'paper', header: 'Paper', cell: (c) => c.paper_id },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <span className={`coding-status-${c.status}`}>
          <T>{codingStatus.labelOf(c.status)}</T>
        </span>
      ),
    },
    { id: 'present', header: 'Present', cell: (c) => c.present },
    { id: 'books', header: 'Coded books', cell: (c) => c.books },
    { id: 'packets', header: 'Packets', cell: (c) => c.packets },
    {
      id: 'attendance',
      header: 'Attendance',
      cell: (c) => <T>{c.attendance_locked ? 'Locked' : 'Not locked'}</T>,
    },
    {
      id: 'open',
      header: 'Action',
      cell: (c) => (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setMessage(null);
            setJob(null);
            setSearch({ exam_id: examId, paper_id: c.paper_id });
          }}
        >
          {t('Open paper')}
        </button>
      ),
    },
  ];
  const selected = codings.data?.find((c) => c.paper_id === paperId);
  return (
    <SecrecyGate title="Flap Stickers">
      <Page
        title="Flap Stickers"
        actions={
          <span className="row-actions">
            <Link to="/FlapEntry">{t('Flap entry')}</Link> <Link to="/Examiners">{t('Examiners')}</Link>
          </span>
        }
      >
        <form
          className="card-picker"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch({ exam_id: exam.trim() });
          }}
        >
          <TextField
            id="coding-exam"
            label={t('Exam')}
            value={exam}
            onChange={(e) => setExam(e.target.value)}
          />
          <button type="submit" className="button secondary">
            {t('Show')}
          </button>
        </form>
        <QueryState
          query={codings}
          failure={(e) => t('The papers could not be loaded: {{message}}', { message: e.message })}
        >
          {(rows) => (
            <DataTable
              caption={t('Papers of {{exam}}', { exam: examId })}
              columns={columns}
              rows={rows}
              rowKey={(c) => c.paper_id}
              emptyText="No paper of this exam has candidates."
            />
          )}
        </QueryState>
        {selected && (
          <section className="coding-paper" aria-labelledby="coding-paper">
            <h2 id="coding-paper">
              {t('Paper {{paper}}', { paper: selected.paper_id })} ·{' '}
              <T>{codingStatus.labelOf(selected.status)}</T>
            </h2>
            <Actions
              examId={examId}
              coding={selected}
              onDone={(m, started) => {
                if (m.text) setMessage(m);
                else setMessage(null);
                if (started) setJob(started);
                void refresh();
              }}
            />
            {message && <Notice kind={message.kind}>{message.text}</Notice>}
            {job && (
              <JobProgress
                jobId={job.job_id}
                label={t(job.kind === 'coding.packets' ? 'Making packets' : 'Decoding the award lists')}
                unit={t('books')}
                onFinished={() => void refresh()}
              />
            )}
            <PacketTable examId={examId} paperId={selected.paper_id} onMessage={setMessage} />
            <DecodeReportView examId={examId} paperId={selected.paper_id} />
          </section>
        )}
      </Page>
    </SecrecyGate>
  );
}
