import type { Request, Response } from 'express';
import type { AuditAction } from '@exam/contracts';
import type { Prisma } from '@exam/db';

export interface AuditChange {
  action: AuditAction;
  entity: string;
  key: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** A workflow action (with action `transition`): its key, and the reason the caller gave. */
  transition?: string;
  reason?: string;
}

const entryOf = (req: Request, res: Response, change: AuditChange) => {
  const user = res.locals.user;
  return {
    user_id: user?.id ?? null,
    user_email: user?.email ?? 'unknown',
    action: change.action,
    entity: change.entity,
    entity_key: change.key,
    before: (change.before ?? undefined) as never,
    after: (change.after ?? undefined) as never,
    request_id: req.id,
    transition: change.transition ?? null,
    reason: change.reason ?? null,
  };
};

/** Records a change inside the transaction that makes it: both are kept, or neither. */
export async function recordChange(
  tx: Prisma.TransactionClient,
  req: Request,
  res: Response,
  change: AuditChange,
) {
  await tx.auditEntry.create({ data: entryOf(req, res, change) });
}

/**
 * Many changes of one request (an import's rows) in one statement, inside the transaction that makes them.
 * Raw SQL because Prisma 7's createMany costs about 0.65 ms a row in its query compiler (10,000 audit rows:
 * 6.4 s, this 0.3 s).
 */
export async function recordChanges(
  tx: Prisma.TransactionClient,
  req: Request,
  res: Response,
  changes: readonly AuditChange[],
) {
  if (!changes.length) return;
  const entries = JSON.stringify(changes.map((change) => entryOf(req, res, change)));
  await tx.$executeRaw`
    INSERT INTO audit_log (
      user_id, user_email, action, entity, entity_key, before, after, request_id, transition, reason
    )
    SELECT user_id, user_email, action, entity, entity_key, before, after, request_id, transition, reason
    FROM json_populate_recordset(NULL::audit_log, ${entries}::json)`;
}
