import { describe, expect, it } from 'vitest';
import {
  computedStudentResult,
  gradingInput,
  markCell,
  oldVariantA,
  rulesetPresets,
  rulesetRules,
} from '../src/index.ts';

describe('results contracts', () => {
  it('every ready-made rule set is a valid rule set', () => {
    for (const preset of rulesetPresets) {
      const parsed = rulesetRules.safeParse(preset.rules);
      expect(parsed.success, `${preset.ruleset_id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('takes rule numbers as JSON numbers and answers decimal strings, refusing float artefacts', () => {
    const rules = structuredClone(oldVariantA.rules) as Record<string, unknown> & typeof oldVariantA.rules;
    (rules.divisions[0] as { min_percent: unknown }).min_percent = 36;
    expect(rulesetRules.parse(rules).divisions[0]!.min_percent).toBe('36');
    (rules.divisions[0] as { min_percent: unknown }).min_percent = 0.1 + 0.2;
    expect(rulesetRules.safeParse(rules).success).toBe(false);
  });

  it('refuses a grace rule id used twice', () => {
    const rules = structuredClone(oldVariantA.rules);
    rules.grace[1] = { ...rules.grace[1]!, rule_id: 'G1' };
    const parsed = rulesetRules.safeParse(rules);
    expect(parsed.error?.issues[0]?.message).toBe('Grace rule id G1 is used twice');
  });

  it('a mark cell is a value or a status, never a number for a status', () => {
    expect(markCell.safeParse({ value: '25.5', status: null }).success).toBe(true);
    expect(markCell.safeParse({ value: null, status: 'AB' }).success).toBe(true);
    expect(markCell.safeParse({ value: '0', status: 'AB' }).success).toBe(false);
    expect(markCell.safeParse({ value: '25.555', status: null }).success).toBe(false);
    expect(markCell.safeParse({ value: '18', status: 'EX' }).success).toBe(true);
  });

  it('an engine input needs at least one paper; an empty result shape is refused', () => {
    const base = {
      ruleset: { ruleset_id: 'OLD-A', version: 1, scheme: 'OLD', rules: oldVariantA.rules },
      student_id: 'S1',
      exam_id: 'E',
      session_id: 'S',
      course_comb_id: 'C',
      sem_id: 'I',
    };
    expect(gradingInput.safeParse({ ...base, papers: [] }).success).toBe(false);
    expect(computedStudentResult.safeParse({}).success).toBe(false);
  });
});
