import { Router } from 'express';
import { z } from 'zod';
import {
  courseKeyText,
  examResource,
  examSetupAccess,
  shift,
  timetableClashesAnswer,
  type CapabilityKey,
  type FormClash,
  type TimetableClash,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { createPdf, type Bilingual } from '@exam/pdf';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { invalid, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { errors, json, pathParam, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { university, universityLogo } from '../master-data/index.ts';

/**
 * Clashes answered at most (the total says how many there are): a timetable with more needs fixing, not
 * reading.
 */
export const CLASH_LIMIT = 1000;

const clashQuery = z.object({ exam_id: z.string().trim().min(1).max(30).optional() });
const dateSheetQuery = z.object({ course_comb_id: z.string().trim().max(30).optional() });

/**
 * Candidates with two papers in one date and shift, set-based in SQL: papers of candidates (`source`: rows of
 * student_id, form_id, exam_id, session_id, course_comb_id, sem_id, paper_id) joined to their slots through
 * the slot's course links (a common paper's course-semesters share its slot), grouped by candidate, date and
 * shift, kept where more than one slot meets. The one rule of a clash: the exam's list and a form's
 * submission answer both use it.
 */
const clashSql = (source: string, having = '') =>
  `SELECT a.student_id, s.date, s.shift, array_agg(DISTINCT a.paper_id ORDER BY a.paper_id) AS papers, count(*) OVER () AS total
     FROM (${source}) a
     JOIN timetable_slot_course c ON c.exam_id = a.exam_id AND c.session_id = a.session_id AND c.course_comb_id = a.course_comb_id
                                 AND c.sem_id = a.sem_id AND c.paper_id = a.paper_id
     JOIN timetable_slot s ON s.slot_id = c.slot_id
    GROUP BY s.date, s.shift, a.student_id
   HAVING min(s.slot_id) <> max(s.slot_id) ${having}
    ORDER BY s.date, s.shift, a.student_id
    LIMIT ${CLASH_LIMIT}`;

type ClashRow = TimetableClash & { total: bigint | number };

/**
 * The exam's clashes: the attempts (one per paper of an approved form; a cancelled form has none). One
 * hash-joined scan of the exam's attempts; the sort gets enough memory not to spill (bench/RESULTS.md:
 * 100,000 candidates).
 */
export async function findClashes(
  db: Database,
  examId: string,
): Promise<{ clashes: TimetableClash[]; total: number }> {
  const rows = await db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
    return tx.$queryRawUnsafe<ClashRow[]>(
      clashSql(
        'SELECT student_id, form_id, exam_id, session_id, course_comb_id, sem_id, paper_id FROM attempt WHERE exam_id = $1',
      ),
      examId,
    );
  });
  return { clashes: rows.map(({ total: _total, ...clash }) => clash), total: Number(rows[0]?.total ?? 0) };
}

/**
 * The clashes of one form's papers (lifecycle S2: reported at submission, never silently): against the papers
 * of the candidate's other forms of the exam that stand (submitted up to roll allotted; not a draft, a
 * returned, rejected or cancelled one), by the exam's timetable. The same rule as the exam's list, which
 * shows them once the forms are approved.
 */
export async function formClashes(tx: Prisma.TransactionClient, formId: string): Promise<FormClash[]> {
  const rows = await tx.$queryRawUnsafe<ClashRow[]>(
    clashSql(
      `SELECT f.student_id, f.form_id, f.exam_id, p.session_id, p.course_comb_id, p.sem_id, p.paper_id
         FROM exam_form me
         JOIN exam_form f ON f.exam_id = me.exam_id AND f.student_id = me.student_id
                         AND (f.form_id = me.form_id OR f.status NOT IN ('DRAFT', 'RETURNED', 'REJECTED', 'CANCELLED'))
         JOIN exam_form_paper p ON p.form_id = f.form_id
        WHERE me.form_id = $1`,
      'AND bool_or(a.form_id = $1)',
    ),
    formId,
  );
  return rows.map(({ total: _total, student_id: _student, ...clash }) => clash);
}

/** The clashes in words, for a message: "2024-12-06 FN: ENG101, HIS101; ...". */
export const clashText = (clashes: readonly Pick<TimetableClash, 'date' | 'shift' | 'papers'>[]) =>
  clashes.map((c) => `${c.date} ${c.shift}: ${c.papers.join(', ')}`).join('; ');

const longDate = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const endTime = (start: string, minutes: number) => {
  const [h, m] = start.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * `GET /api/timetable/clashes?exam_id=` and `GET /api/timetable/datesheet/{exam_id}` (PDF, one section per
 * programme).
 */
export function timetableRoutes(db: Database) {
  const router = Router();
  router
    .route('/timetable/clashes')
    .get(async (req, res) => {
      scopeOf(res, examSetupAccess.read as CapabilityKey);
      const query = parseOr422(clashQuery, req.query);
      // Without exam_id: the current exam (active_status 1, the one the dropdowns offer first).
      const exam_id =
        query.exam_id ??
        (await db.prisma.exam.findFirst({ where: { active_status: 1 }, orderBy: { exam_id: 'asc' } }))
          ?.exam_id;
      if (!exam_id) throw invalid({ exam_id: ['Required: no exam is marked current; name the exam.'] });
      const found = await findClashes(db, exam_id);
      res.json({ exam_id, ...found });
    })
    .all(methodNotAllowed);

  router
    .route('/timetable/datesheet/:exam_id')
    .get(async (req, res) => {
      scopeOf(res, examSetupAccess.read as CapabilityKey);
      const { course_comb_id } = parseOr422(dateSheetQuery, req.query);
      const { exam_id: examId } = keyFromPath(examResource, req.params as Record<string, string>) as {
        exam_id: string;
      };
      const exam = await db.prisma.exam.findUnique({
        where: { exam_id: examId },
        include: { examcycle: true },
      });
      if (!exam) throw notFound(`Exam ${examId} does not exist.`);
      const links = await db.prisma.timetableSlotCourse.findMany({
        where: { exam_id: examId, ...(course_comb_id ? { course_comb_id } : {}) },
        include: {
          slot: {
            include: { paper: { select: { paper_name: true, paper_name_hi: true, paper_code: true } } },
          },
        },
      });
      if (!links.length)
        throw notFound(
          `Exam ${examId} has no timetable slots${course_comb_id ? ` for ${course_comb_id}` : ''} yet.`,
        );
      const courses = await db.prisma.course.findMany({
        where: { course_comb_id: { in: [...new Set(links.map((l) => l.course_comb_id))] } },
      });
      const courseName = new Map<string, Bilingual>(
        courses.map((c) => [
          c.course_comb_id,
          { en: c.course_comb_name4, hi: c.course_comb_name_hi ?? undefined },
        ]),
      );
      const byCourse = new Map<string, typeof links>();
      for (const l of links) byCourse.set(courseKeyText(l), [...(byCourse.get(courseKeyText(l)) ?? []), l]);

      res.set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="datesheet-${examId}.pdf"`,
      });
      const pdf = createPdf(res, {
        title: `Date sheet ${examId}`,
        author: university.en,
        frame: {
          university,
          logo: universityLogo,
          title: { en: 'Date Sheet', hi: 'परीक्षा कार्यक्रम' },
          footer: `${exam.exam_desc ?? examId}${exam.examcycle ? ` · ${exam.examcycle.student_exam_cycle}` : ''}`,
        },
      });
      for (const [key, rows] of [...byCourse].sort(([a], [b]) => a.localeCompare(b))) {
        await pdf.addPage();
        pdf.startSection();
        const [session, course, sem] = key.split('/');
        const name: Bilingual = courseName.get(course!) ?? { en: course! };
        pdf.text(`${exam.exam_desc ?? examId} (${examId})`, { size: 11, bold: true, align: 'center' });
        pdf.text(`${name.en}${name.hi ? ` / ${name.hi}` : ''} · Semester ${sem} · ${session}`, {
          size: 10.5,
          align: 'center',
        });
        pdf.moveDown(8);
        rows.sort(
          (a, b) => a.slot.date.localeCompare(b.slot.date) || a.slot.shift.localeCompare(b.slot.shift),
        );
        await pdf.table(
          [
            { header: 'Date / दिनांक', width: 1.4 },
            { header: 'Shift / पाली', width: 1.1 },
            { header: 'Time / समय', width: 1.1 },
            { header: 'Paper / प्रश्नपत्र', width: 3.6 },
            { header: 'Code', width: 0.9 },
          ],
          rows.map((r) => [
            longDate.format(new Date(`${r.slot.date}T00:00:00Z`)),
            `${r.slot.shift} (${shift.labelOf(r.slot.shift)})`,
            `${r.slot.start_time}–${endTime(r.slot.start_time, r.slot.duration_minutes)}`,
            `${r.slot.paper.paper_name}${r.slot.paper.paper_name_hi ? `\n${r.slot.paper.paper_name_hi}` : ''}`,
            r.slot.paper.paper_code ?? r.paper_id,
          ]),
        );
        pdf.moveDown(12);
        pdf.text(
          'Candidates must reach the centre 30 minutes before the start. / परीक्षार्थी प्रारम्भ से 30 मिनट पूर्व केन्द्र पर पहुँचें।',
          { size: 8.5 },
        );
        pdf.text(`Controller of Examinations / परीक्षा नियंत्रक`, {
          y: pdf.content.bottom - 20,
          size: 9,
          align: 'right',
        });
      }
      await pdf.end();
    })
    .all(methodNotAllowed);
  return router;
}

export const timetableOpenApi: OpenApiPaths = {
  '/timetable/clashes': {
    get: {
      tags: ['timetable'],
      summary: 'Candidates with two papers in one date and shift',
      description: `Computed from the exam's attempts (the papers of its approved forms) and the timetable's slots. At most ${CLASH_LIMIT} clashes; \`total\` counts all.`,
      parameters: [
        {
          name: 'exam_id',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'The exam; default the current one (active_status 1).',
        },
      ],
      responses: {
        200: json(schema(timetableClashesAnswer), 'The clashes'),
        ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
      },
    },
  },
  '/timetable/datesheet/{exam_id}': {
    get: {
      tags: ['timetable'],
      summary: 'The printable date sheet of an exam (PDF), one section per programme and semester',
      parameters: [
        pathParam('exam_id'),
        {
          name: 'course_comb_id',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'Only this programme',
        },
      ],
      responses: {
        200: {
          description: 'The date sheet',
          content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
        },
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'),
      },
    },
  },
};
