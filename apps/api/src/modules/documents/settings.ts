import type { KeyObject } from 'node:crypto';
import { createPublicKey } from 'node:crypto';
import { approvalAlwaysRequired, documentType, type DocumentType } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { parseSettings, settingsSchema } from '@exam/settings';
import { generateSigningKey, keyIdOf, signingKeyFromPem, type SigningKey } from './signing.ts';
import { insertSigningKey, keptSigningKeys, lockSigningKeys } from './signing-key-store.ts';

/**
 * The documents module's settings (ADR 0028), read from the environment once per process:
 * - DOCUMENT_SIGNING_KEY: the university's Ed25519 private key (PKCS8 PEM). Unset: a key pair generated once
 *   and kept in
 *   the table document_signing_key, so restarts and every replica keep signing and verifying with the same
 *   key.
 * - DOCUMENT_AUTO_APPROVE: comma-separated types issued without document_admin's approval (only MARKSHEET,
 *   CONSOLIDATED_MARKSHEET, TRANSCRIPT, MIGRATION may be; degrees, provisional degrees and certificates
 *   never).
 * - VERIFY_MAX_PER_MINUTE: verifications one address may make per minute (default 60).
 * - PUBLIC_URL: the address the QR's verification link starts with.
 */
export interface DocumentSettings {
  publicUrl: string;
  autoApprove: ReadonlySet<DocumentType>;
  verifyPerMinute: number;
  envKeyPem: string | undefined;
}

const envSchema = settingsSchema([
  'DOCUMENT_SIGNING_KEY',
  'DOCUMENT_AUTO_APPROVE',
  'VERIFY_MAX_PER_MINUTE',
  'PUBLIC_URL',
  'PORT',
]);

export function documentSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  port?: number,
): DocumentSettings {
  const e = parseSettings(envSchema, env);
  const auto = e.DOCUMENT_AUTO_APPROVE.split(',')
    .map((t) => t.trim().toUpperCase())
    .filter(
      (t): t is DocumentType =>
        (documentType.values as readonly string[]).includes(t) &&
        !approvalAlwaysRequired.includes(t as DocumentType),
    );
  return {
    publicUrl: (e.PUBLIC_URL || `http://localhost:${port ?? e.PORT}`).replace(/\/+$/, ''),
    autoApprove: new Set(auto),
    verifyPerMinute: e.VERIFY_MAX_PER_MINUTE,
    envKeyPem: e.DOCUMENT_SIGNING_KEY || undefined,
  };
}

/**
 * Settings per database (the app that serves it registered them); a worker without routes reads the
 * environment.
 */
const registered = new WeakMap<object, DocumentSettings>();
export const registerDocumentSettings = (db: Database, settings: DocumentSettings) =>
  registered.set(db, settings);
export const documentSettings = (db: Database): DocumentSettings =>
  registered.get(db) ?? documentSettingsFromEnv();

interface Keys {
  signing: SigningKey;
  /** Every public key a token may name (the environment's and the kept ones). */
  verifying: Map<string, KeyObject>;
}
const keyCache = new WeakMap<object, Promise<Keys>>();

/**
 * The signing key and the verifying keys of this installation, read once per database and process. Inside an
 * open transaction (an approval) pass it as `tx`: on a single-connection database (PGlite) a second
 * transaction would wait for the first forever. A key generated inside `tx` is not cached until a later read
 * finds it committed.
 */
export async function documentKeys(
  db: Database,
  tx?: Prisma.TransactionClient,
  options: { create?: boolean } = {},
): Promise<Keys> {
  const cached = keyCache.get(db);
  if (cached) return cached;
  const loading = loadKeys(db, documentSettings(db), tx, options.create ?? true);
  const keys = await loading;
  if (!keys.generated) keyCache.set(db, loading);
  return keys;
}

async function loadKeys(
  db: Database,
  settings: DocumentSettings,
  tx: Prisma.TransactionClient | undefined,
  create: boolean,
): Promise<Keys & { generated: boolean }> {
  let rows = await keptSigningKeys(tx ?? db);
  const fromEnv = settings.envKeyPem ? signingKeyFromPem(settings.envKeyPem) : undefined;
  let generated = false;
  if (!fromEnv && rows.length === 0 && !create) {
    // Nothing was ever signed: no key verifies anything (a verification never creates the key).
    return { signing: undefined as unknown as SigningKey, verifying: new Map(), generated: true };
  }
  if (!fromEnv && rows.length === 0) {
    // Generated once: the first process to get here under the lock writes it, every other one reads it.
    const generate = async (t: Prisma.TransactionClient) => {
      await lockSigningKeys(t);
      const again = await keptSigningKeys(t);
      if (again.length) return again;
      await insertSigningKey(t, generateSigningKey());
      generated = true;
      return keptSigningKeys(t);
    };
    rows = tx ? await generate(tx) : await db.prisma.$transaction(generate);
    if (tx) generated = true;
  }
  const verifying = new Map<string, KeyObject>();
  for (const row of rows) {
    const pub = createPublicKey(row.public_pem);
    verifying.set(keyIdOf(pub), pub);
  }
  const signing = fromEnv ?? signingKeyFromPem(rows[0]!.private_pem);
  verifying.set(signing.kid, signing.publicKey);
  return { signing, verifying, generated };
}
