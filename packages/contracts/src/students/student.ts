import { z } from 'zod';
import { defineEnum, defineResource, keyText, optionalText, requiredText } from '../kit/index.ts';
import type { ResourceCapability } from '../identity/index.ts';
import { defaultedEnum, hindiText } from '../master-data/index.ts';
import { abcId, emailAddress, mobileNumber, requiredDate } from './fields.ts';

/**
 * Students, enrolments and student papers: read by every staff role (a college's faculty: its own), the
 * student its own.
 */
export const studentsAccess = {
  read: 'students.read',
  write: 'students.write',
} as const satisfies ResourceCapability;

export const gender = defineEnum([
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'T', label: 'Transgender' },
]);

export const category = defineEnum([
  { value: 'GEN', label: 'General' },
  { value: 'OBC', label: 'OBC' },
  { value: 'SC', label: 'SC' },
  { value: 'ST', label: 'ST' },
  { value: 'EWS', label: 'EWS' },
]);

/** A student's status (lifecycle spec §2.3 K). */
export const studentStatus = defineEnum([
  { value: 'ADMITTED', label: 'Admitted' },
  { value: 'ENROLLED', label: 'Enrolled' },
  { value: 'PROMOTED', label: 'Promoted' },
  { value: 'PROMOTED_WITH_BACKLOG', label: 'Promoted with backlog (ATKT)' },
  { value: 'DETAINED', label: 'Detained' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'DEGREE_AWARDED', label: 'Degree awarded' },
  { value: 'DISCONTINUED', label: 'Discontinued' },
  { value: 'EXITED_WITH_CERTIFICATE', label: 'Exited with certificate' },
  { value: 'EXITED_WITH_DIPLOMA', label: 'Exited with diploma' },
  { value: 'MIGRATED', label: 'Migrated' },
  { value: 'CANCELLED', label: 'Cancelled' },
]);

const nameFields = {
  name_en: requiredText(200),
  name_hi: hindiText(200),
  father_name_en: optionalText(200),
  father_name_hi: hindiText(200),
  mother_name_en: optionalText(200),
  mother_name_hi: hindiText(200),
};

/** The student register: one row per enrolment (registration) number. */
export const studentResource = defineResource({
  name: 'student',
  title: 'Student',
  keyFields: ['student_id'],
  capability: studentsAccess,
  scopeFields: { college: 'college_id', student: 'student_id' },
  fields: {
    student_id: keyText(),
    ...nameFields,
    dob: requiredDate(),
    gender: gender.schema,
    category: category.schema,
    abc_id: abcId(),
    mobile: mobileNumber(),
    email: emailAddress(),
    address: optionalText(500),
    college_id: keyText(),
    admission_session_id: keyText(),
    status: defaultedEnum(studentStatus),
    pwd_type: optionalText(50),
  },
  updatable: [
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
  parents: [
    { resource: 'college', fields: ['college_id'] },
    { resource: 'session', fields: ['admission_session_id'] },
  ],
  searchFields: ['student_id', 'name_en', 'name_hi', 'father_name_en', 'abc_id', 'mobile'],
  extras: {
    // Content hashes of the photo and signature (set by the upload call, not by forms).
    photo_sha256: z.string().nullable().optional(),
    signature_sha256: z.string().nullable().optional(),
  },
});
