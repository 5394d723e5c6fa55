import { nadColumns, type MarksheetPayload } from '@exam/contracts';

/**
 * The NAD (National Academic Depository) upload of an exam's ISSUED marksheets: one CSV line per paper of
 * each marksheet, in NAD's columns (contracts `nadColumns`), from the frozen payload alone.
 */

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

type NadValues = Record<(typeof nadColumns)[number], unknown>;

function lineValues(
  p: MarksheetPayload,
  line: MarksheetPayload['lines'][number],
  row: { serial_no: string; doc_type: string },
): NadValues {
  const obtained = line.total ?? [line.int, line.ext, line.pr].map((c) => c.status).find(Boolean) ?? '';
  return {
    ORG_CODE: p.university.org_code,
    ORG_NAME: p.university.name.en,
    ORG_NAME_L: p.university.name.hi,
    ACADEMIC_COURSE_ID: p.programme.course_comb_id,
    COURSE_NAME: p.programme.name.en,
    COURSE_NAME_L: p.programme.name.hi,
    STREAM: p.programme.stream?.en ?? '',
    SESSION: p.exam.session,
    REGN_NO: p.student.enrolment_no,
    RROLL: p.student.roll_no,
    ABC_ID: p.student.abc_id,
    STUDENT_NAME: p.student.name.en,
    STUDENT_NAME_L: p.student.name.hi,
    FATHER_NAME: p.student.father_name?.en,
    MOTHER_NAME: p.student.mother_name?.en,
    DATE_OF_BIRTH: p.student.date_of_birth,
    GENDER: p.student.gender,
    SEMESTER: p.exam.sem_id,
    INSTITUTION_NAME: p.student.college.name.en,
    INSTITUTION_CODE: p.student.college.code ?? p.student.college.college_id,
    EXAM_SESSION: p.exam.cycle ?? p.exam.session,
    SUBJECT_CODE: line.paper_code,
    SUBJECT_NAME: line.paper_name.en,
    MAX_MARKS: line.max,
    MARKS_OBTAINED: obtained,
    GRADE: line.grade,
    CREDIT: line.credit,
    RESULT_STATUS: line.paper_result,
    TOTAL_MARKS: p.totals.total,
    TOTAL_MAX: p.totals.max_total,
    PERCENTAGE: p.totals.percentage ?? p.totals.equivalent_percentage,
    DIVISION: p.totals.division?.en,
    SGPA: p.totals.sgpa,
    CGPA: p.totals.cgpa,
    RESULT: p.totals.result_code,
    RESULT_DATE: p.basis.published_on,
    DOC_SERIAL: row.serial_no,
    DOC_TYPE: row.doc_type,
  };
}

/** The CSV (with a BOM, CRLF lines) of the marksheets' lines. */
export function nadCsv(rows: ReadonlyArray<{ serial_no: string; doc_type: string; payload: unknown }>) {
  const lines = [nadColumns.join(',')];
  for (const row of rows) {
    const p = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as MarksheetPayload;
    for (const line of p.lines) {
      const values = lineValues(p, line, row);
      lines.push(nadColumns.map((c) => csvCell(values[c])).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
