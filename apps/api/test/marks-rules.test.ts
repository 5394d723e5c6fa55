import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markInHindiWords, markInWords, msg, parseCell, toHundredths } from '@exam/contracts';
import { checkMark, internalFromComponents } from '../src/modules/marks/entry-rules.ts';
import { openingReach } from '../src/modules/marks/batch-rules.ts';

/**
 * The pure rules of marks entry (lifecycle S3): a typed cell (the grid and the API read it the same way) and
 * the internal mark computed from CIA components by the pattern's weights, best-of and rounding,
 * property-tested.
 */
const pattern = (rounding: 'HALF_UP' | 'CEIL' | 'FLOOR' | 'NONE', decimals: number) => ({
  pattern_id: 'P1',
  rounding,
  decimals,
  components: [
    {
      code: 'T',
      name: 'Tests',
      weight_percent: '50',
      max_marks: '20',
      best_of: 1,
      mandatory: true,
      attendance_bands: null,
    },
    {
      code: 'A',
      name: 'Assignment',
      weight_percent: '30',
      max_marks: '10',
      best_of: null,
      mandatory: true,
      attendance_bands: null,
    },
    {
      code: 'S',
      name: 'Seminar',
      weight_percent: '20',
      max_marks: '5',
      best_of: null,
      mandatory: false,
      attendance_bands: null,
    },
  ],
});
const mark = (max: number) => fc.integer({ min: 0, max: max * 2 }).map((h) => String(h / 2));

describe('a typed cell', () => {
  it('takes marks within the maximum, at most two decimals, or a status of the component, not both', () => {
    const batch = { component: 'INT' as const, max_marks: '25' };
    expect(checkMark('21.5', null, batch, '0.01')).toEqual({ value: '21.50', status: null });
    expect(checkMark('ab', null, batch, '0.01')).toEqual({ value: null, status: 'AB' });
    expect(checkMark('26', null, batch, '0.01')).toEqual({
      error: msg('marks.aboveMaximum', { value: '26', max: '25' }),
    });
    expect(checkMark('12.345', null, batch, '0.01')).toEqual({ error: msg('marks.twoDecimals') });
    expect(checkMark('-1', null, batch, '0.01')).toEqual({ error: msg('marks.negative') });
    expect(checkMark('12', 'AB', batch, '0.01')).toEqual({ error: msg('marks.marksOrStatus') });
    expect(checkMark('BLANK', null, batch, '0.01')).toMatchObject({
      error: { code: 'marks.statusNotUsed', params: { status: 'BLANK' } },
    });
    expect(checkMark('12.5', null, batch, '1')).toEqual({ error: msg('marks.markStep', { step: '1' }) });
    expect(parseCell('46', { max: '75', component: 'EXT' })).toEqual({ value: '46', status: null });
    expect(parseCell('76', { max: '75', component: 'EXT' }).error).toBe('Above the maximum 75');
  });

  it('the grid and the API agree on every typed text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 7 }),
          fc.integer({ min: -100, max: 10_000 }).map((h) => String(h / 100)),
          fc.constantFrom('AB', 'ab', 'UFM', 'BLANK', 'EX'),
        ),
        (typed) => {
          const grid = parseCell(typed, { max: '75', component: 'EXT' });
          const api = checkMark(typed, null, { component: 'EXT', max_marks: '75' }, '0.01');
          expect(Boolean(grid.error)).toBe('error' in api);
          if (!('error' in api)) {
            expect(grid.status).toBe(api.status);
            expect(grid.value === null ? null : toHundredths(grid.value)).toBe(
              api.value === null ? null : toHundredths(api.value),
            );
          }
        },
      ),
    );
  });

  it('says marks in words in English and Hindi', () => {
    expect(markInWords('46.50', null)).toBe('forty-six point five');
    expect(markInWords('14.00', null)).toBe('fourteen');
    expect(markInWords(null, 'AB')).toBe('Absent');
    expect(markInHindiWords('46.50')).toBe('छियालीस दशमलव पाँच');
    expect(markInHindiWords('100')).toBe('सौ');
  });
});

describe('the internal mark from CIA components', () => {
  it('is within 0..int_max, monotone in every component, and rounded as the pattern says', () => {
    fc.assert(
      fc.property(
        mark(20),
        mark(20),
        mark(10),
        mark(5),
        fc.constantFrom('HALF_UP', 'CEIL', 'FLOOR', 'NONE'),
        fc.integer({ min: 0, max: 2 }),
        (t1, t2, a, s, rounding, decimals) => {
          const p = pattern(rounding as 'HALF_UP', decimals);
          const out = internalFromComponents(p, { T: [t1, t2], A: a, S: s }, '25');
          if ('error' in out) throw new Error(JSON.stringify(out.error));
          const h = toHundredths(out.value!);
          expect(h).toBeGreaterThanOrEqual(0);
          expect(h).toBeLessThanOrEqual(2500);
          // The exact internal in ten-thousandths of a mark: (0.5·best/20 + 0.3·a/10 + 0.2·s/5) × 25.
          const best = Math.max(Number(t1), Number(t2));
          const exact = ((0.5 * best) / 20 + (0.3 * Number(a)) / 10 + (0.2 * Number(s)) / 5) * 25;
          const places = rounding === 'NONE' ? 2 : decimals;
          expect(Math.abs(h / 100 - exact)).toBeLessThanOrEqual(10 ** -places + 1e-9);
          if (rounding === 'CEIL') expect(h / 100).toBeGreaterThanOrEqual(exact - 1e-9);
          if (rounding === 'FLOOR') expect(h / 100).toBeLessThanOrEqual(exact + 1e-9);
          expect(h % 10 ** (2 - places)).toBe(0);
          // One more mark in the assignment never lowers the internal.
          if (Number(a) < 10) {
            const more = internalFromComponents(p, { T: [t1, t2], A: String(Number(a) + 0.5), S: s }, '25');
            if (!('error' in more)) expect(toHundredths(more.value!)).toBeGreaterThanOrEqual(h);
          }
        },
      ),
    );
  });

  it('leaves a row pending while a mandatory component is missing; refuses one above its maximum', () => {
    expect(internalFromComponents(pattern('HALF_UP', 0), { T: ['15'] }, '25')).toMatchObject({
      value: null,
      status: null,
    });
    expect(internalFromComponents(pattern('HALF_UP', 0), { T: ['21'], A: '5' }, '25')).toEqual({
      error: msg('marks.namedCell', {
        name: 'Tests',
        reason: msg('marks.aboveMaximum', { value: '21', max: '20' }),
      }),
    });
    expect(
      internalFromComponents(pattern('HALF_UP', 0), { T: ['15', '18'], A: '7', S: '3' }, '25'),
    ).toMatchObject({ value: '20.00' }); // (0.45 + 0.21 + 0.12) × 25 = 19.5 → 20
  });
});

describe('who opens which batches of an exam at once', () => {
  const user = (role: string, college_id: string | null, dept_id: string | null) => ({
    role,
    college_id,
    dept_id,
  });
  it('the office every one; a teacher the internal ones of its college and department', () => {
    expect(openingReach(user('office', null, null), { component: 'EXT' })).toEqual({ reach: {} });
    expect(openingReach(user('faculty', 'C104', 'PHY'), { component: 'INT' })).toEqual({
      reach: { college_id: 'C104', dept_id: 'PHY' },
    });
    // A university department's teacher: its department's papers in every college.
    expect(openingReach(user('faculty', null, 'PHY'), { component: 'INT' })).toEqual({
      reach: { dept_id: 'PHY' },
    });
  });
  it('refuses external batches to a teacher, and a teacher without a department', () => {
    expect(openingReach(user('faculty', 'C104', 'PHY'), { component: 'EXT' }).refusal).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(openingReach(user('faculty', 'C104', null), { component: 'INT' }).refusal).toMatchObject({
      code: 'OUT_OF_SCOPE',
    });
    expect(openingReach(user('student', null, null), { component: 'INT' }).refusal).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
