/**
 * The seating rule of lifecycle S5, pure (no I/O), "column interleave" generalised seat by seat:
 * 1. rooms in room order, each up to its exam capacity;
 * 2. seats filled column by column (front to back, then the next column); a seat never gets the paper of its
 *    left or
 *    right neighbour (hard rule) — when no other paper is left the seat stays empty, so a single paper takes
 *    every other column (capacity halved) and what does not fit is reported, never seated next to its own
 *    paper;
 * 3. a column keeps its paper while that paper allows it; a new column takes the allowed paper with the most
 *    candidates left, so two papers alternate A, B, A, B by column and three or more rotate;
 * 4. within a paper, candidates are taken in roll-number order, so rolls ascend along the fill order;
 * 5. candidates with needs (scribe, extra time, ground floor) are seated first, in accessible rooms first.
 */

export interface PlanRoom {
  room_no: string;
  rows: number;
  cols: number;
  capacity: number;
  accessible: boolean;
}

export interface PlanCandidate {
  student_id: string;
  roll_no: string;
  paper_id: string;
  needs: string | null;
}

export interface PlacedSeat<C extends PlanCandidate = PlanCandidate> {
  room_no: string;
  row: number;
  col: number;
  candidate: C;
}

export interface SeatingPlan<C extends PlanCandidate = PlanCandidate> {
  seats: PlacedSeat<C>[];
  unseated: C[];
  roomsUsed: number;
}

const byRoll = (a: PlanCandidate, b: PlanCandidate) =>
  a.roll_no < b.roll_no ? -1 : a.roll_no > b.roll_no ? 1 : 0;

/** Candidates grouped by paper, each group in roll order, with a cursor. */
function queues<C extends PlanCandidate>(candidates: readonly C[]) {
  const groups = new Map<string, C[]>();
  for (const c of candidates) {
    const group = groups.get(c.paper_id);
    if (group) group.push(c);
    else groups.set(c.paper_id, [c]);
  }
  for (const group of groups.values()) group.sort(byRoll);
  return { groups, next: new Map([...groups.keys()].map((p) => [p, 0])) };
}

interface RoomState {
  room: PlanRoom;
  grid: (string | null)[];
  used: number;
}

function fill<C extends PlanCandidate>(
  rooms: readonly RoomState[],
  candidates: readonly C[],
  out: PlacedSeat<C>[],
): C[] {
  const { groups, next } = queues(candidates);
  const remaining = (p: string) => groups.get(p)!.length - next.get(p)!;
  // Ties between papers go to the larger paper first, then by paper id, so a plan is reproducible.
  const papers = [...groups.keys()].sort(
    (a, b) => groups.get(b)!.length - groups.get(a)!.length || (a < b ? -1 : 1),
  );
  let left = candidates.length;
  for (const state of rooms) {
    if (!left) break;
    const { room, grid } = state;
    const at = (r: number, c: number) =>
      c < 1 || c > room.cols ? null : (grid[(c - 1) * room.rows + (r - 1)] ?? null);
    for (let c = 1; c <= room.cols && state.used < room.capacity && left; c += 1) {
      let current: string | null = null;
      for (let r = 1; r <= room.rows && state.used < room.capacity && left; r += 1) {
        const index = (c - 1) * room.rows + (r - 1);
        if (grid[index] !== null) continue;
        const before = at(r, c - 1);
        const after = at(r, c + 1);
        const allowed = (p: string) => remaining(p) > 0 && p !== before && p !== after;
        let paper: string | null = current !== null && allowed(current) ? current : null;
        if (paper === null) {
          let best = -1;
          for (const p of papers) {
            const n = remaining(p);
            if (n > best && allowed(p)) {
              best = n;
              paper = p;
            }
          }
        }
        if (paper === null) continue;
        const i = next.get(paper)!;
        next.set(paper, i + 1);
        grid[index] = paper;
        state.used += 1;
        left -= 1;
        current = paper;
        out.push({ room_no: room.room_no, row: r, col: c, candidate: groups.get(paper)![i]! });
      }
    }
  }
  return papers.flatMap((p) => groups.get(p)!.slice(next.get(p)!));
}

/** Places candidates in rooms under the rules above; `unseated` lists who did not fit (rooms ran out). */
export function planSeating<C extends PlanCandidate>(
  rooms: readonly PlanRoom[],
  candidates: readonly C[],
): SeatingPlan<C> {
  const states: RoomState[] = rooms.map((room) => ({
    room,
    grid: new Array<string | null>(room.rows * room.cols).fill(null),
    used: 0,
  }));
  const seats: PlacedSeat<C>[] = [];
  const needing = candidates.filter((c) => c.needs);
  const others = candidates.filter((c) => !c.needs);
  // Rule 5: candidates with needs first, in accessible rooms first (then the others, if those are full).
  const accessibleFirst = [
    ...states.filter((s) => s.room.accessible),
    ...states.filter((s) => !s.room.accessible),
  ];
  const needingLeft = needing.length ? fill(accessibleFirst, needing, seats) : [];
  const othersLeft = fill(states, others, seats);
  return {
    seats,
    unseated: [...needingLeft, ...othersLeft],
    roomsUsed: states.filter((s) => s.used > 0).length,
  };
}

/**
 * Pairs of horizontally adjacent seats with the same paper (the hard rule's violations: none in a plan made
 * here).
 */
export function sameNeighbours(
  seats: readonly {
    room_no: string;
    row: number;
    col: number;
    candidate?: { paper_id: string };
    paper_id?: string;
  }[],
) {
  const at = new Map(
    seats.map((s) => [`${s.room_no}|${s.row}|${s.col}`, s.candidate?.paper_id ?? s.paper_id]),
  );
  return seats.filter((s) => {
    const right = at.get(`${s.room_no}|${s.row}|${s.col + 1}`);
    return right !== undefined && right === (s.candidate?.paper_id ?? s.paper_id);
  });
}
