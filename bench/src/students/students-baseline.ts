// The floor for a page of students: node:http + pg, no framework, no ORM, doing the work a careful
// hand-written server must do too (verify the JWT, look the user up with its token's revocation in one query)
// and answering the same JSON as `GET /api/student?college_id=...&limit=...&offset=...`: the page in key
// order and the total. Run: DATABASE_URL=... JWT_SECRET=... PORT=... node --import tsx
// bench/src/students/students-baseline.ts
import { createSecretKey } from 'node:crypto';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const secret = process.env.JWT_SECRET ?? '';
if (secret.length < 32) throw new Error('JWT_SECRET must be set (at least 32 characters)');
// The HMAC key made once: given the string, jsonwebtoken tries it as a PEM public key on every call first.
const key = createSecretKey(Buffer.from(secret, 'utf8'));
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
  connectionTimeoutMillis: 5000,
});
pool.on('error', () => {});
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/;

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

async function signedIn(req: http.IncomingMessage) {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return false;
  let claims: jwt.JwtPayload;
  try {
    claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
  } catch {
    return false;
  }
  const { rows } = await pool.query(
    `SELECT u.active, EXISTS (SELECT 1 FROM revoked_token r WHERE r.jti = $2) AS revoked FROM users u
        WHERE u.id = $1`,
    [Number(claims.sub), claims.jti],
  );
  return !!rows[0] && rows[0].active && !rows[0].revoked;
}

async function route(req: http.IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/health') return [200, { status: 'ok' }];
  if (!(await signedIn(req))) return [401, { message: 'Sign in first.' }];
  if (url.pathname !== '/api/student' || req.method !== 'GET') return [404, { message: 'Not found' }];
  const college = url.searchParams.get('college_id') ?? '';
  if (!KEY.test(college)) return [422, { message: 'college_id' }];
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000), 1000);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const [total, rows] = await Promise.all([
    pool.query('SELECT count(*)::int AS n FROM student WHERE college_id = $1', [college]),
    pool.query('SELECT * FROM student WHERE college_id = $1 ORDER BY student_id LIMIT $2 OFFSET $3', [
      college,
      limit,
      offset,
    ]),
  ]);
  return [200, { student: rows.rows, total: total.rows[0].n }];
}

const server = http.createServer((req, res) => {
  route(req).then(
    ([status, body]) => send(res, status, body),
    (error: unknown) => send(res, 500, { message: error instanceof Error ? error.message : 'error' }),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
