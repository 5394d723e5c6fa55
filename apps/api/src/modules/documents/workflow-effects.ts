import { documentApproveBody, documentRecord, type DocumentType } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { z } from 'zod';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { draftDuplicate } from './draft-service.ts';
import { nextSerial } from './numbering.ts';
import { documentKeys, documentSettings } from './settings.ts';
import { signToken } from './signing.ts';
import {
  approvedNotice,
  cancelledNotice,
  checkedNotice,
  duplicateNotice,
  issuedNotice,
  refuseSelfCheck,
  refuseStaleRevision,
  refuseUsedSheet,
} from './workflow-rules.ts';
import { listedDocumentOf, revisedOriginalOf, sheetHolderOf, supersedeOriginal } from './workflow-store.ts';

/**
 * The database side of state machine J (lifecycle §2.3): maker–checker at `check`, the serial number and
 * signed verification token fixed at `approve` (or at `issue` of a type the university lets issue without
 * approval), the superseded original at `issue` of a revision, the reason at `cancel`, and a DUPLICATE
 * drafted by `duplicate`. The decisions and sentences are workflow-rules.ts's; the workflow router answers
 * an action's sentence in the reader's language.
 */

const today = () => new Date().toISOString().slice(0, 10);
const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

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
    throwIf(refuseSelfCheck(record, user.email));
    return {
      set: { checked_by: user.email, checked_at: new Date() },
      message: checkedNotice(record),
    };
  },
};

const approve: ActionEffect = {
  body: documentApproveBody,
  async before({ db, tx, user, record, input }) {
    const stationery = typeof input.stationery_serial === 'string' ? input.stationery_serial : null;
    if (stationery) throwIf(refuseUsedSheet(stationery, await sheetHolderOf(tx, stationery)));
    const fixed = await numberAndSign(db, tx, record);
    return {
      set: {
        ...fixed,
        approved_by: user.email,
        approved_at: new Date(),
        ...(stationery ? { stationery_serial: stationery } : {}),
      },
      message: approvedNotice(record, fixed.serial_no),
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
    if (record.supersedes)
      throwIf(refuseStaleRevision(record, await revisedOriginalOf(tx, String(record.supersedes))));
    return { set, message: issuedNotice(record, serial) };
  },
  async after({ tx, after }) {
    if (after.supersedes) await supersedeOriginal(tx, String(after.supersedes), String(after.doc_id));
  },
};

const cancel: ActionEffect = {
  async before({ input, record }) {
    return {
      set: { cancel_reason: String(input.reason), cancelled_at: new Date(), holder_id: null },
      message: cancelledNotice(record),
    };
  },
};

const duplicate: ActionEffect = {
  extra: z.object({ duplicate: documentRecord }),
  async before({ db, tx, user, record, input }) {
    const docId = await draftDuplicate(db, tx, record, String(input.reason), user.email);
    return {
      set: {},
      extra: { duplicate: await listedDocumentOf(tx, docId) },
      message: duplicateNotice(record, docId),
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
