import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './harness.tsx';

const demo = 'http://localhost:3001/students';

describe('student demo', () => {
  it(
    'a 201 shows Student Created Succesfully and empties the form; names and emails are ' + 'trimmed',
    async () => {
      const { api, user } = renderApp('/add', {
        setup: (a) =>
          a.on('POST', /^http:\/\/localhost:3001\/students\/$/, (call) => ({
            status: 201,
            body: { data: { id: 1, ...(call.body as object) }, message: 'created' },
          })),
      });
      await user.type(await screen.findByLabelText('Student Name'), '  Asha Verma ');
      await user.type(screen.getByLabelText('Email'), ' asha@university.test ');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Student Created Succesfully')).toBeInTheDocument();
      expect(api.callsTo('POST', /students/)[0].body).toEqual({
        stuname: 'Asha Verma',
        email: 'asha@university.test',
      });
      expect(api.callsTo('POST', /students/)[0].path).toBe(`${demo}/`);
      expect(api.callsTo('POST', /students/)[0].authorization).toBe('Bearer test-token');
      await waitFor(() => expect(screen.getByLabelText('Student Name')).toHaveValue(''));
    },
  );

  it('name and email are required; a failure shows the error code and message in a red banner', async () => {
    const { api, user } = renderApp('/add', {
      setup: (a) =>
        a.on('POST', /students/, {
          status: 422,
          body: { message: 'The given data was invalid.', errors: { email: ['Email already used'] } },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Student Name: Student name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', /students/)).toHaveLength(0);

    await user.type(screen.getByLabelText('Student Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@university.test');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error 422: The given data was invalid.')).toHaveClass('error');
    expect(screen.getByText('Email: Email already used')).toBeInTheDocument();
  });

  it('edit shows the id read-only; Back to Home goes to the list', async () => {
    const student = {
      id: 7,
      stuname: 'Ravi',
      email: 'ravi@university.test',
      created_at: '2024-01-01',
      updated_at: '2024-01-01',
    };
    const { user, router } = renderApp('/edit/7', {
      setup: (a) =>
        a
          .on('GET', /students\/7$/, { body: { data: student } })
          .on('GET', /students\/$/, { body: { data: [student] } }),
    });
    const id = await screen.findByLabelText('Id');
    expect(id).toHaveValue('7');
    expect(id).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Student Name')).toHaveValue('Ravi');
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(await screen.findByRole('heading', { name: 'Student List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/List');
    expect(await screen.findByText('ravi@university.test')).toBeInTheDocument();
  });

  it(
    "calls the demo on the page's own host at the port the API names at run time, not a built-in " + 'one',
    async () => {
      const { api } = renderApp('/List', {
        setup: (a) =>
          a
            .on('GET', /^\/api\/client-config$/, { body: { student_demo_port: 4555 } })
            .on('GET', /^http:\/\/localhost:4555\/students\/$/, {
              body: { data: [{ id: 3, stuname: 'Meera', email: 'meera@university.test' }] },
            }),
      });
      expect(await screen.findByText('meera@university.test')).toBeInTheDocument();
      expect(api.callsTo('GET', /students/).map((c) => c.path)).toEqual(['http://localhost:4555/students/']);
    },
  );

  it(
    'needs a signed-in user: without a token the demo screens go to the sign-in page and call ' + 'nothing',
    async () => {
      const { router, api } = renderApp('/add', { token: null });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(api.callsTo('GET', /students/)).toHaveLength(0);
    },
  );

  it('a token the demo refuses (revoked) ends the session like the API does', async () => {
    const { router } = renderApp('/List', {
      setup: (a) =>
        a.on('GET', /students\/$/, {
          status: 401,
          body: { message: 'You have signed out; please sign in again.' },
        }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('myData')).toBeNull();
  });

  it('the student role is told by the demo that it is for staff', async () => {
    renderApp('/List', {
      user: {
        name: 'student',
        system: 'university',
        dept_id: null,
        college_id: null,
        email: 'student@university.test',
        display_name: 'Student',
      },
      setup: (a) =>
        a.on('GET', /students\/$/, {
          status: 403,
          body: { message: 'The student records demo is for staff; the student role may not use it.' },
        }),
    });
    expect(await screen.findByText(/Error 403: The student records demo is for staff/)).toBeInTheDocument();
  });
});
