import type { IssuingDetailKey } from '@exam/contracts';
import type { StoredResultVersion } from '../results/index.ts';
import { q, type Reader } from './sql.ts';

/** The SQL of the snapshot: the student, programme, exam, rule set, papers and issuing details printed. */

/** A student as a document prints it, with its college. */
export interface StudentRow {
  student_id: string;
  name_en: string;
  name_hi: string | null;
  father_name_en: string | null;
  father_name_hi: string | null;
  mother_name_en: string | null;
  mother_name_hi: string | null;
  dob: string;
  gender: string;
  abc_id: string | null;
  college_id: string;
  photo_sha256: string | null;
  status: string;
  college_name: string;
  college_name_hi: string | null;
  college_code: string | null;
  district: string | null;
}

/** The student and its college, if the student exists. */
export async function studentRowOf(db: Reader, studentId: string): Promise<StudentRow | undefined> {
  const [row] = await q<StudentRow>(
    db,
    `SELECT s.student_id, s.name_en, s.name_hi, s.father_name_en, s.father_name_hi, s.mother_name_en,
            s.mother_name_hi, s.dob, s.gender, s.abc_id, s.college_id, s.photo_sha256, s.status,
            c.college_name, c.college_name_hi, c.college_code, c.district
       FROM student s
       JOIN college c ON c.college_id = s.college_id
      WHERE s.student_id = $1`,
    [studentId],
  );
  return row;
}

/** The programme's names (course combination), if it is known. */
export async function courseNamesOf(db: Reader, courseCombId: string) {
  const [row] = await q<{
    course_comb_name4: string;
    course_comb_name_hi: string | null;
    course_comb_name1: string | null;
  }>(
    db,
    `SELECT course_comb_name4, course_comb_name_hi, course_comb_name1
       FROM course
      WHERE course_comb_id = $1`,
    [courseCombId],
  );
  return row;
}

/** The exam's description, cycle, session name and semester names of a result. */
export async function examNamesOf(db: Reader, r: StoredResultVersion) {
  const [row] = await q<{
    exam_desc: string | null;
    student_exam_cycle: string | null;
    session_name: string | null;
    sem_name: string | null;
    sem_disc1: string | null;
  }>(
    db,
    `SELECT e.exam_desc, y.student_exam_cycle, ss.session_name, sp.sem_name, sp.sem_disc1
       FROM exam e
       LEFT JOIN examcycle y ON y.rti = e.rti
       LEFT JOIN session ss ON ss.session_id = $2
       LEFT JOIN sempart sp ON sp.sem_id = $3
      WHERE e.exam_id = $1`,
    [r.exam_id, r.session_id, r.sem_id],
  );
  return row;
}

/** The rule set a result was computed with (its rules as stored). */
export async function rulesetRowOf(db: Reader, r: StoredResultVersion) {
  const [row] = await q<{ ruleset_id: string; version: number; scheme: string; rules: unknown }>(
    db,
    `SELECT ruleset_id, version, scheme::text AS scheme, rules
       FROM ruleset
      WHERE ruleset_id = $1 AND version = $2`,
    [r.ruleset_id, r.ruleset_version],
  );
  return row;
}

/** A paper of a result's lines, with its syllabus entry (maximum and minimum marks, theory or practical). */
export interface PaperRow {
  paper_id: string;
  paper_name: string;
  paper_name_hi: string | null;
  paper_code: string | null;
  max_marks: string | null;
  min_marks: string | null;
  th_pr_status: string | null;
}

/** The papers of a result's lines. */
export function papersOf(db: Reader, r: StoredResultVersion) {
  return q<PaperRow>(
    db,
    `SELECT p.paper_id, p.paper_name, p.paper_name_hi, p.paper_code, i.max_marks, i.min_marks,
            i.th_pr_status::text AS th_pr_status
       FROM paper p
       LEFT JOIN paperinfosem i
         ON i.paper_id = p.paper_id AND i.session_id = $2 AND i.course_comb_id = $3 AND i.sem_id = $4
      WHERE p.paper_id = ANY($1::text[])`,
    [r.lines.map((l) => l.paper_id), r.session_id, r.course_comb_id, r.sem_id],
  );
}

/** The student's roll number and candidate type in the exam (from its approved exam form first). */
export async function rollOf(db: Reader, r: { student_id: string; exam_id: string }) {
  const [row] = await q<{ roll_no: string | null; candidate_type: string | null }>(
    db,
    `SELECT roll_no, candidate_type
       FROM exam_form
      WHERE student_id = $1 AND exam_id = $2
      ORDER BY (status = 'APPROVED') DESC
      LIMIT 1`,
    [r.student_id, r.exam_id],
  );
  return { roll_no: row?.roll_no ?? null, candidate_type: row?.candidate_type ?? null };
}

/** The issuing details recorded (documentissuing). */
export function issuingRows(db: Reader) {
  return q<{ detail_key: IssuingDetailKey; value_en: string; value_hi: string | null }>(
    db,
    `SELECT detail_key, value_en, value_hi
       FROM document_issuing`,
  );
}
