import { rulesetPresets } from '@exam/contracts';

/**
 * Realistic demo master data for a fresh embedded database: two sessions of an Indian state
 * university's undergraduate programmes, with semesters, papers, their marks schemes, exams and cycles.
 */

export const demoSessions = [
  {
    session_id: '2023-24',
    session_name: 'Academic Session 2023-24',
    current_status: 'Closed',
    session_disc: 'Academic session July 2023 to June 2024',
    session_short_disc: '2023-24',
    session_format_1: '2023-2024',
    session_format_2: 'JUL 2023 - JUN 2024',
    session_format_3: '23-24',
  },
  {
    session_id: '2024-25',
    session_name: 'Academic Session 2024-25',
    current_status: 'Active',
    session_disc: 'Academic session July 2024 to June 2025',
    session_short_disc: '2024-25',
    session_format_1: '2024-2025',
    session_format_2: 'JUL 2024 - JUN 2025',
    session_format_3: '24-25',
  },
];

export const demoCourses = [
  {
    course_comb_id: 'BA01',
    course_id: 'BA',
    course_comb_code: 'BA-HEH',
    course_comb_name1: 'Bachelor of Arts',
    course_comb_name2: 'Hindi, English, History',
    course_comb_name3: 'B.A. (H-E-H)',
    course_comb_name4: 'B.A. Hindi-English-History',
    th_pr_id: 'TH',
    remark: 'Three-year programme, semester scheme',
    course_comb_name_hi: 'बी.ए. हिन्दी-अंग्रेज़ी-इतिहास',
    duration_years: 3,
    programme_level: 'UG' as const,
  },
  {
    course_comb_id: 'BA02',
    course_id: 'BA',
    course_comb_code: 'BA-PEG',
    course_comb_name1: 'Bachelor of Arts',
    course_comb_name2: 'Political Science, Economics, Geography',
    course_comb_name3: 'B.A. (P-E-G)',
    course_comb_name4: 'B.A. Political Science-Economics-Geography',
    th_pr_id: 'TP',
    remark: 'Geography has practicals',
    course_comb_name_hi: 'बी.ए. राजनीति विज्ञान-अर्थशास्त्र-भूगोल',
    duration_years: 3,
    programme_level: 'UG' as const,
  },
  {
    course_comb_id: 'BSC01',
    course_id: 'BSC',
    course_comb_code: 'BSC-PCM',
    course_comb_name1: 'Bachelor of Science',
    course_comb_name2: 'Physics, Chemistry, Mathematics',
    course_comb_name3: 'B.Sc. (PCM)',
    course_comb_name4: 'B.Sc. Physics-Chemistry-Mathematics',
    th_pr_id: 'TP',
    remark: 'Practicals in Physics and Chemistry',
    course_comb_name_hi: 'बी.एससी. भौतिकी-रसायन-गणित',
    duration_years: 3,
    programme_level: 'UG' as const,
  },
  {
    course_comb_id: 'BSC02',
    course_id: 'BSC',
    course_comb_code: 'BSC-ZBC',
    course_comb_name1: 'Bachelor of Science',
    course_comb_name2: 'Zoology, Botany, Chemistry',
    course_comb_name3: 'B.Sc. (ZBC)',
    course_comb_name4: 'B.Sc. Zoology-Botany-Chemistry',
    th_pr_id: 'TP',
    remark: null,
    course_comb_name_hi: 'बी.एससी. प्राणीशास्त्र-वनस्पतिशास्त्र-रसायन',
    duration_years: 3,
    programme_level: 'UG' as const,
  },
  {
    course_comb_id: 'BCOM01',
    course_id: 'BCOM',
    course_comb_code: 'BCOM-GEN',
    course_comb_name1: 'Bachelor of Commerce',
    course_comb_name2: 'General',
    course_comb_name3: 'B.Com.',
    course_comb_name4: 'B.Com. General',
    th_pr_id: 'TH',
    remark: null,
    course_comb_name_hi: 'बी.कॉम. सामान्य',
    duration_years: 3,
    programme_level: 'UG' as const,
  },
  {
    course_comb_id: 'MA01',
    course_id: 'MA',
    course_comb_code: 'MA-HIN',
    course_comb_name1: 'Master of Arts',
    course_comb_name2: 'Hindi',
    course_comb_name3: 'M.A. (Hindi)',
    course_comb_name4: 'M.A. Hindi',
    th_pr_id: 'TH',
    remark: 'Two-year programme',
    course_comb_name_hi: 'एम.ए. हिन्दी',
    duration_years: 2,
    programme_level: 'PG' as const,
  },
];

const roman = ['I', 'II', 'III', 'IV', 'V', 'VI'];
export const demoSemesters = roman.map((r, i) => ({
  sem_id: String(i + 1),
  sem_name: `Semester ${r}`,
  sem_disc1: `Semester ${r}`,
  sem_disc2: `Sem-${r}`,
  sem_disc3: `Part ${Math.ceil((i + 1) / 2)}`,
  sem_disc4: `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'} Semester`,
}));

/** Teaching departments (the demo faculty users belong to HIN and PHY); POL has no paper yet. */
export const demoDepartments = [
  { dept_id: 'HIN', dept_name: 'Department of Hindi', dept_name_hi: 'हिन्दी विभाग' },
  { dept_id: 'ENG', dept_name: 'Department of English', dept_name_hi: 'अंग्रेज़ी विभाग' },
  { dept_id: 'HIS', dept_name: 'Department of History', dept_name_hi: 'इतिहास विभाग' },
  { dept_id: 'PHY', dept_name: 'Department of Physics', dept_name_hi: 'भौतिक विज्ञान विभाग' },
  { dept_id: 'CHE', dept_name: 'Department of Chemistry', dept_name_hi: 'रसायन विज्ञान विभाग' },
  { dept_id: 'MAT', dept_name: 'Department of Mathematics', dept_name_hi: 'गणित विभाग' },
  { dept_id: 'POL', dept_name: 'Department of Political Science', dept_name_hi: 'राजनीति विज्ञान विभाग' },
];

/** Affiliated colleges; C101 is the demo college faculty user's. */
export const demoColleges = [
  {
    college_id: 'C101',
    college_name: 'Government College, Ajmer',
    college_name_hi: 'राजकीय महाविद्यालय, अजमेर',
    college_code: 'GCA',
    district: 'Ajmer',
    college_type: 'GOVT' as const,
    is_centre: 1,
  },
  {
    college_id: 'C102',
    college_name: 'Maharana Pratap Mahavidyalaya, Udaipur',
    college_name_hi: 'महाराणा प्रताप महाविद्यालय, उदयपुर',
    college_code: 'MPM',
    district: 'Udaipur',
    college_type: 'AIDED' as const,
    is_centre: 1,
  },
  {
    college_id: 'C103',
    college_name: 'Shiksha Bharati College, Bhilwara',
    college_name_hi: 'शिक्षा भारती महाविद्यालय, भीलवाड़ा',
    college_code: 'SBC',
    district: 'Bhilwara',
    college_type: 'PRIVATE' as const,
    is_centre: 0,
  },
  {
    college_id: 'C104',
    college_name: 'University College of Arts and Science',
    college_name_hi: 'विश्वविद्यालय कला एवं विज्ञान महाविद्यालय',
    college_code: 'UCAS',
    district: 'Ajmer',
    college_type: 'CONSTITUENT' as const,
    is_centre: 1,
  },
];

export const demoPapers = [
  {
    paper_id: 'HIN101',
    paper_name: 'Hindi Kavya (Poetry) I',
    paper_code: 'HIN-101',
    paper_desc: 'Adikal and Bhaktikal poetry',
    paper_code_desc: 'Hindi Paper I',
    paper_name_hi: 'हिन्दी काव्य (पद्य) I',
    dept_id: 'HIN',
  },
  {
    paper_id: 'HIN102',
    paper_name: 'Hindi Gadya (Prose) I',
    paper_code: 'HIN-102',
    paper_desc: 'Modern Hindi prose',
    paper_code_desc: 'Hindi Paper II',
    paper_name_hi: 'हिन्दी गद्य I',
    dept_id: 'HIN',
  },
  {
    paper_id: 'ENG101',
    paper_name: 'English Prose and Grammar',
    paper_code: 'ENG-101',
    paper_desc: 'Essays, comprehension and usage',
    paper_code_desc: 'English Paper I',
    paper_name_hi: 'अंग्रेज़ी गद्य एवं व्याकरण',
    dept_id: 'ENG',
  },
  {
    paper_id: 'ENG102',
    paper_name: 'English Poetry',
    paper_code: 'ENG-102',
    paper_desc: 'Chaucer to the Romantics',
    paper_code_desc: 'English Paper II',
    paper_name_hi: 'अंग्रेज़ी काव्य',
    dept_id: 'ENG',
  },
  {
    paper_id: 'HIS101',
    paper_name: 'History of Ancient India',
    paper_code: 'HIS-101',
    paper_desc: 'Prehistory to 650 CE',
    paper_code_desc: 'History Paper I',
    paper_name_hi: 'प्राचीन भारत का इतिहास',
    dept_id: 'HIS',
  },
  {
    paper_id: 'HIS102',
    paper_name: 'History of Medieval India',
    paper_code: 'HIS-102',
    paper_desc: '650 CE to 1526 CE',
    paper_code_desc: 'History Paper II',
    paper_name_hi: 'मध्यकालीन भारत का इतिहास',
    dept_id: 'HIS',
  },
  {
    paper_id: 'PHY101',
    paper_name: 'Mechanics and Properties of Matter',
    paper_code: 'PHY-101',
    paper_desc: 'Newtonian mechanics, elasticity',
    paper_code_desc: 'Physics Theory I',
    paper_name_hi: 'यांत्रिकी एवं द्रव्य के गुण',
    dept_id: 'PHY',
  },
  {
    paper_id: 'PHY101P',
    paper_name: 'Physics Practical I',
    paper_code: 'PHY-101P',
    paper_desc: 'Laboratory experiments',
    paper_code_desc: 'Physics Practical I',
    paper_name_hi: 'भौतिकी प्रायोगिक I',
    dept_id: 'PHY',
  },
  {
    paper_id: 'CHE101',
    paper_name: 'Inorganic Chemistry I',
    paper_code: 'CHE-101',
    paper_desc: 'Atomic structure, periodic properties',
    paper_code_desc: 'Chemistry Theory I',
    paper_name_hi: 'अकार्बनिक रसायन I',
    dept_id: 'CHE',
  },
  {
    paper_id: 'CHE101P',
    paper_name: 'Chemistry Practical I',
    paper_code: 'CHE-101P',
    paper_desc: 'Qualitative analysis',
    paper_code_desc: 'Chemistry Practical I',
    paper_name_hi: 'रसायन प्रायोगिक I',
    dept_id: 'CHE',
  },
  {
    paper_id: 'MAT101',
    paper_name: 'Differential Calculus',
    paper_code: 'MAT-101',
    paper_desc: 'Limits, continuity, derivatives',
    paper_code_desc: 'Mathematics Paper I',
    paper_name_hi: 'अवकल गणित',
    dept_id: 'MAT',
  },
  {
    paper_id: 'MAT102',
    paper_name: 'Algebra and Trigonometry',
    paper_code: 'MAT-102',
    paper_desc: 'Matrices, theory of equations',
    paper_code_desc: 'Mathematics Paper II',
    paper_name_hi: 'बीजगणित एवं त्रिकोणमिति',
    dept_id: 'MAT',
  },
  {
    paper_id: 'ENV101',
    paper_name: 'Environmental Studies',
    paper_code: 'AECC-101',
    paper_desc: 'Ability enhancement compulsory course',
    paper_code_desc: 'AECC',
    paper_name_hi: 'पर्यावरण अध्ययन',
    dept_id: null,
  },
];

type Scheme = {
  th_pr_status: 'TH' | 'PR';
  paper_type: 0 | 1 | 2;
  max_marks: string;
  min_marks: string;
  ext_max_marks: string | null;
  ext_min_marks: string | null;
  int_max_marks: string | null;
  int_min_marks: string | null;
  credit_point: string;
};
const theory: Scheme = {
  th_pr_status: 'TH',
  paper_type: 0,
  max_marks: '100',
  min_marks: '36',
  ext_max_marks: '75',
  ext_min_marks: '27',
  int_max_marks: '25',
  int_min_marks: '9',
  credit_point: '4',
};
const practical: Scheme = {
  th_pr_status: 'PR',
  paper_type: 1,
  max_marks: '50',
  min_marks: '18',
  ext_max_marks: '50',
  ext_min_marks: '18',
  int_max_marks: null,
  int_min_marks: null,
  credit_point: '2',
};
const internalOnly: Scheme = {
  th_pr_status: 'TH',
  paper_type: 2,
  max_marks: '50',
  min_marks: '18',
  ext_max_marks: null,
  ext_min_marks: null,
  int_max_marks: '50',
  int_min_marks: '18',
  credit_point: '2',
};

/** Papers of semesters 1 and 2 of each combination in 2024-25 (and semester 1 in 2023-24). */
const curriculum: Record<
  string,
  Record<string, Array<[string, Scheme, { elective?: boolean; group?: string }?]>>
> = {
  BA01: {
    '1': [
      ['HIN101', theory],
      ['ENG101', theory],
      ['HIS101', theory],
      ['ENV101', internalOnly],
    ],
    '2': [
      ['HIN102', theory],
      ['ENG102', theory, { elective: true, group: 'G1' }],
      ['HIS102', theory, { elective: true, group: 'G1' }],
    ],
  },
  BSC01: {
    '1': [
      ['PHY101', theory],
      ['PHY101P', practical],
      ['CHE101', theory],
      ['CHE101P', practical],
      ['MAT101', theory],
      ['ENV101', internalOnly],
    ],
    '2': [['MAT102', theory]],
  },
};

export const demoCcinfoSems = [
  ...['BA01', 'BA02', 'BSC01', 'BSC02', 'BCOM01'].flatMap((course) =>
    ['1', '2'].map((sem) => ({ session_id: '2024-25', course_comb_id: course, sem_id: sem })),
  ),
  { session_id: '2024-25', course_comb_id: 'MA01', sem_id: '1' },
  { session_id: '2023-24', course_comb_id: 'BA01', sem_id: '1' },
  { session_id: '2023-24', course_comb_id: 'BSC01', sem_id: '1' },
];

export const demoPaperInfoSems = [
  ...Object.entries(curriculum).flatMap(([course, sems]) =>
    Object.entries(sems).flatMap(([sem, papers]) =>
      papers.map(([paper, scheme, options]) => ({
        session_id: '2024-25',
        course_comb_id: course,
        sem_id: sem,
        paper_id: paper,
        scheme,
        options,
      })),
    ),
  ),
  ...Object.entries(curriculum).flatMap(([course, sems]) =>
    (sems['1'] ?? []).map(([paper, scheme, options]) => ({
      session_id: '2023-24',
      course_comb_id: course,
      sem_id: '1',
      paper_id: paper,
      scheme,
      options,
    })),
  ),
].map(({ scheme, options, ...key }) => ({
  ...key,
  ...scheme,
  group_status: options?.group ? ('Y' as const) : ('N' as const),
  group_code: (options?.group ?? 'NG') as 'NG' | 'G1',
  paper_score_status: 'Y' as const,
  elective_status: options?.elective ? 1 : 0,
  // The environmental studies paper is an ability-enhancement course.
  course_category: key.paper_id === 'ENV101' ? ('AEC' as const) : null,
}));

export const demoExams = [
  {
    exam_id: 'MAIN-DEC-2023',
    exam_desc: 'Main Examination (Odd Semesters) December 2023',
    active_status: 0,
    session_id: '2023-24',
    rti: '2023-1',
  },
  {
    exam_id: 'MAIN-MAY-2024',
    exam_desc: 'Main Examination (Even Semesters) May 2024',
    active_status: 0,
    session_id: '2023-24',
    rti: '2024-1',
  },
  {
    exam_id: 'MAIN-DEC-2024',
    exam_desc: 'Main Examination (Odd Semesters) December 2024',
    active_status: 1,
    session_id: '2024-25',
    rti: '2024-2',
  },
  {
    exam_id: 'SUPP-FEB-2025',
    exam_desc: 'Supplementary Examination February 2025',
    active_status: 0,
    session_id: '2024-25',
    rti: '2025-1',
  },
];

export const demoExamCycles = [
  { rti: '2023-1', student_exam_cycle: 'December 2023 (Odd Semester)' },
  { rti: '2024-1', student_exam_cycle: 'May 2024 (Even Semester)' },
  { rti: '2024-2', student_exam_cycle: 'December 2024 (Odd Semester)' },
  { rti: '2025-1', student_exam_cycle: 'February 2025 (Supplementary)' },
];

/**
 * The ready-made rule sets (lifecycle spec §4.3, §4.6, §4.7, §8): OLD division variants A–D, CBCS and NEP, as
 * version 1 of each, ACTIVE, not yet tied to an admission session. A university adopts one by making a
 * version of its own with its session and numbers.
 */
export const demoRulesets = rulesetPresets.map((preset) => ({
  ruleset_id: preset.ruleset_id,
  version: preset.version,
  scheme: preset.scheme,
  title: preset.title,
  rules: preset.rules,
  status: 'ACTIVE' as const,
}));
