// Realistic payloads of every document type for the template tests and the batch measurement, each parsed
// with the contract's schemas (a contract change breaks them here first). The Hindi carries the spec's
// fixture words (द्वितीय, श्रीमती, क्षेत्र, ज्ञान, lifecycle §5.1 "Regional rendering") as words of their
// own.
import {
  printableDocument,
  type BilingualText,
  type CertificateSubtype,
  type DocumentTotals,
  type GradingLegend,
  type MarksheetLine,
  type PrintableDocument,
} from '@exam/contracts';

const b = (en: string, hi: string | null): BilingualText => ({ en, hi });

export const fixtureWords = ['द्वितीय', 'श्रीमती', 'क्षेत्र', 'ज्ञान'] as const;

const university = {
  name: b('State University', 'राज्य विश्वविद्यालय'),
  place: 'Muzaffarpur, Bihar',
  logo_file: null,
  org_code: 'ORG0042',
};

export const student = (n = 7) => ({
  student_id: `2023C1010${String(n).padStart(2, '0')}`,
  name: b('Kshitij Dwivedi', 'क्षितिज द्विवेदी'),
  father_name: b('Shri Ramesh Dwivedi', 'श्री रमेश द्विवेदी'),
  mother_name: b('Shrimati Sushila Devi', 'श्रीमती सुशीला देवी'),
  date_of_birth: '2005-08-14',
  gender: 'M',
  enrolment_no: `EN2023${String(4100 + n)}`,
  roll_no: `MD24BA0100${String(n).padStart(3, '0')}`,
  abc_id: '412345678901',
  college: {
    college_id: 'C101',
    name: b('Gyan Vigyan College', 'ज्ञान विज्ञान महाविद्यालय'),
    code: 'C101',
    place: 'Muzaffarpur',
  },
  candidate_type: 'Regular',
  mode_of_study: 'Regular',
  photo_file: null,
});

const programme = {
  course_comb_id: 'BA-HIS-RS',
  name: {
    en: 'B.A. (Hons.) History with Rural Area Studies',
    hi: 'बी.ए. (प्रतिष्ठा) इतिहास एवं ग्रामीण क्षेत्र अध्ययन',
  },
  degree_title: b('Bachelor of Arts', 'कला स्नातक'),
  subjects: b('History (Major), Rural Area Studies (Minor)', 'इतिहास (मुख्य), ग्रामीण क्षेत्र अध्ययन (गौण)'),
  stream: b('Arts', 'कला'),
};

const exam = (sem: number, scheme: 'OLD' | 'NEP') => ({
  exam_id: `MAIN-${sem % 2 ? 'DEC' : 'MAY'}-2024`,
  name:
    scheme === 'OLD'
      ? b('B.A. Part II Examination', 'बी.ए. भाग द्वितीय परीक्षा')
      : b(
          `B.A. Semester ${['I', 'II', 'III', 'IV'][sem - 1]} Examination`,
          `बी.ए. सेमेस्टर ${['I', 'II', 'III', 'IV'][sem - 1]} परीक्षा`,
        ),
  cycle: sem % 2 ? 'December 2023' : 'May 2024',
  session_id: '2023-24',
  session: '2023-24',
  sem_id: String(sem),
  semester:
    scheme === 'OLD'
      ? b('Part II', 'भाग द्वितीय')
      : sem === 2
        ? b('Semester II', 'द्वितीय सेमेस्टर')
        : b(`Semester ${['I', 'II', 'III', 'IV'][sem - 1]}`, `सेमेस्टर ${['I', 'II', 'III', 'IV'][sem - 1]}`),
  scheme,
});

const basis = (sem: number) => ({
  exam_id: `MAIN-${sem % 2 ? 'DEC' : 'MAY'}-2024`,
  session_id: '2023-24',
  course_comb_id: 'BA-HIS-RS',
  sem_id: String(sem),
  version: 1,
  run_id: `RUN-${sem}`,
  ruleset_id: 'NEP-UG-2023',
  ruleset_version: 3,
  notification_no: `EXAM/RES/2024/${40 + sem}`,
  published_on: sem % 2 ? '2024-02-20' : '2024-07-15',
});

const m = (value: string | null, status: string | null = null) => ({ value, status });
const none = m(null);

const nepCourses: Array<[string, string, string, string, string]> = [
  ['HIS-201', 'History of India (1206–1707)', 'भारत का इतिहास (1206–1707)', '6', 'TH'],
  ['HIS-202', 'History of Ancient World Civilisations', 'प्राचीन विश्व सभ्यताओं का इतिहास', '6', 'TH'],
  ['RAS-201', 'Rural Development and Panchayati Raj', 'ग्रामीण विकास एवं पंचायती राज', '4', 'TH'],
  ['RAS-201P', 'Field Survey Practical', 'क्षेत्र सर्वेक्षण प्रायोगिक', '2', 'PR'],
  ['AEC-201', 'Hindi Language and Communication', 'हिन्दी भाषा एवं संप्रेषण', '2', 'TH'],
  ['VAC-201', 'Environmental Studies', 'पर्यावरण अध्ययन', '2', 'TH'],
];
const nepGrades: Array<[string, string, string, string]> = [
  ['72', 'A', '8'],
  ['81', 'A+', '9'],
  ['64', 'B+', '7'],
  ['45', 'O', '10'],
  ['38', 'P', '4'],
  ['55', 'B', '6'],
].map(([t, g, gp]) => [t!, g!, gp!, '']);

export function nepLines(): MarksheetLine[] {
  return nepCourses.map(([code, en, hi, credit, type], i) => {
    const [totalMarks, grade, gp] = nepGrades[i]!;
    const practical = type === 'PR';
    const grace = i === 4 ? { marker: '*', marks: '2', rule_id: 'G1' } : null;
    return {
      paper_id: code,
      paper_code: code,
      paper_name: b(en, hi),
      paper_type: type,
      max: practical ? '50' : '100',
      min: practical ? '20' : '40',
      int: practical ? none : m(String(Math.round(Number(totalMarks) * 0.3))),
      ext: practical ? none : m(String(Number(totalMarks) - Math.round(Number(totalMarks) * 0.3))),
      pr: practical ? m(totalMarks) : none,
      total: totalMarks,
      grace,
      credit,
      grade,
      grade_point: gp,
      credit_points: String(Number(credit) * Number(gp)),
      paper_result: 'P',
    };
  });
}

export function oldLines(): MarksheetLine[] {
  const geographyHi = 'भूगोल प्रायोगिक: क्षेत्रीय मानचित्रण';
  const papers: Array<[string, string, string, string, string, string | null]> = [
    ['HIS-II-1', 'History of Medieval India', 'मध्यकालीन भारत का इतिहास', '100', '33', '68'],
    ['HIS-II-2', 'History of Modern Europe', 'आधुनिक यूरोप का इतिहास', '100', '33', '59'],
    ['POL-II-1', 'Indian Government and Politics', 'भारतीय शासन एवं राजनीति', '100', '33', '31'],
    [
      'HIN-II',
      'General Hindi (Knowledge and Expression)',
      'सामान्य हिन्दी (ज्ञान एवं अभिव्यक्ति)',
      '100',
      '33',
      null,
    ],
    ['GEO-II-P', 'Geography Practical: Regional Mapping', geographyHi, '50', '17', '41'],
  ];
  return papers.map(([code, en, hi, max, min, total], i) => ({
    paper_id: code,
    paper_code: code,
    paper_name: b(en, hi),
    paper_type: code.endsWith('-P') ? 'PR' : 'TH',
    max,
    min,
    int: code.endsWith('-P') ? none : m(null),
    ext: code.endsWith('-P') ? none : total === null ? m(null, 'AB') : m(total),
    pr: code.endsWith('-P') ? m(total) : none,
    total: i === 2 ? '33' : total,
    grace: i === 2 ? { marker: '@', marks: '2', rule_id: 'ORD-12' } : null,
    credit: null,
    grade: null,
    grade_point: null,
    credit_points: null,
    paper_result: total === null ? 'AB' : 'P',
  }));
}

export const nepLegend: GradingLegend = {
  bands: [
    ['O', '90', '100', '10', 'Outstanding', 'उत्कृष्ट'],
    ['A+', '80', '90', '9', 'Excellent', 'श्रेष्ठ'],
    ['A', '70', '80', '8', 'Very good', 'अति उत्तम'],
    ['B+', '60', '70', '7', 'Good', 'उत्तम'],
    ['B', '55', '60', '6', 'Above average', 'औसत से ऊपर'],
    ['C', '50', '55', '5', 'Average', 'औसत'],
    ['P', '40', '50', '4', 'Pass', 'उत्तीर्ण'],
    ['F', '0', '40', '0', 'Fail', 'अनुत्तीर्ण'],
  ].map(([grade, min, max, gp, en, hi]) => ({
    grade: grade!,
    min: min!,
    max: max!,
    grade_point: gp!,
    description: b(en!, hi!),
  })),
  sgpa_formula: b(
    'SGPA = Σ(credits × grade point) ÷ Σ credits of the semester',
    'एसजीपीए = Σ(क्रेडिट × ग्रेड अंक) ÷ सेमेस्टर के कुल क्रेडिट',
  ),
  cgpa_formula: b(
    'CGPA = Σ(credits × grade point) ÷ Σ credits of all semesters so far',
    'सीजीपीए = Σ(क्रेडिट × ग्रेड अंक) ÷ अब तक के सभी सेमेस्टरों के कुल क्रेडिट',
  ),
  percentage_formula: b('Percentage = CGPA × 9.5', 'प्रतिशत = सीजीपीए × 9.5'),
  division_rules: {
    en: 'First Division: CGPA ≥ 6.5; Second: ≥ 5.0',
    hi: 'प्रथम श्रेणी: सीजीपीए ≥ 6.5; द्वितीय: ≥ 5.0',
  },
};

export const oldLegend: GradingLegend = {
  bands: [],
  sgpa_formula: null,
  cgpa_formula: null,
  percentage_formula: null,
  division_rules: b(
    'First Division ≥ 60 %, Second ≥ 45 %, Third ≥ 33 % of the aggregate; grace under Ordinance 12 marked @',
    'प्रथम श्रेणी ≥ 60 %, द्वितीय ≥ 45 %, तृतीय ≥ 33 %; अध्यादेश 12 के अंतर्गत कृपांक @ से चिह्नित',
  ),
};

const nepTotals = (sgpa: string, cgpa: string): DocumentTotals => ({
  total: null,
  max_total: null,
  percentage: null,
  division: b('First Division', 'प्रथम श्रेणी'),
  credits_registered: '22',
  credits_earned: '22',
  credit_points: '164',
  sgpa,
  cgpa,
  equivalent_percentage: (Number(cgpa) * 9.5).toFixed(2),
  result_code: 'PASS',
  result: b('PASS', 'उत्तीर्ण'),
  backlogs: [],
});

const revisedRemark = b('Revised after revaluation', 'पुनर्मूल्यांकन के बाद संशोधित');
const coe = b('Controller of Examinations', 'परीक्षा नियंत्रक');
const signatories = [{ title: coe, name: 'Dr. Anjali Verma' }];
const common = (title: BilingualText, n = 7) => ({
  university,
  title,
  student: student(n),
  drafted_on: '2024-07-20',
  signatories,
  remarks: [] as BilingualText[],
});

export const verifyUrl =
  'https://exam.stateuniversity.ac.in/verify/' +
  'eyJ2IjoxLCJzbiI6Ik1TLzIwMjQvMDAwMTIzIiwidCI6Ik1BUktTSEVFVCIsInN0IjoiMjAyM0MxMDEwMDciLCJoIjoiOWYxYyIs' +
  'ImQiOiIyMDI0LTA3LTIyIn0.' +
  'c2lnbmF0dXJlLW9mLTY0LWJ5dGVzLWluLWJhc2U2NHVybC1lZDI1NTE5LXNpZ25hdHVyZS14eHh4eHh4eHh4';

interface DocOptions {
  serial?: string | null;
  stationery?: string | null;
  marker?: 'DUPLICATE' | 'REVISED' | null;
  status?: PrintableDocument['status'];
}

function doc(
  docType: PrintableDocument['doc_type'],
  payload: unknown,
  o: DocOptions = {},
  subtype: string | null = null,
): PrintableDocument {
  const status = o.status ?? 'ISSUED';
  const numbered = status !== 'DRAFTED' && status !== 'CHECKED';
  return printableDocument.parse({
    doc_id: '0b7f1c52-8f3e-4d7a-9a51-2f1e6c3d9a10',
    doc_type: docType,
    subtype,
    template_id: docType.toLowerCase(),
    template_version: 1,
    serial_no: numbered ? (o.serial ?? 'MS/2024/000123') : null,
    stationery_serial: o.stationery ?? null,
    marker: o.marker ?? null,
    status,
    issued_at: status === 'ISSUED' ? '2024-07-22T10:30:00Z' : null,
    verify_url: numbered ? verifyUrl : null,
    payload,
  });
}

export function marksheetNep(o: DocOptions = {}, n = 7): PrintableDocument {
  return doc(
    'MARKSHEET',
    {
      kind: 'MARKSHEET',
      ...common(b('Grade Card (Statement of Marks)', 'ग्रेड कार्ड (अंक विवरण)'), n),
      remarks: o.marker === 'REVISED' ? [revisedRemark] : [],
      programme,
      exam: exam(2, 'NEP'),
      basis: basis(2),
      lines: nepLines(),
      totals: nepTotals('7.45', '7.62'),
      legend: nepLegend,
      checked_by: 'RKS',
      tabulated_by: 'AM',
    },
    o,
  );
}

export function marksheetOld(o: DocOptions = {}): PrintableDocument {
  return doc(
    'MARKSHEET',
    {
      kind: 'MARKSHEET',
      ...common(b('Marksheet', 'अंक पत्र')),
      remarks: [b('Promoted with grace under Ordinance 12', 'अध्यादेश 12 के अंतर्गत कृपांक सहित प्रोन्नत')],
      programme: {
        ...programme,
        name: b(
          'B.A. (General) History, Political Science, Geography',
          'बी.ए. (सामान्य) इतिहास, राजनीति विज्ञान, भूगोल',
        ),
      },
      exam: exam(2, 'OLD'),
      basis: basis(2),
      lines: oldLines(),
      totals: {
        total: '201',
        max_total: '450',
        percentage: '44.67',
        division: b('Third Division', 'तृतीय श्रेणी'),
        credits_registered: null,
        credits_earned: null,
        credit_points: null,
        sgpa: null,
        cgpa: null,
        equivalent_percentage: null,
        result_code: 'PROMOTED',
        result: b('PROMOTED', 'प्रोन्नत'),
        backlogs: ['HIN-II'],
      },
      legend: oldLegend,
      checked_by: 'RKS',
      tabulated_by: 'AM',
    },
    { serial: 'MS/2024/000124', ...o },
  );
}

const oldTotals = (total: string, percentage: string): DocumentTotals => ({
  total,
  max_total: '450',
  percentage,
  division: b('Second Division', 'द्वितीय श्रेणी'),
  credits_registered: null,
  credits_earned: null,
  credit_points: null,
  sgpa: null,
  cgpa: null,
  equivalent_percentage: null,
  result_code: 'PASS',
  result: b('PASS', 'उत्तीर्ण'),
  backlogs: [],
});

/** All four semesters (NEP), or the three parts of an OLD-scheme degree (marks, aggregate, division). */
export function consolidated(
  kind: 'CONSOLIDATED_MARKSHEET' | 'TRANSCRIPT',
  o: DocOptions = {},
  scheme: 'NEP' | 'OLD' = 'NEP',
): PrintableDocument {
  const terms =
    scheme === 'OLD'
      ? [1, 2, 3].map((part) => ({
          exam: {
            ...exam(2, 'OLD'),
            sem_id: String(part),
            name: b(`B.A. Part ${'I'.repeat(part)} Examination`, `बी.ए. भाग ${'I'.repeat(part)} परीक्षा`),
            semester: b(`Part ${'I'.repeat(part)}`, `भाग ${'I'.repeat(part)}`),
          },
          basis: basis(2),
          lines: oldLines().map((l) => ({
            ...l,
            paper_result: l.paper_result === 'AB' ? 'P' : l.paper_result,
            total: l.total ?? '52',
          })),
          totals: oldTotals(['251', '262', '270'][part - 1]!, ['55.78', '58.22', '60.00'][part - 1]!),
        }))
      : [1, 2, 3, 4].map((sem) => ({
          exam: exam(sem, 'NEP'),
          basis: basis(sem),
          lines: nepLines().map((l) => ({
            ...l,
            paper_id: l.paper_id.replace('-2', `-${sem}`),
            paper_code: l.paper_code.replace('-2', `-${sem}`),
          })),
          totals: nepTotals(
            ['7.10', '7.45', '7.80', '8.05'][sem - 1]!,
            ['7.10', '7.28', '7.45', '7.60'][sem - 1]!,
          ),
        }));
  return doc(
    kind,
    {
      kind,
      ...common(
        kind === 'TRANSCRIPT' ? b('Transcript', 'प्रतिलेख') : b('Consolidated Marksheet', 'समेकित अंक पत्र'),
      ),
      programme,
      terms,
      final:
        scheme === 'OLD'
          ? { ...oldTotals('783', '58.00'), max_total: '1350' }
          : {
              ...nepTotals('8.05', '7.60'),
              credits_registered: '88',
              credits_earned: '88',
              credit_points: '668.8',
            },
      admitted_on: '2022-07-15',
      completed_on: '2024-07-15',
      medium: b('Hindi', 'हिन्दी'),
      all_in_first_attempt: true,
      legend: scheme === 'OLD' ? oldLegend : nepLegend,
      purpose: kind === 'TRANSCRIPT' ? 'Higher studies abroad (WES)' : null,
    },
    { serial: kind === 'TRANSCRIPT' ? 'TR/2024/000031' : 'CMS/2024/000057', ...o },
  );
}

export function degree(kind: 'DEGREE' | 'PROVISIONAL_DEGREE', o: DocOptions = {}): PrintableDocument {
  return doc(
    kind,
    {
      kind,
      ...common(
        kind === 'DEGREE'
          ? b('Degree', 'उपाधि')
          : b('Provisional Degree Certificate', 'अनंतिम उपाधि प्रमाण-पत्र'),
      ),
      signatories:
        kind === 'DEGREE'
          ? [
              { title: b('Registrar', 'कुलसचिव'), name: 'Shri Alok Ranjan' },
              { title: b('Vice-Chancellor', 'कुलपति'), name: 'Prof. Meera Shrivastava' },
            ]
          : signatories,
      programme,
      exam: exam(4, 'NEP'),
      basis: basis(4),
      honours: b('with Honours', 'प्रतिष्ठा सहित'),
      division: b('First Division', 'प्रथम श्रेणी'),
      cgpa: '7.60',
      result: b('PASS', 'उत्तीर्ण'),
      exam_month_year: 'May 2024',
      year_of_passing: '2024',
      convocation_date: kind === 'DEGREE' ? '2025-02-12' : null,
      valid_until: kind === 'DEGREE' ? null : '2025-02-28',
    },
    {
      serial: kind === 'DEGREE' ? 'DEG/2025/BA/000789' : 'PDC/2024/000045',
      stationery: kind === 'DEGREE' ? 'SU-A 0045871' : null,
      ...o,
    },
  );
}

export function migration(o: DocOptions = {}): PrintableDocument {
  return doc(
    'MIGRATION',
    {
      kind: 'MIGRATION',
      ...common(b('Migration Certificate', 'प्रव्रजन प्रमाण-पत्र')),
      programme,
      last_exam: b('B.A. Semester IV Examination', 'बी.ए. सेमेस्टर IV परीक्षा'),
      last_exam_year: '2024',
      last_exam_result: b('Passed', 'उत्तीर्ण'),
      reason: o.marker === 'DUPLICATE' ? 'Original lost (FIR 112/2024, Muzaffarpur)' : null,
    },
    { serial: 'MIG/2024/000012', ...o },
  );
}

export function certificate(subtype: CertificateSubtype, o: DocOptions = {}): PrintableDocument {
  const award =
    subtype === 'UG_CERTIFICATE'
      ? b('Undergraduate Certificate in Arts', 'कला में स्नातक प्रमाण-पत्र')
      : subtype === 'UG_DIPLOMA'
        ? b('Undergraduate Diploma in Arts', 'कला में स्नातक डिप्लोमा')
        : null;
  const titles: Partial<Record<CertificateSubtype, BilingualText>> = {
    UG_CERTIFICATE: b('Undergraduate Certificate', 'स्नातक प्रमाण-पत्र'),
    UG_DIPLOMA: b('Undergraduate Diploma', 'स्नातक डिप्लोमा'),
    PASSING: b('Passing Certificate', 'उत्तीर्णता प्रमाण-पत्र'),
    MEDIUM_OF_INSTRUCTION: b('Medium of Instruction Certificate', 'शिक्षण माध्यम प्रमाण-पत्र'),
  };
  const body =
    subtype === 'MEDIUM_OF_INSTRUCTION'
      ? b(
          'This is to certify that Kshitij Dwivedi, Enrolment No. EN20234107, studied the B.A. programme ' +
            'at Gyan Vigyan College from 2022 to 2024 and the medium of instruction and examination was ' +
            'Hindi.',
          'प्रमाणित किया जाता है कि क्षितिज द्विवेदी, नामांकन सं. EN20234107, ने ज्ञान विज्ञान ' +
            'महाविद्यालय में वर्ष 2022 से 2024 तक बी.ए. कार्यक्रम का अध्ययन किया तथा शिक्षण एवं ' +
            'परीक्षा का माध्यम हिन्दी था।',
        )
      : award
        ? b(
            'This is to certify that Kshitij Dwivedi, having earned the credits shown above under the ' +
              'National Education Policy 2020 and chosen to exit after the first year, is awarded the ' +
              `${award.en}.`,
            'प्रमाणित किया जाता है कि क्षितिज द्विवेदी को राष्ट्रीय शिक्षा नीति 2020 के अंतर्गत ' +
              'ऊपर दर्शाए गए क्रेडिट अर्जित करने तथा प्रथम वर्ष के बाद निकास चुनने पर ' +
              `${award.hi} प्रदान किया जाता है।`,
          )
        : b(
            'This is to certify that Kshitij Dwivedi has passed the B.A. Semester IV Examination held in ' +
              'May 2024 in First Division (CGPA 7.60).',
            'प्रमाणित किया जाता है कि क्षितिज द्विवेदी ने मई 2024 में आयोजित बी.ए. सेमेस्टर IV ' +
              'परीक्षा प्रथम श्रेणी (सीजीपीए 7.60) में उत्तीर्ण की है।',
          );
  return doc(
    'CERTIFICATE',
    {
      kind: 'CERTIFICATE',
      subtype,
      ...common(titles[subtype] ?? b('Certificate', 'प्रमाण-पत्र')),
      signatories: [
        { title: b('Registrar', 'कुलसचिव'), name: 'Shri Alok Ranjan' },
        { title: b('Controller of Examinations', 'परीक्षा नियंत्रक'), name: 'Dr. Anjali Verma' },
      ],
      programme,
      exam: award ? exam(2, 'NEP') : exam(4, 'NEP'),
      basis: award ? basis(2) : basis(4),
      body,
      award,
      credits_earned: award ? (subtype === 'UG_CERTIFICATE' ? '46' : '92') : null,
      medium: subtype === 'MEDIUM_OF_INSTRUCTION' ? b('Hindi', 'हिन्दी') : null,
      legend: subtype === 'PASSING' ? nepLegend : null,
    },
    { serial: 'CRT/2024/000008', ...o },
    subtype,
  );
}
