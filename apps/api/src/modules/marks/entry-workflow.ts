import {
  can,
  entryActionAnswer,
  entryBatchResource,
  enterCapabilityOf,
  refusalOf,
  renderEnglish,
  type CapabilityKey,
} from '@exam/contracts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { ActionContext, ActionEffect } from '../../platform/workflows/effects.ts';
import { batchTotals, findBatch, marksAgainstAttendance, noSuchBatch } from './entry-rows.ts';
import {
  batchWithin,
  emptyRowLabels,
  mismatchesOf,
  otherEntryOf,
  recordMarksOfBatch,
} from './entry-store.ts';
import {
  agreedNotice,
  differences,
  refuseEmptyRows,
  refuseLockBeforeOtherEntry,
  refuseMarksOfAbsentees,
  refuseOwnSubmission,
  refuseUncomparable,
  returnedNotice,
  submittedNotice,
  verifiedNotice,
} from './workflow-rules.ts';

/**
 * The database side of the entry-batch workflow (state machine G, docs/decisions/0022): each effect asks the
 * store, asks the rules in workflow-rules.ts and throws the first refusal. The workflow router answers a
 * sentence: the notices are rendered in English here until its `message` takes a message with its code.
 */

type Values = Record<string, unknown>;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** The other entry of a coded packet (entry 1 ↔ entry 2). */
const partnerOf = (context: ActionContext) =>
  context.record.coded
    ? otherEntryOf(context.tx, String(context.record.packet_no), Number(context.record.entry_no))
    : Promise.resolve(null);

/**
 * A move of the partner entry made by this action, with its own audit entry (the router audits the batch
 * acted on).
 */
async function movePartner(
  context: ActionContext,
  partnerId: string,
  move: { from: string; to: string; set: Values; transition: string; reason: string | null },
) {
  const before = await context.tx.entryBatch.findUnique({ where: { batch_id: partnerId } });
  const { count } = await context.tx.entryBatch.updateMany({
    where: { batch_id: partnerId, status: move.from },
    data: { ...move.set, status: move.to, updated_at: new Date() },
  });
  if (!count) return;
  const after = await context.tx.entryBatch.findUnique({ where: { batch_id: partnerId } });
  await context.tx.auditEntry.create({
    data: {
      user_id: context.user.id,
      user_email: context.user.email,
      action: 'transition',
      entity: 'entrybatch',
      entity_key: partnerId,
      before: JSON.parse(JSON.stringify(before)),
      after: JSON.parse(JSON.stringify(after)),
      transition: move.transition,
      reason: move.reason,
    },
  });
}

/**
 * Entering the batch's component needs its own capability (internal, external, practical) within the caller's
 * scope.
 */
async function refuseWithoutEntry(context: ActionContext) {
  const capability = enterCapabilityOf[
    context.record.component as keyof typeof enterCapabilityOf
  ] as CapabilityKey;
  const scope = can(context.user.role, capability);
  if (!scope) throw forbidden(refusalOf(context.user.role, capability));
  const within = scopeWhere(scope, context.user, entryBatchResource.scopeFields);
  const batchId = String(context.record.batch_id);
  if (!(await batchWithin(context.tx, batchId, within))) throw noSuchBatch(batchId);
}

/** Submit: every row has marks or a status, none for an absentee (the batch's counts in the answer). */
const submit: ActionEffect = {
  extra: entryActionAnswer,
  async before(context) {
    await refuseWithoutEntry(context);
    const batchId = String(context.record.batch_id);
    const empty = await emptyRowLabels(context.tx, batchId);
    throwIf(refuseEmptyRows(empty.map((e) => e.label)));
    const batch = await findBatch(context.tx, batchId, 'any', context.user);
    throwIf(refuseMarksOfAbsentees(await marksAgainstAttendance(context.tx, batch)));
    const totals = await batchTotals(context.tx, batchId);
    return {
      set: { submitted_by: context.user.email, submitted_at: new Date(), status_reason: null },
      message: renderEnglish(submittedNotice(context.record, totals)),
      extra: { totals, mismatches: [] },
    };
  },
};

/**
 * Verify: a second person (not the one who submitted). A coded award list compares entry 1 with entry 2 book
 * by book: any difference returns both entries to DRAFT with the list of mismatches (46 vs 64 never
 * verifies); when they agree both are VERIFIED.
 */
const verify: ActionEffect = {
  extra: entryActionAnswer,
  async before(context) {
    const { record, tx, user } = context;
    throwIf(refuseOwnSubmission(record, user.email));
    const totals = await batchTotals(tx, String(record.batch_id));
    const partner = await partnerOf(context);
    if (!record.coded)
      return {
        set: { verified_by: user.email, verified_at: new Date() },
        message: renderEnglish(verifiedNotice(record, totals)),
        extra: { totals, mismatches: [] },
      };
    throwIf(refuseUncomparable(record, partner, user.email));
    const [entry1, entry2] =
      Number(record.entry_no) === 1
        ? [String(record.batch_id), partner!.batch_id]
        : [partner!.batch_id, String(record.batch_id)];
    const mismatches = await mismatchesOf(tx, entry1, entry2);
    if (mismatches.length) {
      // Kept on both batches for the operators to read (a record's text, in English).
      const reason = renderEnglish(differences(mismatches)).slice(0, 500);
      await movePartner(context, partner!.batch_id, {
        from: partner!.status,
        to: 'DRAFT',
        set: { status_reason: reason },
        transition: 'return',
        reason,
      });
      return {
        to: 'DRAFT',
        set: { status_reason: reason },
        message: renderEnglish(returnedNotice(mismatches)),
        extra: { totals, mismatches },
      };
    }
    await movePartner(context, partner!.batch_id, {
      from: 'SUBMITTED',
      to: 'VERIFIED',
      set: { verified_by: user.email, verified_at: new Date() },
      transition: 'verify',
      reason: null,
    });
    return {
      set: { verified_by: user.email, verified_at: new Date() },
      message: renderEnglish(agreedNotice(record, totals)),
      extra: { totals, mismatches: [] },
    };
  },
};

/**
 * Lock: rows become immutable and, for a roll-number batch, its rows become the marks of record (source
 * ENTRY) in one statement; a coded packet locks both entries (its marks of record come from the decode).
 */
const lock: ActionEffect = {
  async before(context) {
    const partner = await partnerOf(context);
    throwIf(refuseLockBeforeOtherEntry(context.record, partner));
    if (partner)
      await movePartner(context, partner.batch_id, {
        from: 'VERIFIED',
        to: 'LOCKED',
        set: { locked_by: context.user.email, locked_at: new Date() },
        transition: 'lock',
        reason: null,
      });
    return { set: { locked_by: context.user.email, locked_at: new Date() } };
  },
  async after(context) {
    if (context.after.coded) return;
    await recordMarksOfBatch(context.tx, String(context.after.batch_id));
  },
};

/** Return for correction and reopen keep their reason on the batch, for the operator to read. */
const withReason: ActionEffect = {
  async before(context) {
    return { set: { status_reason: context.input.reason ?? null } };
  },
};

/** The database rules of the entry-batch workflow (docs/decisions/0022). */
export const entryBatchEffects: Partial<Record<string, ActionEffect>> = {
  submit,
  verify,
  lock,
  return: withReason,
  reopen: withReason,
};
