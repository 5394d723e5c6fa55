/**
 * Documents (lifecycle S10/S11, §5): marksheets, consolidated marksheets, transcripts, provisional degrees,
 * degrees, migration certificates and certificates drafted as frozen snapshots of published results, numbered
 * and signed (Ed25519) at approval, verifiable by anyone (GET /api/verify/{token}, offline with the public
 * key).
 */
export { documentsModule } from './documents-module.ts';
/** Offline token checking (the CLI, and anyone holding the public key). */
export { verifyToken, readClaims, payloadHash, canonicalJson } from './signing.ts';
