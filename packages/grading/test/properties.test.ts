// Property tests (fast-check) over generated students: determinism, monotonicity, exact band edges,
// CGPA against an independent BigInt computation, no grace for statuses, no float strings.
import {
  explanationText,
  type ComputedStudentResult,
  computedStudentResult,
  type EarlierCourse,
  type GradingPaperInput,
  type RulesetPreset,
} from '@exam/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCgpa, gradeStudent } from '../src/index.ts';
import {
  cbcsDefault,
  internalOnly,
  oldVariantA,
  practical,
  rulesetOf,
  studentInput,
  theory,
} from './fixtures.ts';

type Mark = number | 'AB' | 'UFM' | 'RL' | 'WH' | null;

const markArb = (max: number, withStatuses: boolean): fc.Arbitrary<Mark> =>
  withStatuses
    ? fc.oneof(
        { weight: 12, arbitrary: fc.integer({ min: 0, max }) },
        { weight: 1, arbitrary: fc.constantFrom<Mark>('AB', 'UFM', 'RL', 'WH', null) },
      )
    : fc.integer({ min: 0, max });

/** A paper of the demo seed's three kinds with generated marks. */
const paperArb = (withStatuses: boolean) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('theory' as const),
      int: markArb(25, withStatuses),
      ext: markArb(75, withStatuses),
    }),
    fc.record({ kind: fc.constant('practical' as const), ext: markArb(50, withStatuses) }),
    fc.record({ kind: fc.constant('internal' as const), int: markArb(50, withStatuses) }),
  );
type PaperSpec =
  | { kind: 'theory'; int: Mark; ext: Mark }
  | { kind: 'practical'; ext: Mark }
  | { kind: 'internal'; int: Mark };

const build = (specs: PaperSpec[]): GradingPaperInput[] =>
  specs.map((s, i) => {
    const id = `P${i + 1}`;
    if (s.kind === 'theory') return theory(id, s.int, s.ext);
    if (s.kind === 'practical') return practical(id, s.ext);
    return internalOnly(id, s.int);
  });

const presetArb = fc.constantFrom(oldVariantA, cbcsDefault);
const studentArb = (withStatuses: boolean) =>
  fc.record({ preset: presetArb, papers: fc.array(paperArb(withStatuses), { minLength: 1, maxLength: 7 }) });

const grade = (preset: RulesetPreset, specs: PaperSpec[]) => gradeStudent(studentInput(preset, build(specs)));

const RESULT_RANK: Record<string, number> = { FAIL: 0, PROMOTED: 1, PASS_GRACE: 2, PASS: 3 };
const divisionRank = (preset: RulesetPreset, code: string | null): number => {
  if (code === null) return -1;
  if (code === preset.rules.distinction.code) return 1000;
  return preset.rules.divisions.findIndex((d) => d.code === code);
};
const LINE_RANK: Record<string, number> = { F: 0, U: 0, P: 1, S: 1 };

describe('properties', () => {
  it('a run is deterministic: the same input gives a deep-equal output', () => {
    fc.assert(
      fc.property(studentArb(true), ({ preset, papers }) => {
        const input = studentInput(preset, build(papers));
        expect(gradeStudent(structuredClone(input))).toEqual(gradeStudent(input));
      }),
      { numRuns: 200 },
    );
  });

  it('raising one mark never lowers a paper result (F < P), the SGPA, the division or the result', () => {
    const raiseArb = studentArb(false).chain(({ preset, papers }) =>
      fc.record({
        preset: fc.constant(preset),
        papers: fc.constant(papers),
        at: fc.nat({ max: papers.length - 1 }),
        which: fc.boolean(),
        by: fc.integer({ min: 1, max: 75 }),
      }),
    );
    fc.assert(
      fc.property(raiseArb, ({ preset, papers, at, which, by }) => {
        const raised = structuredClone(papers);
        const p = raised[at]!;
        const bump = (value: Mark, max: number) => Math.min(max, (value as number) + by);
        if (p.kind === 'theory') {
          if (which) p.int = bump(p.int, 25);
          else p.ext = bump(p.ext, 75);
        } else if (p.kind === 'practical') p.ext = bump(p.ext, 50);
        else p.int = bump(p.int, 50);
        const before = grade(preset, papers).result;
        const after = grade(preset, raised).result;
        before.lines.forEach((line, i) =>
          expect(LINE_RANK[after.lines[i]!.paper_result]!).toBeGreaterThanOrEqual(
            LINE_RANK[line.paper_result]!,
          ),
        );
        expect(RESULT_RANK[after.result]!).toBeGreaterThanOrEqual(RESULT_RANK[before.result]!);
        expect(divisionRank(preset, after.division)).toBeGreaterThanOrEqual(
          divisionRank(preset, before.division),
        );
        // SGPA text always has two decimals.
        const hundredths = (sgpa: string) => BigInt(sgpa.replace('.', ''));
        if (before.sgpa !== null) expect(hundredths(after.sgpa!) >= hundredths(before.sgpa)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a band edge is exact: at the bound the band applies, one hundredth below it does not', () => {
    const fine = structuredClone(cbcsDefault);
    fine.rules.marks_step = '0.01';
    fine.rules.grace = [];
    const bands = fine.rules.grading_bands;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bands.length - 1 }),
        fc.integer({ min: 1, max: 1000 }),
        (b, max) => {
          const band = bands[b]!;
          // min % of max, in hundredths of a mark
          const boundHundredths = BigInt(band.min_percent) * BigInt(max);
          const text = (h: bigint) => `${h / 100n}.${String(h % 100n).padStart(2, '0')}`;
          const paper = (marks: string): GradingPaperInput => ({
            paper_id: 'EDGE',
            max: String(max),
            min: null,
            ext_max: String(max),
            ext_min: null,
            int_max: null,
            int_min: null,
            paper_type: 1,
            th_pr_status: 'TH',
            credit: '4',
            paper_score_status: 'Y',
            ext: { value: marks, status: null },
          });
          const at = gradeStudent(studentInput(fine, [paper(text(boundHundredths))])).result.lines[0]!;
          expect(at.grade).toBe(band.grade);
          if (b < bands.length - 1) {
            const below = gradeStudent(studentInput(fine, [paper(text(boundHundredths - 1n))])).result
              .lines[0]!;
            expect(below.grade).toBe(bands[b + 1]!.grade);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('CGPA from credit points = Σ credit points / Σ credits over semesters, computed independently', () => {
    const courseArb = fc.record({
      credit: fc.integer({ min: 1, max: 8 }),
      gp: fc.constantFrom(0, 4, 5, 6, 7, 8, 9, 10),
      half: fc.boolean(),
    });
    const semestersArb = fc.array(fc.array(courseArb, { minLength: 1, maxLength: 8 }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(semestersArb, (semesters) => {
        const courses: EarlierCourse[] = semesters.flatMap((sem, s) =>
          sem.map((c, i) => ({
            sem_id: `S${s + 1}`,
            paper_id: `C${i}`,
            credit: c.half ? `${c.credit}.5` : String(c.credit),
            grade_point: String(c.gp),
            passed: c.gp > 0,
            attempt_seq: s,
          })),
        );
        // Independent: credits in tenths as BigInt, SGPA-free, half-up to 2 decimals.
        let points = 0n;
        let credits = 0n;
        for (const sem of semesters)
          for (const c of sem) {
            const tenths = BigInt(c.credit * 10 + (c.half ? 5 : 0));
            credits += tenths;
            points += tenths * BigInt(c.gp);
          }
        const hundredths = (points * 100n * 2n + credits) / (2n * credits);
        const expected = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
        expect(computeCgpa(rulesetOf(cbcsDefault), courses).cgpa).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('grace is never given to AB, UFM, RW or RL papers', () => {
    fc.assert(
      fc.property(studentArb(true), ({ preset, papers }) => {
        for (const line of grade(preset, papers).result.lines) {
          if (['AB', 'UFM', 'RW', 'RL'].includes(line.paper_result)) expect(line.grace).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('no output number is a float string: at most two decimals, exact values as fractions', () => {
    const numeric = /^-?\d+(\.\d+)?$/;
    const check = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        if (numeric.test(value)) expect(value, path).toMatch(/^-?\d+(\.\d{1,2})?$/);
      } else if (typeof value === 'number') {
        expect(Number.isInteger(value), path).toBe(true);
      } else if (Array.isArray(value)) value.forEach((v, i) => check(v, `${path}[${i}]`));
      else if (value && typeof value === 'object')
        // `p` holds a sentence's own values as it writes them ("8.5555…"), as `text` did: the sentence is
        // checked below.
        for (const [k, v] of Object.entries(value)) {
          if (k !== 'text' && k !== 'p') check(v, `${path}.${k}`);
        }
    };
    fc.assert(
      fc.property(studentArb(true), ({ preset, papers }) => {
        const { result } = grade(preset, papers);
        check(result, 'result');
        const texts = [...result.explanation, ...result.lines.flatMap((l) => l.explanation)]
          .map((s) => explanationText(s))
          .join('\n');
        expect(texts).not.toMatch(/\d\.\d{5,}/);
      }),
      { numRuns: 300 },
    );
  });

  it(
    'the output has exactly the studentresult shape, and every line and the student carry explanations ' +
      'naming the rule set and version',
    () => {
      fc.assert(
        fc.property(studentArb(true), ({ preset, papers }) => {
          const { result }: { result: ComputedStudentResult } = grade(preset, papers);
          // Exactly the contract's shape: parsing strips unknown keys, so any extra or missing field shows
          // here.
          expect(computedStudentResult.parse(result)).toEqual(result);
          expect(result.explanation[0]!.rule_id).toBe(`${preset.ruleset_id}@${preset.version}:*`);
          for (const line of result.lines) {
            expect(line.explanation.length).toBeGreaterThan(0);
            for (const s of line.explanation)
              if (s.rule_id)
                expect(s.rule_id.startsWith(`${preset.ruleset_id}@${preset.version}:`)).toBe(true);
          }
        }),
        { numRuns: 100 },
      );
    },
  );
});
