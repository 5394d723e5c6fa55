import { oldVariantA, type ResourceName } from '@exam/contracts';
import type { Database } from '@exam/db';

let counter = 0;
/** A key no other test uses: letters and digits only, well under the 30-character limit. */
export const uniqueKey = (prefix: string) => {
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}${process.pid.toString(36)}${(++counter).toString(36)}${random}`.toUpperCase();
};

export interface Factory {
  /** A valid create body, every value a string as the legacy screens send them. */
  build(db: Database): Promise<Record<string, string>>;
  /** A valid edit, and what the answer must then hold (numbers where the contract answers numbers). */
  edit: Record<string, string>;
  edited: Record<string, unknown>;
}

/** Factories build on the demo master data (session 2024-25, course BA01, semester 1). */
export const factories: Record<ResourceName, Factory> = {
  session: {
    build: async () => ({
      session_id: uniqueKey('S'),
      session_name: 'Academic Session 2030-31',
      current_status: 'Active',
      session_format_1: '2030-2031',
    }),
    edit: { session_name: 'Academic Session 2030-31 (revised)', current_status: '' },
    edited: { session_name: 'Academic Session 2030-31 (revised)', current_status: null },
  },
  course: {
    build: async () => ({
      course_comb_id: uniqueKey('C'),
      course_id: 'BA',
      course_comb_name4: 'B.A. Sanskrit-Music-Drawing',
      remark: 'new',
    }),
    edit: { course_comb_name4: 'B.A. Sanskrit-Music-Painting' },
    edited: { course_comb_name4: 'B.A. Sanskrit-Music-Painting', remark: 'new' },
  },
  paper: {
    build: async () => ({
      paper_id: uniqueKey('P'),
      paper_name: 'Indian Constitution',
      paper_code: 'POL-201',
    }),
    edit: { paper_name: 'Indian Constitution and Polity', paper_desc: 'Revised syllabus' },
    edited: {
      paper_name: 'Indian Constitution and Polity',
      paper_desc: 'Revised syllabus',
      paper_code: 'POL-201',
    },
  },
  sempart: {
    build: async () => ({ sem_id: uniqueKey('M'), sem_name: 'Semester VII', sem_disc1: 'Semester VII' }),
    edit: { sem_name: 'Semester VII (Honours)' },
    edited: { sem_name: 'Semester VII (Honours)', sem_disc1: 'Semester VII' },
  },
  ccinfo_sem: {
    build: async (db) => {
      const sem = await db.prisma.semPart.create({
        data: { sem_id: uniqueKey('M'), sem_name: 'Extra semester' },
      });
      return { session_id: '2024-25', course_comb_id: 'BA01', sem_id: sem.sem_id };
    },
    edit: {},
    edited: {},
  },
  paperinfosem: {
    build: async (db) => {
      const paper = await db.prisma.paper.create({
        data: { paper_id: uniqueKey('P'), paper_name: 'Elective paper' },
      });
      return {
        session_id: '2024-25',
        course_comb_id: 'BA01',
        sem_id: '1',
        paper_id: paper.paper_id,
        group_status: 'N',
        group_code: 'NG',
        max_marks: '100',
        min_marks: '36',
        ext_max_marks: '75',
        ext_min_marks: '27',
        int_max_marks: '25',
        int_min_marks: '9',
        th_pr_status: 'TH',
        paper_score_status: 'Y',
        credit_point: '4',
        paper_type: '0',
        elective_status: '0',
      };
    },
    edit: {
      group_status: 'Y',
      group_code: 'G3',
      elective_status: '1',
      paper_type: '2',
      max_marks: '50',
      min_marks: '18',
    },
    edited: {
      group_status: 'Y',
      group_code: 'G3',
      elective_status: 1,
      paper_type: 2,
      max_marks: '50',
      min_marks: '18',
      credit_point: '4',
    },
  },
  exam: {
    build: async () => ({
      exam_id: uniqueKey('E'),
      exam_desc: 'Special Examination',
      active_status: '1',
      session_id: '2024-25',
    }),
    edit: { active_status: '0', session_id: '2023-24' },
    edited: { active_status: 0, session_id: '2023-24', exam_desc: 'Special Examination' },
  },
  examcycle: {
    build: async () => ({ rti: uniqueKey('R'), student_exam_cycle: 'June 2031 (Special)' }),
    edit: { student_exam_cycle: 'July 2031 (Special)' },
    edited: { student_exam_cycle: 'July 2031 (Special)' },
  },
  college: {
    build: async () => ({
      college_id: uniqueKey('C'),
      college_name: 'Government Girls College, Beawar',
      college_name_hi: 'राजकीय कन्या महाविद्यालय, ब्यावर',
      college_code: 'GGCB',
      district: 'Beawar',
      college_type: 'GOVT',
      is_centre: '0',
    }),
    edit: { college_type: 'CONSTITUENT', is_centre: '1', district: '' },
    edited: {
      college_type: 'CONSTITUENT',
      is_centre: 1,
      district: null,
      college_code: 'GGCB',
      status: 'ACTIVE',
    },
  },
  department: {
    build: async () => ({
      dept_id: uniqueKey('D'),
      dept_name: 'Department of Sanskrit',
      dept_name_hi: 'संस्कृत विभाग',
    }),
    edit: { dept_name: 'Department of Sanskrit and Prakrit', dept_name_hi: 'संस्कृत एवं प्राकृत विभाग' },
    edited: { dept_name: 'Department of Sanskrit and Prakrit', dept_name_hi: 'संस्कृत एवं प्राकृत विभाग' },
  },
  ruleset: {
    // The rules travel as JSON text here, as a form's text area or a file's cell sends them.
    build: async () => ({
      ruleset_id: uniqueKey('R'),
      version: '1',
      scheme: 'OLD',
      title: 'Test rule set 1',
      rules: JSON.stringify(oldVariantA.rules),
      status: 'DRAFT',
    }),
    edit: { title: 'Test rule set 1 (revised)', status: 'ACTIVE' },
    edited: { title: 'Test rule set 1 (revised)', status: 'ACTIVE', scheme: 'OLD', locked: false },
  },
};

/**
 * What a record must answer for the strings it was created from: numeric fields come back as numbers, JSON as
 * JSON.
 */
export function expectedRecord(body: Record<string, string>): Record<string, unknown> {
  const numeric = new Set([
    'paper_type',
    'elective_status',
    'active_status',
    'is_centre',
    'version',
    'duration_years',
  ]);
  const json = new Set(['rules']);
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, numeric.has(k) ? Number(v) : json.has(k) ? JSON.parse(v) : v]),
  );
}
