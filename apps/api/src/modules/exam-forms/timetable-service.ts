import { courseKeyList, msg } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { invalid, notFound, type FieldErrors } from '../../platform/http/errors.ts';
import { newSlotId, slotProblems, timetableSettings } from './timetable-rules.ts';
import {
  coursesOf,
  courseSemestersTeaching,
  currentExamId,
  examWithCycle,
  findClashes,
  otherPapersOnDate,
  slotLinksOf,
  slotsOfPaper,
  writeLinks,
} from './timetable-store.ts';

/**
 * The timetable's use cases: its rules as the engine runs them in the write's transaction (timetable-rules.ts
 * decides) with the slot's course links written with them, an exam's clashes and its date sheet.
 */

type Values = Record<string, unknown>;

async function problemsOf(tx: Prisma.TransactionClient, row: Values, self: string | undefined) {
  const slot = { exam_id: String(row.exam_id), paper_id: String(row.paper_id), date: String(row.date) };
  const courses = courseKeyList(row.courses as string);
  return slotProblems(slot, courses, {
    taught: await courseSemestersTeaching(tx, slot.paper_id, courses),
    taken: await slotsOfPaper(tx, slot.exam_id, slot.paper_id, courses, self),
    sameDay:
      timetableSettings.oneDayPerCourse && courses.length
        ? await otherPapersOnDate(
            tx,
            { examId: slot.exam_id, paperId: slot.paper_id, date: slot.date, self },
            courses,
          )
        : [],
  });
}

export const timetableRules: ResourceRules = {
  generateKey: () => ({ slot_id: newSlotId() }),
  async beforeCreate(tx, rows) {
    const errors = new Map<number, FieldErrors>();
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

/**
 * `GET /api/timetable/clashes`: the clashes of an exam (without one: the current exam, active_status 1; 422
 * when none is marked).
 */
export async function examClashes(db: Database, examId: string | undefined) {
  const exam_id = examId ?? (await currentExamId(db));
  if (!exam_id) throw invalid({ exam_id: [msg('examForms.noCurrentExam')] });
  return { exam_id, ...(await findClashes(db, exam_id)) };
}

/**
 * What the date sheet of an exam prints (optionally one programme): the exam, its slot links and their
 * courses; 404 for an exam that does not exist or has no slots.
 */
export async function dateSheetOf(db: Database, examId: string, courseCombId: string | undefined) {
  const exam = await examWithCycle(db, examId);
  if (!exam) throw notFound(msg('examForms.noSuchExam', { exam_id: examId }));
  const links = await slotLinksOf(db, examId, courseCombId);
  if (!links.length)
    throw notFound(
      msg('examForms.noSlots', {
        exam_id: examId,
        course: courseCombId ? msg('examForms.forCourse', { course_comb_id: courseCombId }) : '',
      }),
    );
  const courses = await coursesOf(db, [...new Set(links.map((l) => l.course_comb_id))]);
  return { exam, links, courses };
}
