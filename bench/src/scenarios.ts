import autocannon from 'autocannon';

export interface Target {
  baseUrl: string;
  token: string;
  /** Admin credentials (login scenario). */
  email: string;
  password: string;
  /** A paperinfosem key that exists, in path order. */
  paperInfoSemKey: string[];
  /** A search that matches a handful of paperinfosem rows. */
  q: string;
}

export interface Scenario {
  name: string;
  /** Reads are held to the targets; login and writes are reported. */
  kind: 'read' | 'login' | 'write';
  /** The baseline answers it too. */
  inBaseline: boolean;
  requests(t: Target): autocannon.Request[];
}

const json = { 'content-type': 'application/json' };
let cycle = 0;

export const scenarios: Scenario[] = [
  {
    name: 'login',
    kind: 'login',
    inBaseline: true,
    requests: (t) => [
      {
        method: 'POST',
        path: '/api/login',
        headers: json,
        body: JSON.stringify({ email: t.email, password: t.password }),
      },
    ],
  },
  {
    name: 'check-user',
    kind: 'read',
    inBaseline: true,
    requests: () => [{ method: 'GET', path: '/api/check-user' }],
  },
  {
    name: 'course page (/api/course/0/20)',
    kind: 'read',
    inBaseline: true,
    requests: () => [{ method: 'GET', path: '/api/course/0/20' }],
  },
  {
    name: 'paperinfosem by its 4 keys',
    kind: 'read',
    inBaseline: true,
    requests: (t) => [
      { method: 'GET', path: `/api/paperinfosem/${t.paperInfoSemKey.map(encodeURIComponent).join('/')}` },
    ],
  },
  {
    name: 'paperinfosem ?q=&limit=20',
    kind: 'read',
    inBaseline: true,
    requests: (t) => [{ method: 'GET', path: `/api/paperinfosem?q=${encodeURIComponent(t.q)}&limit=20` }],
  },
  {
    // One paper created, renamed and deleted per cycle; each connection works on its own keys.
    name: 'paper create-update-delete',
    kind: 'write',
    inBaseline: false,
    requests: () => {
      const run = Date.now().toString(36);
      return [
        {
          method: 'POST',
          path: '/api/paper',
          headers: json,
          setupRequest: (req, context) => {
            const ctx = context as { id?: string };
            ctx.id = `BENCH-${run}-${++cycle}`;
            return {
              ...req,
              body: JSON.stringify({
                paper_id: ctx.id,
                paper_name: 'Benchmark paper',
                paper_code: 'BEN-101',
              }),
            };
          },
        },
        {
          method: 'PUT',
          headers: json,
          setupRequest: (req, context) => ({
            ...req,
            path: `/api/paper/${(context as { id: string }).id}`,
            body: JSON.stringify({ paper_name: 'Benchmark paper (renamed)' }),
          }),
        },
        {
          method: 'DELETE',
          setupRequest: (req, context) => ({ ...req, path: `/api/paper/${(context as { id: string }).id}` }),
        },
      ];
    },
  },
];

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts plus every non-2xx answer. */
  errors: number;
  statuses: Record<string, number>;
}

/** Loads one scenario on one server: `connections` keep-alive connections for `duration` seconds. */
export async function load(
  target: Target,
  scenario: Scenario,
  duration: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: target.baseUrl,
    connections,
    duration,
    timeout: 10,
    headers: { authorization: `Bearer ${target.token}` },
    requests: scenario.requests(target),
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
    statuses,
  };
}
