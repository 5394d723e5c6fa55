import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedCandidates, arrange, followJob } from './arrange.ts';
import { launch, openPage, runId, shot, signIn, storedToken, tokenOf, workflowAction } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

const EXAM = `FLOW-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '1' };
const CENTRE = 'C101';
const THEORY = 'PHY101';
const DEMO_STUDENT = '2024C101001';
const PRACTICAL = 'PHY101P';
const day = 86_400_000;

/**
 * One exam from seated candidates to LOCKED marks, in the browser (issue 14's whole chain, lifecycle S3,
 * S5-S7): C101's B.Sc. candidates of a new exam with coding ON get their roll numbers and published admit
 * cards (exam forms' own screens and tests cover those steps, so through the API here); then, each on its
 * screen and as its role: the office seats them and finalizes the plan, keys one absentee and locks the
 * attendance; the secrecy cell codes the present books, packets them and gives the packet to an examiner; two
 * operators key the award list by fictitious number, a mismatch (46 vs 64) sends both entries back, the
 * corrected entries are verified and locked by a third person; the secrecy cell decodes; the college's
 * faculty keys the internal marks and the practical batch, the office verifies and locks them. At the end
 * every attempt has its internal, external and practical mark of record, the absentee's external is AB (never
 * a number), and no award-list answer ever carried a roll number.
 */
describeBrowser('from seated candidates to locked marks', () => {
  let browser: Browser;
  let office: string;
  let slotId = '';
  const students: string[] = [];
  const rolls = new Map<string, string>();
  const call = arrange;
  const signedIn = async (email: string) => {
    const { page } = await openPage(browser, { width: 1400, height: 1000 });
    await signIn(page, email);
    return page;
  };
  const confirm = async (page: Page, label: string) => {
    await page.getByRole('button', { name: label }).first().click();
    await page.getByRole('dialog', { name: label }).getByRole('button', { name: label }).click();
  };
  /** Keys one value per grid row with the keyboard only (type, Enter). */
  const keyAll = async (page: Page, values: string[]) => {
    const cells = page.locator('input.mark-input');
    await cells.first().waitFor();
    expect(await cells.count()).toBe(values.length);
    await cells.first().focus();
    for (const v of values) {
      await page.keyboard.type(v);
      await page.keyboard.press('Enter');
    }
    await page
      .getByTestId('save-state')
      .getByText(/^Saved \d\d:\d\d$/)
      .waitFor({ timeout: 15_000 });
  };

  beforeAll(async () => {
    browser = await launch();
    office = await tokenOf('office@university.test');
    // The exam, its course link with coding ON, four approved forms of C101, a slot for the theory paper.
    await call(office, 'POST', '/exam', {
      exam_id: EXAM,
      exam_desc: 'Conduct to marks e2e',
      active_status: 0,
      session_id: '2024-25',
    });
    const link = `/examccinfo/${EXAM}/${COURSE.session_id}/${COURSE.course_comb_id}/${COURSE.sem_id}`;
    await call(office, 'POST', '/examccinfo', {
      exam_id: EXAM,
      ...COURSE,
      base_fee: '800',
      coding: 'ON',
      form_open_at: new Date(Date.now() - day).toISOString(),
      form_due_at: new Date(Date.now() + 10 * day).toISOString(),
      late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
    });
    await call(office, 'POST', `${link}/open-forms`, {});
    // Not the demo student user: its dashboard's admit cards are another test's (timetable-admit-cards.e2e).
    students.push(...(await approvedCandidates(office, EXAM, COURSE, CENTRE, 4, [DEMO_STUDENT])));
    expect(students.length).toBe(4);
    const { timetable } = (await call(office, 'POST', '/timetable', {
      exam_id: EXAM,
      paper_id: THEORY,
      courses: '2024-25/BSC01/1',
      date: new Date(Date.now() + 30 * day).toISOString().slice(0, 10),
      shift: 'FN',
      start_time: '09:00',
      duration_minutes: 180,
    })) as { timetable: { slot_id: string } };
    slotId = timetable.slot_id;
    // Roll numbers, centres and admit cards (a job), then the cards published.
    await call(office, 'POST', `${link}/close-forms`, {});
    const allot = (await call(office, 'POST', `${link}/allot-rolls`, {})) as { job: { job_id: string } };
    expect((await followJob(office, allot.job.job_id)).status).toBe('succeeded');
    await call(office, 'POST', '/admitcard-bulk/publish', { exam_id: EXAM, college_id: CENTRE });
    const { admitcard } = (await call(office, 'GET', `/admitcard?exam_id=${EXAM}&limit=10`)) as {
      admitcard: Array<{ student_id: string; roll_no: string; centre_id: string; status: string }>;
    };
    expect(admitcard.map((c) => [c.centre_id, c.status])).toEqual(students.map(() => [CENTRE, 'PUBLISHED']));
    for (const c of admitcard) rolls.set(c.student_id, c.roll_no);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  const sitting = () => `exam_id=${EXAM}&slot_id=${slotId}&centre_id=${CENTRE}`;
  const absentee = () => rolls.get(students[3]!)!;

  it(
    'office: seats the candidates, finalizes the plan, keys the absentee and locks the ' + 'attendance',
    async () => {
      const page = await signedIn('office@university.test');
      await page.goto(`/SeatingPlan?${sitting()}`);
      await page.getByRole('button', { name: 'Generate seating' }).click();
      await page
        .getByText(/All 4 candidates seated in 1 room\./)
        .first()
        .waitFor({ timeout: 30_000 });
      await confirm(page, 'Finalize');
      await page.locator('.status-badge[data-status="FINAL"]').first().waitFor();
      await shot(page, 'flow-seating-final');

      await page.goto(`/PresentAbsent?${sitting()}`);
      await page.getByLabel('Absent roll numbers').fill(absentee());
      await page.getByLabel('Answer books received').fill('3');
      await page.getByRole('button', { name: 'Save attendance' }).click();
      await page.getByText('Seated 4 = present 3 + absent 1 + UFM 0').waitFor();
      await confirm(page, 'Verify');
      await page.locator('.status-badge[data-status="VERIFIED"]').waitFor();
      await confirm(page, 'Lock');
      await page.locator('.status-badge[data-status="LOCKED"]').waitFor();
      await shot(page, 'flow-attendance-locked');
      // The same screens in Hindi, for the clerk who works in it (the choice is the browser's: English again
      // after).
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.getByRole('heading', { name: 'उपस्थित / अनुपस्थित' }).waitFor();
      await shot(page, 'flow-attendance-locked-hi');
      await page.goto(`/SeatingPlan?${sitting()}`);
      await page.getByRole('heading', { name: 'बैठक व्यवस्था' }).waitFor();
      await page.locator('.seat:not(.empty)').first().waitFor();
      await shot(page, 'flow-seating-final-hi');
      await page.getByRole('button', { name: 'English' }).click();
      await page.context().close();
    },
    120_000,
  );

  it(
    'secrecy cell: codes the three present books, makes the packet and gives it to an examiner of no ' +
      "candidate's college",
    async () => {
      const page = await signedIn('secrecy@university.test');
      await page.goto(`/FlapStickers?exam_id=${EXAM}&paper_id=${THEORY}`);
      await page.getByRole('heading', { name: `Paper ${THEORY}` }).waitFor();
      await page.getByRole('button', { name: 'Assign fictitious numbers' }).click();
      await page.getByText(/3 answer books of paper .* given fictitious numbers/).waitFor();
      await page.getByRole('button', { name: 'Make packets' }).click();
      await page.getByText(/packets? made for paper/).waitFor();
      const packet = page.getByRole('row').filter({ hasText: `-${THEORY}-001` });
      await packet.getByLabel('Examiner').selectOption('EXM002');
      await packet.getByRole('button', { name: 'Assign' }).click();
      await packet.getByText('Assigned').waitFor();
      await shot(page, 'flow-coded');
      await page.context().close();
    },
    120_000,
  );

  it(
    'two operators key the award list; 46 against 64 sends both back; corrected, a third person verifies ' +
      'and locks',
    async () => {
      const { entrybatch } = (await call(
        office,
        'GET',
        `/entrybatch?exam_id=${EXAM}&component=EXT&limit=10`,
      )) as { entrybatch: Array<{ batch_id: string; entry_no: number }> };
      const entries = entrybatch.sort((a, b) => Number(a.entry_no) - Number(b.entry_no));
      expect(entries.map((b) => Number(b.entry_no))).toEqual([1, 2]);
      const [first, second] = entries.map((b) => b.batch_id) as [string, string];

      const entry = async (email: string, batch: string, values: string[]) => {
        const page = await signedIn(email);
        await page.goto(`/ExternalMarksEntry?batch_id=${batch}`);
        await keyAll(page, values);
        // The operator sees fictitious numbers only: no roll number of the exam anywhere on the screen.
        const text = await page.locator('main').innerText();
        for (const roll of rolls.values()) expect(text).not.toContain(roll);
        await workflowAction(page, 'Final submit');
        await page.getByText(/is submitted/).waitFor();
        return page;
      };
      await (await entry('office@university.test', first, ['46', '55.5', '38'])).context().close();
      const operator2 = await entry('admin@university.test', second, ['64', '55.5', '38']);
      await shot(operator2, 'flow-award-list-entry-2');
      await operator2.context().close();

      const checker = await signedIn('secrecy@university.test');
      await checker.goto(`/ExternalMarksEntry?batch_id=${first}`);
      await workflowAction(checker, 'Verify');
      await checker
        .getByText(/Entries 1 and 2 differ in 1 book: .*46\.00 vs 64\.00/)
        .first()
        .waitFor();
      await shot(checker, 'flow-award-list-mismatch');
      // Operator 2 looks at the paper list again: 46 was right.
      const fix = await signedIn('admin@university.test');
      await fix.goto(`/ExternalMarksEntry?batch_id=${second}`);
      await keyAll(fix, ['46', '55.5', '38']);
      await workflowAction(fix, 'Final submit');
      await fix.getByText(/is submitted/).waitFor();
      await fix.context().close();
      const opener = await signedIn('office@university.test');
      await opener.goto(`/ExternalMarksEntry?batch_id=${first}`);
      await workflowAction(opener, 'Final submit');
      await opener.getByText(/is submitted/).waitFor();
      await opener.context().close();
      await checker.goto(`/ExternalMarksEntry?batch_id=${first}`);
      await workflowAction(checker, 'Verify');
      await checker.getByText(/agree on all 3 books; both are verified/).waitFor();
      await workflowAction(checker, 'Lock');
      await checker.getByText(/is now Locked/).waitFor();
      await shot(checker, 'flow-award-list-locked');
      await checker.context().close();

      // Neither entry's rows, as the API answers them, carries a roll number, a student or a name.
      for (const batch of [first, second]) {
        const body = JSON.stringify(await call(office, 'GET', `/entrybatch/${batch}/rows`));
        for (const [student, roll] of rolls) {
          expect(body).not.toContain(roll);
          expect(body).not.toContain(student);
        }
      }
    },
    180_000,
  );

  it(
    "secrecy cell: decodes; every present attempt gets the award list's mark, the absentee " + 'none',
    async () => {
      const page = await signedIn('secrecy@university.test');
      await page.goto(`/FlapStickers?exam_id=${EXAM}&paper_id=${THEORY}`);
      await page.getByRole('button', { name: 'Decode' }).click();
      // The three coded books (the absentee was never coded; its AB is checked with the marks of record
      // below).
      await page.getByText('3 attempts decoded.').waitFor({ timeout: 30_000 });
      await page.getByText('No exception.').waitFor();
      await shot(page, 'flow-decoded');
      const secrecy = (await storedToken(page))!;
      const { rows: map } = (await call(secrecy, 'GET', `/coding/${EXAM}/${THEORY}/map`)) as {
        rows: Array<{ fict_no: string; roll_no: string }>;
      };
      expect(map.map((m) => m.roll_no).sort()).toEqual(
        [...rolls.values()].filter((r) => r !== absentee()).sort(),
      );
      await page.context().close();
    },
    120_000,
  );

  it('faculty keys the internal and practical marks; the office verifies and locks them', async () => {
    await call(office, 'POST', '/entrybatch-open', { exam_id: EXAM, component: 'INT' });
    const { entrybatch: internal } = (await call(
      office,
      'GET',
      `/entrybatch?exam_id=${EXAM}&component=INT&paper_id=${THEORY}&limit=5`,
    )) as { entrybatch: Array<{ batch_id: string }> };
    const practical = (await call(office, 'POST', '/entrybatch', {
      component: 'PR',
      exam_id: EXAM,
      ...COURSE,
      paper_id: PRACTICAL,
      college_id: CENTRE,
      practical_date: '2026-12-20',
      practical_shift: 'FN',
      lab: 'Physics Lab 1',
      internal_examiner: 'Dr. Meena Rao',
      external_examiner: 'Dr. Arun Sinha',
    })) as { entrybatch: { batch_id: string } };
    const faculty = await signedIn('faculty.college@university.test');
    await faculty.goto(`/NewSchemeInternalEntry?batch_id=${internal[0]!.batch_id}`);
    await keyAll(faculty, ['20', '18.5', '22', '15']);
    await workflowAction(faculty, 'Final submit');
    await faculty.getByText(/is submitted/).waitFor();
    await faculty.goto(`/ExtPracticalEntry?batch_id=${practical.entrybatch.batch_id}`);
    await keyAll(faculty, ['40', '35', '38', 'AB']);
    await workflowAction(faculty, 'Final submit');
    await faculty.getByText(/is submitted/).waitFor();
    await shot(faculty, 'flow-practical-submitted');
    await faculty.context().close();

    const o = await signedIn('office@university.test');
    for (const [path, batch] of [
      ['/NewSchemeInternalEntry', internal[0]!.batch_id],
      ['/ExtPracticalEntry', practical.entrybatch.batch_id],
    ] as const) {
      await o.goto(`${path}?batch_id=${batch}`);
      await workflowAction(o, 'Verify');
      await o.getByText(/is verified/).waitFor();
      await workflowAction(o, 'Lock');
      await o.getByText(/is now Locked/).waitFor();
    }
    await shot(o, 'flow-practical-locked');
    await o.context().close();

    // Every attempt's marks of record: internal and practical as keyed, external from the decode, AB for the
    // absentee.
    const { markrecord } = (await call(office, 'GET', `/markrecord?exam_id=${EXAM}&limit=100`)) as {
      markrecord: Array<{
        student_id: string;
        paper_id: string;
        component: string;
        value: string | null;
        status: string | null;
      }>;
    };
    const of = (component: string, paper: string) =>
      students
        .map((s) =>
          markrecord.find((m) => m.student_id === s && m.component === component && m.paper_id === paper),
        )
        .map((m) => m && (m.status ?? m.value));
    expect(of('INT', THEORY)).toEqual(['20.00', '18.50', '22.00', '15.00']);
    expect(of('PR', PRACTICAL)).toEqual(['40.00', '35.00', '38.00', 'AB']);
    const external = of('EXT', THEORY);
    expect(external[3]).toBe('AB');
    expect(external.slice(0, 3).sort()).toEqual(['38.00', '46.00', '55.50']);
  }, 180_000);
});
