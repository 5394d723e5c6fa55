import { documentApproveBody, documentRecord, documentType, type DocumentType } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { draftDuplicate } from './draft.ts';
import { nextSerial } from './numbering.ts';
import { documentKeys, documentSettings } from './settings.ts';
import { signToken } from './signing.ts';
import { q } from './sql.ts';

/**
 * The database side of state machine J (lifecycle §2.3): maker–checker at `check`, the serial number and
 * signed verification token fixed at `approve` (or at `issue` of a type the university lets issue without
 * approval), the superseded original at `issue` of a revision, the reason at `cancel`, and a DUPLICATE
 * drafted by `duplicate`.
 */

const today = () => new Date().toISOString().slice(0, 10);
const label = (r: Record<string, unknown>) =>
  `${documentType.labelOf(r.doc_type)} ${String(r.serial_no ?? r.doc_id)}`;

/** Serial number, token and QR link: what APPROVED fixes (the signed PDF carries them). */
async function numberAndSign(db: Database, tx: Prisma.TransactionClient, record: Record<string, unknown>) {
  const date = today();
  const { series_id, serial_no } = await nextSerial(
    tx,
    record.doc_type as DocumentType,
    Number(date.slice(0, 4)),
  );
  const { signing } = await documentKeys(db, tx);
  const token = signToken(
    {
      sn: serial_no,
      t: record.doc_type as DocumentType,
      st: String(record.student_id),
      h: String(record.payload_hash),
      d: date,
      id: String(record.doc_id),
    },
    signing,
  );
  return {
    series_id,
    serial_no,
    verification_token: token,
    verify_url: `${documentSettings(db).publicUrl}/verify/${token}`,
  };
}

const check: ActionEffect = {
  async before({ user, record }) {
    if (record.prepared_by === user.email) {
      throw new AppError(
        'FORBIDDEN',
        `${label(record)} was prepared by you; another person checks it against the published result (maker–checker).`,
      );
    }
    return {
      set: { checked_by: user.email, checked_at: new Date() },
      message: `${label(record)} is checked.${record.approval_required ? ' document_admin approves it next (its serial number and QR are fixed then).' : ' It may be issued now.'}`,
    };
  },
};

const approve: ActionEffect = {
  body: documentApproveBody,
  async before({ db, tx, user, record, input }) {
    const stationery = typeof input.stationery_serial === 'string' ? input.stationery_serial : null;
    if (stationery) {
      const [used] = await q<{ what: string }>(
        tx,
        `SELECT 'document ' || doc_id AS what FROM document WHERE stationery_serial = $1 UNION ALL SELECT 'the spoilage register' FROM stationery_spoilage WHERE stationery_serial = $1 LIMIT 1`,
        [stationery],
      );
      if (used)
        throw new AppError(
          'VALIDATION_FAILED',
          `Stationery sheet ${stationery} is already used (${used.what}).`,
          { errors: { stationery_serial: [`Already used (${used.what})`] } },
        );
    }
    const fixed = await numberAndSign(db, tx, record);
    return {
      set: {
        ...fixed,
        approved_by: user.email,
        approved_at: new Date(),
        ...(stationery ? { stationery_serial: stationery } : {}),
      },
      message: `${documentType.labelOf(record.doc_type)} ${fixed.serial_no} is approved: its serial number and signed QR are fixed; it is verifiable once issued.`,
    };
  },
};

const issue: ActionEffect = {
  async before({ db, tx, user, record }) {
    const set: Record<string, unknown> = {
      issued_by: user.email,
      issued_at: new Date(),
      holder_id: record.student_id,
    };
    let serial = record.serial_no as string | null;
    if (record.status === 'CHECKED') {
      // Only reached when approval is not required (the workflow's guard): numbered and signed now.
      const fixed = await numberAndSign(db, tx, record);
      Object.assign(set, fixed);
      serial = fixed.serial_no;
    }
    if (record.supersedes) {
      const [old] = await q<{ status: string; serial_no: string | null }>(
        tx,
        `SELECT status, serial_no FROM document WHERE doc_id = $1`,
        [record.supersedes],
      );
      if (old && old.status !== 'ISSUED') {
        throw new AppError(
          'INVALID_TRANSITION',
          `${label(record)} revises ${old.serial_no ?? String(record.supersedes)}, which is ${old.status} now; cancel this revision and draft again.`,
        );
      }
    }
    return {
      set,
      message: `${documentType.labelOf(record.doc_type)} ${String(serial)} is issued; its QR answers VALID.${record.supersedes ? ' The document it revises is SUPERSEDED.' : ''}`,
    };
  },
  async after({ tx, after }) {
    if (!after.supersedes) return;
    await tx.$executeRawUnsafe(
      `UPDATE document SET status = 'SUPERSEDED', holder_id = NULL, superseded_by = $2, updated_at = now() WHERE doc_id = $1 AND status = 'ISSUED'`,
      String(after.supersedes),
      String(after.doc_id),
    );
  },
};

const cancel: ActionEffect = {
  async before({ input, record }) {
    return {
      set: { cancel_reason: String(input.reason), cancelled_at: new Date(), holder_id: null },
      message: `${label(record)} is cancelled${record.serial_no ? `; its number is never reused and its QR answers CANCELLED` : ''}.`,
    };
  },
};

const duplicate: ActionEffect = {
  extra: z.object({ duplicate: documentRecord }),
  async before({ db, tx, user, record, input }) {
    const docId = await draftDuplicate(db, tx, record, String(input.reason), user.email);
    const row = await tx.document.findUnique({ where: { doc_id: docId } });
    const { payload: _payload, basis: _basis, ...listed } = row!;
    const presented = Object.fromEntries(
      Object.entries(listed).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    );
    return {
      set: {},
      extra: { duplicate: presented },
      message: `A DUPLICATE of ${label(record)} is drafted as ${docId}; it is checked, approved and issued with a new serial number. The original stays valid.`,
    };
  },
};

export const documentEffects: Partial<Record<string, ActionEffect>> = {
  check,
  approve,
  issue,
  cancel,
  duplicate,
};
