import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeAdmitCards, type AdmitCardContent } from '../src/modules/exam-forms/admit-card-pdf.ts';
import { signAdmitCard } from '../src/modules/exam-forms/admit-card-token.ts';

/**
 * The admit card as printed (lifecycle spec S4): read back from the PDF with pdftotext, as a reader sees it:
 * both names (Hindi as written), roll and enrolment numbers, college and centre, only the papers given (the
 * form's), each with its date and shift, the instructions and the Controller's line; a card without photo or
 * signature says so.
 */
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/pdf/test/fixtures/${name}`, import.meta.url));

const card = (withImages: boolean): AdmitCardContent => ({
  exam: {
    exam_id: 'MAIN-DEC-2024',
    exam_desc: 'Main Examination (Odd Semesters) December 2024',
    cycle: 'December 2024 (Odd Semester)',
  },
  roll_no: 'MD24BSC0100007',
  student_id: '2024C101001',
  name: { en: 'Kshitij Dwivedi', hi: 'क्षितिज द्विवेदी' },
  father: { en: 'Shri Ramesh Dwivedi', hi: 'श्री रमेश द्विवेदी' },
  course: {
    en: 'B.Sc. Physics-Chemistry-Mathematics',
    hi: 'बी.एससी. भौतिकी-रसायन-गणित',
    sem_id: '1',
    session_id: '2024-25',
  },
  candidate_type: 'REGULAR',
  college: {
    college_id: 'C103',
    en: 'Shiksha Bharati College, Bhilwara',
    hi: 'शिक्षा भारती महाविद्यालय, भीलवाड़ा',
  },
  centre: { college_id: 'C101', en: 'Government College, Ajmer', hi: 'राजकीय महाविद्यालय, अजमेर' },
  photo: withImages ? fixture('photo.jpg') : null,
  signature: withImages ? fixture('signature.png') : null,
  papers: [
    {
      paper_id: 'PHY101',
      paper_code: 'PHY-101',
      paper_name: 'Mechanics and Properties of Matter',
      paper_name_hi: 'यांत्रिकी एवं द्रव्य के गुण',
      attempt_type: 'REGULAR',
      date: '2024-12-02',
      shift: 'FN',
      start_time: '09:00',
      duration_minutes: 180,
    },
    {
      paper_id: 'CHE101P',
      paper_code: 'CHE-101P',
      paper_name: 'Chemistry Practical I',
      paper_name_hi: 'रसायन प्रायोगिक I',
      attempt_type: 'BACK',
      date: '2024-12-05',
      shift: 'AN',
      start_time: '14:00',
      duration_minutes: 240,
    },
  ],
  qr: signAdmitCard('a test secret that is long enough for hkdf', {
    exam_id: 'MAIN-DEC-2024',
    student_id: '2024C101001',
    roll_no: 'MD24BSC0100007',
    version: 1,
  }),
  status: 'PUBLISHED',
});

describe.runIf(hasPdftotext)('the admit card PDF', () => {
  it('prints what the spec lists, only the papers given; marks a missing photo and signature', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const pages = await writeAdmitCards(sink, [card(true), card(false)]);
    expect(pages).toBe(2);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'admit-card-'));
    const file = path.join(folder, 'cards.pdf');
    writeFileSync(file, Buffer.concat(chunks));
    const text = (page: number) =>
      execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
    const first = text(1);
    for (const expected of [
      'State University',
      'राज्य विश्वविद्यालय',
      'Admit Card',
      'प्रवेश पत्र',
      'Main Examination (Odd Semesters) December 2024',
      'December 2024 (Odd Semester)',
      'MD24BSC0100007',
      '2024C101001',
      'Kshitij Dwivedi',
      'क्षितिज द्विवेदी',
      'Shri Ramesh Dwivedi',
      'श्री रमेश द्विवेदी',
      'C103 Shiksha Bharati College, Bhilwara',
      'C101 Government College, Ajmer',
      'PHY-101',
      'यांत्रिकी एवं द्रव्य के गुण',
      '02-12-2024',
      'CHE-101P',
      '05-12-2024',
      '14:00–18:00',
      'Back',
      'Instructions',
      'Controller of Examinations',
      'परीक्षा नियंत्रक',
    ])
      expect(first).toContain(expected);
    expect(first).not.toContain('No photo');
    expect(first).not.toContain('MAT101');
    const second = text(2);
    expect(second).toContain('No photo / फ़ोटो नहीं');
    expect(second).toContain('No signature / हस्ताक्षर नहीं');
    if (process.env.ADMIT_CARD_PNG)
      execFileSync('pdftoppm', ['-png', '-r', '60', file, process.env.ADMIT_CARD_PNG]);
  });
});
