import type { Database, Prisma } from '@exam/db';
import type { SeatingChart, SeatingReport } from '@exam/contracts';
import type { PlacedCandidates, SeatCandidate } from './seating-rules.ts';

/**
 * Seating plans in the database (lifecycle S5, §2.3 C), one function per question. A plan is per sitting
 * (all timetable slots of the slot's date and shift, any exam) and centre, keyed by the slot it was
 * generated for.
 */

type Tx = Prisma.TransactionClient;
type Reader = Database | Tx;
type SeatingKey = { slot_id: string; centre_id: string };
const clientOf = (db: Reader) => ('prisma' in db ? db.prisma : db);

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

/** A timetable slot's date and shift. */
export const slotById = (tx: Tx, slotId: string) =>
  tx.timetableSlot.findUnique({
    where: { slot_id: slotId },
    select: { slot_id: true, date: true, shift: true },
  });

/** The slots of a sitting (a date and shift, any exam), in slot order. */
export async function slotIdsOfSitting(tx: Tx, sitting: { date: string; shift: string }) {
  const slots = await tx.timetableSlot.findMany({
    where: { date: sitting.date, shift: sitting.shift },
    select: { slot_id: true },
    orderBy: { slot_id: 'asc' },
  });
  return slots.map((s) => s.slot_id);
}

/** A centre by its id within a scope's condition (null: the scope reaches no centre). */
export async function centreWithin(db: Reader, centreId: string, within: object | null) {
  if (!within) return null;
  return clientOf(db).centre.findFirst({
    where: { AND: [{ centre_id: centreId }, within as Prisma.CentreWhereInput] },
  });
}

/** A centre by its id, whoever asks. */
export const centreById = (tx: Tx, centreId: string) =>
  tx.centre.findUnique({ where: { centre_id: centreId } });

/** A plan of the same sitting at the centre under another slot, if there is one. */
export const otherPlanOfSitting = (
  tx: Tx,
  centreId: string,
  sitting: { date: string; shift: string },
  slotId: string,
) =>
  tx.seating.findFirst({
    where: { centre_id: centreId, date: sitting.date, shift: sitting.shift, NOT: { slot_id: slotId } },
  });

/** How many attendance sheets of the sitting's slots at the centre are LOCKED. */
export const lockedSheetsOfSitting = (tx: Tx, centreId: string, slotIds: readonly string[]) =>
  tx.attendanceSheet.count({
    where: { centre_id: centreId, slot_id: { in: [...slotIds] }, status: 'LOCKED' },
  });

/** The rooms of a centre in room order. */
export const roomsOfCentre = (db: Reader, centreId: string) =>
  clientOf(db).room.findMany({ where: { centre_id: centreId }, orderBy: { room_no: 'asc' } });

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
            NULLIF(concat_ws(' ',
              CASE WHEN cn.scribe = 1 THEN 'SCRIBE' END,
              CASE WHEN cn.extra_minutes > 0 THEN 'EXTRA' || cn.extra_minutes END,
              CASE WHEN cn.ground_floor = 1 THEN 'GROUND' END), '') AS needs
       FROM timetable_slot_course tsc
       JOIN attempt a
         ON a.exam_id = tsc.exam_id
        AND a.session_id = tsc.session_id
        AND a.course_comb_id = tsc.course_comb_id
        AND a.sem_id = tsc.sem_id
        AND a.paper_id = tsc.paper_id
       JOIN admit_card ac
         ON ac.exam_id = a.exam_id
        AND ac.student_id = a.student_id
       LEFT JOIN candidate_need cn
         ON cn.exam_id = a.exam_id
        AND cn.student_id = a.student_id
      WHERE tsc.slot_id = ANY($1::text[])
        AND ac.centre_id = $2`,
    [...slotIds],
    centreId,
  );
}

/** A plan by its key. */
export const seatingPlanOf = (db: Reader, key: SeatingKey) =>
  clientOf(db).seating.findUnique({ where: { key } });

/** What a replacement is checked against: the plan's version as it stands. */
export const planVersionOf = (tx: Tx, key: SeatingKey) =>
  tx.seating.findUnique({ where: { key }, select: { updated_at: true, revision: true, status: true } });

/** The e-mail of the user who started a job (`system` for none). */
export async function starterEmail(db: Database, userId: number | null) {
  if (userId === null) return 'system';
  const user = await db.prisma.user.findUnique({ where: { id: userId }, select: { email: true } });
  return user?.email ?? 'system';
}

/** Writes a plan (replacing the one before; a FINAL one becomes revision n+1, DRAFT). */
export async function writePlan(
  tx: Tx,
  key: SeatingKey,
  sitting: { date: string; shift: string },
  placed: { plan: PlacedCandidates['plan']; report: SeatingReport },
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
  const counts = (p: { status: string; revision: number; seated: number; unseated: number }) => ({
    status: p.status,
    revision: p.revision,
    seated: p.seated,
    unseated: p.unseated,
  });
  await audit(tx, who, {
    entity: 'seating',
    key: `${key.slot_id}/${key.centre_id}`,
    transition: 'generate',
    before: before ? counts(before) : undefined,
    after: counts({ status: 'DRAFT', revision, ...placed.report }),
  });
  return placed.report;
}

/** Each seat of a plan with the candidate's names and the paper's code, for the desk stickers. */
export const stickerSeatsOf = (db: Database, key: SeatingKey) =>
  db.prisma.$queryRawUnsafe<
    Array<{
      room_no: string;
      row: number;
      col: number;
      roll_no: string;
      name_en: string;
      name_hi: string | null;
      paper_code: string;
    }>
  >(
    `SELECT s.room_no, s."row", s.col, s.roll_no, st.name_en, st.name_hi,
            COALESCE(p.paper_code, p.paper_id) AS paper_code
       FROM seat_allocation s
       JOIN student st ON st.student_id = s.student_id
       JOIN paper p ON p.paper_id = s.paper_id
      WHERE s.slot_id = $1
        AND s.centre_id = $2
      ORDER BY s.room_no, s.col, s."row"`,
    key.slot_id,
    key.centre_id,
  );

/** The printed code of each paper (its id where it has none). */
export async function paperCodesOf(db: Database, paperIds: readonly string[]) {
  const papers = await db.prisma.paper.findMany({
    where: { paper_id: { in: [...paperIds] } },
    select: { paper_id: true, paper_code: true },
  });
  return new Map(papers.map((p) => [p.paper_id, p.paper_code ?? p.paper_id]));
}

/** The chart of a plan: rooms in room order with their seats. */
export async function chartOf(db: Reader, key: SeatingKey): Promise<SeatingChart> {
  const prisma = clientOf(db);
  const [rooms, seats] = await Promise.all([
    roomsOfCentre(db, key.centre_id),
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

/** An attendance row (PRESENT) for every seat of a plan; a row there already follows its new seat. */
export async function insertAttendanceOfPlan(tx: Tx, key: SeatingKey) {
  await tx.$executeRawUnsafe(
    `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, room_no,
          roll_no, status, updated_at)
       SELECT s.paper_slot_id, s.student_id, s.exam_id, s.paper_id, s.centre_id, ac.college_id, s.room_no,
              s.roll_no, 'PRESENT', now()
         FROM seat_allocation s
         JOIN admit_card ac
           ON ac.exam_id = s.exam_id
          AND ac.student_id = s.student_id
        WHERE s.slot_id = $1
          AND s.centre_id = $2
       ON CONFLICT (slot_id, student_id) DO UPDATE
          SET centre_id = EXCLUDED.centre_id,
              room_no = EXCLUDED.room_no,
              roll_no = EXCLUDED.roll_no,
              updated_at = now()`,
    key.slot_id,
    key.centre_id,
  );
}

/**
 * Drops the attendance rows of the sitting at the centre whose candidate no plan seats there any more (looked
 * up by the seat's unique (paper_slot_id, student_id), so the check is one index probe per row whatever the
 * statistics say).
 */
export async function dropAttendanceNoLongerSeated(tx: Tx, centreId: string, slotIds: readonly string[]) {
  await tx.$executeRawUnsafe(
    `DELETE FROM attendance a
      WHERE a.centre_id = $1
        AND a.slot_id = ANY($2::text[])
        AND NOT EXISTS (
              SELECT 1
                FROM seat_allocation s
               WHERE s.paper_slot_id = a.slot_id
                 AND s.student_id = a.student_id
                 AND s.centre_id = $1)`,
    centreId,
    [...slotIds],
  );
}

/** An attendance sheet (PENDING) for each paper slot of a plan that has none yet. */
export async function insertSheetsOfPlan(tx: Tx, key: SeatingKey) {
  await tx.$executeRawUnsafe(
    `INSERT INTO attendance_sheet (slot_id, centre_id, exam_id, paper_id, updated_at)
       SELECT DISTINCT paper_slot_id, centre_id, exam_id, paper_id, now()
         FROM seat_allocation
        WHERE slot_id = $1
          AND centre_id = $2
       ON CONFLICT (slot_id, centre_id) DO NOTHING`,
    key.slot_id,
    key.centre_id,
  );
}

/** Records who finalized a plan, and when. */
export async function markPlanFinalized(tx: Tx, key: SeatingKey, email: string) {
  await tx.seating.update({ where: { key }, data: { finalized_by: email, finalized_at: new Date() } });
}
