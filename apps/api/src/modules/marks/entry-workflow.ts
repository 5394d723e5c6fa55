import {
  entryBatchResource,
  enterCapabilityOf,
  entryActionAnswer,
  type CapabilityKey,
} from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { can, refusalOf } from '@exam/contracts';
import { AppError, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import type { ActionContext, ActionEffect } from '../../platform/workflows/effects.ts';
import { batchTotals, findBatch, marksAgainstAttendance } from './entry-rows.ts';

type Tx = Prisma.TransactionClient;
type Values = Record<string, unknown>;

const name = (r: Values) => `Marks batch ${String(r.batch_id)}`;

/** The other entry of a coded packet (entry 1 ↔ entry 2). */
async function partnerOf(tx: Tx, record: Values) {
  if (!record.coded) return null;
  return tx.entryBatch.findFirst({
    where: {
      component: 'EXT',
      coded: true,
      packet_no: String(record.packet_no),
      entry_no: Number(record.entry_no) === 1 ? 2 : 1,
    },
  });
}

/**
 * A move of the partner entry made by this action, with its own audit entry (the router audits the batch
 * acted on).
 */
async function movePartner(
  context: ActionContext,
  partnerId: string,
  from: string,
  to: string,
  set: Values,
  transition: string,
  reason: string | null,
) {
  const before = await context.tx.entryBatch.findUnique({ where: { batch_id: partnerId } });
  const { count } = await context.tx.entryBatch.updateMany({
    where: { batch_id: partnerId, status: from },
    data: { ...set, status: to, updated_at: new Date() },
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
      transition,
      reason,
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
  if (
    !within ||
    !(await context.tx.entryBatch.findFirst({
      where: { AND: [{ batch_id: String(context.record.batch_id) }, within] },
      select: { batch_id: true },
    }))
  ) {
    throw notFound(`${name(context.record)} does not exist.`);
  }
}

const countsText = (t: { rows: number; entered: number; absent: number; statuses: number; total: string }) =>
  `${t.rows} rows: ${t.entered} with marks (total ${t.total}), ${t.absent} absent${t.statuses - t.absent ? `, ${t.statuses - t.absent} other statuses` : ''}`;

/** Submit: every row has marks or a status (the batch's counts in the answer). */
const submit: ActionEffect = {
  extra: entryActionAnswer,
  async before(context) {
    await refuseWithoutEntry(context);
    const empty = await context.tx.$queryRawUnsafe<Array<{ label: string }>>(
      `SELECT COALESCE(r.fict_no, f.roll_no, a.student_id, r.attempt_id) AS label FROM entry_row r
         LEFT JOIN attempt a ON a.attempt_id = r.attempt_id LEFT JOIN exam_form f ON f.form_id = a.form_id
        WHERE r.batch_id = $1 AND r.value IS NULL AND r.status IS NULL ORDER BY r.line`,
      String(context.record.batch_id),
    );
    if (empty.length) {
      const labels = empty
        .slice(0, 10)
        .map((e) => e.label)
        .join(', ');
      throw invalid({
        rows: [
          `${empty.length} ${empty.length === 1 ? 'row has' : 'rows have'} no marks or status (${labels}${empty.length > 10 ? ', …' : ''}): type the marks, or AB for an absent candidate, before the final submit.`,
        ],
      });
    }
    const batch = await findBatch(context.tx, String(context.record.batch_id), 'any', context.user);
    const against = await marksAgainstAttendance(context.tx, batch);
    if (against.length)
      throw invalid({
        rows: [
          `The attendance marks ${against.slice(0, 10).join(', ')} absent or UFM: enter their status, not marks, before the final submit.`,
        ],
      });
    const totals = await batchTotals(context.tx, String(context.record.batch_id));
    return {
      set: { submitted_by: context.user.email, submitted_at: new Date(), status_reason: null },
      message: `${name(context.record)} is submitted: ${countsText(totals)}.`,
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
    if (record.submitted_by === user.email)
      throw forbidden(`${name(record)} was submitted by you; a second person verifies it.`);
    const totals = await batchTotals(tx, String(record.batch_id));
    const partner = await partnerOf(tx, record);
    if (!record.coded)
      return {
        set: { verified_by: user.email, verified_at: new Date() },
        message: `${name(record)} is verified: ${countsText(totals)}.`,
        extra: { totals, mismatches: [] },
      };
    if (!partner)
      throw new AppError(
        'INVALID_TRANSITION',
        `Packet ${String(record.packet_no)} has no second entry to compare with.`,
      );
    if (!['SUBMITTED', 'VERIFIED'].includes(partner.status)) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Entry ${partner.entry_no} of packet ${String(record.packet_no)} is ${partner.status}; both entries must be submitted before they are compared.`,
      );
    }
    if (partner.submitted_by === user.email)
      throw forbidden(
        `You keyed entry ${partner.entry_no} of packet ${String(record.packet_no)}; a third person verifies the two entries.`,
      );
    const mismatches = await tx.$queryRawUnsafe<
      Array<{ fict_no: string; entry_1: string | null; entry_2: string | null }>
    >(
      `SELECT COALESCE(a.fict_no, b.fict_no) AS fict_no, COALESCE(a.value::text, a.status) AS entry_1, COALESCE(b.value::text, b.status) AS entry_2
         FROM (SELECT * FROM entry_row WHERE batch_id = $1) a FULL JOIN (SELECT * FROM entry_row WHERE batch_id = $2) b ON a.fict_no = b.fict_no
        WHERE a.value IS DISTINCT FROM b.value OR a.status IS DISTINCT FROM b.status OR a.fict_no IS NULL OR b.fict_no IS NULL
        ORDER BY 1`,
      ...(Number(record.entry_no) === 1
        ? [String(record.batch_id), partner.batch_id]
        : [partner.batch_id, String(record.batch_id)]),
    );
    if (mismatches.length) {
      const list = mismatches
        .slice(0, 10)
        .map((m) => `${m.fict_no}: ${m.entry_1 ?? 'empty'} vs ${m.entry_2 ?? 'empty'}`)
        .join('; ');
      const reason = `Entries 1 and 2 differ in ${mismatches.length} ${mismatches.length === 1 ? 'book' : 'books'}: ${list}`;
      await movePartner(
        context,
        partner.batch_id,
        partner.status,
        'DRAFT',
        { status_reason: reason.slice(0, 500) },
        'return',
        reason.slice(0, 500),
      );
      return {
        to: 'DRAFT',
        set: { status_reason: reason.slice(0, 500) },
        message: `${reason}${mismatches.length > 10 ? '; …' : ''}. Both entries are back in DRAFT: check the award list and correct the wrong entry, then submit again.`,
        extra: { totals, mismatches },
      };
    }
    await movePartner(
      context,
      partner.batch_id,
      'SUBMITTED',
      'VERIFIED',
      { verified_by: user.email, verified_at: new Date() },
      'verify',
      null,
    );
    return {
      set: { verified_by: user.email, verified_at: new Date() },
      message: `Entries 1 and 2 of packet ${String(record.packet_no)} agree on all ${totals.rows} books; both are verified.`,
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
    const partner = await partnerOf(context.tx, context.record);
    if (partner && !['VERIFIED', 'LOCKED'].includes(partner.status)) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Entry ${partner.entry_no} of packet ${String(context.record.packet_no)} is ${partner.status}; a packet locks when both entries are verified.`,
      );
    }
    if (partner)
      await movePartner(
        context,
        partner.batch_id,
        'VERIFIED',
        'LOCKED',
        { locked_by: context.user.email, locked_at: new Date() },
        'lock',
        null,
      );
    return { set: { locked_by: context.user.email, locked_at: new Date() } };
  },
  async after(context) {
    if (context.after.coded) return;
    await context.tx.$executeRawUnsafe(
      `INSERT INTO mark_record (attempt_id, component, value, status, source, batch_id, updated_at)
       SELECT r.attempt_id, b.component, CASE WHEN r.status = 'BLANK' THEN 0 ELSE r.value END, NULLIF(r.status, 'BLANK'), 'ENTRY', b.batch_id, now()
         FROM entry_row r JOIN entry_batch b ON b.batch_id = r.batch_id
        WHERE r.batch_id = $1 AND r.attempt_id IS NOT NULL AND (r.value IS NOT NULL OR r.status IS NOT NULL)
       ON CONFLICT (attempt_id, component) DO UPDATE
         SET value = EXCLUDED.value, status = EXCLUDED.status, source = EXCLUDED.source, batch_id = EXCLUDED.batch_id, correction_id = NULL, updated_at = now()`,
      String(context.after.batch_id),
    );
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
