import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange, courseQuery, verifiedForm } from './arrange.ts';
import { api, launch, openAs, openPage, runId, shot, storedToken, tokenOf } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

const day = 86_400_000;
/** `datetime-local` text for a moment `days` from now, in the browser's (and this process's) local time. */
const local = (days: number) => {
  const at = new Date(Date.now() + days * day);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * An exam form from set-up to approval in the browser (lifecycle S2): the office links a course-semester to
 * an exam with its windows and fees and opens forms; the demo student fills and submits its form (regular
 * papers from its enrolment, fee shown line by line); the office records the fee; the college's faculty
 * verifies; the office approves.
 */
describeBrowser('exam forms through the screens', () => {
  let browser: Browser;
  const exam = `E2E-${runId}`;
  let formId = '';

  beforeAll(async () => {
    browser = await launch();
    // A fresh exam per run (a shared PostgreSQL database keeps the links of earlier runs).
    const created = await api(await tokenOf('office@university.test'), 'POST', '/exam', {
      exam_id: exam,
      exam_desc: `E2E exam ${runId}`,
      active_status: 0,
      session_id: '2024-25',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const formRow = (page: Page) => page.getByRole('button', { name: formId, exact: true });

  it('office: links BSC01 semester 1 to the exam with windows and fees, and opens forms', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'office@university.test', '/AddExamCCInfo');
    await page.getByRole('heading', { name: 'Add Exam CC Info' }).waitFor();
    await page.getByLabel('Exam', { exact: true }).fill(exam);
    await page.getByLabel('Session', { exact: true }).fill('2024-25');
    await page.getByLabel('Course Combination').fill('BSC01');
    await page.getByLabel('Semester').fill('1');
    await page.getByLabel('Forms open').fill(local(-1));
    await page.getByLabel('Due date (late fee after)').fill(local(10));
    await page.getByLabel('Late-fee forms close').fill(local(20));
    await page.getByLabel('Base fee (₹)').fill('800');
    await page.getByLabel('Per back/improvement paper (₹)').fill('200');
    await page.getByLabel('Per practical paper (₹)').fill('150');
    await page.getByLabel('Late fee (₹)').fill('300');
    await page.getByLabel('Category concessions (%)').fill('SC:50 ST:50');
    await shot(page, 'exam-forms-add-link');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'View Exam CC Info' }).waitFor();
    const bar = page.getByRole('group', { name: 'Status and actions' });
    await bar.getByText('Planned', { exact: true }).waitFor();
    await bar.getByRole('button', { name: 'Open forms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open forms' });
    await dialog.getByRole('button', { name: 'Open forms' }).click();
    await bar.getByText('Forms open', { exact: true }).waitFor();
    await page.getByText(/Read-only in this phase: the course links of the exam/).waitFor();
    await shot(page, 'exam-forms-link-open');
    // The same screen in Hindi: heading, field labels, the phase and its read-only notice follow the language
    // switch.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'परीक्षा पाठ्यक्रम-संयोजन विवरण देखें' }).waitFor();
    await page.getByRole('term').filter({ hasText: 'मूल शुल्क (₹)' }).waitFor();
    await page
      .getByRole('group', { name: 'स्थिति और कार्रवाइयाँ' })
      .getByText('आवेदन खुले', { exact: true })
      .waitFor();
    await page.getByText(/इस चरण में केवल पठनीय: परीक्षा के पाठ्यक्रम संबंध/).waitFor();
    await shot(page, 'exam-forms-link-hindi');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'View Exam CC Info' }).waitFor();
    await page.close();
  });

  it('student: fills its form (its enrolment papers, the fee line by line) and submits it', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'student@university.test', '/PreExamForm');
    await page.getByRole('heading', { name: 'Fill an exam form' }).waitFor();
    // Only links of its own semesters that are open now, without a form yet, are offered.
    const options = await page.getByLabel('Exam and semester').locator('option').allTextContents();
    const index = options.findIndex((o) => o.startsWith(`${exam} · BSC01 semester 1 (2024-25)`));
    expect(index, options.join(' | ')).toBeGreaterThanOrEqual(0);
    await page.getByLabel('Exam and semester').selectOption({ index });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByText(/saved as a draft/).waitFor();
    const heading = page.getByRole('heading', { name: /^Exam form F/ });
    formId = /Exam form (\S+)/.exec((await heading.textContent()) ?? '')![1]!;
    const papers = page.getByRole('table', { name: 'Papers' });
    await papers.getByRole('cell', { name: 'PHY101', exact: true }).waitFor();
    const fee = page.getByRole('table', { name: 'Fee' });
    await fee.getByRole('cell', { name: 'Base fee' }).waitFor();
    await fee.getByRole('cell', { name: 'Total' }).waitFor();
    const bar = page.getByRole('group', { name: 'Status and actions' });
    await bar.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: 'Submit' }).getByRole('button', { name: 'Submit' }).click();
    await bar.getByText('Submitted', { exact: true }).waitFor();
    // The link it has a form for is no longer offered (another file's exam may end with the same id: the
    // option must start with it).
    expect(await page.getByLabel('Exam and semester').locator('option').allTextContents()).not.toContainEqual(
      expect.stringMatching(new RegExp(`^${exam} · BSC01 `)),
    );
    await shot(page, 'exam-forms-student-submitted');
    await page.close();
  });

  it('office marks the fee paid; the college faculty verifies; the office approves', async () => {
    const office = await openPage(browser);
    await openAs(office.page, 'office@university.test', `/PreExamFormEntry?exam_id=${exam}&status=SUBMITTED`);
    await formRow(office.page).click();
    await office.page.getByLabel('Payment reference').fill(`CH-${runId}`);
    await office.page.getByRole('button', { name: 'Mark fee paid' }).click();
    await office.page
      .getByRole('group', { name: 'Status and actions' })
      .getByText('Fee paid', { exact: true })
      .waitFor();
    await shot(office.page, 'exam-forms-office-paid');

    const faculty = await openPage(browser);
    await openAs(
      faculty.page,
      'faculty.college@university.test',
      `/PreExamFormEntry?exam_id=${exam}&status=FEE_PAID`,
    );
    await formRow(faculty.page).click();
    const bar = faculty.page.getByRole('group', { name: 'Status and actions' });
    await bar.getByRole('button', { name: 'Verify (college)' }).click();
    await faculty.page
      .getByRole('dialog', { name: 'Verify (college)' })
      .getByRole('button', { name: 'Verify (college)' })
      .click();
    await bar.getByText('Verified by college', { exact: true }).waitFor();
    // Approval is the university's: the faculty has no Approve button.
    expect(await bar.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await shot(faculty.page, 'exam-forms-faculty-verified');
    await faculty.page.close();

    await office.page.goto(`/PreExamFormEntry?exam_id=${exam}&form=${formId}`);
    const officeBar = office.page.getByRole('group', { name: 'Status and actions' });
    await officeBar.getByRole('button', { name: 'Approve' }).click();
    await office.page
      .getByRole('dialog', { name: 'Approve' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await officeBar.getByText('Approved', { exact: true }).waitFor();
    await shot(office.page, 'exam-forms-office-approved');
    const attempts = await api((await storedToken(office.page))!, 'GET', `/attempt?form_id=${formId}`);
    expect((attempts.body as { total: number }).total).toBeGreaterThan(3);
    await office.page.close();
  });
  it("office approves a college's verified forms in one bulk action and sees the report", async () => {
    const token = await tokenOf('office@university.test');
    const course = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '1' };
    const { studentccinfo } = (await arrange(
      token,
      'GET',
      `/studentccinfo?${courseQuery(course)}&college_id=C101&limit=6&sort=student_id`,
    )) as { studentccinfo: Array<{ student_id: string; updated_at: string }> };
    const verified: string[] = [];
    for (const e of studentccinfo) {
      const has = (await api(token, 'GET', `/examform?exam_id=${exam}&student_id=${e.student_id}`)).body as {
        total: number;
      };
      if (has.total > 0 || verified.length === 4) continue;
      await arrange(token, 'PUT', `/studentccinfo/${e.student_id}/2024-25/BSC01/1`, {
        attendance_percent: '92',
        updated_at: e.updated_at,
      });
      verified.push(
        await verifiedForm(token, {
          exam_id: exam,
          student_id: e.student_id,
          ...course,
          candidate_type: 'REGULAR',
        }),
      );
    }
    expect(verified.length).toBeGreaterThan(1);

    const { page } = await openPage(browser);
    await openAs(
      page,
      'office@university.test',
      `/PreExamFormEntry?exam_id=${exam}&college_id=C101&status=COLLEGE_VERIFIED`,
    );
    const bar = page.getByRole('group', { name: 'Actions on the selection' });
    await bar.getByRole('button', { name: `Select all ${verified.length} that match the filter` }).click();
    await bar.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve' });
    await dialog.getByText(`Approve: ${verified.length} records.`, { exact: false }).waitFor();
    await shot(page, 'exam-forms-bulk-confirm');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Done: ${verified.length}`, { exact: true }).waitFor();
    await shot(page, 'exam-forms-bulk-approved');
    for (const id of verified) {
      const one = (await api(token, 'GET', `/examform/${id}`)).body as { examform: { status: string } };
      expect(one.examform.status).toBe('APPROVED');
    }
    await page.close();
  });
});
