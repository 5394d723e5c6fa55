import {
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * The signed token in an admit card's QR (docs/decisions/0021-timetable-rolls-admit-cards.md): Ed25519 over
 * the exam, the student, the roll number and the card's version, so an invigilator's phone can check a card
 * offline with the published public key, and a forged or altered card (another roll number) fails. The
 * signing key is derived from the server's signing secret (HKDF-SHA256, its own label), so every replica
 * signs alike and no second secret has to be deployed. Token: base64url("AC|exam|student|roll|version") "."
 * base64url(signature), about 140 characters.
 */

export interface AdmitCardClaims {
  exam_id: string;
  student_id: string;
  roll_no: string;
  version: number;
}

// PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

const keys = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>();

/** The key pair of a server secret (cached: derived once per process). */
export function admitCardKeys(secret: string) {
  const cacheKey = createHash('sha256').update(secret).digest('hex');
  let found = keys.get(cacheKey);
  if (!found) {
    const seed = Buffer.from(hkdfSync('sha256', secret, 'exam-admit-card', 'admit-card-qr-ed25519', 32));
    const privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    found = { privateKey, publicKey: createPublicKey(privateKey) };
    keys.set(cacheKey, found);
  }
  return found;
}

export function signAdmitCard(secret: string, claims: AdmitCardClaims): string {
  // Key parts never hold '|' (KEY_PATTERN), so the payload is short: a shorter token is a smaller QR, drawn
  // faster.
  const payload = Buffer.from(
    ['AC', claims.exam_id, claims.student_id, claims.roll_no, claims.version].join('|'),
  );
  const signature = sign(null, payload, admitCardKeys(secret).privateKey);
  return `${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

/** The claims of a token this server signed, or null for anything else (altered, another key, malformed). */
export function verifyAdmitCard(secret: string, token: string): AdmitCardClaims | null {
  const [payloadPart, signaturePart, extra] = token.split('.');
  if (!payloadPart || !signaturePart || extra !== undefined) return null;
  const payload = Buffer.from(payloadPart, 'base64url');
  if (!verify(null, payload, admitCardKeys(secret).publicKey, Buffer.from(signaturePart, 'base64url')))
    return null;
  const [type, exam_id, student_id, roll_no, version, ...rest] = payload.toString('utf8').split('|');
  if (type !== 'AC' || !exam_id || !student_id || !roll_no || rest.length || !/^\d+$/.test(version ?? ''))
    return null;
  return { exam_id, student_id, roll_no, version: Number(version) };
}
