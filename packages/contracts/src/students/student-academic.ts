import { defineResource, keyText, optionalText, requiredText } from '../kit/index.ts';
import { wholeNumber } from '../master-data/index.ts';
import { decimalText } from './fields.ts';
import { studentsAccess } from './student.ts';

/**
 * A student's earlier qualification (10th, 12th, UG, ...), for eligibility checks and the migration
 * certificate.
 */
export const studentAcademicResource = defineResource({
  name: 'studentacademic',
  title: 'Academic record',
  keyFields: ['student_id', 'seq'],
  capability: studentsAccess,
  scopeFields: { college: 'student.college_id', student: 'student_id' },
  fields: {
    student_id: keyText(),
    seq: wholeNumber(1, 99),
    qualification: requiredText(50),
    board: optionalText(200),
    year: wholeNumber(1950, 2100),
    roll_no: optionalText(30),
    max_marks: decimalText(100000),
    obtained_marks: decimalText(100000),
    percentage: decimalText(100),
  },
  updatable: ['qualification', 'board', 'year', 'roll_no', 'max_marks', 'obtained_marks', 'percentage'],
  parents: [{ resource: 'student', fields: ['student_id'] }],
  searchFields: ['student_id', 'qualification', 'board', 'roll_no'],
  check: (record): Record<string, string[]> =>
    record.max_marks != null &&
    record.obtained_marks != null &&
    Number(record.obtained_marks) > Number(record.max_marks)
      ? { obtained_marks: [`Cannot be more than the maximum marks (${String(record.max_marks)})`] }
      : {},
});
