import { z } from 'zod';

/** `transition`: a workflow action moved the record's status (`transition` names it, `reason` says why). */
export const auditActions = ['create', 'update', 'delete', 'transition'] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One change to a record: who, when, what, the record before and after, and for a workflow action which one
 * and why.
 */
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
  transition: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * `GET /api/audit` filters: entity (resource name), key (parts joined by /), user (email), from/to (ISO
 * times), paging.
 */
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

/**
 * The newest entries a record's History tab gets (`GET /api/history/<R>/<key...>`); `total` counts them all.
 */
export const HISTORY_LIMIT = 200;
export const recordHistory = z.object({ history: z.array(auditEntry), total: z.number().int() });
export type RecordHistory = z.infer<typeof recordHistory>;
