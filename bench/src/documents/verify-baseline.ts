// The documents bench's floor for GET /api/verify/{token}: node:http + pg, no framework, no ORM. It does the
// work a careful hand-written verifier must do too: split the token, parse its claims, Ed25519-verify the
// signature with the university's public key (node:crypto; the keys kept in document_signing_key, read once),
// SELECT the document by the id the claims name (the primary key, as the API does: serial_no has no index of
// its own), compare serial, hash, student and type with the register, and answer JSON. It has no per-address
// limit; it writes no verification_log row unless VERIFY_LOG=1 (then one INSERT per answer, as the API does:
// token SHA-256, document, result, address). Run: DATABASE_URL=... PORT=... node --import tsx
// bench/src/documents/verify-baseline.ts
import { createHash, createPublicKey, verify as edVerify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
  connectionTimeoutMillis: 5000,
});
pool.on('error', () => {});

type Reply = [status: number, body: unknown];
const B64URL = /^[A-Za-z0-9_-]+$/;
const withLog = process.env.VERIFY_LOG === '1';

let keys: Promise<Map<string, KeyObject>> | undefined;
function publicKeys() {
  keys ??= pool
    .query<{ public_pem: string }>('SELECT public_pem FROM document_signing_key')
    .then(({ rows }) => {
      const map = new Map<string, KeyObject>();
      for (const row of rows) {
        const key = createPublicKey(row.public_pem);
        const raw = Buffer.from((key.export({ format: 'jwk' }) as { x: string }).x, 'base64url');
        map.set(createHash('sha256').update(raw).digest('hex').slice(0, 16), key);
      }
      return map;
    });
  return keys;
}

function send(res: http.ServerResponse, [status, body]: Reply) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

interface Claims {
  sn: string;
  t: string;
  st: string;
  h: string;
  id: string;
  kid: string;
}

async function verifyDocument(token: string): Promise<Reply> {
  const parts = token.length <= 1000 ? token.split('.') : [];
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!))
    return [200, { document: null, signature_valid: false, reason: 'MALFORMED' }];
  const body = Buffer.from(parts[0]!, 'base64url');
  let claims: Claims;
  try {
    claims = JSON.parse(body.toString('utf8')) as Claims;
  } catch {
    return [200, { document: null, signature_valid: false, reason: 'MALFORMED' }];
  }
  if (!claims || typeof claims.id !== 'string' || typeof claims.kid !== 'string')
    return [200, { document: null, signature_valid: false, reason: 'MALFORMED' }];
  const key = (await publicKeys()).get(claims.kid);
  if (!key) return [200, { document: null, signature_valid: false, reason: 'UNKNOWN_KEY' }];
  const signature = Buffer.from(parts[1]!, 'base64url');
  if (signature.length !== 64 || !edVerify(null, body, key, signature))
    return [200, { document: null, signature_valid: false, reason: 'BAD_SIGNATURE' }];
  const { rows } = await pool.query(
    `SELECT d.doc_type, d.serial_no, d.status, d.payload_hash, d.student_id, d.name_en, d.name_hi,
        d.issued_at, d.marker, n.serial_no AS superseded_by_serial, d.payload
       FROM document d LEFT JOIN document n ON n.doc_id = d.superseded_by WHERE d.doc_id = $1`,
    [claims.id],
  );
  const row = rows[0];
  if (!row || !['ISSUED', 'SUPERSEDED', 'CANCELLED'].includes(row.status))
    return [404, { message: `Document ${claims.sn} is not issued.` }];
  if (
    row.serial_no !== claims.sn ||
    row.payload_hash !== claims.h ||
    row.student_id !== claims.st ||
    row.doc_type !== claims.t
  ) {
    return [200, { document: null, signature_valid: true, reason: 'MISMATCH' }];
  }
  const p = row.payload;
  const status = row.status === 'ISSUED' ? 'VALID' : row.status;
  if (withLog)
    await pool.query(
      `INSERT INTO verification_log (token_hash, doc_id, result, ip) VALUES ($1, $2, $3, $4)`,
      [createHash('sha256').update(token).digest('hex'), claims.id, status, 'bench-baseline'],
    );
  const t = p.totals ?? {};
  return [
    200,
    {
      document: {
        doc_type: row.doc_type,
        serial_no: row.serial_no,
        name_en: row.name_en ?? p.student?.name?.en,
        name_hi: row.name_hi,
        programme: p.programme?.name?.en ?? null,
        exam: p.exam ? [p.exam.name?.en, p.exam.cycle].filter(Boolean).join(', ') : null,
        result:
          [t.result?.en, t.division?.en, t.sgpa ? `SGPA ${t.sgpa}` : null].filter(Boolean).join(', ') || null,
        issued_at: row.issued_at?.toISOString() ?? null,
        status,
        marker: row.marker,
        superseded_by: row.superseded_by_serial,
      },
      signature_valid: true,
      reason: null,
      message: `${status}: ${row.serial_no}`,
    },
  ];
}

async function route(req: http.IncomingMessage): Promise<Reply> {
  const parts = new URL(req.url ?? '/', 'http://localhost').pathname.split('/').filter(Boolean);
  if (parts[0] !== 'api' || req.method !== 'GET') return [404, { message: 'Not found' }];
  if (parts[1] === 'health' && parts.length === 2) return [200, { status: 'ok' }];
  if (parts[1] === 'verify' && parts.length === 3) return verifyDocument(decodeURIComponent(parts[2]!));
  return [404, { message: 'Not found' }];
}

const server = http.createServer((req, res) => {
  route(req).then(
    (reply) => send(res, reply),
    (error: unknown) => send(res, [500, { message: error instanceof Error ? error.message : 'error' }]),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
