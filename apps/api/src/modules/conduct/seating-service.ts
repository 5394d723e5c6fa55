import type { Writable } from 'node:stream';
import { centreResource, type Scope, type SeatingReport } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError } from '../../platform/http/errors.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import {
  defineJob,
  enqueueJob,
  JobFailure,
  readyToEnqueue,
  type JobContext,
} from '../../platform/jobs/index.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { writeSeatingPdf, writeStickersPdf, type SittingHeading } from './conduct-pdf.ts';
import {
  placeCandidates,
  planNotByHand,
  refuseBlindRegeneration,
  refuseDeletingFinalPlan,
  refuseLockedSitting,
  refuseMissingCentre,
  refuseMissingPlan,
  refuseMissingSlot,
  refuseOtherPlanOfSitting,
  refuseUnfinalizable,
  refuseWithoutRooms,
} from './seating-rules.ts';
import {
  candidatesOf,
  centreById,
  centreWithin,
  chartOf,
  dropAttendanceNoLongerSeated,
  insertAttendanceOfPlan,
  insertSheetsOfPlan,
  lockedSheetsOfSitting,
  markPlanFinalized,
  otherPlanOfSitting,
  paperCodesOf,
  planVersionOf,
  roomsOfCentre,
  seatingPlanOf,
  slotById,
  slotIdsOfSitting,
  starterEmail,
  stickerSeatsOf,
  writePlan,
} from './seating-store.ts';

/**
 * Seating plans (lifecycle S5, §2.3 C): generating one (a job), its chart and printouts, and the finalize
 * effect that creates the attendance rows and sheets. The decisions are seating-rules.ts', the SQL
 * seating-store.ts'.
 */

type Tx = Prisma.TransactionClient;
type SeatingKey = { slot_id: string; centre_id: string };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** Who asks, with the scope in which they hold conduct's capability (a college's staff: its own centre). */
export interface Reach {
  scope: Scope;
  user: AuthenticatedUser;
}

/** A centre within the caller's reach (a college's staff: the centre its college is); else 404. */
export async function centreInReach(db: Database | Tx, reach: Reach, centreId: string) {
  const within = scopeWhere(reach.scope, reach.user, centreResource.scopeFields);
  const centre = await centreWithin(db, centreId, within);
  throwIf(refuseMissingCentre(centreId, centre));
  return centre!;
}

/** The slots of the sitting a slot belongs to (same date and shift, any exam). */
export async function sittingOf(tx: Tx, slotId: string) {
  const slot = await slotById(tx, slotId);
  throwIf(refuseMissingSlot(slotId, slot));
  const sitting = { date: slot!.date, shift: slot!.shift };
  return { ...sitting, slotIds: await slotIdsOfSitting(tx, sitting) };
}

/**
 * What must hold before a plan is (re)generated: the slot, the centre, no other plan of the sitting, no
 * locked sheet, rooms.
 */
export async function checkGenerate(tx: Tx, slotId: string, centreId: string) {
  const sitting = await sittingOf(tx, slotId);
  throwIf(refuseMissingCentre(centreId, await centreById(tx, centreId)));
  throwIf(
    refuseOtherPlanOfSitting(sitting, centreId, await otherPlanOfSitting(tx, centreId, sitting, slotId)),
  );
  throwIf(refuseLockedSitting(centreId, await lockedSheetsOfSitting(tx, centreId, sitting.slotIds)));
  const rooms = await roomsOfCentre(tx, centreId);
  throwIf(refuseWithoutRooms(centreId, rooms));
  return { sitting, rooms };
}

/**
 * Starts the generation of a plan (a job) once the rules allow it; replacing a plan needs the updated_at the
 * caller read.
 */
export async function requestGeneration(
  db: Database,
  key: SeatingKey,
  body: { updated_at?: string },
  reach: Reach,
) {
  await centreInReach(db, reach, key.centre_id);
  await db.prisma.$transaction(async (tx) => {
    await checkGenerate(tx, key.slot_id, key.centre_id);
    throwIf(refuseBlindRegeneration(await planVersionOf(tx, key), body.updated_at));
  });
  await readyToEnqueue(db);
  return enqueueJob(db, seatingJob, key, { id: reach.user.id, role: reach.user.role });
}

/** A plan at a centre within reach, with its heading; 404 when missing or out of scope. */
async function planInReach(db: Database, key: SeatingKey, reach: Reach) {
  const centre = await centreInReach(db, reach, key.centre_id);
  const seating = await seatingPlanOf(db, key);
  throwIf(refuseMissingPlan(key, seating));
  const heading: SittingHeading = {
    date: seating!.date,
    shift: seating!.shift,
    centre_id: centre.centre_id,
    centre_name: centre.centre_name,
    revision: seating!.revision,
    status: seating!.status,
  };
  return { seating: seating!, heading };
}

/** The chart of a plan within reach. */
export async function seatingChart(db: Database, key: SeatingKey, reach: Reach) {
  await planInReach(db, key, reach);
  return chartOf(db, key);
}

/** A PDF to write to the answer: its file name and the writer. */
export interface Printout {
  name: string;
  write(out: Writable): Promise<void>;
}

/** The seating plan's PDF: the notice-board list of roll ranges, then a grid per room. */
export async function seatingPrintout(db: Database, key: SeatingKey, reach: Reach): Promise<Printout> {
  const { heading } = await planInReach(db, key, reach);
  const chart = await chartOf(db, key);
  const codes = await paperCodesOf(db, [
    ...new Set(chart.rooms.flatMap((r) => r.seats.map((s) => s.paper_id))),
  ]);
  return {
    name: `seating-${heading.date}-${heading.shift}-${key.centre_id}.pdf`,
    write: (out) => writeSeatingPdf(out, heading, chart, codes),
  };
}

/** The desk stickers' PDF. */
export async function stickersPrintout(db: Database, key: SeatingKey, reach: Reach): Promise<Printout> {
  const { heading } = await planInReach(db, key, reach);
  const seats = await stickerSeatsOf(db, key);
  return {
    name: `stickers-${heading.date}-${heading.shift}-${key.centre_id}.pdf`,
    write: (out) => writeStickersPdf(out, heading, seats),
  };
}

const generateData = z.object({ slot_id: z.string().min(1).max(30), centre_id: z.string().min(1).max(30) });

/** A refusal ends the job with its (English) sentence. */
const failing = (error: unknown): never => {
  if (error instanceof AppError) throw new JobFailure(error.message);
  throw error;
};

/** The generation job: reads and places outside the write, then checks again and writes the plan. */
async function generate(job: JobContext<z.infer<typeof generateData>>) {
  const key = { slot_id: job.data.slot_id, centre_id: job.data.centre_id };
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
  const report: SeatingReport = { ...placed.counts, message: renderMessage(placed.message) };
  const who = {
    userId: job.userId,
    email: await starterEmail(job.db, job.userId),
    requestId: job.jobId,
    jobId: job.jobId,
  };
  return job
    .transaction(
      async (tx) => {
        await checkGenerate(tx, key.slot_id, key.centre_id);
        return writePlan(tx, key, sitting, { plan: placed.plan, report }, who);
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

const keyOf = (record: Record<string, unknown>): SeatingKey => ({
  slot_id: String(record.slot_id),
  centre_id: String(record.centre_id),
});

/**
 * `finalize` (DRAFT → FINAL): refused while candidates are unseated; creates an attendance row (PRESENT) for
 * every seated candidate and an attendance sheet (PENDING) per paper slot, and drops the rows of candidates a
 * new revision no longer seats.
 */
export const finalizeEffect: ActionEffect = {
  async before({ tx, record }) {
    const key = keyOf(record);
    throwIf(refuseUnfinalizable(key, await seatingPlanOf(tx, key)));
  },
  async after({ tx, record, user }) {
    const key = keyOf(record);
    await insertAttendanceOfPlan(tx, key);
    // A later revision may seat fewer: drop the rows of candidates it no longer seats here.
    if (Number(record.revision) > 1)
      await dropAttendanceNoLongerSeated(tx, key.centre_id, (await sittingOf(tx, key.slot_id)).slotIds);
    await insertSheetsOfPlan(tx, key);
    await markPlanFinalized(tx, key, user.email);
  },
};

/** Seating plans are made by their generation job and finalized by their workflow, never written by hand. */
export const seatingRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, planNotByHand()]));
  },
  async beforeDelete(_tx, row) {
    throwIf(refuseDeletingFinalPlan(row));
  },
};
