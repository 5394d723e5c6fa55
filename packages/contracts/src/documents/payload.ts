import { z } from 'zod';

/**
 * The frozen snapshot of every value a document prints (lifecycle §5.1 "payload", §5.2 fields per document),
 * in English and Hindi (the regional language). It is taken once, when the document is drafted, from a
 * PUBLISHED result version (marksheets, transcripts, degrees) or from the student's record (migration,
 * certificates), and is never recomputed: the PDF is rendered from it alone, and its SHA-256 (`payload_hash`)
 * is what the verification token signs. Decimals are strings ("66.57"), never floats; absent values are null,
 * never guessed.
 */

const text = z.string().nullable();
/** A value printed in English and in Hindi; `hi` null when the university recorded no Hindi text. */
export const bilingualText = z.object({ en: z.string(), hi: z.string().nullable() });
export type BilingualText = z.infer<typeof bilingualText>;

/** The university and the issuing office: the common header of every document (§5.2). */
export const documentUniversity = z.object({
  name: bilingualText,
  /** "Muzaffarpur, Bihar": the place of issue. */
  place: text,
  /** A stored logo (files module reference) or null. */
  logo_file: text,
  /** NAD/DigiLocker organisation code (ORG_CODE), when registered. */
  org_code: text,
});
export type DocumentUniversity = z.infer<typeof documentUniversity>;

/** The student as printed: names in both languages, parents, numbers, college and photo. */
export const documentStudent = z.object({
  student_id: z.string(),
  name: bilingualText,
  father_name: bilingualText.nullable(),
  mother_name: bilingualText.nullable(),
  date_of_birth: text,
  gender: text,
  enrolment_no: text,
  roll_no: text,
  /** ABC/APAAR id (NEP). */
  abc_id: text,
  college: z.object({ college_id: z.string(), name: bilingualText, code: text, place: text }),
  /** regular / ex / back / private. */
  candidate_type: text,
  /** "regular", "distance", "part-time" (UGC asks degrees to print the mode of study). */
  mode_of_study: text,
  /**
   * The student's photograph: a stored file reference (files module id or path), or null when none is on
   * record.
   */
  photo_file: text,
});
export type DocumentStudent = z.infer<typeof documentStudent>;

/** The programme and examination a document speaks of. */
export const documentProgramme = z.object({
  course_comb_id: z.string(),
  /** "B.A. (Hons.) History" / "बी.ए. (प्रतिष्ठा) इतिहास". */
  name: bilingualText,
  /** The degree's title, e.g. "Bachelor of Arts". */
  degree_title: bilingualText.nullable(),
  /** Subjects/major/minor, e.g. "History (Major), Political Science (Minor)". */
  subjects: bilingualText.nullable(),
  stream: bilingualText.nullable(),
});
export type DocumentProgramme = z.infer<typeof documentProgramme>;

export const documentExam = z.object({
  exam_id: z.string(),
  /** exam_desc: "B.A. Part I Examination". */
  name: bilingualText,
  /** student_exam_cycle: "May 2024". */
  cycle: text,
  session_id: z.string(),
  /** "2023-24". */
  session: text,
  sem_id: text,
  /** "Semester I" / "सेमेस्टर I", or "Part I". */
  semester: bilingualText.nullable(),
  /** OLD, NEW or NEP. */
  scheme: z.string(),
});
export type DocumentExam = z.infer<typeof documentExam>;

/** One mark component as printed: a decimal, or a status (AB, UFM, RL, WH, EX), or nothing. */
export const printedMark = z.object({ value: text, status: text });
export type PrintedMark = z.infer<typeof printedMark>;

/** One paper's line on a marksheet (old: max/min/marks/total; new: credit/grade/GP/credit points). */
export const marksheetLine = z.object({
  paper_id: z.string(),
  paper_code: z.string(),
  paper_name: bilingualText,
  /** TH (theory) or PR (practical). */
  paper_type: z.string(),
  max: text,
  min: text,
  int: printedMark,
  ext: printedMark,
  pr: printedMark,
  total: text,
  /** "*" (or the printed grace sign) when grace marks were added, with the marks and rule. */
  grace: z.object({ marker: z.string(), marks: z.string(), rule_id: z.string() }).nullable(),
  credit: text,
  grade: text,
  grade_point: text,
  credit_points: text,
  /** P, F, AB, UFM, RW, RL, EX, S, U. */
  paper_result: z.string(),
});
export type MarksheetLine = z.infer<typeof marksheetLine>;

/** A band of the grading legend printed on the reverse: "O  ≥ 90  10". */
export const documentGradingBand = z.object({
  grade: z.string(),
  min: text,
  max: text,
  grade_point: text,
  description: bilingualText.nullable(),
});
export type DocumentGradingBand = z.infer<typeof documentGradingBand>;

/**
 * The grading legend: bands, the SGPA/CGPA formulas and the CGPA→percentage conversion, printed as text
 * (§5.2).
 */
export const gradingLegend = z.object({
  bands: z.array(documentGradingBand),
  sgpa_formula: bilingualText.nullable(),
  cgpa_formula: bilingualText.nullable(),
  /** "Percentage = CGPA × 10" (or the university's formula), in both languages. */
  percentage_formula: bilingualText.nullable(),
  /** Divisions (OLD scheme): "I ≥ 60 %, II ≥ 45 %, III ≥ 33 %". */
  division_rules: bilingualText.nullable(),
});
export type GradingLegend = z.infer<typeof gradingLegend>;

/** The result's totals and verdict as printed. */
export const documentTotals = z.object({
  /** OLD: aggregate and its maximum, percentage. */
  total: text,
  max_total: text,
  percentage: text,
  division: bilingualText.nullable(),
  /** NEW/NEP. */
  credits_registered: text,
  credits_earned: text,
  credit_points: text,
  sgpa: text,
  cgpa: text,
  /** Equivalent percentage of the CGPA by the legend's formula (null when none applies). */
  equivalent_percentage: text,
  /** PASS, PASS_GRACE, PROMOTED, FAIL, ... and as printed in both languages. */
  result_code: z.string(),
  result: bilingualText,
  /** Papers still owed (PROMOTED with back in ...). */
  backlogs: z.array(z.string()),
});
export type DocumentTotals = z.infer<typeof documentTotals>;

/** The published result version a document was built from. */
export const resultBasis = z.object({
  exam_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  version: z.number().int(),
  run_id: z.string().nullable(),
  ruleset_id: z.string().nullable(),
  ruleset_version: z.number().int().nullable(),
  notification_no: text,
  /** Date of declaration (the publication), ISO date. */
  published_on: text,
});
export type ResultBasis = z.infer<typeof resultBasis>;

/** The signatory blocks printed at the foot ("Controller of Examinations", "Vice-Chancellor", ...). */
export const signatory = z.object({ title: bilingualText, name: text });
export type Signatory = z.infer<typeof signatory>;

const common = {
  university: documentUniversity,
  /** The document's title as printed: "Marksheet" / "अंक पत्र". */
  title: bilingualText,
  student: documentStudent,
  /**
   * Date and place of issue are printed from the document (issued_at); the drafting date is recorded here.
   */
  drafted_on: z.string(),
  signatories: z.array(signatory),
  /** Free remarks ("Revised after revaluation", grace ordinance, improvement). */
  remarks: z.array(bilingualText),
};

/** Semester/part marksheet (statement of marks / grade card), OLD and NEW/NEP layouts (§5.2). */
export const marksheetPayload = z.object({
  kind: z.literal('MARKSHEET'),
  ...common,
  programme: documentProgramme,
  exam: documentExam,
  basis: resultBasis,
  lines: z.array(marksheetLine),
  totals: documentTotals,
  legend: gradingLegend,
  /** "checked by / tabulated by" initials, when the university prints them. */
  checked_by: text,
  tabulated_by: text,
});
export type MarksheetPayload = z.infer<typeof marksheetPayload>;

/** One semester/part of a consolidated marksheet or transcript. */
export const transcriptTerm = z.object({
  exam: documentExam,
  basis: resultBasis,
  lines: z.array(marksheetLine),
  totals: documentTotals,
});
export type TranscriptTerm = z.infer<typeof transcriptTerm>;

/** Consolidated marksheet and transcript: every semester/part, final CGPA or aggregate, legend (§5.2). */
export const consolidatedPayload = z.object({
  kind: z.enum(['CONSOLIDATED_MARKSHEET', 'TRANSCRIPT']),
  ...common,
  programme: documentProgramme,
  terms: z.array(transcriptTerm),
  final: documentTotals,
  /** Admission and completion (duration), medium of instruction. */
  admitted_on: text,
  completed_on: text,
  medium: bilingualText.nullable(),
  all_in_first_attempt: z.boolean().nullable(),
  legend: gradingLegend,
  /** Transcripts: why requested (job, higher study abroad). */
  purpose: text,
});
export type ConsolidatedPayload = z.infer<typeof consolidatedPayload>;

/** Provisional degree certificate and degree (§5.2). */
export const degreePayload = z.object({
  kind: z.enum(['PROVISIONAL_DEGREE', 'DEGREE']),
  ...common,
  programme: documentProgramme,
  exam: documentExam,
  basis: resultBasis,
  /** "NEP: with Honours/Research". */
  honours: bilingualText.nullable(),
  /** Division/class or CGPA as printed. */
  division: bilingualText.nullable(),
  cgpa: text,
  result: bilingualText,
  /** "May 2024": month and year of the examination. */
  exam_month_year: text,
  year_of_passing: text,
  /** Degree: the convocation date; provisional: valid until (the next convocation or a date). */
  convocation_date: text,
  valid_until: text,
});
export type DegreePayload = z.infer<typeof degreePayload>;

/** Migration certificate (§5.2): no objection to joining another university; from the student's record. */
export const migrationPayload = z.object({
  kind: z.literal('MIGRATION'),
  ...common,
  programme: documentProgramme.nullable(),
  /** The last examination passed or appeared, and its year. */
  last_exam: bilingualText.nullable(),
  last_exam_year: text,
  last_exam_result: bilingualText.nullable(),
  /** A duplicate needs the reason (lost). */
  reason: text,
});
export type MigrationPayload = z.infer<typeof migrationPayload>;

/** Certificate subtypes (§5.2 [CFG]). */
export const certificateSubtypes = [
  'UG_CERTIFICATE',
  'UG_DIPLOMA',
  'PASSING',
  'MEDIUM_OF_INSTRUCTION',
  'GRADING_SCHEME',
  'ATTEMPT',
  'CHARACTER',
] as const;
export const certificateSubtype = z.enum(certificateSubtypes);
export type CertificateSubtype = z.infer<typeof certificateSubtype>;

/**
 * Certificates: a body text in both languages, plus the facts it states (exit award with credits and ABC id,
 * ...).
 */
export const certificatePayload = z.object({
  kind: z.literal('CERTIFICATE'),
  subtype: certificateSubtype,
  ...common,
  programme: documentProgramme.nullable(),
  exam: documentExam.nullable(),
  basis: resultBasis.nullable(),
  /** The certifying sentence(s). */
  body: bilingualText,
  /** NEP exit award ("UG Certificate in Arts") and its credits. */
  award: bilingualText.nullable(),
  credits_earned: text,
  medium: bilingualText.nullable(),
  legend: gradingLegend.nullable(),
});
export type CertificatePayload = z.infer<typeof certificatePayload>;

/** The payload of any document, told apart by `kind` (= doc_type). */
export const documentPayload = z.discriminatedUnion('kind', [
  marksheetPayload,
  consolidatedPayload,
  degreePayload,
  migrationPayload,
  certificatePayload,
]);
export type DocumentPayload = z.infer<typeof documentPayload>;
