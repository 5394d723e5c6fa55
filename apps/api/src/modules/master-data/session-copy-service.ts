import { ccinfoSemResource, paperInfoSemResource, sessionResource } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import { present } from '../../platform/crud/store.ts';
import { prismaCode } from '../../platform/http/errors.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { isKey, refuseMissingSession } from './lookup-rules.ts';
import { sessionById } from './lookup-store.ts';
import {
  ccKey,
  copiedFrom,
  copyPlan,
  copyRace,
  copyReport,
  paperKey,
  refuseCopyFromItself,
} from './session-copy-rules.ts';
import { insertMissingLinks, insertMissingSchemes, rowsOfCopy } from './session-copy-store.ts';
import { masterDataStores as stores } from './stores.ts';

/**
 * The yearly chore of carrying one session's course-semester links and paper schemes into the next
 * (session-copy-rules.ts decides, session-copy-store.ts reads and writes).
 */

type Tx = Prisma.TransactionClient;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

const existing = async (db: Database, sessionId: string) =>
  throwIf(refuseMissingSession(sessionId, isKey(sessionId) ? await sessionById(db.prisma, sessionId) : null));

/** Whether an error is a unique violation (another copy into the same session won the race). */
const isDuplicate = (error: unknown) =>
  prismaCode(error) === 'P2002' || /duplicate key|23505/.test(String((error as Error)?.message));

/**
 * A dry run answers the preview; otherwise every missing row is created in one transaction, each with its
 * audit entry (`audit`), plus one `copy-from` entry on the target session. Answers the report (its message a
 * Message, for the reader's language).
 */
export async function copySession(
  db: Database,
  from: string,
  to: string,
  dryRun: boolean,
  audit: (tx: Tx, changes: AuditChange[]) => Promise<void>,
) {
  await existing(db, to);
  await existing(db, from);
  throwIf(refuseCopyFromItself(from, to));
  if (dryRun) return copyReport(from, to, true, copyPlan(to, await rowsOfCopy(db.prisma, from, to)));
  return db.prisma
    .$transaction(
      async (tx) => {
        const result = copyReport(from, to, false, copyPlan(to, await rowsOfCopy(tx, from, to)));
        const reason = renderMessage(copiedFrom(from));
        const ccRows = await insertMissingLinks(tx, from, to);
        const paperRows = await insertMissingSchemes(tx, from, to);
        await audit(tx, [
          ...ccRows.map((r): AuditChange => ({
            action: 'create',
            entity: ccinfoSemResource.name,
            key: `${to}/${ccKey(r)}`,
            after: present(stores[ccinfoSemResource.name], r),
            reason,
          })),
          ...paperRows.map((r): AuditChange => ({
            action: 'create',
            entity: paperInfoSemResource.name,
            key: `${to}/${paperKey(r)}`,
            after: present(stores[paperInfoSemResource.name], r),
            reason,
          })),
          {
            action: 'transition',
            entity: sessionResource.name,
            key: to,
            transition: 'copy-from',
            reason: renderMessage(result.message),
            after: { from_session_id: from, counts: result.counts },
          },
        ]);
        return result;
      },
      { timeout: 60_000 },
    )
    .catch((error) => {
      throw isDuplicate(error) ? copyRace(to) : error;
    });
}
