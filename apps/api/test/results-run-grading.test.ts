import { createHash } from 'node:crypto';
import {
  cbcsDefault,
  explanationText,
  gradingRuleset,
  msg,
  type ExplanationStep,
  type Message,
  type ResultLine,
} from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { schemeOf } from '../src/modules/results/grading-inputs.ts';
import { gradeBatch, type BatchInputs, type RunGrading } from '../src/modules/results/run-grading.ts';
import { planWrite, sortVersions } from '../src/modules/results/run-write.ts';
import { graderFor, threadGrader } from '../src/modules/results/grading-pool.ts';
import type { StoredRow } from '../src/modules/results/run-job-store.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';

const run = {
  run_id: 'RR1',
  exam_id: 'MAIN-2026',
  session_id: '2024-25',
  course_comb_id: 'BA01',
  sem_id: '1',
  scheme: 'CBCS',
  allow_result_later: true,
  status: 'COMPUTING',
  previous_run_id: null,
};
const ruleset = gradingRuleset.parse({
  ruleset_id: cbcsDefault.ruleset_id,
  version: cbcsDefault.version,
  scheme: cbcsDefault.scheme,
  rules: cbcsDefault.rules,
});
const rulesetKey = `${ruleset.ruleset_id}@${ruleset.version}`;
const scheme = schemeOf({
  paper_id: 'HIN101',
  max_marks: '100',
  min_marks: '36',
  ext_max_marks: '75',
  ext_min_marks: '27',
  int_max_marks: '25',
  int_min_marks: '9',
  th_pr_status: 'TH',
  paper_score_status: 'Y',
  credit_point: '4',
  paper_type: 0,
  course_category: null,
});
const grading = (rulesets: Map<string, typeof ruleset | Message> = new Map([[rulesetKey, ruleset]])) =>
  ({ run, schemes: new Map([['HIN101', scheme]]), rulesets }) satisfies RunGrading;

const enrolment = (student_id: string) => ({
  student_id,
  college_id: 'C01',
  status: 'ACTIVE',
  ruleset_id: ruleset.ruleset_id,
  ruleset_version: ruleset.version,
});
const attempt = (student_id: string, paper_id = 'HIN101', attempt_type = 'REGULAR') => ({
  attempt_id: `${student_id}-${paper_id}`,
  student_id,
  paper_id,
  attempt_type,
  attempt_no: 1,
});
const marks = (student_id: string, int: string, ext: string) => [
  { attempt_id: `${student_id}-HIN101`, component: 'INT', value: int, status: null },
  { attempt_id: `${student_id}-HIN101`, component: 'EXT', value: ext, status: null },
];
const inputs = (extra: Partial<BatchInputs>): BatchInputs => ({
  students: [],
  attempts: [],
  marks: [],
  conduct: [],
  enrolments: [],
  published: [],
  ...extra,
});

/** Grading a batch of a result run without a database: results, counts and the findings' codes. */
describe('grading a batch of a result run', () => {
  it('grades each student with its frozen rule set and counts the results', () => {
    const batch = gradeBatch(
      grading(),
      inputs({
        students: ['S1', 'S2'],
        attempts: [attempt('S1'), attempt('S2')],
        marks: [...marks('S1', '20', '60'), ...marks('S2', '5', '10')],
        enrolments: [enrolment('S1'), enrolment('S2')],
      }),
    );
    expect(batch.findings).toEqual([]);
    expect(batch.graded.map((g) => [g.key.student_id, g.result.result, g.first_attempt])).toEqual([
      ['S1', 'PASS', true],
      ['S2', 'FAIL', true],
    ]);
    expect(batch.counts).toEqual({ PASS: 1, FAIL: 1 });
    expect(batch.used).toHaveLength(2);
  });

  it('reports, instead of a result, a student without enrolment, rule set, or paper of the course', () => {
    const batch = gradeBatch(
      grading(new Map([[rulesetKey, msg('results.rulesetInvalid', { ruleset: rulesetKey })]])),
      inputs({
        students: ['S1', 'S2'],
        attempts: [attempt('S1'), attempt('S2')],
        enrolments: [enrolment('S2')],
      }),
    );
    expect(batch.graded).toEqual([]);
    expect(batch.findings.map((f) => [f.student_id, f.code, f.message.code])).toEqual([
      ['S1', 'NO_RULESET', 'results.findingNoEnrolment'],
      ['S2', 'NO_RULESET', 'results.findingOfStudent'],
    ]);
    expect(renderMessage(batch.findings[1]!.message)).toBe(`S2: rule set ${rulesetKey} has invalid rules`);

    const stray = gradeBatch(
      grading(),
      inputs({ students: ['S3'], attempts: [attempt('S3', 'ENG999')], enrolments: [enrolment('S3')] }),
    );
    expect(stray.findings.map((f) => f.code)).toEqual(['SCHEME_INVALID']);
    expect(renderMessage(stray.findings[0]!.message)).toBe('S3: ENG999 is not a paper of BA01 semester 1');
  });

  it('notes a paper without locked marks (result later) and a back paper without its original result', () => {
    const rl = gradeBatch(
      grading(),
      inputs({ students: ['S1'], attempts: [attempt('S1')], enrolments: [enrolment('S1')] }),
    );
    expect(rl.graded[0]?.result.result).toBe('RL');
    expect(rl.findings.map((f) => f.message.code)).toEqual([
      'results.extNotLocked',
      'results.internalMissing',
    ]);
    expect(renderMessage(rl.findings[0]!.message, 'hi')).toBe(
      'HIN101: बाह्य के लॉक किए गए अंक नहीं: परिणाम बाद में',
    );

    const back = gradeBatch(
      grading(),
      inputs({
        students: ['S1'],
        attempts: [attempt('S1', 'HIN101', 'BACK')],
        marks: marks('S1', '20', '60'),
        enrolments: [enrolment('S1')],
      }),
    );
    expect(back.graded).toEqual([]);
    expect(renderMessage(back.findings[0]!.message)).toBe(
      'S1: back papers HIN101 but no published result of BA01 semester 1 to revise',
    );
  });
});

describe('the stored versions a batch write finds', () => {
  const stored = (version: number, status: string, run_id: string, digest = 'd') =>
    ({
      student_id: 'S1',
      exam_id: 'MAIN-2026',
      session_id: '2024-25',
      course_comb_id: 'BA01',
      sem_id: '1',
      version,
      status,
      run_id,
      digest,
    }) as StoredRow;

  it('replaces rows of unpublished runs; compares with the previous run before the published version', () => {
    const rows = [stored(1, 'PUBLISHED', 'RR0'), stored(2, 'COMPUTED', 'RR9')];
    const versions = sortVersions(run, rows, new Set(['RR9', 'RR1']));
    expect(versions.replaced.map((r) => r.version)).toEqual([2]);
    expect(versions.maxVersion.get('S1|MAIN-2026|2024-25|BA01|1')).toBe(1);
    const graded = { key: rows[0]! } as unknown as Parameters<typeof versions.baseOf>[0];
    expect(versions.baseOf(graded)?.run_id).toBe('RR9');
    // This run's own earlier rows are replaced but are no base to compare with.
    const own = sortVersions(
      run,
      [stored(1, 'PUBLISHED', 'RR0'), stored(2, 'COMPUTED', 'RR1')],
      new Set(['RR1']),
    );
    expect(own.baseOf(graded)?.run_id).toBe('RR0');
  });

  it(
    'takes a published version stored with explanation sentences (before templates) as the same result: ' +
      'no diff, no new version; another digest is a change',
    () => {
      const batch = gradeBatch(
        grading(),
        inputs({
          students: ['S1'],
          attempts: [attempt('S1')],
          marks: marks('S1', '20', '50'),
          enrolments: [enrolment('S1')],
        }),
      );
      const g = batch.graded[0]!;
      // The row as a run stored it before templates: every step with its English sentence, no template.
      const sentences = (s: ExplanationStep) => {
        const { t: _t, p: _p, ...rest } = s;
        const inputs = { ...rest.inputs };
        if (s.step === 'RULESET') delete inputs.templates;
        return { ...rest, inputs, text: explanationText(s) };
      };
      const lines = (JSON.parse(g.lines.toString()) as ResultLine[]).map((l) => ({
        ...l,
        explanation: l.explanation.map(sentences),
      }));
      const explanation = (JSON.parse(g.explanation.toString()) as ExplanationStep[]).map(sentences);
      expect(JSON.stringify(lines)).toContain('"text":"total 70 of 100 (70.00 %) ≥ min 36: passed"');
      const oldDigest = createHash('md5')
        .update(JSON.stringify(g.result))
        .update(JSON.stringify(lines))
        .update(JSON.stringify(explanation))
        .digest('hex');
      expect(oldDigest).not.toBe(g.digest);
      const published = (digest: string) => ({
        ...stored(1, 'PUBLISHED', 'RR0', digest),
        result: 'PASS' as const,
        backlogs: [],
      });
      const same = planWrite(run, [g], sortVersions(run, [published(oldDigest)], new Set()), new Map());
      expect(same).toMatchObject({ diffs: [], written: 0 });
      const other = planWrite(run, [g], sortVersions(run, [published('other')], new Set()), new Map());
      expect(other.written).toBe(1);
      expect(other.diffs[0]).toMatchObject({ student_id: 'S1', change: 'CHANGED' });
    },
  );
});

describe('grading in a worker thread', () => {
  it('grades a big run in a thread only where the thread has a core of its own', async () => {
    expect(graderFor(100_000, 2).threaded).toBe(false);
    expect(graderFor(500, 8).threaded).toBe(false);
    const threaded = graderFor(100_000, 4);
    expect(threaded.threaded).toBe(true);
    await threaded.close();
  });

  it('grades a batch as the run thread does: the same results, findings and rule sets', async () => {
    const batchInputs = inputs({
      students: ['S1', 'S2', 'S3', 'S4'],
      attempts: [attempt('S1'), attempt('S2'), attempt('S3'), attempt('S4', 'ENG101')],
      marks: [...marks('S1', '20', '50'), ...marks('S2', '5', '10')],
      enrolments: [enrolment('S1'), enrolment('S2'), enrolment('S3'), enrolment('S4')],
    });
    const here = gradeBatch(grading(), batchInputs);
    const grader = threadGrader(1);
    try {
      expect(grader.threaded).toBe(true);
      const [there, again] = await Promise.all([
        grader.grade(grading(), batchInputs),
        grader.grade(grading(), batchInputs),
      ]);
      for (const batch of [there, again]) {
        expect(batch).toEqual(here);
        expect(Buffer.isBuffer(batch.graded[0]!.lines)).toBe(true);
        expect(batch.used[0]).toBe(ruleset);
      }
      expect(here.graded.map((g) => g.result.result)).toEqual(['PASS', 'FAIL', 'RL']);
      expect(here.findings.length).toBeGreaterThan(0);
    } finally {
      await grader.close();
    }
  });
});
