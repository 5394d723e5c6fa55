import { randomBytes } from 'node:crypto';
import { courseKeyList, courseKeyText, type CourseKey } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';

/**
 * The timetable's rules that need the database (lifecycle spec S4), in the write's transaction:
 * - each course-semester of a slot teaches the slot's paper (a paperinfosem row);
 * - one slot per paper per course-semester per exam (a common paper shares one slot; the course links' key
 *   holds it);
 * - papers of one course-semester are not on the same day (`timetableSettings.oneDayPerCourse`, on by
 *   default).
 */

type Values = Record<string, unknown>;
type Errors = Record<string, string[]>;
type Tx = Prisma.TransactionClient;

/** Exam set-up settings of the timetable (lifecycle spec §8: settings data, shown where used). */
export const timetableSettings = {
  /** Papers of one course-semester fall on different days. */
  oneDayPerCourse: true,
};

/** A slot id: "T" + time + randomness, sortable by creation, short enough for a key (≤ 30). */
export const newSlotId = () =>
  `T${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

async function problemsOf(tx: Tx, row: Values, self: string | undefined): Promise<Errors> {
  const errors: Errors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const examId = String(row.exam_id);
  const paperId = String(row.paper_id);
  const courses = courseKeyList(row.courses as string);
  const seen = new Set<string>();
  for (const c of courses) {
    if (seen.has(courseKeyText(c))) add('courses', `${courseKeyText(c)} is listed twice.`);
    seen.add(courseKeyText(c));
  }
  const taught = await tx.paperInfoSem.findMany({
    where: {
      paper_id: paperId,
      OR: courses.map((c) => ({
        session_id: c.session_id,
        course_comb_id: c.course_comb_id,
        sem_id: c.sem_id,
      })),
    },
    select: { session_id: true, course_comb_id: true, sem_id: true },
  });
  const taughtKeys = new Set(taught.map(courseKeyText));
  for (const c of courses)
    if (!taughtKeys.has(courseKeyText(c)))
      add('courses', `${courseKeyText(c)} has no paper ${paperId} (no paper link in that course-semester).`);

  const taken = await tx.timetableSlotCourse.findMany({
    where: {
      exam_id: examId,
      paper_id: paperId,
      OR: courses.map((c) => ({ ...c })),
      ...(self ? { NOT: { slot_id: self } } : {}),
    },
  });
  for (const t of taken)
    add(
      'courses',
      `Paper ${paperId} of ${courseKeyText(t)} already has slot ${t.slot_id} in exam ${examId}; change that slot instead.`,
    );

  if (timetableSettings.oneDayPerCourse && courses.length) {
    const sameDay = await tx.timetableSlotCourse.findMany({
      where: {
        exam_id: examId,
        OR: courses.map((c: CourseKey) => ({ ...c })),
        NOT: { paper_id: paperId },
        slot: { date: String(row.date), ...(self ? { NOT: { slot_id: self } } : {}) },
      },
      select: { session_id: true, course_comb_id: true, sem_id: true, paper_id: true, slot_id: true },
    });
    for (const s of sameDay) {
      add(
        'date',
        `${courseKeyText(s)} already writes paper ${s.paper_id} on ${String(row.date)} (slot ${s.slot_id}); papers of one course-semester go on different days.`,
      );
    }
  }
  return errors;
}

async function writeLinks(tx: Tx, row: Values) {
  const slotId = String(row.slot_id);
  await tx.timetableSlotCourse.deleteMany({ where: { slot_id: slotId } });
  await tx.timetableSlotCourse.createMany({
    data: courseKeyList(row.courses as string).map((c) => ({
      ...c,
      exam_id: String(row.exam_id),
      paper_id: String(row.paper_id),
      slot_id: slotId,
    })),
  });
}

export const timetableRules: ResourceRules = {
  generateKey: () => ({ slot_id: newSlotId() }),
  async beforeCreate(tx, rows) {
    const errors = new Map<number, Errors>();
    for (const [i, row] of rows.entries()) {
      const found = await problemsOf(tx, row, undefined);
      if (Object.keys(found).length) errors.set(i, found);
    }
    return errors;
  },
  async afterCreate(tx, rows) {
    for (const row of rows) await writeLinks(tx, row);
  },
  async beforeUpdate(tx, record) {
    const errors = await problemsOf(tx, record, String(record.slot_id));
    if (!Object.keys(errors).length) await writeLinks(tx, record);
    return errors;
  },
};
