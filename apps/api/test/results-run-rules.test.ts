import { describe, expect, it } from 'vitest';
import {
  NAMED_INPUTS,
  previousRunOf,
  refuseBusyScope,
  refuseOtherSchemes,
  refuseUnlockedInputs,
  refuseWithoutCandidates,
  refuseWithoutCourseLink,
} from '../src/modules/results/run-rules.ts';
import type { UnlockedBatch } from '../src/modules/marks/index.ts';

const scope = { exam_id: 'MAIN-2026', session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' };

/** The rules that decide whether a result run may start, without a database: refusal codes and parameters. */
describe('result run rules', () => {
  it('need the exam to be linked to the course-semester and to have candidates', () => {
    expect(refuseWithoutCourseLink(scope, { phase: 'TABULATION' })).toBeUndefined();
    const noLink = refuseWithoutCourseLink(scope, undefined)!;
    expect(noLink.code).toBe('VALIDATION_FAILED');
    expect(noLink.reason).toEqual({ code: 'results.noCourseLink', params: scope });
    expect(noLink.message).toBe('Exam MAIN-2026 has no course link for BA01 semester 1 (2024-25).');
    expect(refuseWithoutCandidates(scope, 3)).toBeUndefined();
    expect(refuseWithoutCandidates(scope, 0)?.reason.code).toBe('results.noCandidates');
  });

  it('refuse candidates whose frozen rule sets are of another scheme, naming how many and which one', () => {
    expect(refuseOtherSchemes('NEP', [{ scheme: 'NEP', n: 40 }])).toBeUndefined();
    const mixed = refuseOtherSchemes('NEP', [
      { scheme: 'NEP', n: 40 },
      { scheme: 'OLD', n: 1 },
    ])!;
    expect(mixed.reason.code).toBe('results.otherSchemes');
    expect(mixed.message).toBe(
      '1 student of this course-semester has a OLD rule set, not NEP: run it with scheme OLD.',
    );
    expect(mixed.errors?.scheme?.[0]).toEqual({
      code: 'results.otherSchemesField',
      params: { schemes: 'NEP, OLD' },
    });
  });

  it('refuse unlocked batches and missing marks, naming at most ten of each and counting the rest', () => {
    expect(refuseUnlockedInputs(scope, [], [])).toBeUndefined();
    const batch = (i: number): UnlockedBatch => ({
      batch_id: `B${i}`,
      component: 'INT',
      paper_id: 'P1',
      college_id: i === 0 ? 'C101' : null,
      packet_no: null,
      status: 'SUBMITTED',
    });
    const refusal = refuseUnlockedInputs(
      scope,
      Array.from({ length: NAMED_INPUTS + 2 }, (_, i) => batch(i)),
      [{ paper_id: 'P2', component: 'EXT', n: 3 }],
    )!;
    expect(refusal.reason.code).toBe('results.inputsNotLocked');
    expect(refusal.message).toMatch(
      /^Not every input of MAIN-2026 BA01 semester 1 is locked: INT batch B0 of P1 \(C101\)/,
    );
    expect(refusal.message).toContain(
      'P2 external/practical: 3 candidates without locked marks; and 2 more.',
    );
    expect(refusal.errors?.allow_result_later).toHaveLength(1);
  });

  it('hold a scope while a run computes or waits for publication, and compare with the latest run', () => {
    expect(refuseBusyScope([{ run_id: 'R2', status: 'PUBLISHED' }])).toBeUndefined();
    expect(refuseBusyScope([{ run_id: 'R3', status: 'COMPUTING' }])?.reason).toEqual({
      code: 'results.runComputing',
      params: { run_id: 'R3' },
    });
    const held = refuseBusyScope([{ run_id: 'R4', status: 'APPROVED' }])!;
    expect(held.code).toBe('LOCKED');
    expect(held.reason.params?.status).toEqual({ label: 'Approved' });
    const runs = [
      { run_id: 'R5', status: 'PUBLISHED' },
      { run_id: 'R4', status: 'FAILED' },
    ];
    expect(previousRunOf(runs)?.run_id).toBe('R4');
    expect(previousRunOf([{ run_id: 'R5', status: 'PUBLISHED' }])?.run_id).toBe('R5');
    expect(previousRunOf([])).toBeUndefined();
  });
});
