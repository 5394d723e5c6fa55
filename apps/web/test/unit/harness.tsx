import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { routes } from '../../src/app/router.tsx';
import { setUnauthorizedHandler } from '../../src/lib/api.ts';
import { forgetDemoBase } from '../../src/features/student-demo/index.ts';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { endSession, registerSessionHandlers } from '../../src/lib/session.ts';
import { TOKEN_KEY } from '../../src/lib/token.ts';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: Call, match: RegExpMatchArray) => { status?: number; body?: unknown } | undefined;

/** A fake API: handlers matched in order by method and path (with query); every call is recorded. */
export function fakeApi() {
  const handlers: { method: string; pattern: RegExp; handler: Handler }[] = [];
  const calls: Call[] = [];
  const api = {
    calls,
    on(method: string, pattern: RegExp, handler: Handler | { status?: number; body?: unknown }) {
      handlers.unshift({ method, pattern, handler: typeof handler === 'function' ? handler : () => handler });
      return api;
    },
    callsTo: (method: string, pattern: RegExp) =>
      calls.filter((c) => c.method === method && pattern.test(c.path)),
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.origin === 'http://localhost' ? `${url.pathname}${url.search}` : url.href,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    for (const { method, pattern, handler } of handlers) {
      const match = call.path.match(pattern);
      if (method === call.method && match) {
        const answer = handler(call, match);
        if (answer) return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
      }
    }
    return new Response(JSON.stringify({ message: `No fake for ${call.method} ${call.path}` }), {
      status: 404,
    });
  });
  return api;
}

export const adminUser = {
  name: 'admin',
  system: 'university',
  dept_id: null,
  college_id: null,
  email: 'admin@university.test',
  display_name: 'Administrator',
};

export const stamp = '2024-06-01T10:00:00.000Z';

/** The whole app on a memory router at `path`, signed in (unless token is null) as `user`. */
export function renderApp(
  path: string,
  options: {
    token?: string | null;
    user?: Record<string, unknown>;
    setup?: (api: ReturnType<typeof fakeApi>) => void;
  } = {},
) {
  const { token = 'test-token', user = adminUser } = options;
  if (token) localStorage.setItem(TOKEN_KEY, token);
  const api = fakeApi();
  forgetDemoBase();
  api.on('GET', /^\/api\/check-user$/, (call) =>
    call.authorization
      ? { body: { user_role: user } }
      : { status: 401, body: { message: 'Unauthenticated.' } },
  );
  api.on('GET', /^\/api\/client-config$/, { body: { student_demo_port: 3001 } });
  options.setup?.(api);
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerSessionHandlers({
    navigate: (to) => void router.navigate(to, { replace: true }),
    clearCache: () => client.clear(),
  });
  setUnauthorizedHandler(endSession);
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router, client, view, user: userEvent.setup() };
}
