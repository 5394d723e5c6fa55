import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TokenClaims {
  sub: string;
  jti: string;
  exp: number;
}

/**
 * HS256 only: a token naming any other algorithm (none, RS256...) is refused before its signature is looked
 * at.
 */
const ALGORITHM = 'HS256' as const;

/**
 * The secret as a key object, made once per process. Given the secret as a string, jsonwebtoken first tries
 * to read it as a PEM public key on every call and makes the HMAC key only after that throws: about 0.4 ms of
 * CPU per request, 30 % of a check-user's (V8 profile, bench/NOTES.md). The same HMAC and the same checks
 * run either way.
 */
export const tokenKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

export function signToken(secret: KeyObject, userId: number, expiresIn: string) {
  const seconds = /^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn;
  return jwt.sign({}, secret, {
    algorithm: ALGORITHM,
    subject: String(userId),
    jwtid: randomUUID(),
    expiresIn: seconds as jwt.SignOptions['expiresIn'],
  });
}

export function verifyToken(secret: KeyObject, token: string): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof claims !== 'object' || !claims.sub || !claims.jti || !claims.exp) return undefined;
    return { sub: claims.sub, jti: claims.jti, exp: claims.exp };
  } catch {
    return undefined;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
