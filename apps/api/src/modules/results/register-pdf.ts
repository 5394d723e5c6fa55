import type { Response } from 'express';
import { resultRunStatus, type MarkCell, type ResultLine } from '@exam/contracts';
import type { Database } from '@exam/db';
import { createPdf } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';
import type { RunRecord } from './run-record.ts';
import { q } from './sql.ts';

const text = (v: unknown) => (v == null ? '' : String(v));
const cell = (c: MarkCell) => c.status ?? c.value ?? '';

interface RegisterRow {
  student_id: string;
  name_en: string | null;
  roll_no: string | null;
  version: number;
  total: string | null;
  max_total: string | null;
  credits_earned: string | null;
  percentage: string | null;
  division: string | null;
  sgpa: string | null;
  cgpa: string | null;
  result: string;
  lines: ResultLine[];
}

/** One paper's marks in its register cell: "I 18 · E 52 · 70 · A+" (grace as "+2G"). */
function paperCell(line: ResultLine | undefined, graded: boolean): string {
  if (!line) return '—';
  const parts: string[] = [];
  if (line.int.value !== null || line.int.status) parts.push(`I ${cell(line.int)}`);
  if (line.ext.value !== null || line.ext.status) parts.push(`E ${cell(line.ext)}`);
  if (line.pr.value !== null || line.pr.status) parts.push(`P ${cell(line.pr)}`);
  const grace = line.grace ? ` (${line.grace.rule_id} +${line.grace.marks})` : '';
  const total = line.total !== null ? `= ${line.total}${grace}` : line.paper_result;
  const tail =
    graded && line.grade
      ? ` ${line.grade}`
      : line.paper_result !== 'P' && line.total !== null
        ? ` ${line.paper_result}`
        : '';
  return `${parts.join(' ')} ${total}${tail}`.trim();
}

/**
 * The tabulation register (TR, "galley") of a run per course combination (lifecycle S8 step 4): every
 * student, every paper (internal, external, total, grade), totals and result; bilingual headings and
 * signature blocks for the tabulator and the checker. Landscape A4; a run not yet published carries its
 * status as a watermark.
 */
export async function registerPdf(db: Database, run: RunRecord, res: Response) {
  const rows = await q<RegisterRow>(
    db,
    `SELECT r.student_id, s.name_en, ac.roll_no, r.version, r.total, r.max_total, r.credits_earned,
        r.percentage, r.division, r.sgpa, r.cgpa, r.result, r.lines
       FROM student_result r LEFT JOIN student s ON s.student_id = r.student_id
         LEFT JOIN admit_card ac ON ac.exam_id = r.exam_id AND ac.student_id = r.student_id
      WHERE r.run_id = $1
         OR (r.status = 'PUBLISHED' AND r.exam_id = $2 AND r.session_id = $3 AND r.course_comb_id = $4
           AND r.sem_id = $5
             AND NOT EXISTS (SELECT 1 FROM student_result n WHERE n.run_id = $1
               AND n.student_id = r.student_id AND n.exam_id = r.exam_id))
      ORDER BY COALESCE(ac.roll_no, r.student_id), r.student_id`,
    [run.run_id, run.exam_id, run.session_id, run.course_comb_id, run.sem_id],
  );
  const [course] = await q<{ course_comb_name: string | null; course_comb_name_hi: string | null }>(
    db,
    `SELECT course_comb_name4 AS course_comb_name, course_comb_name_hi FROM course WHERE course_comb_id = $1`,
    [run.course_comb_id],
  );
  const papers = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.paper_id)))].sort();
  const graded = run.scheme !== 'OLD';
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="tabulation-register-${run.run_id}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
  const title = { en: 'Tabulation Register', hi: 'सारणीयन पंजी (टेबुलेशन रजिस्टर)' };
  const pdf = createPdf(res, {
    size: 'A4',
    orientation: 'landscape',
    title: `${title.en} ${run.run_id}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title,
      footer:
        `Run ${run.run_id} · ${resultRunStatus.labelOf(run.status)} · printed ` +
        `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    },
  });
  await pdf.addPage();
  const { left, right, width } = pdf.content;
  const facts: Array<[string, string]> = [
    ['Examination / परीक्षा', run.exam_id],
    ['Course / पाठ्यक्रम', courseLine(run.course_comb_id, course)],
    ['Semester, session / सेमेस्टर, सत्र', `${run.sem_id}, ${run.session_id} · ${run.scheme} scheme / योजना`],
    [
      'Notification / अधिसूचना',
      run.notification_no
        ? `${run.notification_no} of ${text(run.notification_date)}`
        : '— (not published / अप्रकाशित)',
    ],
  ];
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.text(label, { x: left, y, width: 190, size: 9, color: '#444444' });
    pdf.text(value, { x: left + 195, y, width: width - 195, size: 10 });
    pdf.y = y + 14;
  }
  pdf.moveDown(4);
  pdf.text(
    `Paper cells: I internal, E external, P practical, = total${graded ? ', grade' : ''}; (G1 +2) grace ` +
      `under a rule; AB absent, RL result later, RW withheld. / I आंतरिक, E बाह्य, P प्रायोगिक, = योग; (G1 ` +
      `+2) नियम के अंतर्गत कृपांक; AB अनुपस्थित, RL परिणाम बाद में, RW परिणाम रोका गया।`,
    { size: 7.5, color: '#444444' },
  );
  pdf.moveDown(4);
  await pdf.table(
    [
      { header: 'S.no. / क्र.', width: 0.55 },
      { header: 'Roll no. / अनुक्रमांक', width: 1.1 },
      { header: 'Name / नाम', width: 1.6 },
      ...papers.map((p) => ({ header: p, width: 1.25 })),
      { header: graded ? 'Credits / क्रेडिट' : 'Total / योग', width: 0.9, align: 'right' as const },
      { header: graded ? 'SGPA / CGPA' : '% / प्रतिशत', width: 0.9, align: 'right' as const },
      { header: graded ? 'Result / परिणाम' : 'Div., result / श्रेणी, परिणाम', width: 1.2 },
    ],
    rows.map((r, i) => {
      const byPaper = new Map(r.lines.map((l) => [l.paper_id, l]));
      return [
        String(i + 1),
        r.roll_no ?? r.student_id,
        `${text(r.name_en)}${r.version > 1 ? ` (v${r.version})` : ''}`,
        ...papers.map((p) => paperCell(byPaper.get(p), graded)),
        {
          text: graded
            ? (r.credits_earned ?? '—')
            : r.total !== null
              ? `${r.total}/${text(r.max_total)}`
              : '—',
          align: 'right' as const,
        },
        {
          text: graded ? `${r.sgpa ?? '—'} / ${r.cgpa ?? '—'}` : (r.percentage ?? '—'),
          align: 'right' as const,
        },
        { text: `${r.division ? `${r.division} · ` : ''}${r.result}`, bold: true },
      ];
    }),
    { size: 7.5, padding: 2.5 },
  );
  pdf.moveDown(6);
  pdf.text(`Students / परीक्षार्थी: ${rows.length} · passed / उत्तीर्ण: ${rows.filter(passed).length}`, {
    size: 9,
  });
  await pdf.ensureSpace(60);
  pdf.moveDown(30);
  const y = pdf.y;
  const blocks = ['Tabulator / सारणीकर्ता', 'Checker / जाँचकर्ता', 'Controller of Examinations / परीक्षा नियंत्रक'];
  const w = (right - left - 40) / 3;
  blocks.forEach((label, i) => {
    const x = left + i * (w + 20);
    pdf.line(x, y + 20, x + w, y + 20, { lineWidth: 0.5 });
    pdf.text(label, { x, y: y + 24, width: w, size: 8, align: 'center' });
  });
  if (run.status !== 'PUBLISHED')
    pdf.watermark(resultRunStatus.labelOf(run.status).toUpperCase(), { opacity: 0.08 });
  await pdf.end();
}

const passed = (row: { result: string }) => row.result === 'PASS' || row.result === 'PASS_GRACE';

/** "BA01 Bachelor of Arts / कला स्नातक": the code, the English name and the Hindi one where there is one. */
const courseLine = (
  id: string,
  course: { course_comb_name?: string | null; course_comb_name_hi?: string | null } | undefined | null,
) => {
  const hindi = course?.course_comb_name_hi ? ` / ${course.course_comb_name_hi}` : '';
  return `${id} ${course?.course_comb_name ?? ''}${hindi}`;
};
