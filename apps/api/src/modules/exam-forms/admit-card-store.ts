import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { admitCardResource } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { insertSelectAudited, modelTable, type Auditor } from '../../platform/files/write-rows.ts';
import type { AdmitCardContent, AdmitCardPaper } from './admit-card-pdf.ts';
import { signAdmitCard } from './admit-card-token.ts';

/**
 * Admit cards in the database: generated from forms with roll numbers, and read back with everything a card
 * prints (the form's papers only, each with its slot), a page of cards at a time so a college's batch
 * streams.
 */

/**
 * Generates the missing cards of ROLL_ALLOTTED forms (all of the exam, or those named): one INSERT ...
 * SELECT.
 */
export async function generateAdmitCards(
  tx: Prisma.TransactionClient,
  examId: string,
  auditor: Auditor,
  formIds?: readonly string[],
): Promise<number> {
  // Each card made is in the audit trail (a `create` entry by whoever allotted or generated), in the same
  // statement.
  return insertSelectAudited(
    tx,
    modelTable(tx, tx.admitCard)!,
    admitCardResource,
    `INSERT INTO admit_card (exam_id, student_id, form_id, college_id, roll_no, centre_id, status, updated_at)
     SELECT DISTINCT ON (f.exam_id, f.student_id) f.exam_id, f.student_id, f.form_id, f.college_id, f.roll_no,
            f.centre_id, 'GENERATED', now()
       FROM exam_form f
      WHERE f.exam_id = $1 AND f.status = 'ROLL_ALLOTTED' AND f.roll_no IS NOT NULL
            ${formIds ? 'AND f.form_id = ANY($2::text[])' : ''}
      -- A candidate with a regular and a back form has one card: under the regular form's roll number.
      ORDER BY f.exam_id, f.student_id, (f.candidate_type <> 'REGULAR'), f.roll_no
     ON CONFLICT (exam_id, student_id) DO NOTHING`,
    [examId, ...(formIds ? [formIds] : [])],
    auditor,
  );
}

const PAGE = 200;

/**
 * The student files folder (students module, docs/decisions/0018-student-photos.md): files named by their
 * SHA-256.
 */
const studentFile = (dataDir: string, sha256: string | null) =>
  sha256 ? readFile(path.join(dataDir, 'student-files', sha256)).catch(() => null) : Promise.resolve(null);

/**
 * The content of the cards matching `where` (admit_card rows), ordered by roll number, read a page at a time.
 * `secret` signs each card's QR token; `dataDir` holds the photos and signatures.
 */
export async function* admitCardContents(
  db: Database,
  where: Prisma.AdmitCardWhereInput,
  { secret, dataDir }: { secret: string; dataDir: string },
): AsyncGenerator<AdmitCardContent> {
  let after: string | undefined;
  const lookups = new Map<string, Awaited<ReturnType<typeof examLookups>>>();
  for (;;) {
    const cards = await db.prisma.admitCard.findMany({
      where: { AND: [where, after ? { roll_no: { gt: after } } : {}] },
      orderBy: { roll_no: 'asc' },
      take: PAGE,
      include: {
        student: {
          select: {
            name_en: true,
            name_hi: true,
            father_name_en: true,
            father_name_hi: true,
            photo_sha256: true,
            signature_sha256: true,
          },
        },
      },
    });
    if (!cards.length) return;
    after = cards.at(-1)!.roll_no;
    // Every numbered form of each candidate in the exam: a regular and a back form are one card, with both
    // rolls.
    const forms = await db.prisma.examForm.findMany({
      where: {
        OR: cards.map((c) => ({ exam_id: c.exam_id, student_id: c.student_id })),
        status: 'ROLL_ALLOTTED',
      },
      select: {
        form_id: true,
        exam_id: true,
        student_id: true,
        roll_no: true,
        session_id: true,
        course_comb_id: true,
        sem_id: true,
        candidate_type: true,
        papers: { orderBy: { paper_id: 'asc' } },
      },
      orderBy: { roll_no: 'asc' },
    });
    const formsOf = new Map<string, typeof forms>();
    for (const f of forms)
      formsOf.set(`${f.exam_id}/${f.student_id}`, [
        ...(formsOf.get(`${f.exam_id}/${f.student_id}`) ?? []),
        f,
      ]);
    for (const card of cards) {
      let exam = lookups.get(card.exam_id);
      if (!exam) lookups.set(card.exam_id, (exam = await examLookups(db, card.exam_id)));
      const all = formsOf.get(`${card.exam_id}/${card.student_id}`) ?? [];
      const form = all.find((f) => f.form_id === card.form_id) ?? all[0];
      const papers: AdmitCardPaper[] = all
        .flatMap((f) => f.papers)
        .map((p) => {
          const slot = exam.slots.get(`${p.session_id}/${p.course_comb_id}/${p.sem_id}/${p.paper_id}`);
          const paper = exam.papers.get(p.paper_id);
          return {
            paper_id: p.paper_id,
            paper_code: paper?.paper_code ?? null,
            paper_name: paper?.paper_name ?? p.paper_id,
            paper_name_hi: paper?.paper_name_hi ?? null,
            attempt_type: p.attempt_type,
            date: slot?.date ?? null,
            shift: slot?.shift ?? null,
            start_time: slot?.start_time ?? null,
            duration_minutes: slot?.duration_minutes ?? null,
          };
        });
      // By date, the forenoon before the afternoon; papers without a slot last.
      papers.sort(
        (a, b) =>
          (a.date ?? '9999').localeCompare(b.date ?? '9999') ||
          Number(a.shift === 'AN') - Number(b.shift === 'AN') ||
          a.paper_id.localeCompare(b.paper_id),
      );
      const college = exam.colleges.get(card.college_id);
      const centre = card.centre_id ? exam.colleges.get(card.centre_id) : undefined;
      const course = form ? exam.courses.get(form.course_comb_id) : undefined;
      const [photo, signature] = await Promise.all([
        studentFile(dataDir, card.student.photo_sha256),
        studentFile(dataDir, card.student.signature_sha256),
      ]);
      yield {
        exam: exam.exam,
        roll_no: [
          card.roll_no,
          ...all.map((f) => f.roll_no).filter((r): r is string => !!r && r !== card.roll_no),
        ].join(' / '),
        student_id: card.student_id,
        name: { en: card.student.name_en, hi: card.student.name_hi ?? undefined },
        father: { en: card.student.father_name_en ?? '', hi: card.student.father_name_hi ?? undefined },
        course: {
          en: course?.course_comb_name4 ?? form?.course_comb_id ?? '',
          hi: course?.course_comb_name_hi ?? undefined,
          sem_id: form?.sem_id ?? '',
          session_id: form?.session_id ?? '',
        },
        candidate_type: form?.candidate_type ?? 'REGULAR',
        college: {
          college_id: card.college_id,
          en: college?.college_name ?? card.college_id,
          hi: college?.college_name_hi ?? undefined,
        },
        centre: card.centre_id
          ? {
              college_id: card.centre_id,
              en: centre?.college_name ?? card.centre_id,
              hi: centre?.college_name_hi ?? undefined,
            }
          : null,
        photo,
        signature,
        papers,
        qr: signAdmitCard(secret, {
          exam_id: card.exam_id,
          student_id: card.student_id,
          roll_no: card.roll_no,
          version: card.version,
        }),
        status: card.status,
      };
    }
  }
}

/**
 * What every card of an exam shares: the exam, its slots by syllabus key, paper, course and college names.
 */
async function examLookups(db: Database, examId: string) {
  const [exam, links, papers, courses, colleges] = await Promise.all([
    db.prisma.exam.findUnique({ where: { exam_id: examId }, include: { examcycle: true } }),
    db.prisma.timetableSlotCourse.findMany({ where: { exam_id: examId }, include: { slot: true } }),
    db.prisma.paper.findMany({
      select: { paper_id: true, paper_code: true, paper_name: true, paper_name_hi: true },
    }),
    db.prisma.course.findMany({
      select: { course_comb_id: true, course_comb_name4: true, course_comb_name_hi: true },
    }),
    db.prisma.college.findMany({ select: { college_id: true, college_name: true, college_name_hi: true } }),
  ]);
  return {
    exam: {
      exam_id: examId,
      exam_desc: exam?.exam_desc ?? null,
      cycle: exam?.examcycle?.student_exam_cycle ?? null,
    },
    slots: new Map(
      links.map((l) => [`${l.session_id}/${l.course_comb_id}/${l.sem_id}/${l.paper_id}`, l.slot]),
    ),
    papers: new Map(papers.map((p) => [p.paper_id, p])),
    courses: new Map(courses.map((c) => [c.course_comb_id, c])),
    colleges: new Map(colleges.map((c) => [c.college_id, c])),
  };
}

/** A card within a reach (the scope's where; null: nothing is within it). */
export async function cardWithin(
  db: Database,
  key: { exam_id: string; student_id: string },
  within: Prisma.AdmitCardWhereInput | null,
) {
  if (!within) return null;
  return db.prisma.admitCard.findFirst({ where: { AND: [key, within] } });
}

/** How many cards match. */
export function cardCount(db: Database, where: Prisma.AdmitCardWhereInput) {
  return db.prisma.admitCard.count({ where });
}

/** The cards a bulk move changes, as they are (for the audit trail). */
export function cardsToMove(tx: Prisma.TransactionClient, where: Prisma.AdmitCardWhereInput) {
  return tx.admitCard.findMany({
    where,
    select: { exam_id: true, student_id: true, status: true, withheld_reason: true },
  });
}

/** Moves the matching cards to a status, with the reason they are withheld (null when published). */
export function moveCards(
  tx: Prisma.TransactionClient,
  where: Prisma.AdmitCardWhereInput,
  to: string,
  reason: string | null,
) {
  return tx.admitCard.updateMany({
    where,
    data: { status: to, withheld_reason: reason, updated_at: new Date() },
  });
}
