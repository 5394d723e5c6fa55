import { msg, type Message, type SeatingReport } from '@exam/contracts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { planSeating, type PlanCandidate, type PlanRoom } from './seating-plan.ts';

/**
 * The rules of seating plans (lifecycle S5, §2.3 C) as pure decisions: each takes what the store read and
 * answers a refusal (an AppError to throw) or nothing; the placement and its report. None reads the database.
 */

type SeatingKey = { slot_id: string; centre_id: string };

/** Messages joined by a connecting message (`conduct.commaList`: "a, b"; `conduct.sentences`: "a b"). */
export const joined = (
  messages: readonly Message[],
  code: 'conduct.commaList' | 'conduct.sentences',
): Message | undefined =>
  messages.reduce<Message | undefined>(
    (first, next) => (first ? msg(code, { first, next }) : next),
    undefined,
  );

/** A centre must exist (and be within the caller's reach). */
export const refuseMissingCentre = (centreId: string, centre: unknown) =>
  centre ? undefined : notFound(msg('conduct.noCentre', { centre_id: centreId }));

/** A timetable slot must exist. */
export const refuseMissingSlot = (slotId: string, slot: unknown) =>
  slot ? undefined : notFound(msg('conduct.noSlot', { slot_id: slotId }));

/** A plan is read once it has been generated. */
export const refuseMissingPlan = (key: SeatingKey, plan: unknown) =>
  plan ? undefined : notFound(msg('conduct.noSeatingPlan', { ...key }));

/**
 * Replacing a plan: with the updated_at the caller read, like an edit (never over someone else's
 * generation).
 */
export function refuseBlindRegeneration(
  current: { revision: number; status: string; updated_at: Date } | null,
  updatedAt: string | undefined,
) {
  if (!current) return undefined;
  if (!updatedAt)
    return invalid({
      updated_at: [msg('conduct.planExists', { revision: current.revision, status: current.status })],
    });
  if (new Date(updatedAt).getTime() !== current.updated_at.getTime())
    return new AppError('STALE_EDIT', msg('conduct.planChanged'));
  return undefined;
}

/** One plan per sitting and centre: another slot's plan of the same sitting is generated again instead. */
export function refuseOtherPlanOfSitting(
  sitting: { date: string; shift: string },
  centreId: string,
  other: { slot_id: string } | null,
) {
  if (!other) return undefined;
  return new AppError(
    'LOCKED',
    msg('conduct.sittingHasPlan', { ...sitting, centre_id: centreId, slot_id: other.slot_id }),
  );
}

/** A sitting whose attendance is LOCKED anywhere at the centre is not seated again. */
export const refuseLockedSitting = (centreId: string, lockedSheets: number) =>
  lockedSheets
    ? new AppError('LOCKED', msg('conduct.sittingLocked', { centre_id: centreId, count: lockedSheets }))
    : undefined;

/** A centre needs rooms to seat anyone. */
export const refuseWithoutRooms = (centreId: string, rooms: readonly unknown[]) =>
  rooms.length
    ? undefined
    : new AppError('LOCKED', msg('conduct.centreWithoutRooms', { centre_id: centreId }));

/** Plans are made by their generation job, never by hand. */
export const planNotByHand = () => ({ slot_id: [msg('conduct.planNotByHand')] });

/** A FINAL plan stays: generating it again makes a new revision. */
export const refuseDeletingFinalPlan = (plan: Readonly<Record<string, unknown>>) =>
  plan.status === 'FINAL'
    ? new AppError(
        'LOCKED',
        msg('conduct.finalPlanNotDeleted', {
          slot_id: String(plan.slot_id),
          centre_id: String(plan.centre_id),
        }),
      )
    : undefined;

/** `finalize` needs a generated plan that seats every candidate, and somebody. */
export function refuseUnfinalizable(
  key: SeatingKey,
  plan: { generated_at: Date | null; seated: number; unseated: number } | null,
) {
  if (!plan?.generated_at) return new AppError('LOCKED', msg('conduct.seatingNotGenerated', { ...key }));
  if (plan.unseated > 0)
    return new AppError(
      'LOCKED',
      msg('conduct.candidatesUnseated', { count: plan.unseated, centre_id: key.centre_id }),
    );
  if (plan.seated === 0) return new AppError('LOCKED', msg('conduct.seatsNobody', { ...key }));
  return undefined;
}

export interface SeatCandidate extends PlanCandidate {
  exam_id: string;
  paper_slot_id: string;
}

type PaperCount = SeatingReport['papers'][number];

/** What the report says: every candidate seated, or which papers ran out of rooms; withheld cards counted. */
export function seatingReportMessage(counts: {
  candidates: number;
  unseated: number;
  rooms_used: number;
  withheld: number;
  papers: readonly PaperCount[];
}): Message {
  const short = counts.papers.filter((p) => p.unseated);
  const report = counts.unseated
    ? msg('conduct.roomsRanOut', {
        unseated: counts.unseated,
        candidates: counts.candidates,
        papers: joined(
          short.map((p) => msg('conduct.paperUnseated', { paper_id: p.paper_id, unseated: p.unseated })),
          'conduct.commaList',
        ),
      })
    : msg('conduct.allSeated', { candidates: counts.candidates, count: counts.rooms_used });
  return counts.withheld ? msg('conduct.withheldNotSeated', { report, count: counts.withheld }) : report;
}

/**
 * Places the candidates with a published admit card (seating-plan.ts) and counts them per paper; writes
 * nothing (the bench times it apart from the writes). The report's message is a Message here: the job stores
 * it rendered.
 */
export function placeCandidates(
  rooms: readonly PlanRoom[],
  all: ReadonlyArray<SeatCandidate & { card_status: string }>,
) {
  const published = all.filter((c) => c.card_status === 'PUBLISHED');
  const plan = planSeating(rooms, published);
  const byPaper = new Map<string, PaperCount>();
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
  const counts = {
    candidates: published.length,
    seated: plan.seats.length,
    unseated: plan.unseated.length,
    withheld: all.length - published.length,
    capacity: rooms.reduce((n, r) => n + r.capacity, 0),
    rooms_used: plan.roomsUsed,
    papers,
  };
  return { plan, counts, message: seatingReportMessage(counts) };
}

export type PlacedCandidates = ReturnType<typeof placeCandidates>;
