import { describe, expect, it } from 'vitest';
import {
  batchUnpublished,
  documentNamed,
  documentNoun,
  exitAwardOf,
  refuseCertificate,
  refuseDegreeWithoutPass,
  refuseSameTerms,
  refuseSecondDegree,
  refuseSecondMarksheet,
  refuseSeveralPublished,
  refuseUnknownStudent,
  refuseUnpublished,
  refuseWithoutExam,
  refuseWithoutPublished,
  revisedMarksheetOf,
  termKeys,
  termsOf,
  whyUnpublished,
} from '../src/modules/documents/draft-rules.ts';
import type { StoredResultVersion } from '../src/modules/results/index.ts';

/** A result version with what the rules read; the rest is not looked at. */
const result = (over: Partial<StoredResultVersion> = {}) =>
  ({
    student_id: 'DS1',
    exam_id: 'MAIN-2026',
    session_id: '2025-26',
    course_comb_id: 'BA01',
    sem_id: '1',
    version: 1,
    status: 'PUBLISHED',
    result: 'PASS',
    published_at: '2026-06-01T10:00:00.000Z',
    explanation: [],
    ...over,
  }) as StoredResultVersion;

/** The rules of drafting, without a database: refusal codes and parameters, and the decisions. */
describe('drafting rules', () => {
  it('name the document types as words and documents by type and number', () => {
    expect(documentNoun('PROVISIONAL_DEGREE')).toEqual({
      code: 'documents.nounProvisionalDegree',
      params: { count: 1 },
    });
    expect(documentNoun('MARKSHEET', 2).params).toEqual({ count: 2 });
    expect(documentNamed({ doc_type: 'MARKSHEET', serial_no: null, doc_id: 'D1' })).toEqual({
      code: 'documents.named',
      params: { type: { label: 'Marksheet' }, number: 'D1' },
    });
  });

  it('need an existing student, the exam, and the semester when the exam has several results', () => {
    expect(refuseUnknownStudent('DS1', { student_id: 'DS1' })).toBeUndefined();
    const unknown = refuseUnknownStudent('X'.repeat(40), undefined)!;
    expect(unknown.code).toBe('VALIDATION_FAILED');
    expect(unknown.reason).toEqual({ code: 'documents.noStudent', params: { student_id: 'X'.repeat(30) } });
    expect(unknown.errors?.student_id?.[0]?.code).toBe('documents.noStudentField');
    expect(refuseWithoutExam('MAIN-2026')).toBeUndefined();
    expect(refuseWithoutExam(undefined)?.errors?.['basis.exam_id']?.[0]?.code).toBe(
      'documents.basisExamRequired',
    );
    expect(refuseSeveralPublished('MAIN-2026', 2, true)).toBeUndefined();
    expect(refuseSeveralPublished('MAIN-2026', 1, false)).toBeUndefined();
    expect(refuseSeveralPublished('MAIN-2026', 2, false)?.errors?.['basis.sem_id']?.[0]).toEqual({
      code: 'documents.severalPublished',
      params: { exam_id: 'MAIN-2026' },
    });
  });

  it('say why a result has no published version: none, computed, withdrawn, superseded, other', () => {
    const key = { student_id: 'DS1', exam_id: 'MAIN-2026' };
    expect(whyUnpublished(key, []).code).toBe('documents.noResult');
    expect(whyUnpublished({ ...key, version: 3 }, [result()])).toEqual({
      code: 'documents.noResultVersion',
      params: { ...key, version: 3 },
    });
    const computed = whyUnpublished(key, [result({ status: 'COMPUTED' })]);
    expect(computed).toEqual({
      code: 'documents.resultComputed',
      params: { result: { code: 'documents.resultOf', params: { ...key, version: 1 } } },
    });
    expect(whyUnpublished(key, [result({ status: 'WITHDRAWN' })]).code).toBe('documents.resultWithdrawn');
    const versions = [result({ version: 2, status: 'PUBLISHED' }), result({ status: 'SUPERSEDED' })];
    expect(whyUnpublished({ ...key, version: 1 }, versions)).toMatchObject({
      code: 'documents.resultSupersededBy',
      params: { version: 2 },
    });
    expect(whyUnpublished(key, [result({ status: 'SUPERSEDED' })]).code).toBe('documents.resultSuperseded');
    expect(whyUnpublished(key, [result({ status: 'HELD' as never })])).toMatchObject({
      code: 'documents.resultNotPublished',
      params: { status: 'HELD' },
    });
    const refusal = refuseUnpublished(key, [result({ status: 'COMPUTED' })]);
    expect(refusal.code).toBe('VALIDATION_FAILED');
    expect(refusal.message).toBe(
      'The result of DS1 in exam MAIN-2026 (version 1) is not published yet (COMPUTED): documents are ' +
        'drafted only from a PUBLISHED result. Publish the result run first.',
    );
    expect(refusal.errors?.basis?.[0]?.code).toBe('documents.resultComputed');
  });

  it('draft one marksheet per result version, REVISED over an issued older one', () => {
    const r = result({ version: 2 });
    expect(refuseSecondMarksheet(r, [])).toBeUndefined();
    const held = [
      { doc_id: 'D2', status: 'DRAFTED', result_version: 2, serial_no: null },
      { doc_id: 'D1', status: 'ISSUED', result_version: 1, serial_no: 'MS/2026/000001' },
    ];
    const second = refuseSecondMarksheet(r, held)!;
    expect(second.code).toBe('DUPLICATE_KEY');
    expect(second.reason).toEqual({
      code: 'documents.marksheetExists',
      params: { student_id: 'DS1', exam_id: 'MAIN-2026', version: 2, held: 'D2, DRAFTED' },
    });
    expect(revisedMarksheetOf(r, held)?.doc_id).toBe('D1');
    expect(revisedMarksheetOf(result({ version: 1 }), held)).toBeUndefined();
  });

  it('draft a degree of a PASS only, once per programme', () => {
    expect(refuseDegreeWithoutPass('DEGREE', result({ result: 'PASS_GRACE' }))).toBeUndefined();
    const fail = refuseDegreeWithoutPass('PROVISIONAL_DEGREE', result({ result: 'FAIL' }))!;
    expect(fail.reason.code).toBe('documents.degreeNeedsPass');
    expect(fail.message).toBe(
      'A provisional degree certificate needs a final result PASS; ' +
        "DS1's published result in MAIN-2026 is FAIL.",
    );
    expect(refuseSecondDegree('DEGREE', result(), [])).toBeUndefined();
    const second = refuseSecondDegree('DEGREE', result(), [{ doc_id: 'D9', status: 'ISSUED' }])!;
    expect(second.code).toBe('DUPLICATE_KEY');
    expect(second.reason.params).toMatchObject({ course_comb_id: 'BA01', held: 'D9, ISSUED' });
  });

  it('gather the latest published version of each semester in order, once per set of results', () => {
    expect(refuseWithoutPublished('TRANSCRIPT', 'DS1', 2)).toBeUndefined();
    expect(refuseWithoutPublished('TRANSCRIPT', 'DS1', 0)?.reason.code).toBe('documents.noPublishedResult');
    const terms = termsOf([
      result({ sem_id: '10', version: 1 }),
      result({ sem_id: '2', version: 1, published_at: '2026-01-01T00:00:00.000Z' }),
      result({ sem_id: '2', version: 2, published_at: '2026-02-01T00:00:00.000Z' }),
    ]);
    expect(terms.map((t) => `${t.sem_id}v${t.version}`)).toEqual(['2v2', '10v1']);
    const held = [
      { doc_id: 'D3', status: 'ISSUED', serial_no: 'TR/2026/000001', basis: { versions: termKeys(terms) } },
    ];
    expect(refuseSameTerms('TRANSCRIPT', 'DS1', terms, held)?.reason).toEqual({
      code: 'documents.termsDrafted',
      params: {
        student_id: 'DS1',
        document: { code: 'documents.nounTranscript', params: { count: 1 } },
        held: 'D3, ISSUED, TR/2026/000001',
      },
    });
    expect(refuseSameTerms('TRANSCRIPT', 'DS1', terms.slice(0, 1), held)).toBeUndefined();
  });

  it('give a UG certificate or diploma only with an NEP exit award, a passing one with a PASS', () => {
    const exit = result({
      explanation: [
        { step: 'EXIT', inputs: { award: 'UG Certificate in Arts' }, output: { eligible: true } },
      ],
    } as never);
    expect(exitAwardOf(exit)).toBe('UG Certificate in Arts');
    expect(exitAwardOf(result())).toBeNull();
    expect(refuseCertificate('UG_DIPLOMA', 'DS1', exit, 'UG Certificate in Arts')).toBeUndefined();
    const noAward = refuseCertificate('UG_DIPLOMA', 'DS1', result(), null)!;
    expect(noAward.reason).toEqual({
      code: 'documents.noExitAward',
      params: { student_id: 'DS1', award: { code: 'documents.ugDiploma' } },
    });
    expect(noAward.errors?.subtype).toHaveLength(1);
    expect(refuseCertificate('PASSING', 'DS1', result(), null)).toBeUndefined();
    expect(refuseCertificate('PASSING', 'DS1', undefined, null)?.message).toBe(
      'A passing certificate needs a PUBLISHED result PASS; DS1 has none.',
    );
    expect(refuseCertificate('CHARACTER', 'DS1', undefined, null)).toBeUndefined();
  });

  it("name a batch's unpublished result with its status", () => {
    expect(batchUnpublished('MARKSHEET', 'MAIN-2026', { version: 1, status: 'COMPUTED' })).toEqual({
      code: 'documents.batchUnpublished',
      params: {
        document: { code: 'documents.nounMarksheet', params: { count: 1 } },
        exam_id: 'MAIN-2026',
        version: 1,
        status: 'COMPUTED',
      },
    });
  });
});
