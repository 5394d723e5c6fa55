import { documentBatchCreate, msg, type DocumentBatchResult } from '@exam/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { defineJob } from '../../platform/jobs/index.ts';
import { resultVersions } from '../results/index.ts';
import { draftForBatch } from './draft-service.ts';
import { batchUnpublished } from './draft-rules.ts';
import { lockStudentDrafting, unpublishedResultsOf } from './draft-store.ts';
import { printableOf } from './printable.ts';
import { renderDocumentPdf } from './templates/index.ts';

/** Students drafted per transaction (each a snapshot of a few kB). */
const CHUNK = 100;

const batchData = documentBatchCreate.extend({ by: z.string() });

/**
 * `POST /api/document/batch`: every student of an exam with a PUBLISHED result gets a DRAFTED document of the
 * type: a marksheet (a REVISED one when an older version's marksheet is issued), a consolidated marksheet or
 * transcript of the programme's published semesters, a provisional degree or degree (a final result PASS).
 * Idempotent: a student who already holds one (from an earlier run of this job, or drafted by hand) is
 * skipped and named. A student who cannot have one is named with the reason in `refused` and in the job's
 * errors: its result in the exam is not published (COMPUTED, WITHDRAWN), or it is not eligible (a degree of a
 * result that is not PASS). `render` also renders each drafted document's PDF once (a check of the whole
 * batch before it is printed).
 */
export const documentBatchJob = defineJob({
  kind: 'documents.batch-draft',
  capability: 'documents.prepare',
  title: 'Drafting documents',
  data: batchData,
  async run(ctx): Promise<DocumentBatchResult> {
    const { data } = ctx;
    const filter = {
      exam_id: data.exam_id,
      session_id: data.session_id,
      course_comb_id: data.course_comb_id,
      sem_id: data.sem_id,
      college_id: data.college_id,
    };
    const published = await resultVersions(ctx.db, { ...filter, status: 'PUBLISHED' });
    // A consolidated marksheet, transcript or degree is one per student and programme, whatever the semesters
    // in the exam.
    const seen = new Set<string>();
    const results =
      data.doc_type === 'MARKSHEET'
        ? published
        : published.filter((r) => {
            const k = `${r.student_id}|${r.course_comb_id}`;
            return !seen.has(k) && seen.add(k);
          });
    const skipped: DocumentBatchResult['skipped'] = [];
    const refused: DocumentBatchResult['refused'] = [];
    const refuse = (student_id: string, reason: string) => {
      refused.push({ student_id, reason });
      ctx.failRow(undefined, renderMessage(msg('documents.batchRow', { student_id, reason })));
    };
    for (const r of await unpublishedResultsOf(ctx.db, filter))
      refuse(r.student_id, renderMessage(batchUnpublished(data.doc_type, data.exam_id, r)));
    const docIds: string[] = [];
    await ctx.progress(0, results.length);
    for (let i = 0; i < results.length; i += CHUNK) {
      const chunk = results.slice(i, i + CHUNK);
      await ctx.transaction(
        async (tx) => {
          for (const r of chunk) {
            await lockStudentDrafting(tx, r.student_id);
            try {
              // A savepoint per student: a refusal (already drafted, not eligible) leaves the chunk's other
              // drafts in place.
              await tx.$executeRawUnsafe('SAVEPOINT draft');
              docIds.push(await draftForBatch(ctx.db, tx, data.doc_type, r, data.by));
              await tx.$executeRawUnsafe('RELEASE SAVEPOINT draft');
            } catch (error) {
              await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT draft');
              if (!(error instanceof AppError)) throw error;
              if (error.code === 'DUPLICATE_KEY')
                skipped.push({ student_id: r.student_id, reason: error.message });
              else refuse(r.student_id, error.message);
            }
          }
        },
        { done: Math.min(i + CHUNK, results.length), total: results.length },
      );
    }
    let rendered = 0;
    if (data.render) {
      for (const id of docIds) {
        const row = await ctx.db.prisma.document.findUnique({ where: { doc_id: id } });
        if (!row) continue;
        try {
          await renderDocumentPdf(printableOf(row as unknown as Record<string, unknown>));
          rendered += 1;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          ctx.failRow(
            undefined,
            renderMessage(msg('documents.pdfNotRendered', { student_id: row.student_id, error: reason })),
          );
        }
      }
    }
    return { drafted: docIds.length, skipped, refused, doc_ids: docIds, rendered };
  },
});
