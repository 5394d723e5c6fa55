import { seeding } from './transaction.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Demo marks (lifecycle S3, S7): CIA patterns of the old and new schemes, and in the past sitting
 * MAIN-DEC-2023 at C104: a LOCKED internal batch of MAT101 with its marks of record and one correction
 * applied and one waiting for approval, an overdue OPEN internal batch of ENV101 (red in the pending list),
 * and a practical batch of PHY101P in DRAFT. Every marks screen and list has rows to show; once into a
 * database without entry batches.
 */
const EXAM = 'MAIN-DEC-2023';
const COURSE = { session_id: '2023-24', course_comb_id: 'BSC01', sem_id: '1' };

export async function seedDemoMarks(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.entryBatch.count()) > 0 || (await prisma.ciaPattern.count()) > 0) return false;
  const attempts = await prisma.attempt.findMany({
    where: { exam_id: EXAM, ...COURSE, college_id: 'C104' },
    orderBy: [{ paper_id: 'asc' }, { student_id: 'asc' }],
  });
  if (!attempts.length || !(await prisma.session.findUnique({ where: { session_id: '2023-24' } })))
    return false;
  const of = (paper: string) => attempts.filter((a) => a.paper_id === paper);
  await prisma.$transaction(async (tx) => {
    await tx.ciaPattern.createMany({
      data: [
        {
          pattern_id: 'CIA-NEW-2023',
          scheme: 'NEW',
          wef_session_id: '2023-24',
          title: 'CBCS internal assessment',
          rounding: 'HALF_UP',
          decimals: 0,
          components: [
            {
              code: 'T',
              name: 'Class tests (best of two)',
              weight_percent: '50',
              max_marks: '20',
              best_of: 1,
              mandatory: true,
              attendance_bands: null,
            },
            {
              code: 'A',
              name: 'Assignment',
              weight_percent: '30',
              max_marks: '10',
              best_of: null,
              mandatory: true,
              attendance_bands: null,
            },
            {
              code: 'S',
              name: 'Seminar',
              weight_percent: '20',
              max_marks: '5',
              best_of: null,
              mandatory: false,
              attendance_bands: null,
            },
          ],
        },
        {
          pattern_id: 'CIA-OLD-2023',
          scheme: 'OLD',
          wef_session_id: '2023-24',
          title: 'Sessional marks',
          rounding: 'HALF_UP',
          decimals: 0,
          components: [
            {
              code: 'I',
              name: 'Sessional',
              weight_percent: '100',
              max_marks: '25',
              best_of: null,
              mandatory: true,
              attendance_bands: null,
            },
          ],
        },
      ],
    });
    const batch = (
      batch_id: string,
      paper_id: string,
      extra: Record<string, unknown>,
      rows: Array<{ attempt_id: string; value?: string | null; status?: string | null }>,
    ) =>
      tx.entryBatch.create({
        data: {
          batch_id,
          exam_id: EXAM,
          ...COURSE,
          paper_id,
          college_id: 'C104',
          row_count: rows.length,
          component: 'INT',
          unit_key: 'C104/-',
          max_marks: '25',
          ...extra,
          rows: {
            create: rows.map((r, i) => ({
              line: i + 1,
              attempt_id: r.attempt_id,
              value: r.value ?? null,
              status: r.status ?? null,
            })),
          },
        } as never,
      });
    const mat = of('MAT101');
    const matRows = mat.map((a, i) =>
      i === 1
        ? { attempt_id: a.attempt_id, status: 'AB' }
        : { attempt_id: a.attempt_id, value: String(14 + i) },
    );
    await batch(
      'BDEMOMAT101',
      'MAT101',
      {
        unit_key: 'C104/MAT',
        dept_id: 'MAT',
        status: 'LOCKED',
        entered_by: 'faculty.college@university.test',
        submitted_by: 'faculty.college@university.test',
        submitted_at: new Date('2023-11-20T10:00:00Z'),
        verified_by: 'office@university.test',
        verified_at: new Date('2023-11-21T10:00:00Z'),
        locked_by: 'office@university.test',
        locked_at: new Date('2023-11-22T10:00:00Z'),
        deadline: new Date('2023-11-25T17:00:00+05:30'),
      },
      matRows,
    );
    // One correction approved (applied to the mark of record) and one waiting for the approver (the lower
    // key: a list sorted by key descending starts with the applied one).
    await tx.markRecord.createMany({
      data: matRows.map((r, i) =>
        i === 0
          ? {
              attempt_id: r.attempt_id,
              component: 'INT',
              value: '15',
              status: null,
              source: 'CORRECTION',
              batch_id: 'BDEMOMAT101',
              correction_id: 'MCDEMO0002',
            }
          : {
              attempt_id: r.attempt_id,
              component: 'INT',
              value: r.value ?? null,
              status: r.status ?? null,
              source: 'ENTRY',
              batch_id: 'BDEMOMAT101',
            },
      ),
    });
    if (mat[0]) {
      await tx.markCorrection.create({
        data: {
          correction_id: 'MCDEMO0002',
          attempt_id: mat[0].attempt_id,
          component: 'INT',
          old: '14.00',
          new: '15.00',
          reason: 'Assignment marks left out of the total on the sheet',
          kind: 'DATA_ENTRY',
          status: 'APPROVED',
          requested_by: 'office@university.test',
          approved_by: 'admin@university.test',
          approved_at: new Date('2023-11-28T10:00:00Z'),
        },
      });
    }
    if (mat[2]) {
      await tx.markCorrection.create({
        data: {
          correction_id: 'MCDEMO0001',
          attempt_id: mat[2].attempt_id,
          component: 'INT',
          old: '16.00',
          new: '17.00',
          reason: 'Seminar marks entered in the wrong row',
          kind: 'DATA_ENTRY',
          requested_by: 'office@university.test',
        },
      });
    }
    await batch(
      'BDEMOENV101',
      'ENV101',
      { max_marks: '50', deadline: new Date('2023-11-25T17:00:00+05:30'), pattern_id: 'CIA-NEW-2023' },
      of('ENV101').map((a) => ({ attempt_id: a.attempt_id })),
    );
    await batch(
      'BDEMOPHY101P',
      'PHY101P',
      {
        component: 'PR',
        unit_key: 'C104/2023-12-08/AN/Physics Lab 2',
        dept_id: 'PHY',
        max_marks: '50',
        status: 'DRAFT',
        practical_date: '2023-12-08',
        practical_shift: 'AN',
        lab: 'Physics Lab 2',
        internal_examiner: 'Dr. Kavita Sharma',
        external_examiner: 'Dr. R. K. Verma',
        deadline: new Date('2023-12-15T17:00:00+05:30'),
      },
      of('PHY101P').map((a, i) =>
        i < 2 ? { attempt_id: a.attempt_id, value: String(38 + i) } : { attempt_id: a.attempt_id },
      ),
    );
  }, seeding);
  return true;
}
