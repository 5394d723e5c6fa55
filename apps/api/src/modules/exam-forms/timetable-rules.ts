import { randomBytes } from 'node:crypto';
import { courseKeyText, msg, type CourseKey } from '@exam/contracts';
import type { FieldErrors } from '../../platform/http/errors.ts';

/**
 * The timetable's rules (lifecycle spec S4) as pure functions of what the store read:
 * - each course-semester of a slot teaches the slot's paper (a paperinfosem row);
 * - one slot per paper per course-semester per exam (a common paper shares one slot; the course links' key
 *   holds it);
 * - papers of one course-semester are not on the same day (`timetableSettings.oneDayPerCourse`, on by
 *   default).
 */

/** Exam set-up settings of the timetable (lifecycle spec §8: settings data, shown where used). */
export const timetableSettings = {
  /** Papers of one course-semester fall on different days. */
  oneDayPerCourse: true,
};

/** A slot id: "T" + time + randomness, sortable by creation, short enough for a key (≤ 30). */
export const newSlotId = () =>
  `T${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** What a slot's rules read: its course-semesters that teach the paper, and the slots around it. */
export interface SlotFacts {
  taught: readonly CourseKey[];
  /** Other slots of the exam holding the paper for these course-semesters. */
  taken: ReadonlyArray<CourseKey & { slot_id: string }>;
  /** Other papers of these course-semesters on the slot's date. */
  sameDay: ReadonlyArray<CourseKey & { paper_id: string; slot_id: string }>;
}

/** What is wrong with a slot (field -> messages; empty when nothing is). */
export function slotProblems(
  slot: { exam_id: string; paper_id: string; date: string },
  courses: readonly CourseKey[],
  facts: SlotFacts,
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: ReturnType<typeof msg>) => (errors[field] ??= []).push(message);
  const seen = new Set<string>();
  for (const c of courses) {
    if (seen.has(courseKeyText(c)))
      add('courses', msg('examForms.courseListedTwice', { course: courseKeyText(c) }));
    seen.add(courseKeyText(c));
  }
  const taughtKeys = new Set(facts.taught.map(courseKeyText));
  for (const c of courses)
    if (!taughtKeys.has(courseKeyText(c)))
      add(
        'courses',
        msg('examForms.courseWithoutPaper', { course: courseKeyText(c), paper_id: slot.paper_id }),
      );
  for (const t of facts.taken)
    add(
      'courses',
      msg('examForms.paperHasSlot', {
        paper_id: slot.paper_id,
        course: courseKeyText(t),
        slot_id: t.slot_id,
        exam_id: slot.exam_id,
      }),
    );
  if (timetableSettings.oneDayPerCourse)
    for (const s of facts.sameDay)
      add(
        'date',
        msg('examForms.sameDay', {
          course: courseKeyText(s),
          paper_id: s.paper_id,
          date: slot.date,
          slot_id: s.slot_id,
        }),
      );
  return errors;
}
