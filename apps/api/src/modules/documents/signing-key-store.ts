import type { Prisma } from '@exam/db';
import { q, type Reader } from './sql.ts';

/** The SQL of the kept signing keys (document_signing_key): read them, and write the one generated. */

/** The kept key pairs, oldest first (the first signs when the environment names none). */
export function keptSigningKeys(reader: Reader) {
  return q<{ kid: string; private_pem: string; public_pem: string }>(
    reader,
    `SELECT kid, private_pem, public_pem
       FROM document_signing_key
      ORDER BY created_at, kid`,
  );
}

/** One process at a time generates the key (until the transaction ends). */
export async function lockSigningKeys(tx: Prisma.TransactionClient) {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('document_signing_key'))`);
}

/** A generated key pair kept. */
export async function insertSigningKey(
  tx: Prisma.TransactionClient,
  key: { kid: string; privatePem: string; publicPem: string },
) {
  await tx.$executeRawUnsafe(
    `INSERT INTO document_signing_key (kid, private_pem, public_pem)
     VALUES ($1, $2, $3)`,
    key.kid,
    key.privatePem,
    key.publicPem,
  );
}
