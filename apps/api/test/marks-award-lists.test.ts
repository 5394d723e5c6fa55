import { describe, expect, it } from 'vitest';
import {
  awardListState,
  lockedAwardRows,
  openAwardListBatches,
  recordExternalMarks,
} from '../src/modules/marks/index.ts';
import { useTestApp } from './support/context.ts';

/**
 * The marks module's interface for the coding module (lifecycle S6): a packet's two award-list batches opened
 * set-based, their state per packet, the final rows of LOCKED packets and the external marks of record.
 */
const ctx = useTestApp();
const KEY = {
  exam_id: 'MAIN-DEC-2023',
  session_id: '2023-24',
  course_comb_id: 'BSC01',
  sem_id: '1',
  paper_id: 'PHY101',
};

describe('award lists for the coding module', () => {
  it('opens entries 1 and 2 of a packet, a row per fictitious number; refuses one given twice', async () => {
    const { batch_ids } = await ctx.db.prisma.$transaction((tx) =>
      openAwardListBatches(tx, { ...KEY, packet_no: 'PK-T-1', fict_nos: ['F003', 'F001', 'F002'] }),
    );
    expect(batch_ids).toHaveLength(2);
    const rows = await ctx.db.query<{ batch_id: string; fict_no: string; line: number }>(
      `SELECT batch_id, fict_no, line FROM entry_row WHERE batch_id = ANY($1) ORDER BY batch_id, line`,
      [batch_ids],
    );
    expect(rows.filter((r) => r.batch_id === batch_ids[0]).map((r) => r.fict_no)).toEqual([
      'F003',
      'F001',
      'F002',
    ]);
    expect(rows).toHaveLength(6);
    const batches = await ctx.db.prisma.entryBatch.findMany({
      where: { packet_no: 'PK-T-1' },
      orderBy: { entry_no: 'asc' },
    });
    expect(batches.map((b) => [b.entry_no, b.status, b.coded, b.max_marks.toString()])).toEqual([
      [1, 'OPEN', true, '75'],
      [2, 'OPEN', true, '75'],
    ]);

    await expect(
      ctx.db.prisma.$transaction((tx) =>
        openAwardListBatches(tx, { ...KEY, packet_no: 'PK-T-2', fict_nos: ['F010', 'F010'] }),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await ctx.db.prisma.entryBatch.count({ where: { packet_no: 'PK-T-2' } })).toBe(0);
    await expect(
      ctx.db.prisma.$transaction((tx) =>
        openAwardListBatches(tx, { ...KEY, packet_no: 'PK-T-1', fict_nos: ['F020'] }),
      ),
    ).rejects.toMatchObject({ code: 'DUPLICATE_KEY' });
  });

  it('reports a packet by its less advanced entry; rows of packets locked in both entries', async () => {
    expect(await awardListState(ctx.db, KEY.exam_id, KEY.paper_id)).toEqual({
      packets: [{ packet_no: 'PK-T-1', status: 'OPEN' }],
      allLocked: false,
    });
    await ctx.db.query(
      `UPDATE entry_row SET value = 46
        WHERE fict_no = 'F001'
          AND batch_id IN (SELECT batch_id FROM entry_batch WHERE packet_no = 'PK-T-1')`,
    );
    await ctx.db.query(
      `UPDATE entry_row SET status = 'AB'
        WHERE fict_no = 'F002'
          AND batch_id IN (SELECT batch_id FROM entry_batch WHERE packet_no = 'PK-T-1')`,
    );
    await ctx.db.query(
      `UPDATE entry_row SET status = 'BLANK'
        WHERE fict_no = 'F003'
          AND batch_id IN (SELECT batch_id FROM entry_batch WHERE packet_no = 'PK-T-1')`,
    );
    await ctx.db.query(
      `UPDATE entry_batch SET status = 'LOCKED' WHERE packet_no = 'PK-T-1' AND entry_no = 1`,
    );
    expect((await awardListState(ctx.db, KEY.exam_id, KEY.paper_id)).allLocked).toBe(false);
    expect(await lockedAwardRows(ctx.db, KEY.exam_id, KEY.paper_id)).toEqual([]);
    await ctx.db.query(
      `UPDATE entry_batch SET status = 'LOCKED' WHERE packet_no = 'PK-T-1' AND entry_no = 2`,
    );
    expect(await awardListState(ctx.db, KEY.exam_id, KEY.paper_id)).toEqual({
      packets: [{ packet_no: 'PK-T-1', status: 'LOCKED' }],
      allLocked: true,
    });
    const rows = await lockedAwardRows(ctx.db, KEY.exam_id, KEY.paper_id);
    expect(rows.map((r) => [r.fict_no, r.value, r.status])).toEqual([
      ['F001', '46.00', null],
      ['F002', null, 'AB'],
      ['F003', null, 'BLANK'],
    ]);
  });

  it('records external marks set-based (BLANK: 0), replacing a decode; refuses a row with both', async () => {
    const attempts = await ctx.db.prisma.attempt.findMany({
      where: { exam_id: KEY.exam_id, paper_id: KEY.paper_id },
      take: 3,
      orderBy: { attempt_id: 'asc' },
    });
    const [a, b, c] = attempts.map((x) => x.attempt_id) as [string, string, string];
    expect(
      await ctx.db.prisma.$transaction((tx) =>
        recordExternalMarks(tx, [
          { attempt_id: a, value: '46.00', status: null, batch_id: 'B1' },
          { attempt_id: b, value: null, status: 'AB', batch_id: 'B1' },
          { attempt_id: c, value: null, status: 'BLANK', batch_id: 'B1' },
        ]),
      ),
    ).toBe(3);
    await ctx.db.prisma.$transaction((tx) =>
      recordExternalMarks(tx, [{ attempt_id: a, value: 47, status: null, batch_id: 'B2' }]),
    );
    const marks = await ctx.db.query<{
      attempt_id: string;
      value: string | null;
      status: string | null;
      source: string;
      batch_id: string;
    }>(
      `SELECT attempt_id, value::text AS value, status, source, batch_id
         FROM mark_record
        WHERE component = 'EXT'
        ORDER BY attempt_id`,
    );
    expect(marks).toEqual([
      { attempt_id: a, value: '47.00', status: null, source: 'AWARD_LIST', batch_id: 'B2' },
      { attempt_id: b, value: null, status: 'AB', source: 'AWARD_LIST', batch_id: 'B1' },
      { attempt_id: c, value: '0.00', status: null, source: 'AWARD_LIST', batch_id: 'B1' },
    ]);
    await expect(
      ctx.db.prisma.$transaction((tx) =>
        recordExternalMarks(tx, [{ attempt_id: a, value: '5', status: 'AB', batch_id: 'B3' }]),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
