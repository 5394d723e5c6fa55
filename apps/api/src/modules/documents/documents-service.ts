import type { Response } from 'express';
import {
  documentType,
  type DocumentBatchCreate,
  type DocumentCreate,
  type documentPrintQuery,
  type StationerySpoilageCreate,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { z } from 'zod';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { present } from '../../platform/crud/store.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { readStudentImage } from '../students/index.ts';
import { documentBatchJob } from './batch-job.ts';
import { refuseEmptyPrint, refuseSpoilage, refuseUnreadable } from './documents-rules.ts';
import { documentOnSheet, photoOf, printCount, printPage, spoilageOfSheet } from './documents-store.ts';
import { draftDocument } from './draft-service.ts';
import { lockStudentDrafting } from './draft-store.ts';
import { fileNamePart, printableOf } from './printable.ts';
import { newDocId } from './sql.ts';
import { documentStore } from './store.ts';
import { renderDocumentPdf, writeDocumentsPdf, type BatchItem } from './templates/index.ts';
import { writeDocumentsZip } from './zip.ts';

/**
 * The documents calls' use cases beyond the workflow: drafting one document or a whole exam, printing,
 * and the spoilage register. Each asks the store, asks the rules (documents-rules.ts, draft-rules.ts) and
 * throws the first refusal.
 */

type Tx = Prisma.TransactionClient;
/** Writes a change to the audit trail inside the caller's transaction (the handler binds the request). */
export type Audit = (tx: Tx, change: AuditChange) => Promise<void>;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** `POST /api/document`: drafts one document (one drafting at a time per student) and audits it. */
export async function draftOne(db: Database, body: DocumentCreate, email: string, audit: Audit) {
  return db.prisma.$transaction(async (tx) => {
    await lockStudentDrafting(tx, body.student_id);
    const docId = await draftDocument(db, tx, body, email);
    const record = present(documentStore, (await tx.document.findUnique({ where: { doc_id: docId } }))!);
    await audit(tx, { action: 'create', entity: 'document', key: docId, after: record });
    return record;
  });
}

/** `POST /api/document/batch`: the drafting job of a whole exam. */
export const startBatch = (db: Database, body: DocumentBatchCreate, user: AuthenticatedUser) =>
  enqueueJob(db, documentBatchJob, { ...body, by: user.email }, { id: user.id, role: user.role });

/** A document the caller may read (`within`: its read scope as a filter; null: none), else 404. */
export async function readableDocument(db: Database, docId: string, within: object | null) {
  const row = within && (await db.prisma.document.findFirst({ where: { AND: [{ doc_id: docId }, within] } }));
  throwIf(refuseUnreadable(docId, row));
  return row!;
}

/** One document's PDF with the student's photo (read from the data directory). */
export async function documentPdf(db: Database, dataDir: string, row: { student_id: string }) {
  const photo = await readStudentImage(dataDir, await photoOf(db, row.student_id));
  return renderDocumentPdf(printableOf(row as unknown as Record<string, unknown>), { photo });
}

/** Documents read per query while a batch PDF is drawn. */
const PRINT_PAGE = 200;

/**
 * `GET /api/document/print`: an exam's documents of a type in serial order, streamed on `res` as one PDF or
 * (`format=zip`) a ZIP of one PDF per document, a page of documents at a time: memory stays flat for a whole
 * exam. 404 when there is none.
 */
export async function writePrint(
  db: Database,
  dataDir: string,
  query: z.infer<typeof documentPrintQuery>,
  res: Response,
) {
  throwIf(refuseEmptyPrint(query, await printCount(db, query)));
  async function* items(): AsyncGenerator<BatchItem> {
    for (let offset = 0; ; offset += PRINT_PAGE) {
      const rows = await printPage(db, query, offset, PRINT_PAGE);
      for (const row of rows)
        yield {
          doc: printableOf(row),
          photo: await readStudentImage(dataDir, row.photo_sha256 as string | null),
        };
      if (rows.length < PRINT_PAGE) return;
    }
  }
  const name = `${query.doc_type.toLowerCase()}-${fileNamePart(query.exam_id)}`;
  if (query.format === 'zip') {
    // One PDF per document, named by serial (a draft by doc_id), streamed as the PDF is (ADR 0029).
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}.zip"`,
    });
    await writeDocumentsZip(res, items());
    return;
  }
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"` });
  await writeDocumentsPdf(res, items(), {
    title: `${documentType.labelOf(query.doc_type)} ${query.exam_id}`,
  });
}

/** `POST /api/stationeryspoilage`: a spoiled pre-printed sheet recorded (not one carrying a document). */
export async function recordSpoilage(
  db: Database,
  body: StationerySpoilageCreate,
  email: string,
  audit: Audit,
) {
  return db.prisma.$transaction(async (tx) => {
    const serial = body.stationery_serial;
    throwIf(refuseSpoilage(serial, await documentOnSheet(tx, serial), await spoilageOfSheet(tx, serial)));
    const row = await tx.stationerySpoilage.create({
      data: {
        spoil_id: newDocId('SP'),
        stationery_serial: serial,
        doc_id: body.doc_id ?? null,
        reason: body.reason,
        recorded_by: email,
      },
    });
    const after = present(documentStore, row as unknown as Record<string, unknown>);
    await audit(tx, { action: 'create', entity: 'stationeryspoilage', key: row.spoil_id, after });
    return after;
  });
}
