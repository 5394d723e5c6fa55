import type { Database, Prisma } from '@exam/db';
import type { SeatingChart, SeatingReport } from '@exam/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { defineJob, JobFailure, type JobContext } from '../../platform/jobs/index.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { planSeating, type PlanCandidate, type PlanRoom } from './seating-plan.ts';

/**
 * Seating plans in the database (lifecycle S5, §2.3 C): the generation job, the finalize effect that creates
 * the attendance rows and sheets, and the chart. A plan is per sitting (all timetable slots of the slot's
 * date and shift, any exam) and centre, keyed by the slot it was generated for; one plan per sitting and
 * centre.
 */

type Tx = Prisma.TransactionClient;

export interface SeatCandidate extends PlanCandidate {
  exam_id: string;
  paper_slot_id: string;
}

export interface Auditor {
  userId: number | null;
  email: string;
  requestId: string;
}

/** One audit entry written by a job or an effect (not a request's own change). */
export async function audit(
  tx: Tx,
  who: Auditor,
  entry: {
    entity: string;
    key: string;
    transition: string;
    before?: unknown;
    after?: unknown;
    reason?: string;
  },
) {
  await tx.auditEntry.create({
    data: {
      user_id: who.userId,
      user_email: who.email,
      action: 'transition',
      entity: entry.entity,
      entity_key: entry.key,
      before: (entry.before ?? undefined) as never,
      after: (entry.after ?? undefined) as never,
      request_id: who.requestId,
      transition: entry.transition,
      reason: entry.reason ?? null,
    },
  });
}

/** The slots of the sitting a slot belongs to (same date and shift, any exam). */
export async function sittingOf(tx: Tx, slotId: string) {
  const slot = await tx.timetableSlot.findUnique({
    where: { slot_id: slotId },
    select: { slot_id: true, date: true, shift: true },
  });
  if (!slot) throw new AppError('NOT_FOUND', `No timetable slot ${slotId}.`);
  const slots = await tx.timetableSlot.findMany({
    where: { date: slot.date, shift: slot.shift },
    select: { slot_id: true },
    orderBy: { slot_id: 'asc' },
  });
  return { date: slot.date, shift: slot.shift, slotIds: slots.map((s) => s.slot_id) };
}

/**
 * What must hold before a plan is (re)generated: the slot, the centre, no other plan of the sitting, no
 * locked sheet.
 */
export async function checkGenerate(tx: Tx, slotId: string, centreId: string) {
  const sitting = await sittingOf(tx, slotId);
  const centre = await tx.centre.findUnique({ where: { centre_id: centreId } });
  if (!centre) throw new AppError('NOT_FOUND', `No centre ${centreId}.`);
  const other = await tx.seating.findFirst({
    where: { centre_id: centreId, date: sitting.date, shift: sitting.shift, NOT: { slot_id: slotId } },
  });
  if (other)
    throw new AppError(
      'LOCKED',
      `The sitting of ${sitting.date} ${sitting.shift} at centre ${centreId} already has its seating ` +
        `plan under slot ${other.slot_id}; generate that one again instead.`,
    );
  const locked = await tx.attendanceSheet.count({
    where: { centre_id: centreId, slot_id: { in: sitting.slotIds }, status: 'LOCKED' },
  });
  if (locked)
    throw new AppError(
      'LOCKED',
      `Attendance of this sitting at centre ${centreId} is already LOCKED (${locked} ` +
        `sheet${locked === 1 ? '' : 's'}); the seating can no longer be generated again.`,
    );
  const rooms = await tx.room.findMany({ where: { centre_id: centreId }, orderBy: { room_no: 'asc' } });
  if (!rooms.length)
    throw new AppError(
      'LOCKED',
      `Centre ${centreId} has no rooms: add its rooms (rows, columns, capacity) first.`,
    );
  return { sitting, rooms };
}

/**
 * Candidates of a sitting at a centre: attempts whose paper's slot is in the sitting, with the admit card's
 * status.
 */
export async function candidatesOf(
  tx: Pick<Tx, '$queryRawUnsafe'>,
  slotIds: readonly string[],
  centreId: string,
) {
  return tx.$queryRawUnsafe<Array<SeatCandidate & { card_status: string }>>(
    `SELECT a.exam_id, a.student_id, ac.roll_no, a.paper_id, tsc.slot_id AS paper_slot_id,
        ac.status AS card_status,
            NULLIF(concat_ws(' ', CASE WHEN cn.scribe = 1 THEN 'SCRIBE' END,
                                  CASE WHEN cn.extra_minutes > 0 THEN 'EXTRA' || cn.extra_minutes END,
                                  CASE WHEN cn.ground_floor = 1 THEN 'GROUND' END), '') AS needs
       FROM timetable_slot_course tsc
       JOIN attempt a ON a.exam_id = tsc.exam_id AND a.session_id = tsc.session_id
         AND a.course_comb_id = tsc.course_comb_id
                     AND a.sem_id = tsc.sem_id AND a.paper_id = tsc.paper_id
       JOIN admit_card ac ON ac.exam_id = a.exam_id AND ac.student_id = a.student_id
       LEFT JOIN candidate_need cn ON cn.exam_id = a.exam_id AND cn.student_id = a.student_id
      WHERE tsc.slot_id = ANY($1::text[]) AND ac.centre_id = $2`,
    [...slotIds],
    centreId,
  );
}

const generateData = z.object({ slot_id: z.string().min(1).max(30), centre_id: z.string().min(1).max(30) });

/**
 * Places the candidates and answers the report; writes nothing (the bench times it apart from the writes).
 */
export function placeCandidates(
  rooms: readonly PlanRoom[],
  all: ReadonlyArray<SeatCandidate & { card_status: string }>,
) {
  const published = all.filter((c) => c.card_status === 'PUBLISHED');
  const plan = planSeating(rooms, published);
  const byPaper = new Map<
    string,
    { paper_id: string; paper_slot_id: string; candidates: number; seated: number; unseated: number }
  >();
  for (const c of published) {
    const entry = byPaper.get(c.paper_slot_id) ?? {
      paper_id: c.paper_id,
      paper_slot_id: c.paper_slot_id,
      candidates: 0,
      seated: 0,
      unseated: 0,
    };
    entry.candidates += 1;
    byPaper.set(c.paper_slot_id, entry);
  }
  for (const s of plan.seats) byPaper.get(s.candidate.paper_slot_id)!.seated += 1;
  for (const c of plan.unseated) byPaper.get(c.paper_slot_id)!.unseated += 1;
  const papers = [...byPaper.values()].sort((a, b) => a.paper_id.localeCompare(b.paper_id));
  const capacity = rooms.reduce((n, r) => n + r.capacity, 0);
  const withheld = all.length - published.length;
  const short = papers.filter((p) => p.unseated);
  const message = plan.unseated.length
    ? `Rooms ran out: ${plan.unseated.length} of ${published.length} candidates are not seated ` +
      `(${short.map((p) => `paper ${p.paper_id}: ${p.unseated}`).join(', ')}). ` +
      'Add rooms or capacity at this centre and generate again; a plan with unseated candidates cannot ' +
      'be finalized.'
    : `All ${published.length} candidates seated in ${plan.roomsUsed} room${plan.roomsUsed === 1 ? '' : 's'}.`;
  const report: SeatingReport = {
    candidates: published.length,
    seated: plan.seats.length,
    unseated: plan.unseated.length,
    withheld,
    capacity,
    rooms_used: plan.roomsUsed,
    papers,
    message: withheld
      ? `${message} ${withheld} candidate${withheld === 1 ? '' : 's'} without a published admit card not seated.`
      : message,
  };
  return { plan, report };
}

/** Writes a plan (replacing the one before; a FINAL one becomes revision n+1, DRAFT). */
export async function writePlan(
  tx: Tx,
  key: { slot_id: string; centre_id: string },
  sitting: { date: string; shift: string },
  placed: ReturnType<typeof placeCandidates>,
  who: Auditor & { jobId?: string },
) {
  const before = await tx.seating.findUnique({ where: { key } });
  const revision = before ? (before.status === 'FINAL' ? before.revision + 1 : before.revision) : 1;
  const values = {
    date: sitting.date,
    shift: sitting.shift,
    status: 'DRAFT',
    revision,
    seated: placed.report.seated,
    unseated: placed.report.unseated,
    report: placed.report as never,
    job_id: who.jobId ?? null,
    generated_at: new Date(),
    finalized_by: null,
    finalized_at: null,
  };
  await tx.seatAllocation.deleteMany({ where: key });
  await tx.seating.upsert({ where: { key }, create: { ...key, ...values }, update: values });
  const seats = placed.plan.seats;
  const CHUNK = 10_000;
  for (let i = 0; i < seats.length; i += CHUNK) {
    const part = seats.slice(i, i + CHUNK);
    await tx.$executeRawUnsafe(
      `INSERT INTO seat_allocation (slot_id, centre_id, room_no, "row", col, exam_id, student_id, roll_no,
          paper_id, paper_slot_id, needs)
       SELECT $1, $2, *
         FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::text[])`,
      key.slot_id,
      key.centre_id,
      part.map((s) => s.room_no),
      part.map((s) => s.row),
      part.map((s) => s.col),
      part.map((s) => s.candidate.exam_id),
      part.map((s) => s.candidate.student_id),
      part.map((s) => s.candidate.roll_no),
      part.map((s) => s.candidate.paper_id),
      part.map((s) => s.candidate.paper_slot_id),
      part.map((s) => s.candidate.needs),
    );
  }
  await audit(tx, who, {
    entity: 'seating',
    key: `${key.slot_id}/${key.centre_id}`,
    transition: 'generate',
    before: before
      ? { status: before.status, revision: before.revision, seated: before.seated, unseated: before.unseated }
      : undefined,
    after: { status: 'DRAFT', revision, seated: placed.report.seated, unseated: placed.report.unseated },
  });
  return placed.report;
}

async function generate(job: JobContext<z.infer<typeof generateData>>) {
  const key = { slot_id: job.data.slot_id, centre_id: job.data.centre_id };
  const failing = (error: unknown): never => {
    if (error instanceof AppError) throw new JobFailure(error.message);
    throw error;
  };
  const { sitting, rooms, candidates } = await job
    .transaction(async (tx) => {
      const { sitting, rooms } = await checkGenerate(tx, key.slot_id, key.centre_id);
      return { sitting, rooms, candidates: await candidatesOf(tx, sitting.slotIds, key.centre_id) };
    })
    .catch(failing);
  await job.progress(0, candidates.length);
  const placed = placeCandidates(
    rooms.map((r) => ({ ...r, accessible: r.accessible === 1 })),
    candidates,
  );
  const starter =
    job.userId === null
      ? null
      : await job.db.prisma.user.findUnique({ where: { id: job.userId }, select: { email: true } });
  const who = {
    userId: job.userId,
    email: starter?.email ?? 'system',
    requestId: job.jobId,
    jobId: job.jobId,
  };
  return job
    .transaction(
      async (tx) => {
        await checkGenerate(tx, key.slot_id, key.centre_id);
        return writePlan(tx, key, sitting, placed, who);
      },
      { done: candidates.length, total: candidates.length },
    )
    .catch(failing);
}

export const seatingJob = defineJob({
  kind: 'conduct.seating',
  capability: 'conduct.write',
  title: 'Generating the seating plan',
  data: generateData,
  run: generate,
});

/**
 * `finalize` (DRAFT → FINAL): refused while candidates are unseated; creates an attendance row (PRESENT) for
 * every seated candidate and an attendance sheet (PENDING) per paper slot, and drops the rows of candidates a
 * new revision no longer seats.
 */
export const finalizeEffect: ActionEffect = {
  async before({ tx, record }) {
    const key = { slot_id: String(record.slot_id), centre_id: String(record.centre_id) };
    const seating = await tx.seating.findUnique({ where: { key } });
    if (!seating?.generated_at)
      throw new AppError(
        'LOCKED',
        `The seating of slot ${key.slot_id} at centre ${key.centre_id} has not been generated yet.`,
      );
    if (seating.unseated > 0)
      throw new AppError(
        'LOCKED',
        `${seating.unseated} candidate${seating.unseated === 1 ? ' is' : 's are'} not seated: add rooms ` +
          `or capacity at centre ${key.centre_id} and generate again before finalizing.`,
      );
    if (seating.seated === 0)
      throw new AppError(
        'LOCKED',
        `The seating of slot ${key.slot_id} at centre ${key.centre_id} seats nobody (no candidate with a ` +
          `published admit card).`,
      );
  },
  async after({ tx, record, user }) {
    const key = { slot_id: String(record.slot_id), centre_id: String(record.centre_id) };
    await tx.$executeRawUnsafe(
      `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, room_no,
          roll_no, status, updated_at)
       SELECT s.paper_slot_id, s.student_id, s.exam_id, s.paper_id, s.centre_id, ac.college_id, s.room_no,
         s.roll_no, 'PRESENT', now()
         FROM seat_allocation s JOIN admit_card ac ON ac.exam_id = s.exam_id AND ac.student_id = s.student_id
        WHERE s.slot_id = $1 AND s.centre_id = $2
       ON CONFLICT (slot_id, student_id) DO UPDATE
         SET centre_id = EXCLUDED.centre_id, room_no = EXCLUDED.room_no, roll_no = EXCLUDED.roll_no,
         updated_at = now()`,
      key.slot_id,
      key.centre_id,
    );
    // A later revision may seat fewer: drop the rows of candidates it no longer seats here (looked up by the
    // seat's unique (paper_slot_id, student_id), so the check is one index probe per row whatever the
    // statistics say).
    if (Number(record.revision) > 1) {
      const sitting = await sittingOf(tx, key.slot_id);
      await tx.$executeRawUnsafe(
        `DELETE FROM attendance a WHERE a.centre_id = $1 AND a.slot_id = ANY($2::text[])
            AND NOT EXISTS (SELECT 1 FROM seat_allocation s WHERE s.paper_slot_id = a.slot_id
              AND s.student_id = a.student_id AND s.centre_id = $1)`,
        key.centre_id,
        sitting.slotIds,
      );
    }
    await tx.$executeRawUnsafe(
      `INSERT INTO attendance_sheet (slot_id, centre_id, exam_id, paper_id, updated_at)
       SELECT DISTINCT paper_slot_id, centre_id, exam_id, paper_id, now() FROM seat_allocation
         WHERE slot_id = $1 AND centre_id = $2
       ON CONFLICT (slot_id, centre_id) DO NOTHING`,
      key.slot_id,
      key.centre_id,
    );
    await tx.seating.update({ where: { key }, data: { finalized_by: user.email, finalized_at: new Date() } });
  },
};

/** The chart of a plan: rooms in room order with their seats. */
export async function chartOf(
  db: Database | Tx,
  key: { slot_id: string; centre_id: string },
): Promise<SeatingChart> {
  const prisma = 'prisma' in db ? db.prisma : db;
  const [rooms, seats] = await Promise.all([
    prisma.room.findMany({ where: { centre_id: key.centre_id }, orderBy: { room_no: 'asc' } }),
    prisma.seatAllocation.findMany({
      where: key,
      orderBy: [{ room_no: 'asc' }, { col: 'asc' }, { row: 'asc' }],
    }),
  ]);
  const byRoom = new Map<string, SeatingChart['rooms'][number]['seats']>();
  for (const s of seats) {
    const list = byRoom.get(s.room_no) ?? [];
    list.push({
      row: s.row,
      col: s.col,
      roll_no: s.roll_no,
      paper_id: s.paper_id,
      student_id: s.student_id,
      needs: s.needs,
    });
    byRoom.set(s.room_no, list);
  }
  return {
    rooms: rooms
      .filter((r) => byRoom.has(r.room_no))
      .map((r) => ({
        room_no: r.room_no,
        rows: r.rows,
        cols: r.cols,
        capacity: r.capacity,
        seats: byRoom.get(r.room_no)!,
      })),
  };
}
