import { z } from 'zod';
import type { RoleName } from './auth.ts';

export const auditActions = ['create', 'update', 'delete'] as const;

/** One change to master data: who, when, what, and the record before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string(),
  action: z.enum(auditActions),
  entity: z.string(),
  entity_key: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /api/audit` filters: entity (resource name), key (parts joined by /), user (email), from/to (ISO times), paging. */
export const auditQuery = z.object({
  entity: z.string().trim().max(30).optional(),
  key: z.string().trim().max(200).optional(),
  user: z.string().trim().max(254).optional(),
  action: z.enum(auditActions).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** Who may read the audit trail. Nobody may change it. */
export const auditReaders: readonly RoleName[] = ['admin'];
