import { examFormWorkflow, type Job } from '@exam/contracts';
import hindi from '@exam/contracts/i18n/screens-hi';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../src/components/ui/data-table.tsx';
import {
  BulkActions,
  bulkTexts,
  selectColumn,
  useBulkSelection,
} from '../../src/components/ui/workflow-actions.tsx';
import { useT } from '../../src/lib/i18n.ts';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { fakeApi, renderApp, stamp } from './harness.tsx';

type Row = { form_id: string; status: string };
const rows: Row[] = [
  { form_id: 'F1', status: 'COLLEGE_VERIFIED' },
  { form_id: 'F2', status: 'COLLEGE_VERIFIED' },
  { form_id: 'F3', status: 'FEE_PAID' },
];

/** A workflow list as the screens build it: the bulk bar above a table with a checkbox column. */
function List({ role, total, onMoved }: { role: string; total: number; onMoved: () => void }) {
  const bulk = useBulkSelection('college_id=C101');
  const { t } = useT();
  return (
    <>
      <BulkActions
        workflow={examFormWorkflow}
        resourcePath="examform"
        role={role}
        bulk={bulk}
        total={total}
        filter={{ college_id: 'C101' }}
        rows={rows}
        keyOf={(row) => String(row.form_id)}
        onMoved={onMoved}
      />
      <DataTable<Row>
        caption="Forms"
        columns={[
          selectColumn<Row>(bulk, (row) => row.form_id, t),
          { id: 'form', header: 'Form', cell: (row) => row.form_id },
        ]}
        rows={rows}
        rowKey={(row) => row.form_id}
      />
    </>
  );
}

function renderList(role = 'office', total = 3) {
  const onMoved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <List role={role} total={total} onMoved={onMoved} />
    </QueryClientProvider>,
  );
  return {
    onMoved,
    user: userEvent.setup(),
    bar: screen.getByRole('group', { name: 'Actions on the selection' }),
  };
}

describe('bulk actions on a workflow list', () => {
  it('offers the actions the role may take on the rows picked, asks with the count, reports', async () => {
    const api = fakeApi().on('POST', /^\/api\/examform\/bulk\/approve$/, {
      body: {
        done: ['F1'],
        refused: [{ key: 'F2', code: 'INVALID_TRANSITION', message: 'Exam form F2 is Approved already.' }],
        total: 2,
      },
    });
    const { user, bar, onMoved } = renderList();
    expect(within(bar).getByText('0 selected')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select F1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select F2' }));
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    // Verified forms: office may approve (or return, reject, cancel); nobody submits them again.
    expect(within(bar).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    expect(dialog).toHaveAccessibleDescription(/^Approve: 2 records\./);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Done: 1/)).toHaveTextContent('Done: 1 · Refused: 1');
    expect(screen.getByText('Exam form F2 is Approved already.', { exact: false })).toBeInTheDocument();
    expect(api.callsTo('POST', /bulk\/approve/)[0]!.body).toEqual({ keys: ['F1', 'F2'], reason: 'Checked' });
    expect(onMoved).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(bar).getByText('0 selected')).toBeInTheDocument();
  });

  it('selects all that match the filter, sends the filter, and follows the job to its report', async () => {
    const job: Job = {
      job_id: 'job-1',
      kind: 'workflows.bulk.examform.approve',
      status: 'succeeded',
      done: 250,
      total: 250,
      message: 'Approve: exam form records',
      errors: [],
      result: { done: Array.from({ length: 250 }, (_, i) => `F${i}`), refused: [], total: 250 },
      started_by: 1,
      attempts: 1,
      created_at: '2026-11-28T10:00:00.000Z',
      started_at: '2026-11-28T10:00:00.000Z',
      finished_at: '2026-11-28T10:00:05.000Z',
    };
    const api = fakeApi()
      .on('POST', /^\/api\/examform\/bulk\/approve$/, { status: 202, body: { job: { job_id: 'job-1' } } })
      .on('GET', /^\/api\/job\/job-1$/, { body: { job } });
    const { user, bar, onMoved } = renderList('office', 250);
    await user.click(within(bar).getByRole('button', { name: 'Select all 250 that match the filter' }));
    expect(within(bar).getByText('All 250 that match the filter are selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select F3' })).toBeChecked();
    // The rows shown are verified or fee-paid: verify and approve apply, submit (from draft) does not.
    expect(within(bar).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    expect(dialog).toHaveAccessibleDescription(/^Approve: 250 records\./);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done: 250')).toBeInTheDocument();
    expect(api.callsTo('POST', /bulk\/approve/)[0]!.body).toEqual({ filter: { college_id: 'C101' } });
    expect(onMoved).toHaveBeenCalled();
  });

  it('shows no action to a role that may take none', async () => {
    const { user, bar } = renderList('student');
    await user.click(screen.getByRole('checkbox', { name: 'Select F1' }));
    expect(within(bar).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('has every text of the bulk bar in Hindi', () => {
    expect(bulkTexts.filter((text) => !(text in hindi))).toEqual([]);
  });
});

describe('bulk actions on the exam course links list', () => {
  it('closes the forms of every link of an exam in one action, by the list filter', async () => {
    const link = (course: string) => ({
      exam_id: 'E1',
      session_id: '2024-25',
      course_comb_id: course,
      sem_id: '1',
      phase: 'FORMS_OPEN',
      base_fee: '800',
      form_open_at: null,
      late_fee_close_at: null,
      updated_at: stamp,
    });
    const { api, user } = renderApp('/ListExamsCCInfo?exam_id=E1', {
      setup: (a) =>
        a
          .on('GET', /^\/api\/examccinfo\?/, {
            body: { examccinfo: [link('BSC01'), link('BA01')], total: 2 },
          })
          .on('POST', /^\/api\/examccinfo\/bulk\/close-forms$/, {
            body: { done: ['E1/2024-25/BA01/1', 'E1/2024-25/BSC01/1'], refused: [], total: 2 },
          }),
    });
    const bar = await screen.findByRole('group', { name: 'Actions on the selection' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 2 that match the filter' }));
    await user.click(within(bar).getByRole('button', { name: 'Close forms' }));
    const dialog = screen.getByRole('dialog', { name: 'Close forms' });
    expect(dialog).toHaveAccessibleDescription(/^Close forms: 2 records\./);
    await user.click(within(dialog).getByRole('button', { name: 'Close forms' }));
    expect(await screen.findByText('Done: 2')).toBeInTheDocument();
    expect(api.callsTo('POST', /bulk\/close-forms/)[0]!.body).toMatchObject({ filter: { exam_id: 'E1' } });
  });
});
