import { renderEnglish } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { Auditor } from '../../platform/files/write-rows.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  defineJob,
  enqueueJobInTransaction,
  JobFailure,
  type JobContext,
} from '../../platform/jobs/index.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { generateAdmitCards } from './admit-card-store.ts';
import { centresOf, noCentre, refuseWhileFormsOpen as refuseOpenForms, rollsOf } from './roll-rules.ts';
import {
  approvedFormsOf,
  closeLinksAllotted,
  collegesWithCentres,
  linksWithFormsOpen,
  numberForms,
  rollsPerCourse,
} from './roll-store.ts';
import { z } from 'zod';

/**
 * Roll numbers and centres for an exam (lifecycle spec S2 "Roll numbers", §2.2 ROLL_ALLOTTED), as a job
 * started by the `allot-rolls` action of any of the exam's course links
 * (docs/decisions/0021-timetable-rolls-admit-cards.md):
 * - refused while any course link of the exam still has its forms open (or not yet opened);
 * - only APPROVED forms get a number, unique per exam, in the order college, course combination, candidate
 *   type
 *   (regular, ex-student, back, improvement), enrolment number; the format comes from `rollSettings`;
 * - the centre is the candidate's own college when it is a centre (is_centre = 1), else the first centre of
 *   the
 *   college's district, else the first centre of the university (by college id);
 * - the forms move to ROLL_ALLOTTED, an admit card is generated for each (GENERATED), and every FORMS_CLOSED
 *   course
 *   link of the exam moves to ROLL_ALLOTTED.
 * - every move is in the audit trail as the user who started the job made it (request_id: the job's id): each
 *   form's
 *   and link's `allot-rolls` transition with the row before and after, each card's creation; written with the
 *   moves, one statement per kind per chunk (platform/files/write-rows.ts `updateAudited`,
 *   `insertSelectAudited`).
 * Idempotent: a run again numbers only forms still APPROVED, continuing each course's sequence after the
 * numbers given.
 */

const CHUNK = 5000;

const rollJobData = z.object({ exam_id: z.string().min(1).max(30) });

/** Refuses (409 LOCKED) roll allotment while any course link of the exam has forms open or not yet opened. */
export async function refuseWhileFormsOpen(tx: Prisma.TransactionClient, examId: string) {
  const refusal = refuseOpenForms(examId, await linksWithFormsOpen(tx, examId));
  if (refusal) throw refusal;
}

async function allotRolls(job: JobContext<{ exam_id: string }>) {
  const examId = job.data.exam_id;
  const { forms, taken, centres } = await job
    .transaction(async (tx) => {
      await refuseWhileFormsOpen(tx, examId);
      return {
        forms: await approvedFormsOf(tx, examId),
        taken: await rollsPerCourse(tx, examId),
        centres: centresOf(await collegesWithCentres(tx)),
      };
    })
    .catch((error: unknown) => {
      // A job's failure is kept as its English text (a record's field).
      if (error instanceof AppError) throw new JobFailure(error.message);
      throw error;
    });
  if (!centres.size || [...centres.values()].every((c) => c === null))
    throw new JobFailure(renderEnglish(noCentre()));
  const rows = rollsOf(examId, forms, taken, centres);
  // Every move is in the audit trail as the user who started the job did it (request_id: the job), set-based
  // per chunk.
  const starter =
    job.userId === null
      ? null
      : await job.db.prisma.user.findUnique({ where: { id: job.userId }, select: { email: true } });
  const auditor: Auditor = { userId: job.userId, email: starter?.email ?? 'system', requestId: job.jobId };
  await job.progress(0, rows.length);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await job.transaction(
      async (tx) => {
        await numberForms(tx, part, auditor);
        await generateAdmitCards(
          tx,
          examId,
          auditor,
          part.map((r) => r.form_id),
        );
      },
      { done: i + part.length, total: rows.length },
    );
  }
  const moved = await job.transaction((tx) => closeLinksAllotted(tx, examId, auditor), {
    done: rows.length,
    total: rows.length,
  });
  return {
    exam_id: examId,
    allotted: rows.length,
    course_links: moved,
    first: rows[0]?.roll_no ?? null,
    last: rows.at(-1)?.roll_no ?? null,
  };
}

export const rollAllotmentJob = defineJob({
  kind: 'exam-forms.allot-rolls',
  capability: 'exam-forms.approve',
  title: 'Allotting roll numbers and centres',
  data: rollJobData,
  run: allotRolls,
});

/**
 * The `allot-rolls` action of an exam course link: checks that no form is open, starts the job and answers
 * 202 {job}; the job moves the phases.
 */
export const allotRollsEffect: ActionEffect = {
  answers: 'job',
  async before({ tx, db, record, user }) {
    const examId = String(record.exam_id);
    await refuseWhileFormsOpen(tx, examId);
    const job = await enqueueJobInTransaction(tx, db, rollAllotmentJob, { exam_id: examId }, user);
    return { answer: { status: 202, body: { job } } };
  },
};
