import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { handleDeleteFailure, handleSaveFailure } from '../../src/lib/failures.ts';
import { pendingDialogs } from '../../src/components/ui/dialog.tsx';
import { ApiError } from '../../src/lib/api.ts';
import { renderApp, stamp } from './harness.tsx';

describe('error catalogue (spec section 8)', () => {
  it('a failed session list fetch clears storage and goes to the site root', async () => {
    localStorage.setItem('other', 'x');
    const { router } = renderApp('/ListSession', {
      setup: (a) =>
        a.on('GET', /^\/api\/session\?/, { status: 500, body: { message: 'Database unavailable' } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a failed ccinfo_sem list fetch is only recorded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp('/ListCCInfoSem', {
      setup: (a) =>
        a.on('GET', /^\/api\/ccinfosem\?/, { status: 500, body: { message: 'Database unavailable' } }),
    });
    expect(await screen.findByText(/The list could not be loaded: Database unavailable/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ListCCInfoSem');
    expect(localStorage.getItem('myData')).toBe('test-token');
    expect(log).toHaveBeenCalled();
  });

  it('a rejected token (401) anywhere clears storage and goes to the root', async () => {
    const { router } = renderApp('/ListExams', {
      setup: (a) => a.on('GET', /^\/api\/check-user$/, { status: 401, body: { message: 'Token revoked' } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('myData')).toBeNull();
  });

  it('a failed record fetch on a view screen signs out', async () => {
    const { router } = renderApp('/ViewExam?id=E404', {
      setup: (a) => a.on('GET', /^\/api\/exam\/E404$/, { status: 404, body: { message: 'Exam not found' } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('myData')).toBeNull();
  });

  it('an exam edit failure without errors signs out; a course edit failure shows the message', async () => {
    const exam = {
      exam_id: 'E1',
      exam_desc: 'Main',
      active_status: 1,
      session_id: '2024-25',
      created_at: stamp,
      updated_at: stamp,
    };
    const { router, user } = renderApp('/EditExam?id=E1', {
      setup: (a) =>
        a
          .on('GET', /^\/api\/exam\/E1$/, { body: { exam } })
          .on('GET', /^\/api\/session\?/, { body: { session: [], total: 0 } })
          .on('PUT', /^\/api\/exam\/E1$/, { status: 500, body: { message: 'Server error' } }),
    });
    expect(await screen.findByLabelText('Active Status')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(handleSaveFailure(new ApiError(500, { message: 'Server error' }), 'show')).toEqual({
      message: 'Server error',
      reload: false,
    });
  });

  it(
    'decides by the answer’s code, never by its text; an answer without a code (a proxy’s page) by its ' +
      'status',
    () => {
      expect(
        handleSaveFailure(new ApiError(409, { message: 'Changed meanwhile', code: 'STALE_EDIT' }), 'show'),
      ).toEqual({ reload: true });
      // The alert is an in-page alert dialog now (window.alert no more), waiting to be read.
      expect(pendingDialogs().map(({ kind, message }) => ({ kind, message }))).toEqual([
        { kind: 'alert', message: 'Error Code: 409 Error: Changed meanwhile' },
      ]);
      pendingDialogs()[0]!.answer(true);
      // Text that reads like a conflict, under a code that is not one: shown under the form, no alert.
      const invalid = new ApiError(422, {
        message: 'Exam E1 already exists',
        code: 'VALIDATION_FAILED',
        errors: { exam_id: ['Taken'] },
      });
      expect(handleSaveFailure(invalid, 'show')).toEqual({
        message: 'Exam E1 already exists',
        errors: { exam_id: ['Taken'] },
        reload: true,
      });
      expect(handleDeleteFailure(new ApiError(409, { message: 'Used by 3 exams', code: 'IN_USE' }))).toEqual({
        reload: true,
      });
      expect(pendingDialogs().map((d) => d.message)).toEqual(['Error Code: 409 Error: Used by 3 exams']);
      pendingDialogs()[0]!.answer(true);
      expect(new ApiError(502, { message: 'Bad gateway' }).code).toBe('UNAVAILABLE');
      expect(new ApiError(413, { message: 'Too large' }).code).toBe('PAYLOAD_TOO_LARGE');
      // A code this build does not know yet counts as its status's.
      expect(new ApiError(409, { message: 'x', code: 'SOMETHING_NEW' }).code).toBe('DUPLICATE_KEY');
    },
  );

  it('a semester add failure without errors shows nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router, user } = renderApp('/AddSem', {
      setup: (a) => a.on('POST', /^\/api\/sempart$/, { status: 500, body: { message: 'Server error' } }),
    });
    await user.type(await screen.findByLabelText('Sem Id'), 'S9');
    await user.type(screen.getByLabelText('Sem Name'), 'Nine');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/AddSem');
  });
});
