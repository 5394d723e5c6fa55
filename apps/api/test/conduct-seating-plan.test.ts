import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planSeating,
  sameNeighbours,
  type PlanCandidate,
  type PlanRoom,
} from '../src/modules/conduct/seating-plan.ts';

/**
 * The seating rule of lifecycle S5 over random mixes of papers and rooms (pure, no database): every candidate
 * is seated once or reported unseated; no room exceeds its capacity or its grid; no two horizontally adjacent
 * seats share a paper; within a paper (without needs) rolls ascend along the fill order; whoever is unseated
 * could not have been seated (a plan leaves someone out only when some paper has no free seat without a
 * same-paper neighbour).
 */
const roomArb = fc.record({
  rows: fc.integer({ min: 1, max: 8 }),
  cols: fc.integer({ min: 1, max: 12 }),
  cut: fc.integer({ min: 0, max: 10 }),
  accessible: fc.boolean(),
});
const mixArb = fc.record({
  rooms: fc.array(roomArb, { minLength: 1, maxLength: 4 }),
  papers: fc.array(
    fc.record({ count: fc.integer({ min: 1, max: 60 }), needs: fc.integer({ min: 0, max: 3 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  shuffle: fc.integer(),
});

function build(mix: {
  rooms: Array<{ rows: number; cols: number; cut: number; accessible: boolean }>;
  papers: Array<{ count: number; needs: number }>;
  shuffle: number;
}) {
  const rooms: PlanRoom[] = mix.rooms.map((r, i) => ({
    room_no: `R${String(i).padStart(2, '0')}`,
    rows: r.rows,
    cols: r.cols,
    capacity: Math.max(1, r.rows * r.cols - r.cut),
    accessible: r.accessible,
  }));
  const candidates: PlanCandidate[] = [];
  let n = 0;
  for (const [k, p] of mix.papers.entries()) {
    for (let i = 0; i < p.count; i += 1) {
      n = (n * 31 + 17 + (mix.shuffle & 0xff)) % 1_000_003;
      candidates.push({
        student_id: `S${k}-${i}`,
        roll_no: `R${String(n).padStart(7, '0')}${k}${i}`,
        paper_id: `P${k}`,
        needs: i < p.needs ? 'SCRIBE' : null,
      });
    }
  }
  return { rooms, candidates };
}

describe('seating rule (property)', () => {
  it('holds for random mixes of papers and rooms', () => {
    fc.assert(
      fc.property(mixArb, (mix) => {
        const { rooms, candidates } = build(mix);
        const plan = planSeating(rooms, candidates);
        // Everyone seated once or reported.
        const seated = plan.seats.map((s) => s.candidate.student_id);
        expect(new Set(seated).size).toBe(seated.length);
        expect(seated.length + plan.unseated.length).toBe(candidates.length);
        // Capacity and grid.
        for (const room of rooms) {
          const inRoom = plan.seats.filter((s) => s.room_no === room.room_no);
          expect(inRoom.length).toBeLessThanOrEqual(room.capacity);
          for (const s of inRoom)
            expect(s.row >= 1 && s.row <= room.rows && s.col >= 1 && s.col <= room.cols).toBe(true);
          expect(new Set(inRoom.map((s) => `${s.row}|${s.col}`)).size).toBe(inRoom.length);
        }
        // The hard rule.
        expect(sameNeighbours(plan.seats)).toEqual([]);
        // Rolls ascend within a paper along the fill order (rooms in order, column by column, front to back).
        const order = [...plan.seats]
          .filter((s) => !s.candidate.needs)
          .sort((a, b) => a.room_no.localeCompare(b.room_no) || a.col - b.col || a.row - b.row);
        for (const paper of new Set(order.map((s) => s.candidate.paper_id))) {
          const rolls = order.filter((s) => s.candidate.paper_id === paper).map((s) => s.candidate.roll_no);
          expect(rolls).toEqual([...rolls].sort());
        }
        // Nobody is left out while a free seat could take them without a same-paper neighbour.
        if (plan.unseated.length) {
          const taken = new Map(
            plan.seats.map((s) => [`${s.room_no}|${s.row}|${s.col}`, s.candidate.paper_id]),
          );
          const left = new Set(plan.unseated.map((c) => c.paper_id));
          for (const room of rooms) {
            const used = plan.seats.filter((s) => s.room_no === room.room_no).length;
            if (used >= room.capacity) continue;
            for (let r = 1; r <= room.rows; r += 1)
              for (let c = 1; c <= room.cols; c += 1) {
                if (taken.has(`${room.room_no}|${r}|${c}`)) continue;
                const l = taken.get(`${room.room_no}|${r}|${c - 1}`);
                const rt = taken.get(`${room.room_no}|${r}|${c + 1}`);
                for (const p of left)
                  expect(p === l || p === rt, `paper ${p} fits ${room.room_no} r${r} c${c}`).toBe(true);
              }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('alternates two equal papers by column and halves a single paper', () => {
    const room = { room_no: 'R1', rows: 6, cols: 10, capacity: 60, accessible: false };
    const two = Array.from({ length: 60 }, (_, i) => ({
      student_id: `S${i}`,
      roll_no: `R${String(i).padStart(3, '0')}`,
      paper_id: i % 2 ? 'B' : 'A',
      needs: null,
    }));
    const plan = planSeating([room], two);
    expect(plan.unseated).toEqual([]);
    for (const s of plan.seats) expect(s.candidate.paper_id).toBe(s.col % 2 ? 'A' : 'B');
    const one = two.map((c) => ({ ...c, paper_id: 'A' }));
    const half = planSeating([room], one);
    expect(half.seats).toHaveLength(30);
    expect(half.unseated).toHaveLength(30);
  });
});
