import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stamp } from './harness.tsx';

describe('add form', () => {
  it(
    'validates with the contracts before sending and lists the errors as bullets under the ' + 'form',
    async () => {
      const { api, user } = renderApp('/AddSem');
      expect(await screen.findByRole('heading', { name: 'Add New SemPart' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add' }));
      const alert = await screen.findByRole('alert');
      const bullets = within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(bullets).toEqual(['Sem Id: Required', 'Sem Name: Required']);
      expect(screen.getByLabelText('Sem Id')).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST', /sempart/)).toHaveLength(0);
    },
  );

  it('sends trimmed values, shows the server message and starts again empty', async () => {
    const { api, user } = renderApp('/AddSem', {
      setup: (a) =>
        a.on('POST', /^\/api\/sempart$/, (call) => ({
          status: 201,
          body: { sempart: call.body, message: 'SemPart created successfully' },
        })),
    });
    await user.type(await screen.findByLabelText('Sem Id'), '  S7 ');
    await user.type(screen.getByLabelText('Sem Name'), ' Semester 7  ');
    await user.type(screen.getByLabelText('Sem Desc1'), 'VII');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('SemPart created successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', /sempart/)[0].body).toEqual({
      sem_id: 'S7',
      sem_name: 'Semester 7',
      sem_disc1: 'VII',
      sem_disc2: null,
      sem_disc3: null,
      sem_disc4: null,
    });
    expect(api.callsTo('POST', /sempart/)[0].authorization).toBe('Bearer test-token');
    await waitFor(() => expect(screen.getByLabelText('Sem Id')).toHaveValue(''));
  });

  it('lists the server errors collection as bullets with its message', async () => {
    const { user } = renderApp('/AddPaper', {
      setup: (a) =>
        a.on('POST', /^\/api\/paper$/, {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: { paper_code: ['Paper code already used'], paper_name: ['Too similar'] },
          },
        }),
    });
    await user.type(await screen.findByLabelText('Paper Id'), 'P1');
    await user.type(screen.getByLabelText('Paper Name'), 'Hindi');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The given data was invalid.')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Paper Code: Paper code already used', 'Paper Name: Too similar']);
  });

  it('raises the 409 alert on a duplicate add', async () => {
    const { user } = renderApp('/AddExamCycle', {
      setup: (a) =>
        a.on('POST', /^\/api\/examcycle$/, {
          status: 409,
          body: { message: 'Exam cycle R1 already exists', code: 'DUPLICATE_KEY' },
        }),
    });
    await user.type(await screen.findByLabelText('RTI (Id)'), 'R1');
    await user.type(screen.getByLabelText('Student Exam Cycle'), 'May 2024');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // An in-page alert dialog with the catalogue's sentence, closed by its OK button.
    const alert = await screen.findByRole('alertdialog', {
      name: 'Error Code: 409 Error: Exam cycle R1 already exists',
    });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('edit form', () => {
  const session = {
    session_id: '2024-25',
    session_name: 'Session 2024-25',
    current_status: 'Active',
    session_disc: null,
    session_short_disc: null,
    session_format_1: '2024-2025',
    session_format_2: null,
    session_format_3: null,
    created_at: stamp,
    updated_at: stamp,
  };

  it(
    'reads the key from the query, shows it read-only, sends updated_at and says Update ' + 'Successfully',
    async () => {
      let current = { ...session };
      const { api, user } = renderApp('/EditSession?id=2024-25', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/session\/2024-25$/, () => ({ body: { session: current } }))
            .on('PUT', /^\/api\/session\/2024-25$/, (call) => {
              current = { ...current, ...(call.body as object), updated_at: '2024-06-02T10:00:00.000Z' };
              return { body: { session: current, message: 'Session updated successfully' } };
            }),
      });
      expect(await screen.findByRole('heading', { name: 'Edit Session' })).toBeInTheDocument();
      const key = await screen.findByLabelText(/Session Id/);
      expect(key).toHaveValue('2024-25');
      expect(key).toHaveAttribute('readonly');
      const name = screen.getByLabelText('Session Name');
      await user.clear(name);
      await user.type(name, 'Academic year 2024-25 ');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Update Successfully')).toBeInTheDocument();
      const put = api.callsTo('PUT', /session/)[0].body as Record<string, unknown>;
      expect(put.session_name).toBe('Academic year 2024-25');
      expect(put.updated_at).toBe(stamp);
      expect(put).not.toHaveProperty('session_id');
      // The record is fetched again after the edit.
      await waitFor(() =>
        expect(api.callsTo('GET', /^\/api\/session\/2024-25$/).length).toBeGreaterThanOrEqual(2),
      );
    },
  );

  it(
    'shows the server message after other edits, and the stale-edit 409 alert reloads the ' + 'record',
    async () => {
      const cycle = { rti: 'R1', student_exam_cycle: 'May 2024', created_at: stamp, updated_at: stamp };
      let conflict = true;
      const { api, user } = renderApp('/EditExamCycle?id=R1', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/examcycle\/R1$/, () => ({ body: { examcycle: cycle } }))
            .on('PUT', /^\/api\/examcycle\/R1$/, () =>
              conflict
                ? {
                    status: 409,
                    body: {
                      message: 'The record was changed by someone else; reload it',
                      code: 'STALE_EDIT',
                    },
                  }
                : { body: { examcycle: cycle, message: 'Exam cycle updated successfully' } },
            ),
      });
      expect(await screen.findByLabelText(/RTI \(Id\)/)).toHaveAttribute('readonly');
      await user.type(screen.getByLabelText('Student Exam Cycle'), ' II');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      const alert = await screen.findByRole('alertdialog', {
        name: 'Error Code: 409 Error: The record was changed by someone else; reload it',
      });
      await user.click(within(alert).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(api.callsTo('GET', /^\/api\/examcycle\/R1$/)).toHaveLength(2));
      conflict = false;
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('Exam cycle updated successfully')).toBeInTheDocument();
      expect(api.callsTo('PUT', /examcycle/).at(-1)?.body).toEqual({
        student_exam_cycle: 'May 2024 II',
        updated_at: stamp,
      });
    },
  );

  it('EditPaper: fields in the spec order, button Edit, errors and message below the button', async () => {
    const paper = {
      paper_id: 'P1',
      paper_name: 'Hindi',
      paper_code: 'H1',
      paper_desc: null,
      paper_code_desc: null,
      created_at: stamp,
      updated_at: stamp,
    };
    const { user } = renderApp('/EditPaper?id=P1', {
      setup: (a) =>
        a.on('GET', /^\/api\/paper\/P1$/, { body: { paper: paper } }).on('PUT', /^\/api\/paper\/P1$/, {
          status: 422,
          body: { message: 'The given data was invalid.', errors: { paper_code: ['Taken'] } },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Edit Paper' })).toBeInTheDocument();
    await screen.findByDisplayValue('Hindi');
    const labels = Array.from(document.querySelectorAll('form label')).map((l) => l.textContent);
    // The spec's fields in its order, then the lifecycle's additions (lifecycle-api.md).
    expect(labels).toEqual([
      'Paper Id',
      'Paper Name',
      'Paper Code',
      'Paper Code Desc',
      'Paper Desc',
      'Paper Name (Hindi)',
      'Department',
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The given data was invalid.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Paper Code: Taken');
    // The bullets come after the button.
    expect(
      screen.getByRole('button', { name: 'Edit' }).compareDocumentPosition(alert) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('roles', () => {
  it('hides write actions from roles that may only read', async () => {
    const faculty = {
      name: 'faculty',
      system: 'university',
      dept_id: 'HIN',
      college_id: null,
      email: 'f@u.test',
      display_name: 'Faculty',
    };
    renderApp('/ListPapers', {
      user: faculty,
      setup: (a) =>
        a.on('GET', /^\/api\/paper\?/, {
          body: {
            paper: [
              {
                paper_id: 'P1',
                paper_name: 'Hindi',
                paper_code: null,
                paper_desc: null,
                paper_code_desc: null,
                created_at: stamp,
                updated_at: stamp,
              },
            ],
            total: 1,
          },
        }),
    });
    await screen.findByText('Hindi');
    expect(screen.getByRole('link', { name: 'View P1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit P1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete P1' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add New' })).toBeNull();
  });
});
