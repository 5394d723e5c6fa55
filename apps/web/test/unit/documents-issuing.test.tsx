import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stamp } from './harness.tsx';

/**
 * Issuing details on the documents screens: document_admin records a missing one and corrects one in a dialog
 * (the contract's form; refusals on the field, what was typed kept; a stale edit explained); the document
 * cell only reads them, and sees before drafting a degree which convocation date it will print, or that it
 * will print a blank.
 */
const documentUser = {
  name: 'document',
  system: 'university',
  dept_id: null,
  college_id: null,
  email: 'document@university.test',
  display_name: 'Document Cell',
};
const adminUser = { ...documentUser, name: 'document_admin', email: 'document_admin@university.test' };

type Detail = {
  detail_key: string;
  value_en: string;
  value_hi: string | null;
  created_at: string;
  updated_at: string;
};
const detail = (
  detail_key: string,
  value_en: string,
  value_hi: string | null = null,
  updated_at = stamp,
): Detail => ({ detail_key, value_en, value_hi, created_at: stamp, updated_at });
const demo = () => [
  detail('PLACE_OF_ISSUE', 'Ajmer, Rajasthan', 'अजमेर, राजस्थान'),
  detail('SIGNATORY_COE', 'Dr. Anjali Verma', 'डॉ. अंजलि वर्मा'),
  detail('SIGNATORY_REGISTRAR', 'Shri Rakesh Sharma', 'श्री राकेश शर्मा'),
  detail('SIGNATORY_VC', 'Prof. Meera Joshi', 'प्रो. मीरा जोशी'),
  detail('NAD_ORG_CODE', 'DEMO-U0001'),
];

function issuingApp(path: string, user: Record<string, unknown>, rows: Detail[]) {
  return renderApp(path, {
    user,
    setup: (api) => {
      api.on('GET', /^\/api\/exam\?/, {
        body: { exam: [{ exam_id: 'EX1', exam_desc: 'Exam one', session_id: '2024-25' }] },
      });
      api.on('GET', /^\/api\/document\?/, { body: { document: [], total: 0 } });
      api.on('GET', /^\/api\/documentissuing\?/, () => ({
        body: { documentissuing: rows, total: rows.length },
      }));
    },
  });
}

const panel = () => screen.findByRole('region', { name: 'Issuing details' });
const row = async (label: string) =>
  within(await panel()).getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

describe('issuing details on the approval queues', () => {
  it(
    'document_admin sees the six details, records the missing convocation date; a bad date is refused on ' +
      'the field and the typed value stays',
    async () => {
      const rows = demo();
      const { user, api } = issuingApp('/DocsNewDegreeAdmin', adminUser, rows);
      expect(
        await screen.findByRole('heading', { name: /Issuing details \(5 of 6 recorded\)/ }),
      ).toBeInTheDocument();
      expect(within(await panel()).getAllByRole('row')).toHaveLength(7);
      expect(await row('Vice-Chancellor (name)')).toHaveTextContent('Prof. Meera Joshi');
      expect(within(await row('Vice-Chancellor (name)')).getByText('प्रो. मीरा जोशी')).toHaveAttribute(
        'lang',
        'hi',
      );
      const convocation = await row('Convocation date (degrees)');
      expect(convocation).toHaveTextContent('Not recorded');

      await user.click(within(convocation).getByRole('button', { name: 'Record…' }));
      const dialog = screen.getByRole('dialog', { name: 'Record Convocation date (degrees)' });
      // A date or a code is printed as written: no Hindi field.
      expect(within(dialog).queryByLabelText(/Hindi/)).not.toBeInTheDocument();
      const field = within(dialog).getByLabelText('Convocation date (degrees)');
      expect(field).toHaveAccessibleDescription('As YYYY-MM-DD, e.g. 2025-02-12.');

      // The contract's own rule refuses it in the browser, as the API would: nothing sent.
      await user.type(field, '12/02/2027');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Convocation date (degrees): Enter the convocation date as YYYY-MM-DD, e.g. 2025-02-12',
      );
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveValue('12/02/2027');
      expect(api.callsTo('POST', /^\/api\/documentissuing$/)).toHaveLength(0);

      // The server refuses a date the browser let through: its message is on the field, the typed value
      // stays.
      let answer: { status: number; body: unknown } = {
        status: 422,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'The issuing detail was not saved.',
          errors: { value_en: ['Enter the convocation date as YYYY-MM-DD, e.g. 2025-02-12'] },
        },
      };
      api.on('POST', /^\/api\/documentissuing$/, () => answer);
      await user.clear(field);
      await user.type(field, '2027-02-12');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const alert = await within(dialog).findByText('The issuing detail was not saved.');
      expect(alert.closest('[role="alert"]')).toHaveTextContent(
        'Convocation date (degrees): Enter the convocation date as YYYY-MM-DD, e.g. 2025-02-12',
      );
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/Enter the convocation date as YYYY-MM-DD/);
      expect(field).toHaveValue('2027-02-12');
      expect(api.callsTo('POST', /^\/api\/documentissuing$/)[0]!.body).toEqual({
        detail_key: 'CONVOCATION_DATE',
        value_en: '2027-02-12',
      });

      // Saved: the dialog closes, the server's message is shown and the list read again shows the date.
      answer = {
        status: 201,
        body: {
          documentissuing: detail('CONVOCATION_DATE', '2027-02-12'),
          message: 'Issuing detail created successfully.',
        },
      };
      rows.push(detail('CONVOCATION_DATE', '2027-02-12'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Convocation date (degrees) is recorded.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(async () =>
        expect(await row('Convocation date (degrees)')).toHaveTextContent('2027-02-12'),
      );
      expect(screen.getByRole('heading', { name: /6 of 6 recorded/ })).toBeInTheDocument();
    },
  );

  it(
    'an edit sends the updated_at it read; a stale one shows what the other person saved, keeps what was ' +
      'typed and saves over it when asked',
    async () => {
      const rows = demo();
      const { user, api } = issuingApp('/DocumentAdminNew', adminUser, rows);
      const later = '2024-06-02T09:00:00.000Z';
      api.on('GET', /^\/api\/documentissuing\/SIGNATORY_VC$/, {
        body: { documentissuing: detail('SIGNATORY_VC', 'Prof. R. K. Singh', 'प्रो. आर. के. सिंह', later) },
      });
      api.on('PUT', /^\/api\/documentissuing\/SIGNATORY_VC$/, (call) =>
        (call.body as { updated_at: string }).updated_at === later
          ? {
              body: {
                documentissuing: detail('SIGNATORY_VC', 'Prof. Kiran Rao', 'प्रो. किरण राव', later),
                message: 'Issuing detail updated successfully.',
              },
            }
          : {
              status: 409,
              body: {
                code: 'STALE_EDIT',
                message:
                  'Issuing detail SIGNATORY_VC was changed by someone else after you opened it. Reload it ' +
                  'and make your change again.',
              },
            },
      );

      await user.click(within(await row('Vice-Chancellor (name)')).getByRole('button', { name: 'Edit…' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Vice-Chancellor (name)' });
      const english = within(dialog).getByLabelText('Vice-Chancellor (name) · English');
      const hindi = within(dialog).getByLabelText('Vice-Chancellor (name) · Hindi');
      expect(english).toHaveValue('Prof. Meera Joshi');
      expect(hindi).toHaveAttribute('lang', 'hi');
      await user.clear(english);
      await user.type(english, 'Prof. Kiran Rao');
      await user.clear(hindi);
      await user.type(hindi, 'प्रो. किरण राव');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(
        await within(dialog).findByText(
          new RegExp(
            String.raw`Someone else saved this detail after you opened it; it now reads ` +
              String.raw`"Prof\. R\. K\. Singh · प्रो\. आर\. के\. सिंह"`,
          ),
        ),
      ).toBeInTheDocument();
      expect(english).toHaveValue('Prof. Kiran Rao');
      expect(hindi).toHaveValue('प्रो. किरण राव');
      expect(api.callsTo('PUT', /SIGNATORY_VC$/)[0]!.body).toEqual({
        value_en: 'Prof. Kiran Rao',
        value_hi: 'प्रो. किरण राव',
        updated_at: stamp,
      });

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Vice-Chancellor (name) is recorded.')).toBeInTheDocument();
      expect(api.callsTo('PUT', /SIGNATORY_VC$/)[1]!.body).toMatchObject({
        value_en: 'Prof. Kiran Rao',
        updated_at: later,
      });
    },
  );
});

describe('issuing details for the document cell', () => {
  it(
    'reads them without Record or Edit, and is warned before drafting a degree that no convocation date ' +
      'is recorded',
    async () => {
      const { user } = issuingApp('/DocsNewDegree', documentUser, demo());
      await screen.findByText(/No convocation date recorded/);
      const draft = await screen.findByRole('form', { name: 'Draft a document' });
      expect(
        within(draft.parentElement!).getByText(
          /No convocation date recorded: the degree will print a blank\./,
        ),
      ).toHaveAttribute('role', 'status');
      await user.click(await screen.findByText(/Issuing details/, { selector: 'h2' }));
      const details = await panel();
      expect(await row('Convocation date (degrees)')).toHaveTextContent('Not recorded');
      expect(await row('Place of issue')).toHaveTextContent('Ajmer, Rajasthan');
      expect(within(details).queryAllByRole('button')).toHaveLength(0);
      expect(within(details).queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    },
  );

  it('shows the convocation date a degree drafted now will print', async () => {
    issuingApp('/DocsNewDegree', documentUser, [...demo(), detail('CONVOCATION_DATE', '2027-02-12')]);
    expect(await screen.findByText('Convocation date printed on the degree: 2027-02-12')).toBeInTheDocument();
    expect(screen.queryByText(/No convocation date recorded/)).not.toBeInTheDocument();
  });
});
