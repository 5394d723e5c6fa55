import { seeding } from './transaction.ts';
import { demoSlot } from './demo-timetable.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Conduct demo data (lifecycle S5): a centre for each college marked as a centre (under its college id, as
 * roll allotment writes it), a few small rooms, and the timetable of the past sitting MAIN-DEC-2023 (whose
 * admit cards are PUBLISHED at centre C104), so the office can generate, finalize and print a seating plan
 * and take attendance. ENV101 (common) on 4 December 2023, then each course's i-th paper on the same day,
 * theory FN, practicals AN; the first sitting already conducted (seedPastSitting).
 */
const EXAM = 'MAIN-DEC-2023';
const FIRST_DAY = Date.UTC(2023, 11, 4);
const DAY = 86_400_000;

export const demoRooms = [
  { centre_id: 'C104', room_no: 'R01', rows: 4, cols: 6, capacity: 24, floor: 1, accessible: 0 },
  { centre_id: 'C104', room_no: 'R02', rows: 3, cols: 4, capacity: 12, floor: 0, accessible: 1 },
  { centre_id: 'C101', room_no: 'R01', rows: 5, cols: 8, capacity: 40, floor: 0, accessible: 1 },
  { centre_id: 'C102', room_no: 'R01', rows: 5, cols: 8, capacity: 40, floor: 0, accessible: 1 },
];

export async function seedDemoConduct(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.room.count()) > 0) return false;
  const colleges = await prisma.college.findMany({ where: { is_centre: 1 }, orderBy: { college_id: 'asc' } });
  if (!colleges.length) return false;
  await prisma.$transaction(async (tx) => {
    await tx.centre.createMany({
      data: colleges.map((c) => ({
        centre_id: c.college_id,
        centre_name: c.college_name,
        centre_name_hi: c.college_name_hi,
        college_id: c.college_id,
      })),
      skipDuplicates: true,
    });
    const centres = new Set(colleges.map((c) => c.college_id));
    await tx.room.createMany({
      data: demoRooms.filter((r) => centres.has(r.centre_id)),
      skipDuplicates: true,
    });
    if (
      (await tx.timetableSlot.count({ where: { exam_id: EXAM } })) > 0 ||
      !(await tx.exam.findUnique({ where: { exam_id: EXAM } }))
    )
      return;
    const links = await tx.examCcinfo.findMany({ where: { exam_id: EXAM } });
    const papers = await tx.paperInfoSem.findMany({
      where: {
        OR: links.map((l) => ({
          session_id: l.session_id,
          course_comb_id: l.course_comb_id,
          sem_id: l.sem_id,
        })),
      },
      orderBy: [{ course_comb_id: 'asc' }, { paper_id: 'asc' }],
    });
    if (!papers.length) return;
    const byPaper = new Map<string, typeof papers>();
    for (const p of papers) byPaper.set(p.paper_id, [...(byPaper.get(p.paper_id) ?? []), p]);
    const index = new Map<string, number>();
    let n = 0;
    for (const [paper_id, keys] of byPaper) {
      const common = keys.length > 1;
      const course = keys[0]!.course_comb_id;
      const i = common ? 0 : (index.get(course) ?? 0) + 1;
      if (!common) index.set(course, i);
      n += 1;
      const slot_id = `TPAST${String(n).padStart(3, '0')}`;
      const date = new Date(FIRST_DAY + i * DAY).toISOString().slice(0, 10);
      await tx.timetableSlot.create({ data: demoSlot({ slot_id, exam_id: EXAM, paper_id, date, keys }) });
    }
    await seedPastSitting(tx);
  }, seeding);
  return true;
}

/**
 * The first sitting of MAIN-DEC-2023 (the common paper, 4 December) already conducted at C104, so every
 * conduct list has rows: its plan FINAL (one paper: every other column of R01), attendance with one absentee
 * and one UFM roll, the sheet LOCKED with its answer books, the UFM case with its show-cause notice issued,
 * and a scribe for one candidate.
 */
async function seedPastSitting(tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) {
  const first = await tx.timetableSlot.findFirst({
    where: { exam_id: EXAM },
    orderBy: [{ date: 'asc' }, { slot_id: 'asc' }],
  });
  if (!first) return;
  const seated = await tx.$queryRawUnsafe<Array<{ student_id: string; roll_no: string; college_id: string }>>(
    `SELECT a.student_id, ac.roll_no, ac.college_id FROM timetable_slot_course tsc
       JOIN attempt a ON a.exam_id = tsc.exam_id AND a.session_id = tsc.session_id
         AND a.course_comb_id = tsc.course_comb_id AND a.sem_id = tsc.sem_id AND a.paper_id = tsc.paper_id
       JOIN admit_card ac ON ac.exam_id = a.exam_id AND ac.student_id = a.student_id
         AND ac.status = 'PUBLISHED' AND ac.centre_id = 'C104'
      WHERE tsc.slot_id = $1 ORDER BY ac.roll_no`,
    first.slot_id,
  );
  if (!seated.length || seated.length > 12) return;
  const key = { slot_id: first.slot_id, centre_id: 'C104' };
  const report = {
    candidates: seated.length,
    seated: seated.length,
    unseated: 0,
    withheld: 0,
    capacity: 36,
    rooms_used: 1,
    papers: [
      {
        paper_id: first.paper_id,
        paper_slot_id: first.slot_id,
        candidates: seated.length,
        seated: seated.length,
        unseated: 0,
      },
    ],
    message: `All ${seated.length} candidates seated in 1 room.`,
  };
  await tx.seating.create({
    data: {
      ...key,
      date: first.date,
      shift: first.shift,
      status: 'FINAL',
      revision: 1,
      seated: seated.length,
      unseated: 0,
      report,
      generated_at: new Date(),
      finalized_by: 'office@university.test',
      finalized_at: new Date(),
    },
  });
  // One paper: every other column of R01 (4 rows), front to back, in roll order.
  await tx.seatAllocation.createMany({
    data: seated.map((c, k) => ({
      ...key,
      room_no: 'R01',
      row: (k % 4) + 1,
      col: 1 + 2 * Math.floor(k / 4),
      exam_id: EXAM,
      student_id: c.student_id,
      roll_no: c.roll_no,
      paper_id: first.paper_id,
      paper_slot_id: first.slot_id,
    })),
  });
  const status = (k: number) => (k === 1 ? 'ABSENT' : k === 2 ? 'UFM' : 'PRESENT');
  await tx.attendance.createMany({
    data: seated.map((c, k) => ({
      ...key,
      exam_id: EXAM,
      paper_id: first.paper_id,
      college_id: c.college_id,
      room_no: 'R01',
      roll_no: c.roll_no,
      student_id: c.student_id,
      status: status(k),
      answer_book_no: status(k) === 'ABSENT' ? null : `AB${String(23001 + k)}`,
    })),
  });
  await tx.attendanceSheet.create({
    data: {
      ...key,
      exam_id: EXAM,
      paper_id: first.paper_id,
      status: 'LOCKED',
      answer_books_received: seated.length - 1,
      entered_by: 'office@university.test',
      verified_by: 'office@university.test',
      locked_by: 'office@university.test',
      locked_at: new Date('2023-12-06T10:00:00Z'),
    },
  });
  const ufm = seated[2];
  if (ufm) {
    await tx.ufmCase.create({
      data: {
        case_id: 'UFM-DEMO-0001',
        exam_id: EXAM,
        slot_id: first.slot_id,
        student_id: ufm.student_id,
        paper_id: first.paper_id,
        roll_no: ufm.roll_no,
        centre_id: 'C104',
        college_id: ufm.college_id,
        reported_by: 'Centre superintendent, C104',
        nature: 'MATERIAL',
        seized_material: 'Two handwritten chits',
        status: 'SHOW_CAUSE_ISSUED',
        notice_issued_at: new Date('2023-12-08T10:00:00Z'),
      },
    });
  }
  const scribe = seated[0];
  if (scribe)
    await tx.candidateNeed.create({
      data: {
        exam_id: EXAM,
        student_id: scribe.student_id,
        scribe: 1,
        extra_minutes: 20,
        note: 'Fractured right wrist (medical certificate on file)',
      },
    });
}
