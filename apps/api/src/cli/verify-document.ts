// Offline verification of a document's QR token with the university's public key alone (no database, no
// network):
//   pnpm --filter @exam/api verify-document <token or https://…/verify/<token>> --key <public-key.pem>
// The public key is published at GET /.well-known/document-signing-key (README: "Verifying documents").
// Exit code 0: the signature is the university's; 1: not genuine (altered, forged, not a token); 2: usage.
import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { TokenCheck } from '@exam/contracts';
import { verifyToken } from '../modules/documents/index.ts';

/** Checks a token (or a verification link) with a public key in PEM (SPKI) or a JWK's JSON. */
export function verifyOffline(tokenOrUrl: string, publicKey: string): TokenCheck {
  const token = tokenOrUrl
    .trim()
    .replace(/^.*\/verify\//, '')
    .replace(/[?#].*$/, '');
  const text = publicKey.trim();
  const key = text.startsWith('{')
    ? createPublicKey({ key: JSON.parse(text) as import('node:crypto').JsonWebKey, format: 'jwk' })
    : createPublicKey(text);
  return verifyToken(token, key);
}

function main(argv: string[]): number {
  const keyAt = argv.indexOf('--key');
  const keyFile = keyAt >= 0 ? argv[keyAt + 1] : undefined;
  const token = argv.find((a, i) => !a.startsWith('--') && i !== keyAt + 1);
  if (!token || !keyFile) {
    process.stderr.write('Usage: verify-document <token | verification link> --key <public-key.pem>\n');
    return 2;
  }
  const check = verifyOffline(token, fs.readFileSync(keyFile, 'utf8'));
  if (!check.signature_valid) {
    const claims = check.claims;
    const claimed = claims ? `: claims serial ${claims.sn}, ${claims.t}, student ${claims.st}` : '';
    process.stdout.write(`NOT GENUINE (${check.reason})${claimed}\n`);
    return 1;
  }
  const c = check.claims!;
  process.stdout.write(
    [
      `SIGNATURE VALID (key ${c.kid})`,
      `type:         ${c.t}`,
      `serial:       ${c.sn}`,
      `student:      ${c.st}`,
      `issue date:   ${c.d}`,
      `document:     ${c.id}`,
      `payload hash: ${c.h}`,
      'Status (VALID / SUPERSEDED / CANCELLED) is known only online: GET /api/verify/<token>.',
    ].join('\n') + '\n',
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
