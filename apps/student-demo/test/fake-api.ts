import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserRole } from '@exam/contracts';

const user = (name: UserRole['name']): UserRole => ({
  name,
  system: 'university',
  dept_id: null,
  college_id: null,
  email: `${name}@university.test`,
  display_name: name,
});

/**
 * A stand-in for the API's `GET /api/check-user` on a real port: it knows a few bearer tokens and can revoke
 * them, answering 401 with the API's message shape for anything else. The real API is exercised by the
 * browser suite.
 */
export async function startFakeApi() {
  const tokens = new Map<string, UserRole>([
    ['office-token', user('office')],
    ['faculty-token', user('faculty')],
    ['student-token', user('student')],
  ]);
  const seen: string[] = [];
  let broken = false;
  const server: Server = createServer((req, res) => {
    const authorization = req.headers.authorization ?? '';
    seen.push(authorization);
    res.setHeader('Content-Type', 'application/json');
    if (broken) return void res.writeHead(500).end(JSON.stringify({ message: 'down', code: 'INTERNAL' }));
    if (req.url !== '/api/check-user')
      return void res.writeHead(404).end(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }));
    const role = tokens.get(authorization.replace(/^Bearer /, ''));
    if (!role)
      return void res
        .writeHead(401)
        .end(
          JSON.stringify({ message: 'You have signed out; please sign in again.', code: 'UNAUTHENTICATED' }),
        );
    res.end(JSON.stringify({ user_role: role }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** Authorization headers the API was asked about, in order. */
    seen,
    revoke: (token: string) => tokens.delete(token),
    breakDown: (down = true) => (broken = down),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;
