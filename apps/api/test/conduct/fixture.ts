import type { Database } from '@exam/db';

/**
 * A sitting for conduct tests, written straight into the database (the exam-forms tests cover how candidates
 * get there): an exam, one timetable slot per paper on one date and shift, candidates with approved forms,
 * attempts and admit cards at a centre of the test's own (PUBLISHED, or WITHHELD for the last `withheld` of a
 * paper).
 */
export interface SittingSpec {
  prefix: string;
  centre_id: string;
  college_id?: string;
  date: string;
  shift?: 'FN' | 'AN';
  /** Papers of BA01 2024-25 semester 1 (by index in paper order) and how many candidates write each. */
  papers: Array<{ count: number; withheld?: number; needs?: number }>;
  rooms: Array<{ room_no: string; rows: number; cols: number; capacity?: number; accessible?: number }>;
}

export const COURSE = { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' };

export async function makeSitting(db: Database, spec: SittingSpec) {
  const p = db.prisma;
  const exam_id = `CT-${spec.prefix}`;
  const college_id = spec.college_id ?? 'C102';
  await p.exam.create({
    data: { exam_id, exam_desc: `Conduct test ${spec.prefix}`, active_status: 1, session_id: '2024-25' },
  });
  await p.examCcinfo.create({ data: { exam_id, ...COURSE, phase: 'ROLL_ALLOTTED' } });
  await p.centre.upsert({
    where: { centre_id: spec.centre_id },
    create: {
      centre_id: spec.centre_id,
      centre_name: `Centre ${spec.centre_id}`,
      college_id: spec.centre_id === 'C101' ? 'C101' : null,
    },
    update: {},
  });
  for (const r of spec.rooms)
    await p.room.create({
      data: {
        centre_id: spec.centre_id,
        room_no: r.room_no,
        rows: r.rows,
        cols: r.cols,
        capacity: r.capacity ?? r.rows * r.cols,
        accessible: r.accessible ?? 0,
      },
    });
  const links = await p.paperInfoSem.findMany({ where: COURSE, orderBy: { paper_id: 'asc' } });
  if (links.length < spec.papers.length) throw new Error(`BA01 2024-25/1 has only ${links.length} papers`);
  const slots: Array<{ slot_id: string; paper_id: string }> = [];
  const candidates: Array<{
    student_id: string;
    roll_no: string;
    paper_id: string;
    slot_id: string;
    status: string;
  }> = [];
  let n = 0;
  for (const [k, paper] of spec.papers.entries()) {
    const paper_id = links[k]!.paper_id;
    const slot_id = `${spec.prefix}S${k + 1}`;
    await p.timetableSlot.create({
      data: {
        slot_id,
        exam_id,
        paper_id,
        courses: `${COURSE.session_id}/${COURSE.course_comb_id}/${COURSE.sem_id}`,
        date: spec.date,
        shift: spec.shift ?? 'FN',
        start_time: '09:00',
        duration_minutes: 180,
        courseLinks: { create: [{ exam_id, ...COURSE, paper_id }] },
      },
    });
    slots.push({ slot_id, paper_id });
    for (let i = 0; i < paper.count; i += 1) {
      n += 1;
      const student_id = `${spec.prefix}${String(n).padStart(5, '0')}`;
      // Rolls interleave the papers (every candidate of the sitting in one sequence), so roll order per paper
      // is a real check.
      const roll_no = `R${spec.prefix}${String((n * 7) % 100000).padStart(5, '0')}`;
      const status = i >= paper.count - (paper.withheld ?? 0) ? 'WITHHELD' : 'PUBLISHED';
      candidates.push({ student_id, roll_no, paper_id, slot_id, status });
    }
  }
  await p.student.createMany({
    data: candidates.map((c) => ({
      student_id: c.student_id,
      name_en: `Candidate ${c.student_id}`,
      name_hi: 'परीक्षार्थी',
      dob: '2005-01-01',
      gender: 'F',
      category: 'GEN',
      college_id,
      admission_session_id: '2024-25',
    })),
  });
  await p.examForm.createMany({
    data: candidates.map((c) => ({
      form_id: `F${c.student_id}`,
      exam_id,
      student_id: c.student_id,
      ...COURSE,
      college_id,
      candidate_type: 'REGULAR',
      status: 'ROLL_ALLOTTED',
      roll_no: c.roll_no,
      centre_id: spec.centre_id,
    })),
  });
  await p.attempt.createMany({
    data: candidates.map((c) => ({
      attempt_id: `A${c.student_id}`,
      exam_id,
      student_id: c.student_id,
      ...COURSE,
      paper_id: c.paper_id,
      form_id: `F${c.student_id}`,
      college_id,
      attempt_type: 'REGULAR',
    })),
  });
  await p.admitCard.createMany({
    data: candidates.map((c) => ({
      exam_id,
      student_id: c.student_id,
      form_id: `F${c.student_id}`,
      college_id,
      roll_no: c.roll_no,
      centre_id: spec.centre_id,
      status: c.status,
    })),
  });
  let offset = 0;
  for (const paper of spec.papers) {
    const flagged = candidates.slice(offset, offset + (paper.needs ?? 0));
    if (flagged.length)
      await p.candidateNeed.createMany({
        data: flagged.map((c) => ({ exam_id, student_id: c.student_id, scribe: 1 })),
      });
    offset += paper.count;
  }
  return { exam_id, slots, candidates, key: { slot_id: slots[0]!.slot_id, centre_id: spec.centre_id } };
}
