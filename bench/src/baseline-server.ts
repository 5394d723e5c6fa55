// The floor to compare the API with: the same reads on node:http and pg, no framework, no ORM.
// It does the work a careful hand-written server must do too: verify the JWT, look the user up
// (with its token's revocation in the same query), and answer the same JSON.
// Run: DATABASE_URL=... JWT_SECRET=... PORT=... node --import tsx bench/src/baseline-server.ts
import http from 'node:http';
import { createSecretKey, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { verifyPassword } from '@exam/db/passwords';

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

const LIST_CAP = 1000;
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/;
const PIS_SEARCH = ['session_id', 'course_comb_id', 'sem_id', 'paper_id'];
const PIS_SELECT = `SELECT p.*, c.course_comb_name4, pa.paper_name FROM paperinfosem p
  JOIN course c ON c.course_comb_id = p.course_comb_id JOIN paper pa ON pa.paper_id = p.paper_id`;

type Reply = [status: number, body: unknown];

function send(res: http.ServerResponse, [status, body]: Reply) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

async function user(req: http.IncomingMessage) {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return undefined;
  let claims: jwt.JwtPayload;
  try {
    claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
  } catch {
    return undefined;
  }
  const { rows } = await pool.query(
    `SELECT u.*, EXISTS (SELECT 1 FROM revoked_token r WHERE r.jti = $2) AS revoked FROM users u
        WHERE u.id = $1`,
    [Number(claims.sub), claims.jti],
  );
  const row = rows[0];
  return row && row.active && !row.revoked ? row : undefined;
}

/**
 * The marks bench's floor: a draft save of an entry batch's rows, as a careful hand-written server would do
 * it (marks bench): values checked as decimals within the batch's maximum, one UPDATE … FROM unnest, the
 * batch's status, in one transaction. No scope rules, no attendance presets, no audit entry.
 */
async function saveEntryRows(
  me: { email: string },
  batchId: string,
  body: Record<string, unknown>,
): Promise<Reply> {
  if (!KEY.test(batchId)) return [404, { message: 'No such batch' }];
  const rows = Array.isArray(body.rows) ? (body.rows as Array<Record<string, unknown>>) : [];
  const value = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  if (
    rows.some((r) => {
      const v = value(r.value);
      return typeof r.attempt_id !== 'string' || (v !== null && !/^\d{1,4}(\.\d{1,2})?$/.test(v));
    })
  )
    return [422, { message: 'Invalid rows' }];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const batch = await client.query(
      `SELECT max_marks FROM entry_batch WHERE batch_id = $1
          AND status IN ('OPEN', 'DRAFT', 'REOPENED') FOR UPDATE`,
      [batchId],
    );
    if (!batch.rowCount) {
      await client.query('ROLLBACK');
      return [409, { message: 'Batch not open for entry' }];
    }
    const saved = await client.query(
      `UPDATE entry_row r SET value = t.v::numeric(6,2), status = t.s, updated_at = now()
         FROM unnest($2::text[], $3::text[], $4::text[]) AS t(a, v, s)
        WHERE r.batch_id = $1 AND r.attempt_id = t.a AND (t.v IS NULL OR t.v::numeric <= $5::numeric)`,
      [
        batchId,
        rows.map((r) => String(r.attempt_id)),
        rows.map((r) => value(r.value)),
        rows.map((r) => value(r.status)),
        batch.rows[0].max_marks,
      ],
    );
    const after = await client.query(
      `UPDATE entry_batch SET status = 'DRAFT', entered_by = $2, updated_at = now() WHERE batch_id = $1
          RETURNING updated_at`,
      [batchId, me.email],
    );
    await client.query('COMMIT');
    return [200, { saved: saved.rowCount, updated_at: after.rows[0].updated_at }];
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function route(req: http.IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 'api') return [404, { message: 'Not found' }];
  const [, first, ...rest] = parts;

  if (first === 'health') return [200, { status: 'ok' }];
  if (first === 'login' && req.method === 'POST') {
    const body = await readJson(req);
    const email = String(body.email ?? '')
      .trim()
      .toLowerCase();
    const { rows } = await pool.query('SELECT id, password_hash, active FROM users WHERE email = $1', [
      email,
    ]);
    const ok =
      rows[0] &&
      rows[0].active &&
      (await verifyPassword(String(body.password ?? ''), rows[0].password_hash, 10)).matches;
    if (!ok) return [401, { message: 'Invalid email or password.' }];
    const token = jwt.sign({}, key, {
      algorithm: 'HS256',
      subject: String(rows[0].id),
      jwtid: randomUUID(),
      expiresIn: '8h',
    });
    return [200, { token, message: 'Login successful.' }];
  }

  const me = await user(req);
  if (!me) return [401, { message: 'Sign in first.' }];
  if (first === 'entrybatch' && rest.length === 2 && rest[1] === 'rows' && req.method === 'PUT')
    return saveEntryRows(me, rest[0]!, await readJson(req));
  if (req.method !== 'GET') return [405, { message: 'Method not allowed' }];

  if (first === 'check-user') {
    return [
      200,
      {
        user_role: {
          name: me.role,
          system: me.system,
          dept_id: me.dept_id,
          college_id: me.college_id,
          email: me.email,
          display_name: me.name,
        },
      },
    ];
  }
  if (first === 'course' && rest.length === 2) {
    const offset = Number(rest[0]);
    const limit = rest[1] === 'All' ? LIST_CAP : Math.min(Number(rest[1]), LIST_CAP);
    const [total, rows] = await Promise.all([
      pool.query('SELECT count(*)::int AS n FROM course'),
      pool.query('SELECT * FROM course ORDER BY course_comb_id LIMIT $1 OFFSET $2', [limit, offset]),
    ]);
    return [200, { course: rows.rows, total: total.rows[0].n }];
  }
  if (first === 'paperinfosem' && rest.length === 4) {
    if (!rest.every((k) => KEY.test(k))) return [404, { message: 'Not found' }];
    const { rows } = await pool.query(
      `${PIS_SELECT} WHERE p.session_id = $1 AND p.course_comb_id = $2 AND p.sem_id = $3 AND p.paper_id = $4`,
      rest,
    );
    return rows[0] ? [200, { paperinfosem: rows[0] }] : [404, { message: 'Not found' }];
  }
  if (first === 'paperinfosem' && rest.length === 0) {
    const q = url.searchParams.get('q')?.trim();
    const limit = Math.min(Number(url.searchParams.get('limit') ?? LIST_CAP), LIST_CAP);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const params: unknown[] = [];
    let where = '';
    if (q) {
      params.push(`%${q.replace(/[\\%_]/g, '\\$&')}%`);
      where = `WHERE ${PIS_SEARCH.map((f) => `p.${f} ILIKE $1`).join(' OR ')}`;
    }
    const [total, rows] = await Promise.all([
      pool.query(`SELECT count(*)::int AS n FROM paperinfosem p ${where}`, params),
      pool.query(
        `${PIS_SELECT} ${where} ORDER BY p.session_id, p.course_comb_id, p.sem_id, p.paper_id LIMIT ` +
          `${limit} OFFSET ${offset}`,
        params,
      ),
    ]);
    return [200, { paperinfosem: rows.rows, total: total.rows[0].n }];
  }
  return [404, { message: 'Not found' }];
}

const server = http.createServer((req, res) => {
  route(req).then(
    (reply) => send(res, reply),
    (error: unknown) => send(res, [500, { message: error instanceof Error ? error.message : 'error' }]),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`baseline listening on ${typeof address === 'object' && address ? address.port : ''}`);
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
