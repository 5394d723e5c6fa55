import type { Response } from 'express';
import { attemptType, candidateType, examFormStatus, type FeeLine } from '@exam/contracts';
import { dataDirFromEnv, type Database } from '@exam/db';
import { createPdf } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';
import { readStudentImage } from '../students/index.ts';

type Values = Record<string, unknown>;
const text = (v: unknown) => (v == null ? '' : String(v));

/**
 * The filled exam form as one A4 page (lifecycle spec S2 printouts): the candidate with photo and signature
 * (a marked box when none), the papers with their attempt, and the fee computation line by line, English and
 * Hindi.
 */
export async function examFormPdf(db: Database, form: Values, fee: readonly FeeLine[], res: Response) {
  const [student, paperNames, course] = await Promise.all([
    db.prisma.student.findUnique({
      where: { student_id: text(form.student_id) },
      include: { college: { select: { college_name: true, college_name_hi: true } } },
    }),
    db.prisma.paper.findMany({
      where: { paper_id: { in: ((form.papers ?? []) as Values[]).map((p) => text(p.paper_id)) } },
      select: { paper_id: true, paper_name: true, paper_name_hi: true },
    }),
    db.prisma.course.findUnique({
      where: { course_comb_id: text(form.course_comb_id) },
      select: { course_comb_name4: true, course_comb_name_hi: true },
    }),
  ]);
  const dataDir = dataDirFromEnv(process.env);
  const [photo, signature] = await Promise.all([
    readStudentImage(dataDir, student?.photo_sha256),
    readStudentImage(dataDir, student?.signature_sha256),
  ]);

  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="exam-form-${text(form.form_id)}.pdf"`,
  });
  const pdf = createPdf(res, {
    title: `Exam form ${text(form.form_id)}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Examination Form', hi: 'परीक्षा आवेदन पत्र' },
      footer: [
        `Form ${text(form.form_id)}`,
        `printed ${new Date().toISOString().slice(0, 10)}`,
        `status ${examFormStatus.labelOf(form.status)}`,
      ].join(' · '),
    },
  });
  await pdf.addPage();
  const { left, right, width } = pdf.content;
  const top = pdf.y + 4;
  pdf.image(photo, { x: right - 90, y: top, width: 90, height: 110 });
  pdf.image(signature, {
    x: right - 90,
    y: top + 116,
    width: 90,
    height: 34,
    placeholder: 'No signature / हस्ताक्षर नहीं',
  });
  const courseName = course
    ? `(${course.course_comb_name4}${course.course_comb_name_hi ? ` / ${course.course_comb_name_hi}` : ''})`
    : '';
  const facts: Array<[string, string]> = [
    ['Form no. / आवेदन क्रमांक', text(form.form_id)],
    ['Exam / परीक्षा', text(form.exam_id)],
    ['Course / पाठ्यक्रम', `${text(form.course_comb_id)} ${courseName}`],
    ['Semester, session / सेमेस्टर, सत्र', `${text(form.sem_id)}, ${text(form.session_id)}`],
    ['Enrolment no. / नामांकन संख्या', text(form.student_id)],
    ['Name / नाम', `${student?.name_en ?? ''}${student?.name_hi ? ` / ${student.name_hi}` : ''}`],
    [
      "Father's name / पिता का नाम",
      `${student?.father_name_en ?? ''}${student?.father_name_hi ? ` / ${student.father_name_hi}` : ''}`,
    ],
    ['Category / वर्ग', text(student?.category)],
    ['College / महाविद्यालय', `${text(form.college_id)} ${student?.college.college_name ?? ''}`],
    ['Candidate / परीक्षार्थी प्रकार', candidateType.labelOf(form.candidate_type)],
  ];
  pdf.y = top;
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.text(label, { x: left, y, width: 170, size: 9, color: '#444444' });
    const bold = label.startsWith('Name') || label.startsWith('Form');
    pdf.text(value, { x: left + 175, y, width: width - 175 - 100, size: 10, bold });
    pdf.y = y + Math.max(15, pdf.heightOf(value, { width: width - 175 - 100, size: 10, bold }) + 3);
  }
  pdf.y = Math.max(pdf.y, top + 160) + 8;
  pdf.text('Papers / प्रश्नपत्र', { size: 11, bold: true });
  const names = new Map(paperNames.map((p) => [p.paper_id, p]));
  await pdf.table(
    [
      { header: 'Paper / प्रश्नपत्र', width: 1 },
      { header: 'Name / नाम', width: 3 },
      { header: 'Syllabus / पाठ्यक्रम सत्र', width: 2 },
      { header: 'Attempt / प्रयास', width: 1.4 },
    ],
    ((form.papers ?? []) as Values[]).map((p) => {
      const n = names.get(text(p.paper_id));
      return [
        text(p.paper_id),
        `${n?.paper_name ?? ''}${n?.paper_name_hi ? ` / ${n.paper_name_hi}` : ''}`,
        `${text(p.session_id)} ${text(p.sem_id)}`,
        `${attemptType.labelOf(p.attempt_type)} #${text(p.attempt_no)}`,
      ];
    }),
    { size: 9, padding: 4 },
  );
  pdf.moveDown(10);
  pdf.text('Fee / शुल्क', { size: 11, bold: true });
  await pdf.table(
    [
      { header: 'Item / मद', width: 2 },
      { header: 'How / गणना', width: 3 },
      { header: 'Amount ₹ / राशि', width: 1.2, align: 'right' },
    ],
    fee.map((line) =>
      line.item === 'Total'
        ? [
            { text: 'Total / कुल', bold: true },
            line.text,
            { text: line.amount, bold: true, align: 'right' as const },
          ]
        : [line.item, line.text, { text: line.amount, align: 'right' as const }],
    ),
    { size: 9, padding: 4 },
  );
  if (form.payment_ref)
    pdf.text(
      `Paid ₹${text(form.paid_amount)} · ref. ${text(form.payment_ref)} · ${text(form.paid_at).slice(0, 10)}`,
      { size: 9 },
    );
  pdf.moveDown(24);
  const y = pdf.y;
  pdf.line(left, y + 20, left + 170, y + 20, { lineWidth: 0.5 });
  pdf.text("Candidate's signature / परीक्षार्थी के हस्ताक्षर", {
    x: left,
    y: y + 24,
    width: 170,
    size: 8,
    align: 'center',
  });
  pdf.line(right - 170, y + 20, right, y + 20, { lineWidth: 0.5 });
  pdf.text('Principal (college) / प्राचार्य', {
    x: right - 170,
    y: y + 24,
    width: 170,
    size: 8,
    align: 'center',
  });
  if (form.status === 'DRAFT' || form.status === 'RETURNED') pdf.watermark('DRAFT', { opacity: 0.12 });
  await pdf.end();
}
