import {
  category,
  choiceSource,
  enrolmentStatus,
  gender,
  medium,
  studentAcademicResource,
  studentCcinfoResource,
  studentPaperResource,
  studentPaperStatus,
  studentResource,
  studentStatus,
  studentType,
  type EnumDef,
  type Resource,
} from '@exam/contracts';
import { studentPaths, type StudentResourceName } from './paths.ts';

/** What differs between the students screens of one resource; the screens in screens/ read nothing else. */
export interface StudentScreens {
  name: StudentResourceName;
  resource: Resource;
  paths: { list: string; add: string; edit?: string; view: string };
  labels: Record<string, string>;
  enums: Record<string, EnumDef>;
  /** Fields written in Hindi (inputs carry lang="hi"). */
  hindi: string[];
  listTitle: string;
  columns: string[];
  /** Exact filters the list offers (`?college_id=C101`). */
  filters: string[];
  addTitle: string;
  editTitle: string;
  viewTitle: string;
  addFields: string[];
  editFields: string[];
  viewFields: string[];
}

const stamps = { created_at: 'Created At', updated_at: 'Updated At' };
const keyLabels = {
  student_id: 'Enrolment No',
  session_id: 'Session',
  course_comb_id: 'Course Combination',
  sem_id: 'Semester',
  paper_id: 'Paper',
  college_id: 'College',
};

const student: StudentScreens = {
  name: 'student',
  resource: studentResource,
  paths: studentPaths.student,
  labels: {
    ...stamps,
    ...keyLabels,
    name_en: 'Name',
    name_hi: 'Name (Hindi)',
    father_name_en: "Father's Name",
    father_name_hi: "Father's Name (Hindi)",
    mother_name_en: "Mother's Name",
    mother_name_hi: "Mother's Name (Hindi)",
    dob: 'Date of Birth',
    gender: 'Gender',
    category: 'Category',
    abc_id: 'ABC/APAAR Id',
    mobile: 'Mobile',
    email: 'Email',
    address: 'Address',
    admission_session_id: 'Admission Session (Batch)',
    status: 'Status',
    pwd_type: 'PwD Type',
  },
  enums: { gender, category, status: studentStatus },
  hindi: ['name_hi', 'father_name_hi', 'mother_name_hi'],
  listTitle: 'List Students',
  columns: [
    'student_id',
    'name_en',
    'name_hi',
    'father_name_en',
    'college_id',
    'admission_session_id',
    'category',
    'status',
  ],
  filters: ['college_id', 'admission_session_id'],
  addTitle: 'Add Student',
  editTitle: 'Edit Student',
  viewTitle: 'View Student',
  addFields: [
    'student_id',
    'name_en',
    'name_hi',
    'father_name_en',
    'father_name_hi',
    'mother_name_en',
    'mother_name_hi',
    'dob',
    'gender',
    'category',
    'abc_id',
    'mobile',
    'email',
    'address',
    'college_id',
    'admission_session_id',
    'status',
    'pwd_type',
  ],
  editFields: [
    'name_en',
    'name_hi',
    'father_name_en',
    'father_name_hi',
    'mother_name_en',
    'mother_name_hi',
    'dob',
    'gender',
    'category',
    'abc_id',
    'mobile',
    'email',
    'address',
    'college_id',
    'status',
    'pwd_type',
  ],
  viewFields: [
    'student_id',
    'name_en',
    'name_hi',
    'father_name_en',
    'father_name_hi',
    'mother_name_en',
    'mother_name_hi',
    'dob',
    'gender',
    'category',
    'abc_id',
    'mobile',
    'email',
    'address',
    'college_id',
    'admission_session_id',
    'status',
    'pwd_type',
    'created_at',
    'updated_at',
  ],
};

const studentccinfo: StudentScreens = {
  name: 'studentccinfo',
  resource: studentCcinfoResource,
  paths: studentPaths.studentccinfo,
  labels: {
    ...stamps,
    ...keyLabels,
    name_en: 'Name',
    class_roll_no: 'Class Roll No',
    student_type: 'Student Type',
    medium: 'Medium',
    attendance_percent: 'Attendance %',
    status: 'Status',
    ruleset_id: 'Rule Set',
    ruleset_version: 'Rule Set Version',
    electives: 'Elective Choices',
    papers_locked_at: 'Paper Choices Closed',
  },
  enums: { student_type: studentType, medium, status: enrolmentStatus },
  hindi: [],
  listTitle: 'List Student CC Info',
  columns: [
    'student_id',
    'name_en',
    'session_id',
    'course_comb_id',
    'sem_id',
    'college_id',
    'student_type',
    'ruleset_id',
    'status',
  ],
  filters: ['college_id', 'session_id', 'course_comb_id', 'sem_id'],
  addTitle: 'Add Student CC Info',
  editTitle: 'Edit Student CC Info',
  viewTitle: 'View Student CC Info',
  addFields: [
    'student_id',
    'session_id',
    'course_comb_id',
    'sem_id',
    'college_id',
    'class_roll_no',
    'student_type',
    'medium',
    'attendance_percent',
    'electives',
  ],
  editFields: ['college_id', 'class_roll_no', 'student_type', 'medium', 'attendance_percent', 'status'],
  viewFields: [
    'student_id',
    'name_en',
    'session_id',
    'course_comb_id',
    'sem_id',
    'college_id',
    'class_roll_no',
    'student_type',
    'medium',
    'attendance_percent',
    'status',
    'ruleset_id',
    'ruleset_version',
    'papers_locked_at',
    'created_at',
    'updated_at',
  ],
};

const studentacademic: StudentScreens = {
  name: 'studentacademic',
  resource: studentAcademicResource,
  paths: studentPaths.studentacademic,
  labels: {
    ...stamps,
    ...keyLabels,
    seq: 'S No',
    qualification: 'Qualification',
    board: 'Board / University',
    year: 'Year',
    roll_no: 'Roll No',
    max_marks: 'Maximum Marks',
    obtained_marks: 'Marks Obtained',
    percentage: 'Percentage',
  },
  enums: {},
  hindi: [],
  listTitle: 'List Student Academic',
  columns: [
    'student_id',
    'seq',
    'qualification',
    'board',
    'year',
    'obtained_marks',
    'max_marks',
    'percentage',
  ],
  filters: ['student_id'],
  addTitle: 'Add Student Academic',
  editTitle: 'Edit Student',
  viewTitle: 'View Student Academic',
  addFields: [
    'student_id',
    'seq',
    'qualification',
    'board',
    'year',
    'roll_no',
    'max_marks',
    'obtained_marks',
    'percentage',
  ],
  editFields: ['qualification', 'board', 'year', 'roll_no', 'max_marks', 'obtained_marks', 'percentage'],
  viewFields: [
    'student_id',
    'seq',
    'qualification',
    'board',
    'year',
    'roll_no',
    'max_marks',
    'obtained_marks',
    'percentage',
    'created_at',
    'updated_at',
  ],
};

const studentpaper: StudentScreens = {
  name: 'studentpaper',
  resource: studentPaperResource,
  paths: studentPaths.studentpaper,
  labels: { ...stamps, ...keyLabels, choice_source: 'Choice', group_code: 'Group', status: 'Status' },
  enums: { choice_source: choiceSource, status: studentPaperStatus },
  hindi: [],
  listTitle: 'List Student Paper',
  columns: [
    'student_id',
    'session_id',
    'course_comb_id',
    'sem_id',
    'paper_id',
    'group_code',
    'choice_source',
    'status',
  ],
  filters: ['student_id', 'session_id', 'sem_id'],
  addTitle: 'Add Student Paper',
  editTitle: 'Edit Student Paper',
  viewTitle: 'View Student Paper',
  addFields: ['student_id', 'session_id', 'course_comb_id', 'sem_id', 'paper_id', 'status'],
  editFields: ['status'],
  viewFields: [
    'student_id',
    'session_id',
    'course_comb_id',
    'sem_id',
    'paper_id',
    'group_code',
    'choice_source',
    'status',
    'created_at',
    'updated_at',
  ],
};

export const studentScreens: Record<StudentResourceName, StudentScreens> = {
  student,
  studentccinfo,
  studentacademic,
  studentpaper,
};

/** A value as lists and views show it: enumerations by label, timestamps in Indian format, empty as blank. */
export function shown(screens: StudentScreens, field: string, value: unknown): string {
  if (value == null || value === '') return '';
  const def = screens.enums[field];
  if (def) return def.labelOf(value);
  if (field.endsWith('_at') && typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
  return String(value);
}
