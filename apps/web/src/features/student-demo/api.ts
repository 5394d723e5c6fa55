import { clientConfig, type Student, type StudentInput } from '@exam/contracts';
import { request } from '../../lib/api.ts';

let base: Promise<string> | undefined;

/**
 * Where the separate student-records demo service is: this page's own host (whatever name or address it was
 * opened by) on the port the API names at run time, so neither the address nor the ports are baked into the
 * build. Under `vite` (development) the dev server forwards `/student-demo` to it instead.
 */
export function demoBase(): Promise<string> {
  if (import.meta.env.STUDENT_DEMO_PROXY) return Promise.resolve(import.meta.env.STUDENT_DEMO_PROXY);
  base ??= request<unknown>('/client-config', { token: null, skipUnauthorizedHandler: true }).then(
    (answer) => {
      const port = clientConfig.parse(answer).student_demo_port;
      return `${window.location.protocol}//${window.location.hostname}:${port}`;
    },
    (error: unknown) => {
      base = undefined; // asked again next time
      throw error;
    },
  );
  return base;
}

/** Forgets the demo's location, so it is asked for again (each test app starts afresh). */
export const forgetDemoBase = () => {
  base = undefined;
};

/**
 * The demo accepts the signed-in staff user's token, like the API; a refused token ends the session the same
 * way.
 */
const call = async <T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
  request<T>(path, { method, body, base: await demoBase() });

type One = { data: Student; message?: string };

export const demoApi = {
  list: () => call<{ data: Student[] }>('/students/').then((a) => a.data ?? []),
  get: (id: string) => call<One>(`/students/${encodeURIComponent(id)}`).then((a) => a.data),
  create: (input: StudentInput) => call<One>('/students/', 'POST', input),
  update: (id: string, input: StudentInput) => call<One>(`/students/${encodeURIComponent(id)}`, 'PUT', input),
  remove: (id: number) => call<One>(`/students/${id}`, 'DELETE'),
};

export const demoKeys = { all: ['students'] as const, one: (id: string) => ['students', id] as const };
