import type { Response } from 'express';
import { courseKeyText, shift } from '@exam/contracts';
import { createPdf, type Bilingual } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';
import type { coursesOf, examWithCycle, slotLinksOf } from './timetable-store.ts';

/** The printable date sheet of an exam (PDF): one section per programme and semester, by date and shift. */

type Exam = NonNullable<Awaited<ReturnType<typeof examWithCycle>>>;
type SlotLink = Awaited<ReturnType<typeof slotLinksOf>>[number];
type Course = Awaited<ReturnType<typeof coursesOf>>[number];

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

/** Writes the date sheet of an exam's slot links (with their courses) to the answer. */
export async function dateSheetPdf(
  res: Response,
  exam: Exam,
  links: readonly SlotLink[],
  courses: readonly Course[],
) {
  const examId = exam.exam_id;
  const courseName = new Map<string, Bilingual>(
    courses.map((c) => [
      c.course_comb_id,
      { en: c.course_comb_name4, hi: c.course_comb_name_hi ?? undefined },
    ]),
  );
  const byCourse = new Map<string, SlotLink[]>();
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
    rows.sort((a, b) => a.slot.date.localeCompare(b.slot.date) || a.slot.shift.localeCompare(b.slot.shift));
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
      'Candidates must reach the centre 30 minutes before the start. / ' +
        'परीक्षार्थी प्रारम्भ से 30 मिनट पूर्व केन्द्र पर पहुँचें।',
      { size: 8.5 },
    );
    pdf.text(`Controller of Examinations / परीक्षा नियंत्रक`, {
      y: pdf.content.bottom - 20,
      size: 9,
      align: 'right',
    });
  }
  await pdf.end();
}
