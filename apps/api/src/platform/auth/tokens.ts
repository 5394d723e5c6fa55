import { randomUUID } from 'node:crypto';
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

export function signToken(secret: string, userId: number, expiresIn: string) {
  const seconds = /^\d+$/.test(expiresIn) ? Number(expiresIn) : expiresIn;
  return jwt.sign({}, secret, {
    algorithm: ALGORITHM,
    subject: String(userId),
    jwtid: randomUUID(),
    expiresIn: seconds as jwt.SignOptions['expiresIn'],
  });
}

export function verifyToken(secret: string, token: string): TokenClaims | undefined {
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
