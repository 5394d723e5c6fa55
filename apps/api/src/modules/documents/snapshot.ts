import {
  gradingRuleset,
  issuingDetailInEnglishOnly,
  type BilingualText,
  type CertificateSubtype,
  type DocumentExam,
  type DocumentPayload,
  type DocumentProgramme,
  type DocumentStudent,
  type DocumentTotals,
  type DocumentType,
  type GradingLegend,
  type GradingRuleset,
  type IssuingDetailKey,
  type MarksheetLine,
  type ResultBasis,
} from '@exam/contracts';
import { cgpaToPercentage } from '@exam/grading';
import { university } from '../master-data/index.ts';
import type { StoredResultVersion } from '../results/index.ts';
import { refuseUnknownStudent } from './draft-rules.ts';
import {
  courseNamesOf,
  examNamesOf,
  issuingRows,
  papersOf,
  rollOf,
  rulesetRowOf,
  studentRowOf,
  type StudentRow,
} from './snapshot-store.ts';
import type { Reader } from './sql.ts';

/**
 * The frozen snapshot (contracts `documentPayload`): every value a document prints, in English and Hindi,
 * taken once from a PUBLISHED result version and the master data as they are when the document is drafted.
 * Nothing here is computed anew: the result's lines, totals and verdict are copied as the result run decided
 * them; only printed words (titles, the result in Hindi, the grading legend as text) are added.
 */

const bi = (en: string, hi: string | null = null): BilingualText => ({ en, hi });
const biOrNull = (en: string | null | undefined, hi: string | null | undefined): BilingualText | null =>
  en ? { en, hi: hi ?? null } : null;

export const documentTitles: Record<DocumentType, BilingualText> = {
  MARKSHEET: bi('Statement of Marks / Grade Card', 'अंक पत्र / ग्रेड कार्ड'),
  CONSOLIDATED_MARKSHEET: bi('Consolidated Statement of Marks', 'समेकित अंक पत्र'),
  TRANSCRIPT: bi('Transcript', 'प्रतिलेख'),
  PROVISIONAL_DEGREE: bi('Provisional Degree Certificate', 'अस्थायी उपाधि प्रमाण पत्र'),
  DEGREE: bi('Degree', 'उपाधि'),
  MIGRATION: bi('Migration Certificate', 'प्रव्रजन प्रमाण पत्र'),
  CERTIFICATE: bi('Certificate', 'प्रमाण पत्र'),
};

const certificateTitles: Record<CertificateSubtype, BilingualText> = {
  UG_CERTIFICATE: bi('Undergraduate Certificate', 'स्नातक प्रमाण पत्र'),
  UG_DIPLOMA: bi('Undergraduate Diploma', 'स्नातक डिप्लोमा'),
  PASSING: bi('Passing Certificate', 'उत्तीर्णता प्रमाण पत्र'),
  MEDIUM_OF_INSTRUCTION: bi('Medium of Instruction Certificate', 'शिक्षण माध्यम प्रमाण पत्र'),
  GRADING_SCHEME: bi(
    'Grading Scheme and Percentage Equivalence Certificate',
    'ग्रेडिंग योजना एवं प्रतिशत समतुल्यता प्रमाण पत्र',
  ),
  ATTEMPT: bi('Attempt Certificate', 'प्रयास प्रमाण पत्र'),
  CHARACTER: bi('Character Certificate', 'चरित्र प्रमाण पत्र'),
};

const resultWords: Record<string, BilingualText> = {
  PASS: bi('PASS', 'उत्तीर्ण'),
  PASS_GRACE: bi('PASS (by grace)', 'उत्तीर्ण (अनुग्रह अंक सहित)'),
  PROMOTED: bi('PROMOTED', 'प्रोन्नत'),
  FAIL: bi('FAIL', 'अनुत्तीर्ण'),
  ABSENT: bi('ABSENT', 'अनुपस्थित'),
  RL: bi('RESULT LATER', 'परिणाम बाद में'),
  RW: bi('RESULT WITHHELD', 'परिणाम रोका गया'),
  UFM: bi('UNFAIR MEANS', 'अनुचित साधन'),
  DETAINED: bi('DETAINED', 'रोका गया'),
};
export const resultWord = (code: string) => resultWords[code] ?? bi(code);

const divisionWords: Record<string, BilingualText> = {
  DISTINCTION: bi('First Division with Distinction', 'विशेष योग्यता सहित प्रथम श्रेणी'),
  I: bi('First Division', 'प्रथम श्रेणी'),
  II: bi('Second Division', 'द्वितीय श्रेणी'),
  III: bi('Third Division', 'तृतीय श्रेणी'),
};

const signatories = {
  coe: { title: bi('Controller of Examinations', 'परीक्षा नियंत्रक'), name: null },
  registrar: { title: bi('Registrar', 'कुलसचिव'), name: null },
  vc: { title: bi('Vice-Chancellor', 'कुलपति'), name: null },
};

/** The student as printed (its record and college). Unknown → 422 naming the student. */
export async function studentFacts(db: Reader, studentId: string): Promise<StudentRow> {
  const row = await studentRowOf(db, studentId);
  const refusal = refuseUnknownStudent(studentId, row);
  if (refusal) throw refusal;
  return row!;
}

function studentPart(
  s: StudentRow,
  roll: { roll_no: string | null; candidate_type: string | null },
): DocumentStudent {
  return {
    student_id: s.student_id,
    name: bi(s.name_en, s.name_hi),
    father_name: biOrNull(s.father_name_en, s.father_name_hi),
    mother_name: biOrNull(s.mother_name_en, s.mother_name_hi),
    date_of_birth: s.dob,
    gender: s.gender,
    // The university's enrolment number is the student's id (students module, S1).
    enrolment_no: s.student_id,
    roll_no: roll.roll_no,
    abc_id: s.abc_id,
    college: {
      college_id: s.college_id,
      name: bi(s.college_name, s.college_name_hi),
      code: s.college_code,
      place: s.district,
    },
    candidate_type: roll.candidate_type,
    mode_of_study: 'regular',
    photo_file: s.photo_sha256 ? `student-photo:${s.photo_sha256}` : null,
  };
}

async function programmePart(db: Reader, courseCombId: string): Promise<DocumentProgramme> {
  const c = await courseNamesOf(db, courseCombId);
  const name = bi(c?.course_comb_name4 ?? courseCombId, c?.course_comb_name_hi ?? null);
  return {
    course_comb_id: courseCombId,
    name,
    degree_title: biOrNull(c?.course_comb_name1, null),
    subjects: name,
    stream: null,
  };
}

async function examPart(db: Reader, r: StoredResultVersion): Promise<DocumentExam> {
  const e = await examNamesOf(db, r);
  const semName = e?.sem_name ?? `Semester ${r.sem_id}`;
  return {
    exam_id: r.exam_id,
    name: bi(e?.exam_desc ?? r.exam_id, null),
    cycle: e?.student_exam_cycle ?? null,
    session_id: r.session_id,
    session: e?.session_name ?? r.session_id,
    sem_id: r.sem_id,
    semester: bi(semName, e?.sem_disc1 ?? `सेमेस्टर ${r.sem_id}`),
    scheme: r.scheme,
  };
}

function basisPart(r: StoredResultVersion): ResultBasis {
  return {
    exam_id: r.exam_id,
    session_id: r.session_id,
    course_comb_id: r.course_comb_id,
    sem_id: r.sem_id,
    version: r.version,
    run_id: r.run_id,
    ruleset_id: r.ruleset_id,
    ruleset_version: r.ruleset_version,
    notification_no: r.notification_no,
    published_on: r.notification_date ?? r.published_at?.slice(0, 10) ?? null,
  };
}

async function rulesetOf(db: Reader, r: StoredResultVersion): Promise<GradingRuleset | null> {
  const row = await rulesetRowOf(db, r);
  const parsed =
    row &&
    gradingRuleset.safeParse({
      ...row,
      rules: typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules,
    });
  return parsed && parsed.success ? parsed.data : null;
}

/**
 * The grading legend on the reverse: the rule set's bands and divisions, the SGPA/CGPA formulas and the
 * CGPA→% conversion.
 */
export function legendOf(ruleset: GradingRuleset | null): GradingLegend {
  if (!ruleset)
    return {
      bands: [],
      sgpa_formula: null,
      cgpa_formula: null,
      percentage_formula: null,
      division_rules: null,
    };
  const rules = ruleset.rules;
  const sorted = [...rules.grading_bands].sort((a, b) => Number(b.min_percent) - Number(a.min_percent));
  const bands: GradingLegend['bands'] = sorted.map((b, i) => ({
    grade: b.grade,
    min: String(b.min_percent),
    max: i === 0 ? '100' : String(sorted[i - 1]!.min_percent),
    grade_point: String(b.grade_point),
    description: null,
  }));
  if (ruleset.scheme !== 'OLD')
    bands.push(
      {
        grade: rules.fail_grade.grade,
        min: '0',
        max: sorted.length ? String(sorted[sorted.length - 1]!.min_percent) : null,
        grade_point: String(rules.fail_grade.grade_point),
        description: bi('Fail', 'अनुत्तीर्ण'),
      },
      {
        grade: rules.absent_grade.grade,
        min: null,
        max: null,
        grade_point: String(rules.absent_grade.grade_point),
        description: bi('Absent', 'अनुपस्थित'),
      },
    );
  const formula = rules.percent_conversion.formula;
  return {
    bands: ruleset.scheme === 'OLD' ? [] : bands,
    sgpa_formula:
      ruleset.scheme === 'OLD'
        ? null
        : bi(
            'SGPA = Σ (credit × grade point) ÷ Σ credits of the semester',
            'एसजीपीए = Σ (क्रेडिट × ग्रेड पॉइंट) ÷ सेमेस्टर के कुल क्रेडिट',
          ),
    cgpa_formula:
      ruleset.scheme === 'OLD'
        ? null
        : bi(
            'CGPA = Σ (credit × grade point) ÷ Σ credits over all semesters so far',
            'सीजीपीए = Σ (क्रेडिट × ग्रेड पॉइंट) ÷ अब तक के सभी सेमेस्टर के कुल क्रेडिट',
          ),
    percentage_formula:
      formula === 'X9_5'
        ? bi('Percentage = CGPA × 9.5', 'प्रतिशत = सीजीपीए × 9.5')
        : formula === 'MINUS_0_75_X10'
          ? bi('Percentage = (CGPA − 0.75) × 10', 'प्रतिशत = (सीजीपीए − 0.75) × 10')
          : ruleset.scheme === 'OLD'
            ? {
                en: 'Percentage = aggregate marks ÷ maximum marks × 100',
                hi: 'प्रतिशत = कुल प्राप्तांक ÷ पूर्णांक × 100',
              }
            : null,
    division_rules: rules.divisions.length
      ? bi(
          rules.divisions.map((d) => `${d.label} ≥ ${String(d.min_percent)} %`).join(', '),
          rules.divisions
            .map((d) => `${divisionWords[d.code]?.hi ?? d.label} ≥ ${String(d.min_percent)} %`)
            .join(', '),
        )
      : null,
  };
}

async function linesOf(db: Reader, r: StoredResultVersion): Promise<MarksheetLine[]> {
  const papers = await papersOf(db, r);
  const byId = new Map(papers.map((p) => [p.paper_id, p]));
  return r.lines.map((l) => {
    const p = byId.get(l.paper_id);
    return {
      paper_id: l.paper_id,
      paper_code: p?.paper_code ?? l.paper_id,
      paper_name: bi(p?.paper_name ?? l.paper_id, p?.paper_name_hi ?? null),
      paper_type: p?.th_pr_status === 'PR' ? 'PR' : 'TH',
      max: l.max ?? p?.max_marks ?? null,
      min: p?.min_marks ?? null,
      int: { value: l.int.value, status: l.int.status },
      ext: { value: l.ext.value, status: l.ext.status },
      pr: { value: l.pr.value, status: l.pr.status },
      total: l.total,
      grace: l.grace ? { marker: '*', marks: l.grace.marks, rule_id: l.grace.rule_id } : null,
      credit: l.credit,
      grade: l.grade,
      grade_point: l.grade_point,
      credit_points: l.credit_points,
      paper_result: l.paper_result,
    };
  });
}

function totalsOf(r: StoredResultVersion, ruleset: GradingRuleset | null): DocumentTotals {
  let equivalent: string | null = null;
  if (r.cgpa && ruleset && ruleset.rules.percent_conversion.formula !== 'NONE')
    equivalent = cgpaToPercentage(ruleset, r.cgpa).percentage;
  return {
    total: r.total,
    max_total: r.max_total,
    percentage: r.percentage,
    division: r.division ? (divisionWords[r.division] ?? bi(r.division)) : null,
    credits_registered: r.credits_registered,
    credits_earned: r.credits_earned,
    credit_points: r.credit_points,
    sgpa: r.sgpa,
    cgpa: r.cgpa,
    equivalent_percentage: equivalent,
    result_code: r.result,
    result: resultWord(r.result),
    backlogs: r.backlogs,
  };
}

/**
 * The issuing details (documentissuing) as a draft freezes them: absent ones print as blanks to fill by hand.
 */
export interface IssuingDetails {
  place: string | null;
  orgCode: string | null;
  names: Record<keyof typeof signatories, string | null>;
  convocationDate: string | null;
}

export async function issuingDetails(db: Reader): Promise<IssuingDetails> {
  const rows = await issuingRows(db);
  const recorded = new Map(rows.map((r) => [r.detail_key, r]));
  const value = (key: IssuingDetailKey) => {
    const row = recorded.get(key);
    if (!row) return null;
    return row.value_hi && !issuingDetailInEnglishOnly(key)
      ? `${row.value_en} / ${row.value_hi}`
      : row.value_en;
  };
  return {
    place: value('PLACE_OF_ISSUE'),
    orgCode: value('NAD_ORG_CODE'),
    names: {
      coe: value('SIGNATORY_COE'),
      registrar: value('SIGNATORY_REGISTRAR'),
      vc: value('SIGNATORY_VC'),
    },
    convocationDate: value('CONVOCATION_DATE'),
  };
}

const common = (
  type: DocumentType,
  s: DocumentStudent,
  remarks: BilingualText[],
  signers: Array<keyof typeof signatories>,
  issuing: IssuingDetails,
) => ({
  university: {
    name: bi(university.en, university.hi),
    place: issuing.place,
    logo_file: null,
    org_code: issuing.orgCode,
  },
  title: documentTitles[type],
  student: s,
  drafted_on: new Date().toISOString().slice(0, 10),
  signatories: signers.map((k) => ({ ...signatories[k], name: issuing.names[k] })),
  remarks,
});

/** A marksheet of one PUBLISHED result version; `revised`: the remark printed on a revision. */
export async function marksheetSnapshot(
  db: Reader,
  r: StoredResultVersion,
  options: { revised?: boolean } = {},
): Promise<DocumentPayload> {
  const [s, roll, ruleset, issuing] = await Promise.all([
    studentFacts(db, r.student_id),
    rollOf(db, r),
    rulesetOf(db, r),
    issuingDetails(db),
  ]);
  const remarks: BilingualText[] = [];
  if (r.result === 'PASS_GRACE' || r.lines.some((l) => l.grace))
    remarks.push({
      en: '* Grace marks awarded under the ordinance',
      hi: '* अध्यादेश के अंतर्गत अनुग्रह अंक प्रदान किए गए',
    });
  if (options.revised)
    remarks.push({
      en: 'Revised after revaluation / correction of the result',
      hi: 'पुनर्मूल्यांकन / परिणाम संशोधन के बाद संशोधित',
    });
  if (r.backlogs.length)
    remarks.push(bi(`Back papers: ${r.backlogs.join(', ')}`, `बैक पेपर: ${r.backlogs.join(', ')}`));
  return {
    kind: 'MARKSHEET',
    ...common('MARKSHEET', studentPart(s, roll), remarks, ['coe'], issuing),
    programme: await programmePart(db, r.course_comb_id),
    exam: await examPart(db, r),
    basis: basisPart(r),
    lines: await linesOf(db, r),
    totals: totalsOf(r, ruleset),
    legend: legendOf(ruleset),
    checked_by: null,
    tabulated_by: null,
  };
}

/**
 * Consolidated marksheet / transcript over every published result version of the student (the latest of each
 * semester).
 */
export async function consolidatedSnapshot(
  db: Reader,
  type: 'CONSOLIDATED_MARKSHEET' | 'TRANSCRIPT',
  results: StoredResultVersion[],
  purpose: string | null,
): Promise<DocumentPayload> {
  const last = results[results.length - 1]!;
  const [s, roll, ruleset, issuing] = await Promise.all([
    studentFacts(db, last.student_id),
    rollOf(db, last),
    rulesetOf(db, last),
    issuingDetails(db),
  ]);
  const terms = [];
  for (const r of results)
    terms.push({
      exam: await examPart(db, r),
      basis: basisPart(r),
      lines: await linesOf(db, r),
      totals: totalsOf(r, await rulesetOf(db, r)),
    });
  return {
    kind: type,
    ...common(type, studentPart(s, roll), [], ['coe'], issuing),
    programme: await programmePart(db, last.course_comb_id),
    terms,
    final: totalsOf(last, ruleset),
    admitted_on: null,
    completed_on: last.notification_date ?? last.published_at?.slice(0, 10) ?? null,
    medium: bi('English / Hindi', 'अंग्रेज़ी / हिंदी'),
    all_in_first_attempt: null,
    legend: legendOf(ruleset),
    purpose,
  };
}

/** Provisional degree / degree from the final PUBLISHED result (PASS only). */
export async function degreeSnapshot(
  db: Reader,
  type: 'PROVISIONAL_DEGREE' | 'DEGREE',
  r: StoredResultVersion,
): Promise<DocumentPayload> {
  const [s, roll, exam, programme, issuing] = await Promise.all([
    studentFacts(db, r.student_id),
    rollOf(db, r),
    examPart(db, r),
    programmePart(db, r.course_comb_id),
    issuingDetails(db),
  ]);
  const year = (r.notification_date ?? r.published_at ?? '').slice(0, 4) || null;
  return {
    kind: type,
    ...common(
      type,
      studentPart(s, roll),
      [],
      type === 'DEGREE' ? ['registrar', 'vc'] : ['coe', 'registrar'],
      issuing,
    ),
    programme,
    exam,
    basis: basisPart(r),
    honours: null,
    division: r.division ? (divisionWords[r.division] ?? bi(r.division)) : null,
    cgpa: r.cgpa,
    result: resultWord(r.result),
    exam_month_year: exam.cycle,
    year_of_passing: year,
    // A degree is conferred at the convocation recorded when it is drafted; a provisional one before any.
    convocation_date: type === 'DEGREE' ? issuing.convocationDate : null,
    valid_until:
      type === 'PROVISIONAL_DEGREE' ? 'until the degree is conferred at the next convocation' : null,
  };
}

/** Migration certificate from the student's record (and its latest published result, when there is one). */
export async function migrationSnapshot(
  db: Reader,
  studentId: string,
  last: StoredResultVersion | undefined,
  reason: string | null,
): Promise<DocumentPayload> {
  const [s, issuing] = await Promise.all([studentFacts(db, studentId), issuingDetails(db)]);
  const roll = last ? await rollOf(db, last) : { roll_no: null, candidate_type: null };
  const exam = last ? await examPart(db, last) : null;
  return {
    kind: 'MIGRATION',
    ...common('MIGRATION', studentPart(s, roll), [], ['registrar'], issuing),
    programme: last ? await programmePart(db, last.course_comb_id) : null,
    last_exam: exam ? exam.name : null,
    last_exam_year: last ? (last.notification_date ?? last.published_at ?? '').slice(0, 4) || null : null,
    last_exam_result: last ? resultWord(last.result) : null,
    reason,
  };
}

/**
 * A certificate (subtype) from the student's record and, when it speaks of one, the latest published result.
 */
export async function certificateSnapshot(
  db: Reader,
  subtype: CertificateSubtype,
  studentId: string,
  last: StoredResultVersion | undefined,
  exitAward: string | null,
): Promise<DocumentPayload> {
  const [s, issuing] = await Promise.all([studentFacts(db, studentId), issuingDetails(db)]);
  const roll = last ? await rollOf(db, last) : { roll_no: null, candidate_type: null };
  const ruleset = last ? await rulesetOf(db, last) : null;
  const programme = last ? await programmePart(db, last.course_comb_id) : null;
  const exam = last ? await examPart(db, last) : null;
  const name = s.name_en;
  const nameHi = s.name_hi ?? name;
  const certified = 'प्रमाणित किया जाता है कि';
  const bodies: Record<CertificateSubtype, BilingualText> = {
    UG_CERTIFICATE: bi(
      `This is to certify that ${name} has earned the credits required for the award of ` +
        `${exitAward ?? 'the Undergraduate Certificate'} under the NEP multiple exit scheme.`,
      `${certified} ${nameHi} ने एनईपी बहु-निकास योजना के अंतर्गत ${exitAward ?? 'स्नातक प्रमाण पत्र'} ` +
        'हेतु आवश्यक क्रेडिट अर्जित किए हैं।',
    ),
    UG_DIPLOMA: bi(
      `This is to certify that ${name} has earned the credits required for the award of ` +
        `${exitAward ?? 'the Undergraduate Diploma'} under the NEP multiple exit scheme.`,
      `${certified} ${nameHi} ने एनईपी बहु-निकास योजना के अंतर्गत ${exitAward ?? 'स्नातक डिप्लोमा'} ` +
        'हेतु आवश्यक क्रेडिट अर्जित किए हैं।',
    ),
    PASSING: bi(
      `This is to certify that ${name} has passed the ${exam?.name.en ?? 'examination'}` +
        `${last ? ` with result ${resultWord(last.result).en}` : ''}.`,
      `${certified} ${nameHi} ने ${exam?.name.en ?? 'परीक्षा'} उत्तीर्ण की है।`,
    ),
    MEDIUM_OF_INSTRUCTION: bi(
      `This is to certify that the medium of instruction and examination of ${name} was English / Hindi.`,
      `${certified} ${nameHi} के शिक्षण एवं परीक्षा का माध्यम अंग्रेज़ी / हिंदी था।`,
    ),
    GRADING_SCHEME: bi(
      `This is to certify the grading scheme and the percentage equivalence applicable to ${name}, ` +
        'as printed below.',
      `${nameHi} पर लागू ग्रेडिंग योजना एवं प्रतिशत समतुल्यता नीचे मुद्रित है।`,
    ),
    ATTEMPT: bi(
      `This is to certify the attempts of ${name} at the examinations of the university as recorded.`,
      `${nameHi} के विश्वविद्यालय परीक्षाओं के प्रयास अभिलेख के अनुसार प्रमाणित किए जाते हैं।`,
    ),
    CHARACTER: bi(
      `This is to certify that ${name} bears a good moral character to the best of the university's ` +
        'knowledge.',
      `${certified} ${nameHi} का चरित्र विश्वविद्यालय की जानकारी में उत्तम है।`,
    ),
  };
  return {
    kind: 'CERTIFICATE',
    subtype,
    ...common('CERTIFICATE', studentPart(s, roll), [], ['registrar'], issuing),
    title: certificateTitles[subtype],
    programme,
    exam,
    basis: last ? basisPart(last) : null,
    body: bodies[subtype],
    award: exitAward ? bi(exitAward) : null,
    credits_earned: last?.credits_earned ?? null,
    medium: subtype === 'MEDIUM_OF_INSTRUCTION' ? bi('English / Hindi', 'अंग्रेज़ी / हिंदी') : null,
    legend: subtype === 'GRADING_SCHEME' ? legendOf(ruleset) : null,
  };
}
