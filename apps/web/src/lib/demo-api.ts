import type { Student, StudentInput } from '@exam/contracts';
import { request } from './api.ts';

/** The separate student-records demo service: VITE_DEMO_API_URL, or this page's host on port 3001. */
export const demoBase = () =>
  (import.meta.env.VITE_DEMO_API_URL as string | undefined) || `${window.location.protocol}//${window.location.hostname}:3001`;

const call = <T,>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
  request<T>(path, { method, body, base: demoBase(), token: null, skipUnauthorizedHandler: true });

type One = { data: Student; message?: string };

export const demoApi = {
  list: () => call<{ data: Student[] }>('/students/').then((a) => a.data ?? []),
  get: (id: string) => call<One>(`/students/${encodeURIComponent(id)}`).then((a) => a.data),
  create: (input: StudentInput) => call<One>('/students/', 'POST', input),
  update: (id: string, input: StudentInput) => call<One>(`/students/${encodeURIComponent(id)}`, 'PUT', input),
  remove: (id: number) => call<One>(`/students/${id}`, 'DELETE'),
};

export const demoKeys = { all: ['students'] as const, one: (id: string) => ['students', id] as const };
