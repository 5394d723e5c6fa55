import { describe, expect, it } from 'vitest';
import { isKey, refuseMissingRecord, refuseMissingSession } from '../src/modules/master-data/lookup-rules.ts';
import { refuseLockedRuleset } from '../src/modules/master-data/ruleset-rules.ts';
import {
  copyPlan,
  copyRace,
  copyReport,
  refuseCopyFromItself,
} from '../src/modules/master-data/session-copy-rules.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';

/** Master data's rules without a database: refusal codes and parameters, and the English they render to. */
describe('lookup rules', () => {
  it('answer 404 for a missing session or record, naming it (keys cut at 40 characters)', () => {
    expect(isKey('2024-25')).toBe(true);
    expect(isKey('a b')).toBe(false);
    expect(refuseMissingSession('2024-25', { session_id: '2024-25' })).toBeUndefined();
    const session = refuseMissingSession('x'.repeat(50), null)!;
    expect([session.code, session.reason.code]).toEqual(['NOT_FOUND', 'masterData.noSuchSession']);
    expect(session.reason.params?.session_id).toHaveLength(40);
    const record = refuseMissingRecord('Paper-semester link', ['2024-25', 'BA01', '1', 'ENG101'], null)!;
    expect(record.message).toBe('Paper-semester link 2024-25 / BA01 / 1 / ENG101 does not exist.');
    expect(record.reason.params?.title).toEqual({ label: 'Paper-semester link' });
  });

  it('refuse changing a locked rule set version', () => {
    expect(refuseLockedRuleset(undefined)).toBeUndefined();
    const locked = refuseLockedRuleset({ ruleset_id: 'NEP', version: 2 })!;
    expect(locked.code).toBe('LOCKED');
    expect(locked.reason).toEqual({
      code: 'masterData.rulesetLocked',
      params: { ruleset_id: 'NEP', version: '2' },
    });
  });
});

describe('session copy rules', () => {
  const rows = {
    ccFrom: [
      { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1', created_at: new Date() },
      { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '2', created_at: new Date() },
    ],
    ccTo: [{ course_comb_id: 'BA01', sem_id: '1' }],
    papersFrom: [{ session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1', paper_id: 'ENG101' }],
    papersTo: [],
  };

  it('create the rows whose key the target lacks, with the target session, and keep the others', () => {
    const plan = copyPlan('2025-26', rows);
    expect(plan.cc.map((c) => [c.row.session_id, c.row.sem_id, c.exists])).toEqual([
      ['2025-26', '1', true],
      ['2025-26', '2', false],
    ]);
    expect(plan.cc[0]!.row).not.toHaveProperty('created_at');
    expect(plan.papers.map((p) => p.exists)).toEqual([false]);
  });

  it('report what a preview would create and what a copy created', () => {
    const plan = copyPlan('2025-26', rows);
    const preview = copyReport('2024-25', '2025-26', true, plan);
    expect(preview.counts).toEqual({
      ccinfo_sem: { create: 1, exists: 1 },
      paperinfosem: { create: 1, exists: 0 },
    });
    expect(preview.message.code).toBe('masterData.copyPreview');
    expect(renderMessage(preview.message)).toBe(
      'Copying 2024-25 into 2025-26 would create 1 course-semester links and 1 paper schemes ' +
        '(1 already in 2025-26).',
    );
    expect(renderMessage(copyReport('2024-25', '2025-26', false, plan).message)).toBe(
      'Copied 2024-25 into 2025-26: created 1 course-semester links and 1 paper schemes (1 already in ' +
        '2025-26, left as they were).',
    );
    expect(preview.ccinfo_sem[1]).toEqual({ course_comb_id: 'BA01', sem_id: '2', status: 'create' });
  });

  it('refuse a copy into itself, and name the race another copy won', () => {
    expect(refuseCopyFromItself('2024-25', '2025-26')).toBeUndefined();
    expect(refuseCopyFromItself('2024-25', '2024-25')!.errors?.from_session_id?.[0]?.code).toBe(
      'masterData.copyFromItself',
    );
    const race = copyRace('2025-26');
    expect([race.code, race.reason.code]).toEqual(['DUPLICATE_KEY', 'masterData.copyRace']);
  });
});
