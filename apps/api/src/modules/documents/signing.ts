import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as edSign,
  verify as edVerify,
  type KeyObject,
} from 'node:crypto';
import { verificationClaims, type TokenCheck, type VerificationClaims } from '@exam/contracts';

/**
 * The university's document signing key (Ed25519, node:crypto) and the verification token (ADR 0028).
 *
 * Token: `base64url(claims JSON) "." base64url(Ed25519 signature over those JSON bytes)`, claims = serial,
 * type, student, payload hash, issue date, document id and key id (contracts `verificationClaims`). Anyone
 * holding the public key checks it offline (`verifyToken` here is all the CLI needs: no database, no
 * network).
 */

/** JSON with keys sorted at every level: the bytes hashed for `payload_hash`, the same on every machine. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of a payload. */
export const payloadHash = (payload: unknown) =>
  createHash('sha256').update(canonicalJson(payload), 'utf8').digest('hex');

/** The key id: the first 16 hex digits of the SHA-256 of the raw 32-byte public key. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(publicKey)).digest('hex').slice(0, 16);
}

/** The 32 raw bytes of an Ed25519 public key (the JWK's `x`). */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' }) as { x?: string };
  return Buffer.from(jwk.x ?? '', 'base64url');
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * A PKCS8 PEM (as DOCUMENT_SIGNING_KEY holds it; `\n` escapes of a one-line environment value accepted) as a
 * signing key.
 */
export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(
      'DOCUMENT_SIGNING_KEY must be an Ed25519 private key (PKCS8 PEM: openssl genpkey -algorithm ed25519)',
    );
  const publicKey = createPublicKey(privateKey);
  return { kid: keyIdOf(publicKey), privateKey, publicKey };
}

export function generateSigningKey(): SigningKey & { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    kid: keyIdOf(publicKey),
    privateKey,
    publicKey,
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

export const publicPemOf = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();
export const publicJwkOf = (key: KeyObject) => ({
  kty: 'OKP' as const,
  crv: 'Ed25519' as const,
  x: rawPublicKey(key).toString('base64url'),
  kid: keyIdOf(key),
  use: 'sig' as const,
  alg: 'EdDSA' as const,
});

/** Signs the claims into a compact token. */
export function signToken(claims: Omit<VerificationClaims, 'kid' | 'v'>, key: SigningKey): string {
  const full: VerificationClaims = { v: 1, ...claims, kid: key.kid };
  const body = Buffer.from(JSON.stringify(full), 'utf8');
  return `${body.toString('base64url')}.${edSign(null, body, key.privateKey).toString('base64url')}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
/** The longest token accepted (a real one is ~300 characters); anything longer is not a token. */
export const TOKEN_MAX = 1000;

/** The claims a token says it carries, without checking anything (null: not a token). */
export function readClaims(token: string): VerificationClaims | null {
  if (token.length > TOKEN_MAX) return null;
  const parts = token.split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return null;
  try {
    const parsed = verificationClaims.safeParse(
      JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a token with public keys alone: MALFORMED (not a token of this format), UNKNOWN_KEY (signed by a key
 * not among `keys`), BAD_SIGNATURE (altered after signing, or forged), else valid with its claims.
 */
export function verifyToken(token: string, keys: ReadonlyMap<string, KeyObject> | KeyObject): TokenCheck {
  const claims = readClaims(token);
  if (!claims) return { signature_valid: false, reason: 'MALFORMED', claims: null };
  const key =
    keys instanceof Map
      ? keys.get(claims.kid)
      : keyIdOf(keys as KeyObject) === claims.kid
        ? (keys as KeyObject)
        : undefined;
  if (!key) return { signature_valid: false, reason: 'UNKNOWN_KEY', claims };
  const [body, signature] = token.split('.') as [string, string];
  const signatureBytes = Buffer.from(signature, 'base64url');
  const ok =
    signatureBytes.length === 64 && edVerify(null, Buffer.from(body, 'base64url'), key, signatureBytes);
  return ok
    ? { signature_valid: true, reason: null, claims }
    : { signature_valid: false, reason: 'BAD_SIGNATURE', claims };
}
