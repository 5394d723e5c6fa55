import { cbcsDefault } from '@exam/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../src/lib/token.ts';
import { renderApp, stamp } from './harness.tsx';

/**
 * The screens of the master data the lifecycle added: colleges, departments, rule sets, and the new fields.
 */

const departments = {
  department: [
    {
      dept_id: 'HIN',
      dept_name: 'Department of Hindi',
      dept_name_hi: 'हिन्दी विभाग',
      created_at: stamp,
      updated_at: stamp,
    },
    {
      dept_id: 'PHY',
      dept_name: 'Department of Physics',
      dept_name_hi: null,
      created_at: stamp,
      updated_at: stamp,
    },
  ],
  total: 2,
};

describe('colleges', () => {
  it(
    'AddCollege: Hindi name typed in a lang="hi" input, type and centre from the contracts, no status ' +
      'field',
    async () => {
      const { api, user } = renderApp('/AddCollege', {
        setup: (a) =>
          a.on('POST', /^\/api\/college$/, (call) => ({
            status: 201,
            body: { college: call.body, message: 'College created successfully.' },
          })),
      });
      expect(await screen.findByRole('heading', { name: 'Add College' })).toBeInTheDocument();
      const hindi = screen.getByLabelText('College Name (Hindi)');
      expect(hindi).toHaveAttribute('lang', 'hi');
      expect(screen.getByLabelText('College Name')).not.toHaveAttribute('lang');
      expect(screen.queryByLabelText('Status')).toBeNull();

      await user.type(screen.getByLabelText('College Id'), 'C200');
      await user.type(screen.getByLabelText('College Name'), 'Government College, Kota');
      await user.type(hindi, 'Rajkiya');
      await user.selectOptions(screen.getByLabelText('College Type'), 'Government');
      await user.selectOptions(screen.getByLabelText('Exam Centre'), 'Yes');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      // The contracts refuse a Hindi name in Latin letters before anything is sent.
      const alert = await screen.findByRole('alert');
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['College Name (Hindi): Write the Hindi name in Devanagari']);
      expect(api.callsTo('POST', /college/)).toHaveLength(0);

      await user.clear(hindi);
      await user.type(hindi, 'राजकीय महाविद्यालय, कोटा');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('College created successfully.')).toBeInTheDocument();
      expect(api.callsTo('POST', /college/)[0]!.body).toEqual({
        college_id: 'C200',
        college_name: 'Government College, Kota',
        college_name_hi: 'राजकीय महाविद्यालय, कोटा',
        college_code: null,
        district: null,
        college_type: 'GOVT',
        is_centre: 1,
      });
    },
  );

  it('ListColleges shows the status and the type by their labels', async () => {
    renderApp('/ListColleges', {
      setup: (a) =>
        a.on('GET', /^\/api\/college\?/, {
          body: {
            college: [
              {
                college_id: 'C101',
                college_name: 'Government College, Ajmer',
                college_name_hi: 'राजकीय महाविद्यालय, अजमेर',
                college_code: 'GCA',
                district: 'Ajmer',
                college_type: 'GOVT',
                is_centre: 1,
                status: 'SUSPENDED',
                created_at: stamp,
                updated_at: stamp,
              },
            ],
            total: 1,
          },
        }),
    });
    const row = (await screen.findByText('C101')).closest('tr')!;
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    expect(within(row).getByText('Government')).toBeInTheDocument();
  });
});

describe('papers and their departments', () => {
  it('AddPaper offers the departments by name and sends the chosen dept_id', async () => {
    const { api, user } = renderApp('/AddPaper', {
      setup: (a) =>
        a.on('GET', /^\/api\/department\?/, { body: departments }).on('POST', /^\/api\/paper$/, (call) => ({
          status: 201,
          body: { paper: call.body, message: 'Paper created successfully.' },
        })),
    });
    await user.type(await screen.findByLabelText('Paper Id'), 'HIN201');
    await user.type(screen.getByLabelText('Paper Name'), 'Hindi Natak');
    expect(screen.getByLabelText('Paper Name (Hindi)')).toHaveAttribute('lang', 'hi');
    await user.type(screen.getByLabelText('Paper Name (Hindi)'), 'हिन्दी नाटक');
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Department')).getByRole('option', { name: 'Department of Hindi' }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Department'), 'Department of Hindi');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Paper created successfully.')).toBeInTheDocument();
    expect(api.callsTo('POST', /paper/)[0]!.body).toMatchObject({
      paper_id: 'HIN201',
      paper_name_hi: 'हिन्दी नाटक',
      dept_id: 'HIN',
    });
  });
});

describe('rule sets', () => {
  const ruleset = {
    ruleset_id: 'CBCS',
    version: 1,
    scheme: 'NEW',
    wef_session_id: null,
    title: 'CBCS grade points (default)',
    rules: cbcsDefault.rules,
    status: 'ACTIVE',
    locked: true,
    created_at: stamp,
    updated_at: stamp,
  };

  it(
    'EditRuleSet shows the rules as JSON in a text area, and a locked version answers with the 409 ' +
      'alert',
    async () => {
      const { api, user } = renderApp('/EditRuleSet?id=CBCS&version=1', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/session\?/, { body: { session: [], total: 0 } })
            .on('GET', /^\/api\/ruleset\/CBCS\/1$/, { body: { ruleset: ruleset } })
            .on('PUT', /^\/api\/ruleset\/CBCS\/1$/, {
              status: 409,
              body: {
                code: 'LOCKED',
                message:
                  'Rule set CBCS version 1 is locked: a published result was computed with it, so it ' +
                  'cannot change. Make a new version instead.',
              },
            }),
      });
      expect(await screen.findByRole('heading', { name: 'Edit Rule Set' })).toBeInTheDocument();
      const rules = await screen.findByLabelText('Rules (JSON)');
      expect(rules.tagName).toBe('TEXTAREA');
      expect(JSON.parse((rules as HTMLTextAreaElement).value)).toEqual(cbcsDefault.rules);
      await user.clear(screen.getByLabelText('Title'));
      await user.type(screen.getByLabelText('Title'), 'CBCS, revised');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      const alert = await screen.findByRole('alertdialog', {
        name: /^Error Code: 409 Error: Rule set CBCS version 1 is locked/,
      });
      await user.click(within(alert).getByRole('button', { name: 'OK' }));
      expect(api.callsTo('PUT', /ruleset/)[0]!.body).toMatchObject({
        title: 'CBCS, revised',
        rules: cbcsDefault.rules,
        updated_at: stamp,
      });
    },
  );

  it('ViewRuleSet sums up the numbers staff look for, above the full rules', async () => {
    renderApp('/ViewRuleSet?id=CBCS&version=1', {
      setup: (a) => a.on('GET', /^\/api\/ruleset\/CBCS\/1$/, { body: { ruleset: ruleset } }),
    });
    const summary = within((await screen.findByText('Summary')).closest('tr')!)
      .getAllByRole('cell')
      .at(-1)!.textContent;
    expect(summary).toBe(
      'Grades: O ≥ 90 % (10), A+ ≥ 80 % (9), A ≥ 70 % (8), B+ ≥ 60 % (7), B ≥ 50 % (6), C ≥ 45 % (5), P ' +
        '≥ 40 % (4). Grace: G1, G1d. ' +
        'ATKT: at most 40 % of the papers, 5 attempts per paper. Revaluation: 15 days, outcome BETTER.',
    );
    expect(screen.getByText('Yes')).toBeInTheDocument();
  });

  it('AddRuleSet refuses rules that are not JSON before sending', async () => {
    const { api, user } = renderApp('/AddRuleSet', {
      setup: (a) => a.on('GET', /^\/api\/session\?/, { body: { session: [], total: 0 } }),
    });
    await user.type(await screen.findByLabelText('Rule Set Id'), 'MY-OLD');
    await user.type(screen.getByLabelText('Version'), '1');
    await user.selectOptions(screen.getByLabelText('Scheme'), 'Old (percentage and divisions)');
    await user.type(screen.getByLabelText('Title'), 'Our old scheme');
    await user.type(screen.getByLabelText('Rules (JSON)'), 'divisions: 36');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(/^Rules \(JSON\): Not valid JSON/);
    expect(api.callsTo('POST', /ruleset/)).toHaveLength(0);
  });
});

describe('paper-semester links', () => {
  const row = {
    session_id: '2024-25',
    course_comb_id: 'BA01',
    sem_id: '1',
    paper_id: 'HIN101',
    course_comb_name4: 'B.A. Hindi-English-History',
    paper_name: 'Hindi Kavya',
    group_status: 'N',
    group_code: 'NG',
    max_marks: '100',
    min_marks: '36',
    ext_max_marks: '75',
    ext_min_marks: '27',
    int_max_marks: '25',
    int_min_marks: '9',
    th_pr_status: 'TH',
    paper_score_status: 'Y',
    credit_point: '4',
    paper_type: 0,
    elective_status: 0,
    course_category: 'MAJOR',
    created_at: stamp,
    updated_at: stamp,
  };
  const view = (record: Record<string, unknown>) =>
    renderApp('/ViewPaperInfoSem?id=2024-25&course_comb_id=BA01&sem_id=1&paper_id=HIN101', {
      setup: (a) =>
        a.on('GET', /^\/api\/paperinfosem\/2024-25\/BA01\/1\/HIN101$/, { body: { paperinfosem: record } }),
    });
  const line = async (header: string) =>
    within((await screen.findByText(header)).closest('tr')!)
      .getAllByRole('cell')
      .at(-1)!.textContent;

  it('the view says whether marks can be entered against the scheme, and if not why', async () => {
    view(row);
    expect(await line('Marks Scheme Check')).toBe('Ready for marks entry');
    expect(await line('Course Category (NEP)')).toBe('Major');
  });

  it('a free-text legacy scheme is shown with the reasons it cannot take marks', async () => {
    view({ ...row, ext_max_marks: '70', credit_point: 'four' });
    expect(await line('Marks Scheme Check')).toBe(
      'Cannot take marks. Max Marks: ext_max_marks + int_max_marks = 70 + 25 = 95, not max_marks (100). ' +
        'Credit Point: "four" is not a number (at most two decimals): marks cannot be entered against it.',
    );
  });
});

describe('lifecycle views that cannot load their record', () => {
  it.each([
    ['/ViewDepartment?id=XYZ', /department/],
    ['/ViewRuleSet?id=NONE&version=1', /ruleset/],
  ])('%s says so on the page and keeps the user signed in', async (path, api) => {
    renderApp(path, {
      setup: (a) =>
        a.on('GET', api, () => ({ status: 404, body: { message: 'No such record.', code: 'NOT_FOUND' } })),
    });
    expect(await screen.findByText(/The record could not be loaded: No such record\./)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('test-token');
  });
});
