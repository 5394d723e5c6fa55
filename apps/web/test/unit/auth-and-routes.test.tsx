import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { placeholderModules, titleOfPath } from '../../src/features/dashboard/modules.ts';
import { adoptTokenFromSearch } from '../../src/lib/token.ts';
import { adminUser, renderApp } from './harness.tsx';

describe('login', () => {
  it('shows Email, Password and Sign In; a failure shows the server message', async () => {
    const { user, api } = renderApp('/Login', {
      token: null,
      setup: (a) =>
        a.on('POST', /^\/api\/login$/, {
          status: 401,
          body: { message: 'These credentials do not match our records.' },
        }),
    });
    await user.type(await screen.findByLabelText('Email'), ' Admin@University.test ');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(api.callsTo('POST', /login/)[0].body).toEqual({
      email: 'admin@university.test',
      password: 'wrong',
    });
    expect(api.callsTo('POST', /login/)[0].authorization).toBeNull();
  });

  it('stores the token under myData and opens the dashboard, without a token in the address', async () => {
    const { user, router } = renderApp('/', {
      token: null,
      setup: (a) =>
        a.on('POST', /^\/api\/login$/, { body: { token: 'new-token', message: 'Login successful' } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'admin@university.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem('myData')).toBe('new-token');
    expect(router.state.location.pathname).toBe('/Dashboard');
    expect(router.state.location.search).toBe('');
  });

  it('a stored token redirects the login page to the dashboard, which has Logout', async () => {
    const { router } = renderApp('/Login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('token in the address', () => {
  it('takes ?token= into storage when nobody is signed in, and drops it from the address', () => {
    expect(adoptTokenFromSearch('?token=abc&id=7')).toEqual({ search: '?id=7', conflicting: null });
    expect(localStorage.getItem('myData')).toBe('abc');
    expect(adoptTokenFromSearch('?id=7')).toBeNull();
  });

  it('never replaces a signed-in token by itself: another token is handed back to be chosen', () => {
    localStorage.setItem('myData', 'signed-in');
    expect(adoptTokenFromSearch('?token=other&id=7')).toEqual({ search: '?id=7', conflicting: 'other' });
    expect(localStorage.getItem('myData')).toBe('signed-in');
    expect(adoptTokenFromSearch('?token=signed-in')).toEqual({ search: '', conflicting: null });
  });

  it('an in-app address with ?token= is replaced by one without it', async () => {
    const { router, api } = renderApp('/ViewPaper?token=from-link&id=P1', {
      token: null,
      setup: (a) =>
        a.on('GET', /^\/api\/paper\/P1$/, {
          body: {
            paper: {
              paper_id: 'P1',
              paper_name: 'Hindi',
              created_at: '2024-06-01T10:00:00.000Z',
              updated_at: '2024-06-01T10:00:00.000Z',
            },
          },
        }),
    });
    expect(await screen.findByText('Hindi')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=P1');
    expect(localStorage.getItem('myData')).toBe('from-link');
    expect(api.callsTo('GET', /paper\/P1/)[0].authorization).toBe('Bearer from-link');
  });
});

describe('a ?token= link while another user is signed in', () => {
  const office = {
    ...adminUser,
    name: 'office',
    email: 'office@university.test',
    display_name: 'Office Clerk',
  };
  const paper = {
    paper_id: 'P1',
    paper_name: 'Hindi',
    created_at: '2024-06-01T10:00:00.000Z',
    updated_at: '2024-06-01T10:00:00.000Z',
  };
  /** The API knows test-token (admin) and the tokens given; other tokens get 401. */
  const openLink = (
    link: string,
    known: Record<string, object> = { 'office-token': office },
    current: object | null = adminUser,
  ) =>
    renderApp(`/ViewPaper?token=${link}&id=P1`, {
      setup: (a) =>
        a
          .on('GET', /^\/api\/check-user$/, (call) => {
            const user = {
              ...(current && { 'Bearer test-token': current }),
              ...Object.fromEntries(Object.entries(known).map(([t, u]) => [`Bearer ${t}`, u])),
            }[call.authorization ?? ''];
            return user
              ? { body: { user_role: user } }
              : { status: 401, body: { message: 'Unauthenticated.' } };
          })
          .on('GET', /^\/api\/paper\/P1$/, { body: { paper } })
          .on('POST', /^\/api\/logout$/, { body: { message: 'Signed out' } }),
    });

  it(
    'asks which account stays, in a labelled dialog with staying focused, ' + 'before any screen shows',
    async () => {
      const { router, api } = openLink('office-token');
      const dialog = await screen.findByRole('dialog', { name: 'Which account should stay signed in?' });
      expect(dialog).toHaveAccessibleDescription(
        new RegExp(
          String.raw`signed in as Administrator \(admin@university\.test\).*` +
            String.raw`signs in as Office Clerk \(office@university\.test\)`,
        ),
      );
      const stay = within(dialog).getByRole('button', { name: 'Stay signed in as Administrator' });
      await waitFor(() => expect(stay).toHaveFocus());
      expect(
        within(dialog).getByRole('button', { name: 'Sign out Administrator and continue as Office Clerk' }),
      ).toBeInTheDocument();
      expect(router.state.location.search).toBe('?id=P1');
      expect(localStorage.getItem('myData')).toBe('test-token');
      expect(api.callsTo('GET', /paper/)).toHaveLength(0);
    },
  );

  it('staying keeps the signed-in user and opens the linked screen as them', async () => {
    const { api, user } = openLink('office-token');
    await user.click(await screen.findByRole('button', { name: 'Stay signed in as Administrator' }));
    expect(await screen.findByText('Hindi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('myData')).toBe('test-token');
    expect(api.callsTo('GET', /paper\/P1/).map((c) => c.authorization)).toEqual(['Bearer test-token']);
    expect(api.callsTo('POST', /logout/)).toHaveLength(0);
  });

  it('Escape also stays', async () => {
    const { user } = openLink('office-token');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Hindi')).toBeInTheDocument();
    expect(localStorage.getItem('myData')).toBe('test-token');
  });

  it("switching signs the current user out on the server and continues as the link's user", async () => {
    const { api, user } = openLink('office-token');
    await user.click(
      await screen.findByRole('button', { name: 'Sign out Administrator and continue as Office Clerk' }),
    );
    expect(await screen.findByText('Hindi')).toBeInTheDocument();
    expect(localStorage.getItem('myData')).toBe('office-token');
    expect(api.callsTo('POST', /logout/).map((c) => c.authorization)).toEqual(['Bearer test-token']);
    expect(api.callsTo('GET', /paper\/P1/).map((c) => c.authorization)).toEqual(['Bearer office-token']);
  });

  it(
    'asks nothing when the link is for the same user, or its token is not valid: the signed-in token ' +
      'stays',
    async () => {
      for (const [link, known] of [
        ['admin-again', { 'admin-again': adminUser }],
        ['revoked-token', {}],
      ] as const) {
        const { api, view } = openLink(link, known);
        expect(await screen.findByText('Hindi')).toBeInTheDocument();
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(localStorage.getItem('myData')).toBe('test-token');
        expect(api.callsTo('GET', /paper\/P1/).map((c) => c.authorization)).toEqual(['Bearer test-token']);
        view.unmount();
      }
    },
  );

  it(
    "gives way to the link's user without asking when the signed-in session has ended (expired or " +
      'revoked)',
    async () => {
      const { api } = openLink('office-token', undefined, null);
      expect(await screen.findByText('Hindi')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(localStorage.getItem('myData')).toBe('office-token');
      expect(api.callsTo('GET', /paper\/P1/).map((c) => c.authorization)).toEqual(['Bearer office-token']);
    },
  );
});

describe('logout', () => {
  it('revokes the stored token and the one of an old link, clears storage and goes to the root', async () => {
    const { router, api } = renderApp('/Logout/old-link-token', {
      setup: (a) => a.on('POST', /^\/api\/logout$/, { body: { message: 'Logged out' } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('myData')).toBeNull();
    expect(
      api
        .callsTo('POST', /logout/)
        .map((c) => c.authorization)
        .sort(),
    ).toEqual(['Bearer old-link-token', 'Bearer test-token']);
  });

  it('goes to the root even when the server refuses', async () => {
    const { router } = renderApp('/Logout', {
      setup: (a) => a.on('POST', /^\/api\/logout$/, { status: 500, body: { message: 'down' } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('myData')).toBeNull();
  });
});

describe('dashboard panels', () => {
  it('faculty of a college gets dept_id and college_id', async () => {
    renderApp('/Dashboard', {
      user: { ...adminUser, name: 'faculty', system: 'college', dept_id: 'PHY', college_id: 'C101' },
    });
    const panel = await screen.findByRole('article');
    expect(within(panel).getByRole('heading', { name: 'Faculty Dashboard' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('PHY');
    expect(panel).toHaveTextContent('C101');
  });

  it('faculty of the university gets dept_id only', async () => {
    renderApp('/Dashboard', {
      user: { ...adminUser, name: 'faculty', system: 'university', dept_id: 'HIN', college_id: null },
    });
    const panel = await screen.findByRole('article');
    expect(panel).toHaveTextContent('HIN');
    // No College line in its details (the master-data links do list colleges).
    expect(within(panel).queryByText('College', { selector: 'dt' })).toBeNull();
  });

  it.each(['admin', 'office', 'result', 'calculate', 'document', 'document_admin', 'student'])(
    '%s has its own panel',
    async (role) => {
      renderApp('/Dashboard', { user: { ...adminUser, name: role } });
      const panel = await screen.findByRole('article');
      expect(panel).toHaveAttribute('data-role', role);
    },
  );
});

describe('route table', () => {
  it('modules without contents show their title, Back to Previous, Logout and a plain note', async () => {
    // Every staff route is served now; /Register (no role has it) is the one placeholder left.
    renderApp('/Register', { token: null });
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText(/not available yet/)).toBeInTheDocument();
  });

  it('EditStudentAcademic reuses the EditStudent screen', () => {
    expect(titleOfPath('/EditStudentAcademic')).toBe('Edit Student');
    expect(titleOfPath('/UFMEntry')).toBe('UFM Entry');
    expect(titleOfPath('/ListStudentCCInfo')).toBe('List Student CC Info');
    expect(Object.values(placeholderModules).flat()).toHaveLength(
      new Set(Object.values(placeholderModules).flat()).size,
    );
  });

  it('any other path is Page Not Found', async () => {
    renderApp('/ListSessions');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('every screen shows the university name and the logo', async () => {
    renderApp('/nowhere', { token: null });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(screen.getByRole('banner')).toHaveTextContent('State University');
    expect(screen.getByRole('img', { name: 'University logo' })).toBeInTheDocument();
  });
});

describe('the legacy delete routes', () => {
  it.each([
    ['/DeleteSession?id=2024-25', 'Delete Session', /^\/api\/session\/2024-25$/, 'session', '2024-25'],
    ['/DeleteCourse?id=BA01', 'Delete Course', /^\/api\/course\/BA01$/, 'course', 'BA01'],
  ])('%s shows the record and deletes it after the spec’s question', async (path, title, call, name, id) => {
    const record = { [name === 'session' ? 'session_id' : 'course_comb_id']: id };
    let deleted = false;
    renderApp(path, {
      setup: (api) => {
        api.on('GET', call, () => ({ body: { [name]: record } }));
        api.on('DELETE', call, () => {
          deleted = true;
          return { body: { message: 'Deleted.' } };
        });
      },
    });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(id, { selector: 'td' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const question = name === 'session' ? 'Do you want to Delete?' : 'Do you want to delete the course';
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted.')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it('a session still in use is refused with the spec’s 409 alert and stays on screen', async () => {
    renderApp('/DeleteSession?id=2024-25', {
      setup: (api) => {
        api.on('GET', /^\/api\/session\/2024-25$/, () => ({ body: { session: { session_id: '2024-25' } } }));
        api.on('DELETE', /^\/api\/session\/2024-25$/, () => ({
          status: 409,
          body: { code: 'IN_USE', message: 'Session 2024-25 is in use by 3 course links.' },
        }));
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to Delete?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alertdialog', { name: /Error Code: 409/ });
    // Dismissed: the app's alerts wait in one queue, and an open one would hold back the next test's.
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('2024-25', { selector: 'td' })).toBeInTheDocument();
  });
});
