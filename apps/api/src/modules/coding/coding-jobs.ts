import { keyText } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { z } from 'zod';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { AppError } from '../../platform/http/errors.ts';
import { defineJob, JobFailure } from '../../platform/jobs/index.ts';
import { packetsNotice } from './coding-rules.ts';
import { packetsWithBatches } from './coding-service.ts';
import { bookCountOf } from './coding-store.ts';
import { decodePaper } from './decode.ts';
import type { MarksPort } from './marks-port.ts';

/**
 * The coding module's long work as jobs: decoding a paper's award lists, and making the packets of a large
 * paper. Each writes its audit entry as the job (its request id: the job id).
 */

const auditAsJob = (
  tx: Prisma.TransactionClient,
  job: { userId: number | null; jobId: string },
  email: string,
  key: string,
  transition: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  tx.auditEntry.create({
    data: {
      user_id: job.userId,
      user_email: email,
      action: 'transition',
      entity: 'coding',
      entity_key: key,
      request_id: job.jobId,
      transition,
      before: before as never,
      after: after as never,
    },
  });

/** A refusal inside a job fails the job with its (English) sentence. */
const asJobFailure = (error: unknown) => {
  if (error instanceof AppError) throw new JobFailure(error.message);
  throw error;
};

export function codingJobs(marks: MarksPort) {
  const decode = defineJob({
    kind: 'coding.decode',
    // Started only through POST /api/decode (secrecy guard first); the job kind needs the office's marks lock
    // too.
    capability: 'marks.lock',
    title: 'Decoding the award lists',
    data: z.object({ exam_id: keyText(), paper_id: keyText(), email: z.string() }),
    async run(job) {
      const { exam_id, paper_id, email } = job.data;
      // Progress in answer books (the screen says "n of N books"): all of them at once, in one transaction.
      const books = await bookCountOf(job.db, { exam_id, paper_id });
      await job.progress(0, books);
      const result = await job.transaction(
        async (tx) => {
          const done = await decodePaper(tx, marks, exam_id, paper_id, { email, jobId: job.jobId }).catch(
            asJobFailure,
          );
          await auditAsJob(
            tx,
            job,
            email,
            `${exam_id}/${paper_id}`,
            'decode',
            { status: done.before },
            {
              status: 'DECODED',
              decoded: done.decoded,
              result_later: done.result_later,
              exceptions: done.exceptions,
            },
          );
          return done;
        },
        { done: books, total: books },
      );
      const { before: _before, ...answer } = result;
      return answer;
    },
  });
  const packets = defineJob({
    kind: 'coding.packets',
    capability: 'marks.lock',
    title: 'Making packets',
    data: z.object({
      exam_id: keyText(),
      paper_id: keyText(),
      size: z.number().int().optional(),
      email: z.string(),
    }),
    async run(job) {
      const { exam_id, paper_id, size, email } = job.data;
      const books = await bookCountOf(job.db, { exam_id, paper_id });
      await job.progress(0, books);
      return job.transaction(
        async (tx) => {
          const made = await packetsWithBatches(tx, marks, exam_id, paper_id, size).catch(asJobFailure);
          await auditAsJob(
            tx,
            job,
            email,
            `${exam_id}/${paper_id}`,
            'packets',
            { status: made.before },
            { status: 'PACKETED', packets: made.packets },
          );
          const message = renderMessage(packetsNotice(paper_id, made.packets));
          return { exam_id, paper_id, packets: made.packets, message };
        },
        { done: books, total: books },
      );
    },
  });
  return { decode, packets };
}

export type CodingJobs = ReturnType<typeof codingJobs>;
