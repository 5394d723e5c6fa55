import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedForm, arrange } from './arrange.ts';
import { launch, openAs, openPage, screenshotsDir, shot, signIn, storedToken } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

const EXAM = 'SUPP-FEB-2025';
const STUDENT = '2024C101001';
const day = 86_400_000;

/**
 * Timetable, roll numbers and admit cards in the browser (lifecycle S4): the office builds a timetable on
 * which the demo student's regular and back papers clash, sees the clash, resolves it by moving a slot,
 * allots roll numbers (a job with progress) and publishes the cards; the student downloads its card from the
 * dashboard, and the card is rendered to a picture to be looked at.
 */
describeBrowser('timetable, roll numbers and admit cards through the screens', () => {
  let browser: Browser;
  let office: string;
  const call = (method: string, url: string, body?: unknown) => arrange(office, method, url, body);
  const link = (session: string) => `/examccinfo/${EXAM}/${session}/BSC01/1`;

  beforeAll(async () => {
    browser = await launch();
    const { page } = await openPage(browser);
    await signIn(page, 'office@university.test');
    office = (await storedToken(page))!;
    await page.context().close();
    const windows = {
      form_open_at: new Date(Date.now() - day).toISOString(),
      form_due_at: new Date(Date.now() + 10 * day).toISOString(),
      late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
    };
    for (const session of ['2024-25', '2023-24']) {
      await call('POST', '/examccinfo', {
        exam_id: EXAM,
        session_id: session,
        course_comb_id: 'BSC01',
        sem_id: '1',
        base_fee: '800',
        back_paper_fee: '200',
        ...windows,
        ...(session === '2023-24' ? { allow_types: 'BACK' } : {}),
      });
      await call('POST', `${link(session)}/open-forms`, {});
    }
    // The demo student's attendance meets the threshold (verification returns a form below it).
    const enrolment = (await call('GET', `/studentccinfo/${STUDENT}/2024-25/BSC01/1`)) as {
      studentccinfo: { updated_at: string };
    };
    await call('PUT', `/studentccinfo/${STUDENT}/2024-25/BSC01/1`, {
      attendance_percent: '92',
      updated_at: enrolment.studentccinfo.updated_at,
    });
    // The demo student owes CHE101 of the 2023-24 syllabus (as an import of the legacy results would say).
    await call('POST', '/backlog', {
      student_id: STUDENT,
      session_id: '2023-24',
      course_comb_id: 'BSC01',
      sem_id: '1',
      paper_id: 'CHE101',
      first_exam_id: 'MAIN-DEC-2023',
      reason: 'EXTERNAL',
    });
    await approvedForm(office, {
      exam_id: EXAM,
      student_id: STUDENT,
      session_id: '2024-25',
      course_comb_id: 'BSC01',
      sem_id: '1',
      candidate_type: 'REGULAR',
    });
    await approvedForm(office, {
      exam_id: EXAM,
      student_id: STUDENT,
      session_id: '2023-24',
      course_comb_id: 'BSC01',
      sem_id: '1',
      candidate_type: 'BACK',
      extra_papers: [
        {
          session_id: '2023-24',
          course_comb_id: 'BSC01',
          sem_id: '1',
          paper_id: 'CHE101',
          attempt_type: 'BACK',
        },
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'office: builds a timetable with a clash, sees it, moves a slot and the clash is gone; prints the ' +
      'date sheet',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'office@university.test', `/PreTimeTable?exam_id=${EXAM}`);
      await page.getByRole('heading', { name: 'Time Table' }).waitFor();
      const add = async (paper: string, courses: string, date: string) => {
        await page.getByLabel('Paper').fill(paper);
        await page.getByLabel('Course-semesters').fill(courses);
        await page.getByLabel('Date').fill(date);
        await page.getByRole('button', { name: 'Add slot' }).click();
        // The message stays from the slot before: wait for this slot's row.
        await page.getByRole('cell', { name: paper, exact: true }).waitFor();
      };
      // A course-semester without the paper is refused, naming it.
      await page.getByLabel('Paper').fill('HIN101');
      await page.getByLabel('Course-semesters').fill('2024-25/BSC01/1');
      await page.getByLabel('Date').fill('2025-02-10');
      await page.getByRole('button', { name: 'Add slot' }).click();
      await page
        .getByText('2024-25/BSC01/1 has no paper HIN101 (no paper link in that course-semester).')
        .waitFor();
      await add('MAT101', '2024-25/BSC01/1', '2025-02-10');
      await add('CHE101', '2023-24/BSC01/1', '2025-02-10');
      await page
        .getByText('1 candidate has two papers in one shift: move one of the slots.')
        .waitFor({ timeout: 30_000 });
      await page.getByText(`${STUDENT}: CHE101 + MAT101 on 2025-02-10 FN`).waitFor();
      await shot(page, 'timetable-clash');

      await page.getByRole('button', { name: 'Move slot of CHE101' }).click();
      await page.getByLabel('Shift').selectOption('AN');
      await page.getByRole('button', { name: 'Save the move' }).click();
      await page.getByText('Timetable slot updated successfully.').waitFor();
      await page.getByText('No candidate has two papers in one shift.').waitFor();
      await shot(page, 'timetable-resolved');
      const [sheet] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Date sheet (PDF)' }).click(),
      ]);
      const sheetFile = path.join(screenshotsDir, 'datesheet-e2e.pdf');
      mkdirSync(screenshotsDir, { recursive: true });
      await sheet.saveAs(sheetFile);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        sheetFile,
        path.join(screenshotsDir, 'datesheet-e2e'),
      ]);
      await page.context().close();
    },
  );

  it(
    'office: allots roll numbers (refused while forms are open), publishes the cards; downloads a ' +
      'college batch',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'office@university.test', `/PreAdmitCard?exam_id=${EXAM}&college_id=C101`);
      await page.getByRole('heading', { name: 'Admit Card' }).waitFor();
      await page.getByRole('button', { name: 'Allot roll numbers' }).click();
      await page
        .getByText(/while forms are open|Forms open/)
        .first()
        .waitFor();
      for (const session of ['2024-25', '2023-24']) await call('POST', `${link(session)}/close-forms`, {});
      await page.getByRole('button', { name: 'Allot roll numbers' }).click();
      await page.getByRole('progressbar').first().waitFor();
      await page.getByRole('cell', { name: STUDENT, exact: true }).first().waitFor({ timeout: 30_000 });
      await page.getByText('Generated').first().waitFor();
      await shot(page, 'admit-cards-generated');
      await page.getByRole('button', { name: 'Publish all of C101' }).click();
      await page.getByText(/admit cards? published\./).waitFor();
      await page.getByText('Published').first().waitFor();
      await shot(page, 'admit-cards-published');
      const [batch] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Cards of C101 (PDF)' }).click(),
      ]);
      expect(batch.suggestedFilename()).toBe(`admit-cards-${EXAM}-C101.pdf`);
      await page.context().close();
    },
  );

  it('student: downloads its own published card from the dashboard', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'student@university.test');
    await page.getByRole('heading', { name: 'My admit cards' }).waitFor();
    await page.getByText(new RegExp(`${EXAM} · Roll No\\. \\S+ · Published`)).waitFor();
    await shot(page, 'admit-card-student-dashboard');
    const [card] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download admit card' }).click(),
    ]);
    const file = path.join(screenshotsDir, 'admit-card-e2e.pdf');
    await card.saveAs(file);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(screenshotsDir, 'admit-card-e2e')]);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(STUDENT);
    // The regular and the back form are one card: both roll numbers, the back paper among the papers.
    expect(text).toMatch(/SF25BSC0100001 \/ SF25BSC0100002/);
    expect(text).toContain('CHE-101');
    expect(text).toContain('Back');
    await page.context().close();
  });
});
