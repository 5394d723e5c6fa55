import { seeding } from './transaction.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * The demo exam's timetable (lifecycle S4): one slot per paper of the first semesters that sit MAIN-DEC-2024
 * (2024-25 regular, 2023-24 back), a common paper (ENV101, and a 2023-24 back paper with its 2024-25 twin)
 * sharing one slot, one paper a day per course-semester: theory in the forenoon, practicals in the afternoon,
 * from 2 December 2024.
 */
const EXAM = 'MAIN-DEC-2024';
const FIRST_DAY = Date.UTC(2024, 11, 2);
const DAY = 86_400_000;

export async function seedDemoTimetable(prisma: PrismaClient): Promise<boolean> {
  if (
    (await prisma.timetableSlot.count({ where: { exam_id: EXAM } })) > 0 ||
    !(await prisma.exam.findUnique({ where: { exam_id: EXAM } }))
  )
    return false;
  const papers = await prisma.paperInfoSem.findMany({
    where: { sem_id: '1', OR: [{ session_id: '2024-25' }, { session_id: '2023-24' }] },
    select: { session_id: true, course_comb_id: true, sem_id: true, paper_id: true, th_pr_status: true },
    orderBy: [{ paper_id: 'asc' }, { session_id: 'desc' }, { course_comb_id: 'asc' }],
  });
  const byPaper = new Map<string, typeof papers>();
  for (const p of papers) byPaper.set(p.paper_id, [...(byPaper.get(p.paper_id) ?? []), p]);
  let day = 0;
  await prisma.$transaction(async (tx) => {
    for (const [paper_id, keys] of byPaper) {
      const slot_id = `TDEMO${String(day + 1).padStart(3, '0')}`;
      const date = new Date(FIRST_DAY + day * DAY).toISOString().slice(0, 10);
      day += 1;
      await tx.timetableSlot.create({ data: demoSlot({ slot_id, exam_id: EXAM, paper_id, date, keys }) });
    }
    // Many small writes: more than the default 5 s on a busy machine.
  }, seeding);
  return true;
}

/**
 * A demo timetable slot of `paper_id` on `date` for the course-semesters `keys` (a practical in the
 * afternoon, four hours; a theory paper in the morning, three), with its course links.
 */
export function demoSlot(slot: {
  slot_id: string;
  exam_id: string;
  paper_id: string;
  date: string;
  keys: Array<{ session_id: string; course_comb_id: string; sem_id: string; th_pr_status: string | null }>;
}) {
  const { slot_id, exam_id, paper_id, date, keys } = slot;
  const practical = keys[0]!.th_pr_status === 'PR';
  return {
    slot_id,
    exam_id,
    paper_id,
    date,
    shift: practical ? 'AN' : 'FN',
    start_time: practical ? '14:00' : '09:00',
    duration_minutes: practical ? 240 : 180,
    courses: keys.map((k) => `${k.session_id}/${k.course_comb_id}/${k.sem_id}`).join(', '),
    courseLinks: {
      create: keys.map((k) => ({
        exam_id,
        session_id: k.session_id,
        course_comb_id: k.course_comb_id,
        sem_id: k.sem_id,
        paper_id,
      })),
    },
  };
}
