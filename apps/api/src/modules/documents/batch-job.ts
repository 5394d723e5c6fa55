import { documentBatchCreate, type DocumentBatchResult } from '@exam/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { defineJob } from '../../platform/jobs/index.ts';
import { resultVersions } from '../results/index.ts';
import { draftMarksheet } from './draft.ts';
import { printableOf } from './printable.ts';
import { renderDocumentPdf } from './templates/index.ts';

/** Students drafted per transaction (each a snapshot of a few kB). */
const CHUNK = 100;

const batchData = documentBatchCreate.extend({ by: z.string() });

/**
 * `POST /api/document/batch`: every student of an exam with a PUBLISHED result gets a DRAFTED marksheet (a REVISED
 * one when an older version's marksheet is issued). Idempotent: a student whose marksheet of that version exists
 * (from an earlier run of this job, or drafted by hand) is skipped and named. `render` also renders each drafted
 * marksheet's PDF once (a check of the whole batch before it is printed; the PDFs are downloaded per document).
 */
export const documentBatchJob = defineJob({
  kind: 'documents.batch-draft',
  capability: 'documents.prepare',
  title: 'Drafting marksheets',
  data: batchData,
  async run(ctx): Promise<DocumentBatchResult> {
    const { data } = ctx;
    const results = await resultVersions(ctx.db, {
      exam_id: data.exam_id, session_id: data.session_id, course_comb_id: data.course_comb_id, sem_id: data.sem_id, college_id: data.college_id, status: 'PUBLISHED',
    });
    const skipped: DocumentBatchResult['skipped'] = [];
    const docIds: string[] = [];
    await ctx.progress(0, results.length);
    for (let i = 0; i < results.length; i += CHUNK) {
      const chunk = results.slice(i, i + CHUNK);
      await ctx.transaction(async (tx) => {
        for (const r of chunk) {
          await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `document:${r.student_id}`);
          try {
            // A savepoint per student: a refusal (already drafted) leaves the chunk's other drafts in place.
            await tx.$executeRawUnsafe('SAVEPOINT draft');
            docIds.push(await draftMarksheet(ctx.db, tx, r, data.by));
            await tx.$executeRawUnsafe('RELEASE SAVEPOINT draft');
          } catch (error) {
            await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT draft');
            if (!(error instanceof AppError)) throw error;
            skipped.push({ student_id: r.student_id, reason: error.message });
          }
        }
      }, { done: Math.min(i + CHUNK, results.length), total: results.length });
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
          ctx.failRow(undefined, `${row.student_id}: the PDF did not render (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    }
    return { drafted: docIds.length, skipped, doc_ids: docIds, rendered };
  },
});
