import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stamp } from './harness.tsx';

const verified = (status: 'VALID' | 'SUPERSEDED' | 'CANCELLED', extra: Record<string, unknown> = {}) => ({
  document: {
    doc_type: 'MARKSHEET',
    serial_no: 'MS/2026/000007',
    name_en: 'Asha Kumari',
    name_hi: 'आशा कुमारी',
    programme: 'B.Sc. Physics',
    exam: 'B.Sc. Semester I, May 2026',
    result: 'PASS, SGPA 7.40',
    issued_at: '2026-11-24T10:00:00.000Z',
    status,
    marker: null,
    superseded_by: null,
    ...extra,
  },
  signature_valid: true,
  reason: null,
  message: `${status}: Marksheet MS/2026/000007`,
});

const openVerify = (answer: { status?: number; body: unknown }) =>
  renderApp('/verify/abc.def', {
    token: null,
    setup: (api) => api.on('GET', /^\/api\/verify\/abc\.def$/, answer),
  });

describe('the public verification page', () => {
  it('shows a genuine issued document as VALID with its facts, without sign-in', async () => {
    const { api } = openVerify({ body: verified('VALID') });
    expect(await screen.findByText('VALID')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toBeTruthy();
    for (const text of [
      'MS/2026/000007',
      'Asha Kumari',
      'आशा कुमारी',
      'B.Sc. Physics',
      'B.Sc. Semester I, May 2026',
      'PASS, SGPA 7.40',
      '2026-11-24',
      'Marksheet',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(api.callsTo('GET', /^\/api\/verify\//)[0]!.authorization).toBeNull();
  });

  it('shows SUPERSEDED with the serial that replaced it, and CANCELLED', async () => {
    const first = openVerify({
      body: verified('SUPERSEDED', { superseded_by: 'MS/2026/000009', marker: null }),
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('SUPERSEDED');
    expect(banner).toHaveTextContent('no longer valid');
    expect(banner).toHaveTextContent('Replaced by MS/2026/000009.');
    first.view.unmount();
    openVerify({ body: verified('CANCELLED') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /CANCELLED.*cancelled by the university; it is not valid/,
    );
  });

  it.each([
    ['BAD_SIGNATURE', 'NOT GENUINE: ALTERED OR FORGED'],
    ['UNKNOWN_KEY', 'NOT GENUINE: FORGED'],
    ['MALFORMED', 'NOT A VERIFICATION CODE'],
    ['MISMATCH', 'NOT GENUINE: DOES NOT MATCH'],
  ])('shows a %s token as what it is', async (reason, title) => {
    openVerify({
      body: { document: null, signature_valid: reason === 'MISMATCH', reason, message: 'NOT GENUINE' },
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(title);
    expect(screen.queryByText('VALID')).not.toBeInTheDocument();
  });

  it('shows an unknown document, and the rate limit, plainly', async () => {
    const first = openVerify({
      status: 404,
      body: { code: 'NOT_FOUND', message: "No document MS/2026/000099 is on the university's register." },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /NOT ON THE REGISTER.*No document MS\/2026\/000099/,
    );
    first.view.unmount();
    openVerify({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message: 'Too many verifications from your address; try again in 42 seconds.',
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /TOO MANY CHECKS.*try again in 42 seconds.*Nothing is wrong with the document/,
    );
  });
});

const documentUser = {
  name: 'document',
  system: 'university',
  dept_id: null,
  college_id: null,
  email: 'document@university.test',
  display_name: 'Document Cell',
};
const adminUser = { ...documentUser, name: 'document_admin', email: 'document_admin@university.test' };

const doc = (status: string, extra: Record<string, unknown> = {}) => ({
  doc_id: 'DOC0001',
  doc_type: 'MARKSHEET',
  student_id: '2024C101001',
  subtype: null,
  status,
  series_id: null,
  serial_no: null,
  stationery_serial: null,
  college_id: 'C101',
  holder_id: null,
  name_en: 'Asha Kumari',
  name_hi: 'आशा कुमारी',
  exam_id: 'EX1',
  sem_id: '1',
  scheme: 'NEP',
  template_id: 'marksheet-new',
  template_version: 1,
  payload_hash: 'a'.repeat(64),
  marker: null,
  duplicate_of: null,
  supersedes: null,
  superseded_by: null,
  cancel_reason: null,
  approval_required: true,
  prepared_by: 'other@university.test',
  checked_by: null,
  approved_by: null,
  issued_by: null,
  checked_at: null,
  approved_at: null,
  issued_at: null,
  cancelled_at: null,
  verification_token: null,
  verify_url: null,
  created_at: stamp,
  updated_at: stamp,
  ...extra,
});

function documentsApp(
  path: string,
  user: Record<string, unknown>,
  record: Record<string, unknown>,
  onAction?: (action: string, body: unknown) => { status?: number; body?: unknown } | undefined,
) {
  return renderApp(path, {
    user,
    setup: (api) => {
      api.on('GET', /^\/api\/exam\?/, {
        body: { exam: [{ exam_id: 'EX1', exam_desc: 'Exam one', session_id: '2024-25' }] },
      });
      api.on('GET', /^\/api\/document\?/, { body: { document: [record], total: 1 } });
      api.on('GET', /^\/api\/documentissuing\?/, { body: { documentissuing: [], total: 0 } });
      api.on('GET', /^\/api\/document\/DOC0001$/, () => ({ body: { document: record } }));
      api.on(
        'POST',
        /^\/api\/document\/DOC0001\/(\w+)$/,
        (call, m) => onAction?.(m[1]!, call.body) ?? { body: { document: record, message: 'done' } },
      );
    },
  });
}

describe('a document opened from the list, with the actions its status allows', () => {
  it('offers the document role only Check on a draft, and sends the action', async () => {
    let current = doc('DRAFTED');
    const { user, api } = documentsApp('/DocsNewMarksheet', documentUser, current, (action) => {
      current = doc('CHECKED', { checked_by: 'document@university.test' });
      return { body: { document: current, message: `Marksheet DOC0001 is checked (${action}).` } };
    });
    await user.click(await screen.findByRole('button', { name: 'Open DOC0001' }));
    const bar = await screen.findByRole('group', { name: 'Status and actions' });
    expect(within(bar).getByText('Drafted')).toBeInTheDocument();
    // The document role checks; approval and cancel belong to document_admin.
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Check']);
    expect(screen.getByText('Approval by document_admin is required by the university.')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Check' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Check' }));
    await screen.findByText('Marksheet DOC0001 is checked (check).');
    expect(api.callsTo('POST', /\/check$/)[0]!.body).toMatchObject({ updated_at: stamp });
  });

  it(
    'offers document_admin Approve and Cancel on a checked one; a refusal is shown in the ' + 'dialog',
    async () => {
      const { user } = documentsApp('/DocumentAdminNew', adminUser, doc('CHECKED'), (action) =>
        action === 'cancel'
          ? {
              status: 422,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'Required: reason',
                errors: { reason: ['Required'] },
              },
            }
          : undefined,
      );
      await user.click(await screen.findByRole('button', { name: 'Open DOC0001' }));
      const bar = await screen.findByRole('group', { name: 'Status and actions' });
      expect(
        within(bar)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Approve', 'Cancel document']);
      await user.click(within(bar).getByRole('button', { name: 'Cancel document' }));
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByLabelText(/Reason/), 'wrong photo');
      // "Cancel document" takes the action; the dialog's own Cancel only closes it.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel document' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Required: reason');
      expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('wrong photo');
    },
  );

  it('shows an issued document with its serial, Duplicate and the PDF buttons', async () => {
    documentsApp(
      '/DocumentNew',
      documentUser,
      doc('ISSUED', {
        serial_no: 'MS/2026/000007',
        issued_at: stamp,
        issued_by: 'document@university.test',
        verify_url: 'http://x/verify/t',
      }),
    );
    await (await screen.findByRole('button', { name: 'Open DOC0001' })).click();
    const bar = await screen.findByRole('group', { name: 'Status and actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Duplicate']);
    expect(screen.getByRole('heading', { name: /Marksheet MS\/2026\/000007/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the verification page' })).toHaveAttribute(
      'href',
      'http://x/verify/t',
    );
  });
});

describe('the degree approval queue', () => {
  it(
    'sends the stationery serial of the pre-printed sheet with approve, and shows a refusal of a used ' +
      'sheet',
    async () => {
      const degree = doc('CHECKED', { doc_type: 'DEGREE', template_id: 'degree' });
      const { user, api } = documentsApp('/DocsNewDegreeAdmin', adminUser, degree, () => ({
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Stationery sheet SS-0001 is already used (document DOC0002).',
          errors: { stationery_serial: ['Already used (document DOC0002)'] },
        },
      }));
      expect(await screen.findByRole('heading', { name: 'Spoiled stationery' })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Open DOC0001' }));
      expect(
        await screen.findByText('Approval by document_admin is mandatory for this type.'),
      ).toBeInTheDocument();
      await user.type(screen.getByLabelText('Stationery serial (pre-printed sheet)'), 'SS-0001');
      await user.click(
        within(screen.getByRole('group', { name: 'Status and actions' })).getByRole('button', {
          name: 'Approve',
        }),
      );
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveAccessibleDescription(/^Approve Degree of 2024C101001\?/);
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Stationery sheet SS-0001 is already used (document DOC0002).',
      );
      expect(api.callsTo('POST', /\/approve$/)[0]!.body).toMatchObject({
        stationery_serial: 'SS-0001',
        updated_at: stamp,
      });
      expect(screen.getByLabelText('Stationery serial (pre-printed sheet)')).toHaveValue('SS-0001');
    },
  );
});

describe('drafting a document', () => {
  it("shows the API's 422 message next to the form and keeps what was typed", async () => {
    const { user, api } = documentsApp('/DocsNewMarksheet', documentUser, doc('DRAFTED'));
    api.on('POST', /^\/api\/document$/, {
      status: 422,
      body: {
        code: 'VALIDATION_FAILED',
        message: "2024C101001's result in EX1 is not published.",
        errors: { basis: ['Not published: COMPUTED'] },
      },
    });
    const form = await screen.findByRole('form', { name: 'Draft a document' });
    await user.type(within(form).getByLabelText('Student'), '2024C101001');
    await user.selectOptions(within(form).getByLabelText('Exam'), 'EX1');
    await user.click(within(form).getByRole('button', { name: 'Draft' }));
    const alert = await screen.findByText("2024C101001's result in EX1 is not published.");
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Result: Not published: COMPUTED');
    expect(within(form).getByLabelText('Student')).toHaveValue('2024C101001');
    expect(within(form).getByLabelText('Exam')).toHaveValue('EX1');
    await waitFor(() =>
      expect(api.callsTo('POST', /^\/api\/document$/)[0]!.body).toMatchObject({
        doc_type: 'MARKSHEET',
        student_id: '2024C101001',
        basis: { exam_id: 'EX1' },
      }),
    );
  });
});

describe('the list filters on the server', () => {
  it(
    'sends exam, type and status as exact filters (no client-side narrowing) and says when more match than ' +
      'are shown',
    async () => {
      const { user, api } = documentsApp('/DocumentNew', documentUser, doc('DRAFTED'));
      api.on('GET', /^\/api\/document\?/, { body: { document: [doc('DRAFTED')], total: 950 } });
      const filters = await screen.findByRole('form', { name: 'Filter documents' });
      await within(within(filters).getByLabelText('Exam')).findByRole('option', { name: 'EX1' });
      await user.selectOptions(within(filters).getByLabelText('Exam'), 'EX1');
      await user.selectOptions(within(filters).getByLabelText('Type'), 'DEGREE');
      await user.selectOptions(within(filters).getByLabelText('Status'), 'CHECKED');
      await waitFor(() => {
        const last = new URL(api.callsTo('GET', /^\/api\/document\?/).at(-1)!.path, 'http://x').searchParams;
        expect(Object.fromEntries(last)).toEqual({
          limit: '200',
          sort: '-doc_id',
          exam_id: 'EX1',
          doc_type: 'DEGREE',
          status: 'CHECKED',
        });
      });
      expect(api.callsTo('GET', /^\/api\/document\?/).every((c) => !/[?&]q=|limit=1000/.test(c.path))).toBe(
        true,
      );
      expect(
        await screen.findByText(/the newest 1 of 950 that match: narrow the filters to see the others/),
      ).toBeInTheDocument();
    },
  );
});

describe("a whole exam's batch", () => {
  it(
    'drafts the chosen type, lists who cannot have one with the reason, and downloads as one PDF or as a ' +
      'ZIP',
    async () => {
      const { user, api } = documentsApp('/DocumentNew', documentUser, doc('DRAFTED'));
      const jobId = '4f1c2a9e-7b3d-4c8e-9a1f-2d3e4f5a6b7c';
      api.on('POST', /^\/api\/document\/batch$/, {
        status: 202,
        body: {
          job: {
            job_id: jobId,
            kind: 'documents.batch-draft',
            status: 'queued',
            done: 0,
            total: 0,
            message: null,
          },
          message: 'Drafting',
        },
      });
      api.on('GET', new RegExp(`^/api/job/${jobId}$`), {
        body: {
          job: {
            job_id: jobId,
            kind: 'documents.batch-draft',
            status: 'succeeded',
            done: 3,
            total: 3,
            message: null,
            started_by: 1,
            attempts: 1,
            created_at: stamp,
            started_at: stamp,
            finished_at: stamp,
            errors: [{ message: 'S3: A degree needs a final result PASS' }],
            result: {
              drafted: 2,
              skipped: [],
              refused: [{ student_id: 'S3', reason: 'A degree needs a final result PASS; S3 has FAIL.' }],
              doc_ids: ['D1', 'D2'],
              rendered: 2,
            },
          },
        },
      });
      await screen.findByRole('heading', { name: 'Marksheets of a whole exam' });
      const form = screen.getByRole('form', { name: 'Marksheets of a whole exam' });
      await within(within(form).getByLabelText('Exam of the batch')).findByRole('option', { name: 'EX1' });
      await user.selectOptions(within(form).getByLabelText('Exam of the batch'), 'EX1');
      await user.selectOptions(within(form).getByLabelText('Type of the batch'), 'DEGREE');
      const degrees = screen.getByRole('form', { name: 'Degrees of a whole exam' });
      await user.click(within(degrees).getByRole('button', { name: 'Draft the degrees' }));
      await waitFor(() =>
        expect(api.callsTo('POST', /^\/api\/document\/batch$/)[0]!.body).toEqual({
          doc_type: 'DEGREE',
          exam_id: 'EX1',
          render: true,
        }),
      );
      const refused = await screen.findByRole(
        'list',
        { name: 'Students who cannot have one' },
        { timeout: 4000 },
      );
      expect(refused).toHaveTextContent('S3: A degree needs a final result PASS; S3 has FAIL.');
      expect(screen.getByText('1 students cannot have one:')).toBeInTheDocument();

      // Downloads: the bytes are saved from memory through an object URL.
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
      );
      api.on('GET', /^\/api\/document\/print\?/, { body: {} });
      const downloads = within(degrees).getByRole('group', { name: "Download the exam's documents" });
      await user.click(
        within(downloads).getByRole('button', { name: 'Download as ZIP (one PDF per document)' }),
      );
      await user.click(within(downloads).getByRole('button', { name: 'Download all as one PDF' }));
      await waitFor(() =>
        expect(api.callsTo('GET', /^\/api\/document\/print\?/).map((c) => c.path)).toEqual([
          '/api/document/print?exam_id=EX1&doc_type=DEGREE&format=zip',
          '/api/document/print?exam_id=EX1&doc_type=DEGREE',
        ]),
      );
    },
  );
});

describe('documents in bulk', () => {
  it('document_admin approves the picked documents in one action', async () => {
    const { user, api } = documentsApp('/DocsNewMarksheet', adminUser, doc('CHECKED'));
    api.on('POST', /^\/api\/document\/bulk\/approve$/, {
      body: { done: ['DOC0001'], refused: [], total: 1 },
    });
    const bar = await screen.findByRole('group', { name: 'Actions on the selection' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select DOC0001' }));
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done: 1')).toBeInTheDocument();
    expect(api.callsTo('POST', /bulk\/approve$/)[0]!.body).toEqual({ keys: ['DOC0001'] });
  });
});
