import type { Request, Response } from 'express';
import type { Tx } from '../crud/crud-router.ts';

export interface AuditChange {
  action: 'create' | 'update' | 'delete';
  entity: string;
  key: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Records a change inside the transaction that makes it: both are kept, or neither. */
export async function recordChange(tx: Tx, req: Request, res: Response, change: AuditChange) {
  const user = res.locals.user;
  await tx.auditEntry.create({
    data: {
      user_id: user?.id ?? null,
      user_email: user?.email ?? 'unknown',
      action: change.action,
      entity: change.entity,
      entity_key: change.key,
      before: (change.before ?? undefined) as never,
      after: (change.after ?? undefined) as never,
      request_id: req.id,
    },
  });
}
