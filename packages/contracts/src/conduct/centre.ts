import { z } from 'zod';
import { defineEnum, defineResource, keyText, optionalText, requiredText } from '../kit/index.ts';
import type { ResourceCapability } from '../identity/index.ts';
import { defaultedEnum, defaultedWholeNumber, hindiText, wholeNumber } from '../master-data/index.ts';

/**
 * Conduct (seating, stickers, attendance): read by staff (a college its own centre), prepared by the exam
 * office.
 */
export const conductAccess = {
  read: 'conduct.read',
  write: 'conduct.write',
} as const satisfies ResourceCapability;

/**
 * An examination centre (lifecycle S5). Usually a college marked as a centre (is_centre = 1) under its
 * college id, which is the centre_id roll allotment writes onto exam forms and admit cards; the migration
 * makes one for each.
 */
export const centreResource = defineResource({
  name: 'centre',
  title: 'Centre',
  keyFields: ['centre_id'],
  capability: conductAccess,
  // A college's staff see the centre their college is (centre staff, lifecycle §2.5).
  scopeFields: { college: 'college_id' },
  fields: {
    centre_id: keyText(),
    centre_name: requiredText(200),
    centre_name_hi: hindiText(200),
    college_id: z
      .preprocess((v) => (v === '' ? null : v), keyText().nullable().optional())
      .describe('The college the centre is (usually the same id).'),
    superintendent: optionalText(200),
  },
  updatable: ['centre_name', 'centre_name_hi', 'college_id', 'superintendent'],
  searchFields: ['centre_id', 'centre_name', 'college_id'],
});

/** A 0/1 flag of conduct's records (the database keeps 0/1, like a college's is_centre). */
export const conductFlag = defineEnum([
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
]);

/**
 * An examination room of a centre: a grid of rows × columns of desks, of which `capacity` are used in an
 * exam.
 */
export const roomResource = defineResource({
  name: 'room',
  title: 'Room',
  keyFields: ['centre_id', 'room_no'],
  capability: conductAccess,
  scopeFields: { college: 'centre.college_id' },
  fields: {
    centre_id: keyText(),
    room_no: keyText(),
    rows: wholeNumber(1, 100),
    cols: wholeNumber(1, 100),
    capacity: wholeNumber(1, 10_000).describe('Seats used in an exam: at most rows × cols.'),
    floor: defaultedWholeNumber(0, 50),
    accessible: defaultedEnum(conductFlag).describe(
      '1: reachable without stairs (ground floor or lift), for candidates with a scribe or extra time.',
    ),
  },
  updatable: ['rows', 'cols', 'capacity', 'floor', 'accessible'],
  parents: [{ resource: 'centre', fields: ['centre_id'] }],
  searchFields: ['centre_id', 'room_no'],
  check: (r): Record<string, string[]> => {
    const rows = Number(r.rows);
    const cols = Number(r.cols);
    const capacity = Number(r.capacity);
    return Number.isInteger(rows) &&
      Number.isInteger(cols) &&
      Number.isInteger(capacity) &&
      capacity > rows * cols
      ? { capacity: [`At most rows × cols = ${rows * cols} seats`] }
      : {};
  },
});

/**
 * A candidate's needs at the examination (lifecycle S5 rule 5), set by the office per exam: a scribe, extra
 * time, a ground-floor seat. Seating places such candidates first, in accessible rooms
 * (`seatingSettings.needsPlacement`), and the sheets and stickers flag them. The student record has no such
 * flag, so it lives here.
 */
export const candidateNeedResource = defineResource({
  name: 'candidateneed',
  title: 'Candidate need',
  keyFields: ['exam_id', 'student_id'],
  capability: conductAccess,
  fields: {
    exam_id: keyText(),
    student_id: keyText(),
    scribe: defaultedEnum(conductFlag),
    extra_minutes: defaultedWholeNumber(0, 180),
    ground_floor: defaultedEnum(conductFlag),
    note: optionalText(500),
  },
  updatable: ['scribe', 'extra_minutes', 'ground_floor', 'note'],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'student', fields: ['student_id'] },
  ],
  searchFields: ['exam_id', 'student_id'],
});
