import { describe, expect, it } from 'vitest';
import {
  abcIdsOfRows,
  electiveProblems,
  electivesSaved,
  enrolmentNamed,
  groupWouldMake,
  refuseAbcIdOfOther,
  refuseDeletingStudentPaper,
  refuseLocked,
  rulesetOfBatch,
  semesterOf,
} from '../src/modules/students/enrolment-rules.ts';
import { refuseBadPicture, tooLarge } from '../src/modules/students/image-rules.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';

/** The students module's rules without a database: refusal codes and parameters, and their English. */
const key = { student_id: 'S1', session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' };

describe('enrolment rules', () => {
  const papers = [
    { paper_id: 'ENG101', group_code: 'NG' },
    { paper_id: 'HIS101', group_code: 'G1' },
    { paper_id: 'POL101', group_code: 'G1' },
    { paper_id: 'ECO101', group_code: 'G2' },
  ];

  it('need exactly the required choices of each elective group, from its papers', () => {
    expect(electiveProblems(papers, ['HIS101', 'ECO101'], semesterOf(key))).toEqual([]);
    const problems = electiveProblems(papers, ['ENG101', 'HIS101', 'POL101'], semesterOf(key));
    expect(problems.map((p) => p.code)).toEqual([
      'students.notElective',
      'students.groupNeeds',
      'students.groupNeeds',
    ]);
    expect(problems.map((p) => renderMessage(p))).toEqual([
      'ENG101 is not an elective paper of BA01 semester 1 in 2024-25.',
      'Group G1 needs exactly 1 paper chosen from HIS101, POL101; 2 chosen.',
      'Group G2 needs exactly 1 paper chosen from ECO101; 0 chosen.',
    ]);
    expect(renderMessage(groupWouldMake('G1', ['HIS101', 'POL101'], 2))).toBe(
      'Group G1 needs exactly 1 paper chosen from HIS101, POL101; this would make 2. Change the choice ' +
        'with Change choices instead.',
    );
  });

  it('close paper choices once an exam form of the semester was submitted', () => {
    expect(refuseLocked(null, enrolmentNamed(key))).toBeUndefined();
    expect(refuseLocked({ papers_locked_at: null }, enrolmentNamed(key))).toBeUndefined();
    const locked = refuseLocked({ papers_locked_at: new Date('2025-01-15T10:00:00Z') }, enrolmentNamed(key))!;
    expect(locked.code).toBe('LOCKED');
    expect(locked.reason.code).toBe('students.choicesClosed');
    expect(locked.message).toBe(
      'Paper choices of enrolment S1 / 2024-25 / BA01 / 1 closed on 2025-01-15, when an exam form for the ' +
        'semester was submitted; the exam office can return the form first.',
    );
  });

  it('keep ABC/APAAR ids unique among the rows and against other students', () => {
    const { problems, first } = abcIdsOfRows([
      { student_id: 'S1', abc_id: 'A1' },
      { student_id: 'S2', abc_id: null },
      { student_id: 'S3', abc_id: 'A1' },
    ]);
    expect([...first]).toEqual([['A1', 0]]);
    expect([...problems]).toEqual([
      [2, { code: 'students.abcIdTwice', params: { abc_id: 'A1', student_id: 'S1' } }],
    ]);
    expect(refuseAbcIdOfOther('A1', null)).toEqual({});
    expect(refuseAbcIdOfOther('A1', { student_id: 'S9' }).abc_id?.[0]).toMatchObject({
      code: 'students.abcIdTaken',
    });
  });

  it("freeze the batch's rule set: the latest w.e.f. session at or before it, the highest version", () => {
    const rulesetFor = rulesetOfBatch([
      { ruleset_id: 'OLD', version: 1, wef_session_id: '2019-20' },
      { ruleset_id: 'NEP', version: 1, wef_session_id: '2023-24' },
      { ruleset_id: 'NEP', version: 2, wef_session_id: '2023-24' },
    ]);
    expect(rulesetFor('2024-25')).toMatchObject({ ruleset_id: 'NEP', version: 2 });
    expect(rulesetFor('2020-21')).toMatchObject({ ruleset_id: 'OLD' });
    expect(rulesetFor('2018-19')).toBeUndefined();
  });

  it('keep student papers: a compulsory one is Dropped, an elective one changed with its group', () => {
    const compulsory = refuseDeletingStudentPaper({ paper_id: 'ENG101', choice_source: 'COMPULSORY' });
    expect(compulsory.errors?.paper_id?.[0]?.code).toBe('students.compulsoryStays');
    const elective = refuseDeletingStudentPaper({
      paper_id: 'HIS101',
      choice_source: 'ELECTIVE',
      group_code: 'G1',
    });
    expect(elective.errors?.paper_id?.[0]).toEqual({
      code: 'students.electiveStays',
      params: { paper_id: 'HIS101', group: 'G1', required: 1 },
    });
  });

  it('say which electives were saved, or none', () => {
    expect(renderMessage(electivesSaved(['HIS101', 'ECO101']))).toBe(
      'Elective choices saved: HIS101, ECO101.',
    );
    expect(renderMessage(electivesSaved([]))).toBe('Elective choices saved: none.');
  });
});

describe('photo and signature rules', () => {
  it('need a JPEG or PNG within the pixel limits of its kind', () => {
    const file = Buffer.from('x');
    const ok = { contentType: 'image/png' as const, width: 300, height: 400 };
    expect(refuseBadPicture('photo', file, ok)).toBeUndefined();
    expect(refuseBadPicture('photo', undefined, undefined)?.errors?.file?.[0]?.code).toBe(
      'students.chooseImageFile',
    );
    const notPicture = refuseBadPicture('signature', file, undefined)!;
    expect([notPicture.code, notPicture.message]).toEqual([
      'UNSUPPORTED_MEDIA_TYPE',
      'The signature must be a JPEG or PNG picture.',
    ]);
    const small = refuseBadPicture('photo', file, { ...ok, width: 50 })!;
    expect(renderMessage(small.errors!.file![0]!)).toBe(
      'The photo is 50×400 pixels; it must be 100–1200 wide and 100–1600 high.',
    );
    expect(renderMessage(small.errors!.file![0]!, 'hi')).toMatch(/^फ़ोटो 50×400 पिक्सेल/);
    expect(tooLarge('photo').message).toBe(
      'The photo is larger than 200 KB; save it smaller (a JPEG of lower quality) and upload it again.',
    );
  });
});
