import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './harness.tsx';

const demo = 'http://localhost:3001/students';

describe('student demo', () => {
  it('a 201 shows Student Created Succesfully and empties the form; names and emails are trimmed', async () => {
    const { api, user } = renderApp('/add', {
      token: null,
      setup: (a) =>
        a.on('POST', /^http:\/\/localhost:3001\/students\/$/, (call) => ({ status: 201, body: { data: { id: 1, ...(call.body as object) }, message: 'created' } })),
    });
    await user.type(await screen.findByLabelText('Student Name'), '  Asha Verma ');
    await user.type(screen.getByLabelText('Email'), ' asha@university.test ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Student Created Succesfully')).toBeInTheDocument();
    expect(api.callsTo('POST', /students/)[0].body).toEqual({ stuname: 'Asha Verma', email: 'asha@university.test' });
    expect(api.callsTo('POST', /students/)[0].path).toBe(`${demo}/`);
    await waitFor(() => expect(screen.getByLabelText('Student Name')).toHaveValue(''));
  });

  it('name and email are required; a failure shows the error code and message in a red banner', async () => {
    const { api, user } = renderApp('/add', {
      token: null,
      setup: (a) =>
        a.on('POST', /students/, { status: 422, body: { message: 'The given data was invalid.', errors: { email: ['Email already used'] } } }),
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
    const student = { id: 7, stuname: 'Ravi', email: 'ravi@university.test', created_at: '2024-01-01', updated_at: '2024-01-01' };
    const { user, router } = renderApp('/edit/7', {
      token: null,
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
});
