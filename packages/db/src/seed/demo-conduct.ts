import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Conduct demo data (lifecycle S5): a centre for each college marked as a centre (under its college id, as roll
 * allotment writes it), a few small rooms, and the timetable of the past sitting MAIN-DEC-2023 (whose admit cards are
 * PUBLISHED at centre C104), so the office can generate, finalize and print a seating plan and take attendance.
 * ENV101 (common) on 4 December 2023, then each course's i-th paper on the same day, theory FN, practicals AN.
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
      data: colleges.map((c) => ({ centre_id: c.college_id, centre_name: c.college_name, centre_name_hi: c.college_name_hi, college_id: c.college_id })),
      skipDuplicates: true,
    });
    const centres = new Set(colleges.map((c) => c.college_id));
    await tx.room.createMany({ data: demoRooms.filter((r) => centres.has(r.centre_id)), skipDuplicates: true });
    if ((await tx.timetableSlot.count({ where: { exam_id: EXAM } })) > 0 || !(await tx.exam.findUnique({ where: { exam_id: EXAM } }))) return;
    const links = await tx.examCcinfo.findMany({ where: { exam_id: EXAM } });
    const papers = await tx.paperInfoSem.findMany({
      where: { OR: links.map((l) => ({ session_id: l.session_id, course_comb_id: l.course_comb_id, sem_id: l.sem_id })) },
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
      const practical = keys[0]!.th_pr_status === 'PR';
      n += 1;
      await tx.timetableSlot.create({
        data: {
          slot_id: `TPAST${String(n).padStart(3, '0')}`, exam_id: EXAM, paper_id, date: new Date(FIRST_DAY + i * DAY).toISOString().slice(0, 10),
          shift: practical ? 'AN' : 'FN', start_time: practical ? '14:00' : '09:00', duration_minutes: practical ? 240 : 180,
          courses: keys.map((k) => `${k.session_id}/${k.course_comb_id}/${k.sem_id}`).join(', '),
          courseLinks: { create: keys.map((k) => ({ exam_id: EXAM, session_id: k.session_id, course_comb_id: k.course_comb_id, sem_id: k.sem_id, paper_id })) },
        },
      });
    }
  }, { timeout: 60_000 });
  return true;
}
