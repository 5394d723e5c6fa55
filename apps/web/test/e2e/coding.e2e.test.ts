import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange, followJob } from './arrange.ts';
import { api, launch, openAs, openPage, screenshotsDir, shot, storedToken, tokenOf } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

const EXAM = 'MAIN-DEC-2023';
const CENTRE = 'C104';
const SECRECY = 'secrecy@university.test';

/**
 * Anonymous coding in the browser (lifecycle S6) for the demo's office user of the secrecy cell: the past
 * sitting's paper is seated and its attendance locked through the conduct API; then on /FlapStickers the
 * secrecy user assigns fictitious numbers, prints the stickers (rendered to a picture and looked at), makes
 * packets, is refused an examiner of a candidate's college and assigns another, and asks for the decode
 * (refused while award lists are not LOCKED, naming the packets); once the award list is keyed twice,
 * verified and locked (marks' calls) the decode runs from the screen with its progress and report. The demo
 * office user without the flag is shown why it may not see the screen.
 */
describeBrowser('anonymous coding through the screens', () => {
  let browser: Browser;
  let office: string;
  let paper = '';
  let ownCollege = '';
  let flapPaper = '';
  let flapRolls: string[] = [];
  const call = (method: string, url: string, body?: unknown) => arrange(office, method, url, body);
  const follow = (jobId: string) => followJob(office, jobId);

  /**
   * Seats a slot at the centre, finalizes it, takes attendance (the first roll absent) and locks it; answers
   * the paper's rolls.
   */
  const seatAndLock = async (slotId: string, paperId: string) => {
    // Two papers of one sitting share its plan: seat and finalize it once.
    const existing = await api(office, 'GET', `/seating/${slotId}/${CENTRE}`);
    if ((existing.body.seating as { status?: string } | undefined)?.status !== 'FINAL') {
      const started = (await call('POST', `/seating/${slotId}/${CENTRE}/generate`, {})) as {
        job: { job_id: string };
      };
      expect((await follow(started.job.job_id)).status).toBe('succeeded');
      await call('POST', `/seating/${slotId}/${CENTRE}/finalize`, {});
    }
    const chart = (await call('GET', `/seating/${slotId}/${CENTRE}/chart`)) as {
      rooms: Array<{ seats: Array<{ roll_no: string; paper_id: string }> }>;
    };
    const rolls = chart.rooms
      .flatMap((r) => r.seats)
      .filter((s) => s.paper_id === paperId)
      .map((s) => s.roll_no);
    expect(rolls.length).toBeGreaterThan(2);
    await call('PUT', `/attendancesheet/${slotId}/${CENTRE}/entries`, {
      absent: [rolls[0]],
      ufm: [],
      answer_books_received: rolls.length - 1,
    });
    await call('POST', `/attendancesheet/${slotId}/${CENTRE}/verify`, {});
    await call('POST', `/attendancesheet/${slotId}/${CENTRE}/lock`, {});
    return rolls;
  };

  beforeAll(async () => {
    browser = await launch();
    office = await tokenOf('office@university.test');
    // The sitting's paper with the most candidates, seated at the centre, attendance taken (one absentee) and
    // locked. (ENV101 has internal marks only and the practicals are not anonymous: neither is coded.) Not
    // the sitting conduct.e2e seats through the screens (slot TPAST001's date and shift): the suite shares
    // one database.
    const all = (
      (await call('GET', `/timetable?exam_id=${EXAM}&limit=100`)) as {
        timetable: Array<{ slot_id: string; paper_id: string; date: string; shift: string }>;
      }
    ).timetable;
    const conductSitting = all.find((s) => s.slot_id === 'TPAST001');
    const timetable = all.filter(
      (s) =>
        s.paper_id !== 'ENV101' &&
        !s.paper_id.endsWith('P') &&
        !(s.date === conductSitting?.date && s.shift === conductSitting?.shift),
    );
    const counts: number[] = [];
    for (const s of timetable)
      counts.push(
        ((await call('GET', `/attempt?exam_id=${EXAM}&paper_id=${s.paper_id}&limit=1`)) as { total: number })
          .total,
      );
    const slot = timetable[counts.indexOf(Math.max(...counts))]!;
    paper = slot.paper_id;
    // An examiner of a candidate's own college (the packet must be refused to them).
    const { attempt } = (await call('GET', `/attempt?exam_id=${EXAM}&paper_id=${paper}&limit=1`)) as {
      attempt: Array<{ college_id: string }>;
    };
    ownCollege = attempt[0]!.college_id;
    await call('POST', '/examiner', {
      examiner_id: 'EXMOWN',
      name: 'Dr. Own College',
      college_id: ownCollege,
      institution: `College ${ownCollege}`,
    });
    await seatAndLock(slot.slot_id, slot.paper_id);
    // A second paper for flap-number entry.
    const other = timetable.filter((s) => s.paper_id !== paper)[
      counts
        .filter((_, i) => timetable[i]!.paper_id !== paper)
        .indexOf(Math.max(...counts.filter((_, i) => timetable[i]!.paper_id !== paper)))
    ]!;
    flapPaper = other.paper_id;
    flapRolls = await seatAndLock(other.slot_id, other.paper_id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an office user without the secrecy flag is told the screen is not for it', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'office@university.test', `/FlapStickers?exam_id=${EXAM}`);
    await page.getByText('Only the secrecy cell may see or change the answer-book coding').waitFor();
    await shot(page, 'coding-refused');
    expect((await api(office, 'GET', `/coding/${EXAM}/${paper}/map`)).status).toBe(403);
    await page.context().close();
  });

  it(
    'secrecy cell: assigns numbers, prints stickers, makes packets, assigns examiners, asks for the ' +
      'decode',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, SECRECY, `/FlapStickers?exam_id=${EXAM}&paper_id=${paper}`);
      await page.getByRole('heading', { name: `Paper ${paper}` }).waitFor();
      await page.getByRole('button', { name: 'Assign fictitious numbers' }).click();
      await page.getByText(/answer books? of paper .* given fictitious numbers/).waitFor();
      await shot(page, 'coding-assigned');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Print stickers' }).click(),
      ]);
      mkdirSync(screenshotsDir, { recursive: true });
      const file = path.join(screenshotsDir, 'coding-stickers.pdf');
      await download.saveAs(file);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        file,
        path.join(screenshotsDir, 'coding-stickers'),
      ]);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      expect(text).toContain('Counterfoil');

      await page.getByRole('button', { name: 'Make packets' }).click();
      await page.getByText(/packets? made for paper/).waitFor();
      const firstRow = page.getByRole('row').filter({ hasText: `-${paper}-001` });
      await firstRow.getByLabel('Examiner').selectOption('EXMOWN');
      await firstRow.getByRole('button', { name: 'Assign' }).click();
      await page
        .getByText(`belongs to college ${ownCollege}, the college of a candidate in packet`, { exact: false })
        .waitFor();
      await firstRow.getByText('Created').waitFor();
      await shot(page, 'coding-examiner');
      await firstRow.getByLabel('Examiner').selectOption('EXM002');
      await firstRow.getByRole('button', { name: 'Assign' }).click();
      await firstRow.getByText('Assigned').waitFor();
      const [slip] = await Promise.all([
        page.waitForEvent('download'),
        firstRow.getByRole('button', { name: /Download the slip of packet/ }).click(),
      ]);
      const slipFile = path.join(screenshotsDir, 'coding-packet-slip.pdf');
      await slip.saveAs(slipFile);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        slipFile,
        path.join(screenshotsDir, 'coding-packet-slip'),
      ]);

      await page.getByRole('button', { name: 'Decode' }).click();
      await page.getByText(/Cannot decode paper .* not LOCKED/).waitFor();
      await page.getByText(/Award lists not LOCKED yet/).waitFor();
      await shot(page, 'coding-decode-refused');

      // The award list keyed twice (office, then the secrecy cell's office user as the second operator),
      // verified by the admin and locked (the marks module's calls); then the decode runs from the screen as
      // a job.
      const token = (await storedToken(page))!;
      const admin = await tokenOf('admin@university.test');
      const as = async (who: string, method: string, url: string, body?: unknown) => {
        const res = await api(who, method, url, body);
        expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        return res.body;
      };
      const listed = (await as(
        office,
        'GET',
        `/entrybatch?exam_id=${EXAM}&paper_id=${paper}&component=EXT&limit=50`,
      )) as { entrybatch: Array<{ batch_id: string; entry_no: number; packet_no: string }> };
      const [e1, e2] = listed.entrybatch
        .filter((b) => b.packet_no?.endsWith(`-${paper}-001`))
        .sort((a, b) => a.entry_no - b.entry_no);
      const { rows } = (await as(office, 'GET', `/entrybatch/${e1!.batch_id}/rows`)) as {
        rows: Array<{ fict_no: string }>;
      };
      const marks = rows.map((r, i) => ({ fict_no: r.fict_no, value: String(40 + i) }));
      await as(office, 'PUT', `/entrybatch/${e1!.batch_id}/rows`, { rows: marks });
      await as(token, 'PUT', `/entrybatch/${e2!.batch_id}/rows`, { rows: marks });
      await as(office, 'POST', `/entrybatch/${e1!.batch_id}/submit`, {});
      await as(token, 'POST', `/entrybatch/${e2!.batch_id}/submit`, {});
      await as(admin, 'POST', `/entrybatch/${e1!.batch_id}/verify`, {});
      await as(office, 'POST', `/entrybatch/${e1!.batch_id}/lock`, {});
      const second = (await as(office, 'GET', `/entrybatch/${e2!.batch_id}`)) as {
        entrybatch: { status: string };
      };
      if (second.entrybatch.status !== 'LOCKED')
        await as(office, 'POST', `/entrybatch/${e2!.batch_id}/lock`, {});
      await page.reload();
      await page.getByRole('heading', { name: `Paper ${paper}` }).waitFor();
      await page.getByRole('button', { name: 'Decode' }).click();
      await page.getByText(/attempts decoded/).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: `Paper ${paper} · Decoded` }).waitFor();
      await page.getByText('No exception.').waitFor();
      await shot(page, 'coding-decoded');
      // The map is read-only now.
      expect((await api(token, 'POST', `/coding/${EXAM}/${paper}/assign`)).status).toBe(409);

      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.getByRole('heading', { name: 'फ्लैप स्टिकर' }).waitFor();
      await shot(page, 'coding-hindi');
      await page.context().close();
    },
  );

  it(
    'secrecy cell: keys flap numbers; a duplicate, an unknown and an absent roll are named by line and ' +
      'nothing is kept',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, SECRECY, `/FlapEntry?exam_id=${EXAM}&paper_id=${flapPaper}`);
      await page.getByRole('heading', { name: 'Flap Entry' }).waitFor();
      const present = flapRolls.slice(1);
      await page
        .getByLabel('Flap number and roll number, one pair a line')
        .fill(
          [`F-101 ${present[0]}`, `F-101 ${present[1]}`, 'F-103 NOSUCHROLL', `F-104 ${flapRolls[0]}`].join(
            '\n',
          ),
        );
      await page.getByRole('button', { name: 'Save flap numbers' }).click();
      await page.getByText(/Line 2: Flap number F-101 is entered twice/).waitFor();
      await page.getByText(/Line 3: Roll number NOSUCHROLL has no candidate/).waitFor();
      await page.getByText(/Line 4: .* is not PRESENT/).waitFor();
      await shot(page, 'coding-flap-refused');
      expect((await api(office, 'GET', `/coding/${EXAM}/${flapPaper}`)).status).toBe(403);
      await page
        .getByLabel('Flap number and roll number, one pair a line')
        .fill(present.map((r, i) => `F-${201 + i} ${r}`).join('\n'));
      await page.getByRole('button', { name: 'Save flap numbers' }).click();
      await page
        .getByText(
          `${present.length} flap numbers recorded; ${present.length} of ${present.length} present ` +
            `candidates coded.`,
        )
        .waitFor();
      await shot(page, 'coding-flap-saved');
      await page.context().close();
    },
  );
});
