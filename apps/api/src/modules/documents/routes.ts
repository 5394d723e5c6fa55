import { Router, type Response } from 'express';
import {
  documentBatchCreate,
  documentCreate,
  documentPrintQuery,
  documentResource,
  documentType,
  nadColumns,
  nadExportQuery,
  stationerySpoilageCreate,
  type CapabilityKey,
  type MarksheetPayload,
} from '@exam/contracts';
import { dataDirFromEnv, type Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath, present } from '../../platform/crud/store.ts';
import { AppError, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { readStudentImage } from '../students/index.ts';
import { documentBatchJob } from './batch-job.ts';
import { draftDocument } from './draft.ts';
import { documentStore } from './store.ts';
import { documentFileName, fileNamePart, printableOf } from './printable.ts';
import { renderDocumentPdf, writeDocumentsPdf, type BatchItem } from './templates/index.ts';
import { newDocId, q } from './sql.ts';
import { writeDocumentsZip } from './zip.ts';

/** One document within the caller's read scope (a student: its own ISSUED ones), else 404. */
async function readable(db: Database, res: Response, docId: string) {
  const scope = scopeOf(res, documentResource.capability.read as CapabilityKey);
  const within = scopeWhere(scope, res.locals.user!, documentResource.scopeFields);
  const row = within && (await db.prisma.document.findFirst({ where: { AND: [{ doc_id: docId }, within] } }));
  if (!row) throw notFound(`Document ${docId.slice(0, 40)} does not exist.`);
  return row;
}

/** Documents read per query while a batch PDF is drawn. */
const PRINT_PAGE = 200;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * `POST /api/document` (draft), `GET /api/document/{doc_id}/pdf`, `POST /api/document/batch` (202 job),
 * `GET /api/nad/export?exam_id=` (CSV), `GET /api/documentseries`, `GET|POST /api/stationeryspoilage`.
 */
export function documentRoutes(db: Database) {
  const router = Router();
  const dataDir = dataDirFromEnv(process.env);

  router
    .route('/document')
    .post(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      const body = parseOr422(documentCreate, req.body ?? {});
      const user = res.locals.user!;
      const after = await db.prisma.$transaction(async (tx) => {
        // One drafting at a time per student, so two drafts of the same result cannot both pass the duplicate
        // check.
        await tx.$executeRawUnsafe(
          `SELECT pg_advisory_xact_lock(hashtext($1))`,
          `document:${body.student_id}`,
        );
        const docId = await draftDocument(db, tx, body, user.email);
        const record = present(documentStore, (await tx.document.findUnique({ where: { doc_id: docId } }))!);
        await recordChange(tx, req, res, { action: 'create', entity: 'document', key: docId, after: record });
        return record;
      });
      res.status(201).json({
        document: after,
        message: `${documentType.labelOf(body.doc_type)} of ${body.student_id} is drafted (${String(after.doc_id)})${after.marker === 'REVISED' ? ' as REVISED: issuing it supersedes the document it revises' : ''}; another person checks it next.`,
      });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/document/batch')
    .post(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      const body = parseOr422(documentBatchCreate, req.body ?? {});
      const user = res.locals.user!;
      const job = await enqueueJob(
        db,
        documentBatchJob,
        { ...body, by: user.email },
        { id: user.id, role: user.role },
      );
      res.status(202).json({
        job,
        message: `Drafting the ${documentType.labelOf(body.doc_type).toLowerCase()}s of exam ${body.exam_id} from its published results; follow the job for progress (students who cannot have one are listed with the reason).`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/document/print')
    .get(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      const query = parseOr422(documentPrintQuery, req.query);
      const params: unknown[] = [query.exam_id, query.doc_type];
      let filter = `d.exam_id = $1 AND d.doc_type = $2`;
      filter += query.status
        ? ` AND d.status = $${params.push(query.status)}`
        : ` AND d.status NOT IN ('CANCELLED', 'SUPERSEDED')`;
      if (query.college_id) filter += ` AND d.college_id = $${params.push(query.college_id)}`;
      const [count] = await q<{ n: number }>(
        db,
        `SELECT count(*)::int AS n FROM document d WHERE ${filter}`,
        params,
      );
      if (!count?.n)
        throw notFound(
          `No ${documentType.labelOf(query.doc_type).toLowerCase()} of exam ${query.exam_id} to print${query.status ? ` in status ${query.status}` : ''}.`,
        );
      // Read a page at a time and draw as it goes: memory stays flat for a whole exam.
      async function* items(): AsyncGenerator<BatchItem> {
        for (let offset = 0; ; offset += PRINT_PAGE) {
          const rows = await q<Record<string, unknown>>(
            db,
            `SELECT d.*, s.photo_sha256 FROM document d LEFT JOIN student s ON s.student_id = d.student_id WHERE ${filter}
              ORDER BY d.serial_no NULLS LAST, d.student_id, d.doc_id LIMIT ${PRINT_PAGE} OFFSET ${offset}`,
            params,
          );
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
      res.set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}.pdf"`,
      });
      await writeDocumentsPdf(res, items(), {
        title: `${documentType.labelOf(query.doc_type)} ${query.exam_id}`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/document/:doc_id/pdf')
    .get(async (req, res) => {
      const { doc_id: docId } = keyFromPath(documentResource, req.params as Record<string, string>) as {
        doc_id: string;
      };
      const row = await readable(db, res, docId);
      const printable = printableOf(row as unknown as Record<string, unknown>);
      const [student] = await q<{ photo_sha256: string | null }>(
        db,
        `SELECT photo_sha256 FROM student WHERE student_id = $1`,
        [row.student_id],
      );
      const pdf = await renderDocumentPdf(printable, {
        photo: await readStudentImage(dataDir, student?.photo_sha256),
      });
      res.set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${documentFileName(row)}"`,
      });
      res.send(pdf);
    })
    .all(methodNotAllowed);

  router
    .route('/nad/export')
    .get(async (req, res) => {
      const scope = scopeOf(res, 'documents.approve');
      if (scope !== 'any')
        throw new AppError('FORBIDDEN', 'The NAD export is made by the university (document_admin).');
      const query = parseOr422(nadExportQuery, req.query);
      const rows = await q<{ serial_no: string; doc_type: string; payload: unknown; issued_at: Date | null }>(
        db,
        `SELECT serial_no, doc_type, payload, issued_at FROM document WHERE exam_id = $1 AND doc_type = 'MARKSHEET' AND status = 'ISSUED' ORDER BY serial_no`,
        [query.exam_id],
      );
      const lines = [nadColumns.join(',')];
      for (const row of rows) {
        const p = (
          typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
        ) as MarksheetPayload;
        for (const line of p.lines) {
          const obtained =
            line.total ?? [line.int, line.ext, line.pr].map((c) => c.status).find(Boolean) ?? '';
          const values: Record<(typeof nadColumns)[number], unknown> = {
            ORG_CODE: p.university.org_code,
            ORG_NAME: p.university.name.en,
            ORG_NAME_L: p.university.name.hi,
            ACADEMIC_COURSE_ID: p.programme.course_comb_id,
            COURSE_NAME: p.programme.name.en,
            COURSE_NAME_L: p.programme.name.hi,
            STREAM: p.programme.stream?.en ?? '',
            SESSION: p.exam.session,
            REGN_NO: p.student.enrolment_no,
            RROLL: p.student.roll_no,
            ABC_ID: p.student.abc_id,
            STUDENT_NAME: p.student.name.en,
            STUDENT_NAME_L: p.student.name.hi,
            FATHER_NAME: p.student.father_name?.en,
            MOTHER_NAME: p.student.mother_name?.en,
            DATE_OF_BIRTH: p.student.date_of_birth,
            GENDER: p.student.gender,
            SEMESTER: p.exam.sem_id,
            INSTITUTION_NAME: p.student.college.name.en,
            INSTITUTION_CODE: p.student.college.code ?? p.student.college.college_id,
            EXAM_SESSION: p.exam.cycle ?? p.exam.session,
            SUBJECT_CODE: line.paper_code,
            SUBJECT_NAME: line.paper_name.en,
            MAX_MARKS: line.max,
            MARKS_OBTAINED: obtained,
            GRADE: line.grade,
            CREDIT: line.credit,
            RESULT_STATUS: line.paper_result,
            TOTAL_MARKS: p.totals.total,
            TOTAL_MAX: p.totals.max_total,
            PERCENTAGE: p.totals.percentage ?? p.totals.equivalent_percentage,
            DIVISION: p.totals.division?.en,
            SGPA: p.totals.sgpa,
            CGPA: p.totals.cgpa,
            RESULT: p.totals.result_code,
            RESULT_DATE: p.basis.published_on,
            DOC_SERIAL: row.serial_no,
            DOC_TYPE: row.doc_type,
          };
          lines.push(nadColumns.map((c) => csvCell(values[c])).join(','));
        }
      }
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="nad-${fileNamePart(query.exam_id)}.csv"`,
      });
      res.send(`\uFEFF${lines.join('\r\n')}\r\n`);
    })
    .all(methodNotAllowed);

  router
    .route('/documentseries')
    .get(async (_req, res) => {
      scopeOf(res, 'documents.prepare');
      const rows = await db.prisma.documentSeries.findMany({
        orderBy: [{ doc_type: 'asc' }, { year: 'desc' }],
      });
      res.json({
        documentseries: rows.map((r) => present(documentStore, r as unknown as Record<string, unknown>)),
        total: rows.length,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/stationeryspoilage')
    .get(async (_req, res) => {
      scopeOf(res, 'documents.prepare');
      const rows = await db.prisma.stationerySpoilage.findMany({ orderBy: { recorded_at: 'desc' } });
      res.json({
        stationeryspoilage: rows.map((r) => present(documentStore, r as unknown as Record<string, unknown>)),
        total: rows.length,
      });
    })
    .post(async (req, res) => {
      scopeOf(res, 'documents.approve');
      const body = parseOr422(stationerySpoilageCreate, req.body ?? {});
      const user = res.locals.user!;
      const created = await db.prisma.$transaction(async (tx) => {
        const [used] = await q<{ doc_id: string }>(
          tx,
          `SELECT doc_id FROM document WHERE stationery_serial = $1 AND status <> 'CANCELLED'`,
          [body.stationery_serial],
        );
        if (used)
          throw new AppError(
            'VALIDATION_FAILED',
            `Sheet ${body.stationery_serial} carries document ${used.doc_id}; cancel that document first.`,
            { errors: { stationery_serial: [`Carries document ${used.doc_id}`] } },
          );
        const [dup] = await q<{ spoil_id: string }>(
          tx,
          `SELECT spoil_id FROM stationery_spoilage WHERE stationery_serial = $1`,
          [body.stationery_serial],
        );
        if (dup)
          throw new AppError(
            'DUPLICATE_KEY',
            `Sheet ${body.stationery_serial} is already in the spoilage register (${dup.spoil_id}).`,
          );
        const row = await tx.stationerySpoilage.create({
          data: {
            spoil_id: newDocId('SP'),
            stationery_serial: body.stationery_serial,
            doc_id: body.doc_id ?? null,
            reason: body.reason,
            recorded_by: user.email,
          },
        });
        const after = present(documentStore, row as unknown as Record<string, unknown>);
        await recordChange(tx, req, res, {
          action: 'create',
          entity: 'stationeryspoilage',
          key: row.spoil_id,
          after,
        });
        return after;
      });
      res.status(201).json({
        stationeryspoilage: created,
        message: `Sheet ${body.stationery_serial} is recorded as spoiled.`,
      });
    })
    .all(methodNotAllowed);

  return router;
}
