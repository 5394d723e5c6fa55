import { describe, expect, it } from 'vitest';
import {
  activeStatus,
  childrenOf,
  examResource,
  groupCode,
  loginPayload,
  paperInfoSemResource,
  paperType,
  resources,
  sessionResource,
  yesNo,
} from '../src/index.ts';

describe('field parsing shared by web and API', () => {
  it('trims strings and takes JSON numbers for text, answering text', () => {
    const parsed = sessionResource.createSchema.parse({
      session_id: ' 2024-25 ',
      session_name: '  Session  ',
      session_format_1: 2024,
    });
    expect(parsed).toMatchObject({
      session_id: '2024-25',
      session_name: 'Session',
      session_format_1: '2024',
    });
  });

  it('turns an empty optional field into null (cleared), leaves a missing one out (unchanged)', () => {
    const parsed = sessionResource.updateSchema.parse({ session_disc: '   ' });
    expect(parsed).toEqual({ session_disc: null });
  });

  it('accepts numeric enumerations as strings or numbers and answers numbers', () => {
    expect(
      examResource.createSchema.parse({ exam_id: 'E1', active_status: '1', session_id: 'S' }).active_status,
    ).toBe(1);
    expect(
      examResource.createSchema.parse({ exam_id: 'E1', active_status: 0, session_id: 'S' }).active_status,
    ).toBe(0);
    const bad = examResource.createSchema.safeParse({ exam_id: 'E1', active_status: '2', session_id: 'S' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('Must be one of 0 (Not Active), 1 (Active)');
  });

  it('keeps key parts URL-safe', () => {
    for (const bad of ['a/b', '../x', 'a b', '', ' ', '.hidden', 'x'.repeat(31)]) {
      expect(sessionResource.keySchema.safeParse({ session_id: bad }).success, bad).toBe(false);
    }
    expect(sessionResource.keySchema.safeParse({ session_id: '2024-25' }).success).toBe(true);
  });

  it('labels enumerations as staff read them', () => {
    expect(yesNo.options.map((o) => o.label)).toEqual(['YES', 'NO']);
    expect(groupCode.values).toEqual(['NG', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'G10']);
    expect(groupCode.labelOf('NG')).toBe('No Group');
    expect(paperType.labelOf(2)).toBe('Internal Only');
    expect(activeStatus.labelOf('1')).toBe('Active');
  });

  it('refuses a numeric minimum above its maximum in a marks scheme', () => {
    const base = {
      session_id: 'S',
      course_comb_id: 'C',
      sem_id: '1',
      paper_id: 'P',
      group_status: 'N',
      group_code: 'NG',
      th_pr_status: 'TH',
      paper_score_status: 'Y',
      paper_type: '0',
      elective_status: '0',
    };
    expect(
      paperInfoSemResource.createSchema.safeParse({ ...base, max_marks: '100', min_marks: '36' }).success,
    ).toBe(true);
    const bad = paperInfoSemResource.createSchema.safeParse({ ...base, max_marks: '30', min_marks: '36' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['min_marks']);
    // Free text stays allowed: legacy rows hold notes such as "AB".
    expect(
      paperInfoSemResource.createSchema.safeParse({ ...base, max_marks: 'AB', min_marks: '36' }).success,
    ).toBe(true);
  });

  it('normalises the login email', () => {
    expect(loginPayload.parse({ email: ' Admin@University.TEST ', password: 'x' }).email).toBe(
      'admin@university.test',
    );
    expect(
      loginPayload.safeParse({ email: 'nope', password: '' }).error?.issues.map((i) => i.path[0]),
    ).toEqual(['email', 'password']);
  });
});

describe('the registry', () => {
  it(
    'declares the eight legacy master-data resources with their legacy paths and response keys, then the ' +
      'lifecycle ones',
    () => {
      expect(resources.map((r) => [r.name, r.path, r.responseKey])).toEqual([
        ['session', 'session', 'session'],
        ['course', 'course', 'course'],
        ['paper', 'paper', 'paper'],
        ['sempart', 'sempart', 'sempart'],
        ['ccinfo_sem', 'ccinfosem', 'ccinfo_sem'],
        ['paperinfosem', 'paperinfosem', 'paperinfosem'],
        ['exam', 'exam', 'exam'],
        ['examcycle', 'examcycle', 'examcycle'],
        ['college', 'college', 'college'],
        ['department', 'department', 'department'],
        ['ruleset', 'ruleset', 'ruleset'],
      ]);
    },
  );

  it('derives who depends on whom from the declared parents', () => {
    expect(
      childrenOf('session')
        .map((c) => c.resource.name)
        .sort(),
    ).toEqual(['ccinfo_sem', 'exam', 'paperinfosem', 'ruleset']);
    expect(childrenOf('ccinfo_sem').map((c) => [c.resource.name, c.fields])).toEqual([
      ['paperinfosem', ['session_id', 'course_comb_id', 'sem_id']],
    ]);
    expect(childrenOf('examcycle').map((c) => [c.resource.name, c.fields])).toEqual([['exam', ['rti']]]);
    expect(childrenOf('department').map((c) => [c.resource.name, c.fields])).toEqual([
      ['paper', ['dept_id']],
    ]);
    expect(childrenOf('paperinfosem')).toHaveLength(0);
  });
});

describe('messages staff read', () => {
  it('says Required for an enumeration left on -select-, and checks marks alongside other errors', () => {
    const result = paperInfoSemResource.createSchema.safeParse({
      group_status: '',
      max_marks: '10',
      min_marks: '50',
    });
    const errors = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(errors.group_status).toBe('Required');
    expect(errors.paper_type).toBe('Required');
    expect(errors.min_marks).toBe('Must not exceed max_marks (10)');
    expect(paperInfoSemResource.createSchema.safeParse(null).success).toBe(false);
  });
});
