import { deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launch, openAs, openPage, openSignedIn, runId, shot, storedToken } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** CRC-32 of PNG chunks (the browser checks them). */
function crc32(data: Buffer) {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A small portrait PNG: a blue background with a lighter oval "face", so the screenshot shows a picture. */
function portrait(width = 240, height = 300) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inFace = ((x - width / 2) / (width / 3)) ** 2 + ((y - height / 2.4) / (height / 3.2)) ** 2 < 1;
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw.set(inFace ? [240, 200, 170] : [40, 80, 160], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Students in the browser: the office adds a student (errors listed by field first), uploads a photo, enrols
 * it (an elective group without a choice is named) and sees its papers; a college faculty user sees only its
 * college; the student sees its own record on its dashboard and nothing of anyone else.
 */
describeBrowser('students: register, enrolment and scope through the screens', () => {
  let browser: Browser;
  const studentId = `E2E${runId}`;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'office: lists by college, adds a student, uploads a photo and enrols it with an elective ' + 'choice',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'office@university.test', '/ListStudents');
      await page.getByRole('heading', { name: 'List Students' }).waitFor();
      await page.getByLabel('College', { exact: true }).fill('C102');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText(/Showing 1–5 of 80/).waitFor();
      await page.getByRole('cell', { name: '2023C102001' }).waitFor();
      expect(await page.getByRole('cell', { name: 'C101', exact: true }).count()).toBe(0);
      await shot(page, 'students-list-office');

      await page.goto('/AddStudent');
      await page.getByRole('heading', { name: 'Add Student' }).waitFor();
      await page.getByLabel('Enrolment No').fill(studentId);
      await page.getByLabel('Name', { exact: true }).fill('Kiran Bairwa');
      await page.getByLabel('Name (Hindi)', { exact: true }).fill('किरण बैरवा');
      await page.getByLabel('Mobile').fill('12345');
      await page.getByLabel('ABC/APAAR Id').fill('99');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Mobile must be 10 digits starting with 6, 7, 8 or 9').waitFor();
      await page.getByText('ABC/APAAR id must be exactly 12 digits').waitFor();
      await shot(page, 'students-add-errors');
      expect((await api((await storedToken(page))!, 'GET', `/student/${studentId}`)).status).toBe(404);

      await page.getByLabel('Mobile').fill('9414012345');
      await page.getByLabel('ABC/APAAR Id').fill(`5${String(Date.now()).slice(-11)}`);
      await page.getByLabel('Date of Birth').fill('2006-08-15');
      await page.getByLabel('Gender').selectOption('F');
      await page.getByLabel('Category').selectOption('SC');
      await page.getByLabel('College', { exact: true }).fill('C101');
      await page.getByLabel('Admission Session (Batch)').fill('2024-25');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'View Student' }).waitFor();
      await page.getByText('Student created successfully.').waitFor();
      // An edit: the father's name, kept after a reload of the view.
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('heading', { name: 'Edit Student' }).waitFor();
      await page.getByLabel("Father's Name", { exact: true }).fill('Mohan Bairwa');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Student updated successfully.').waitFor();
      await page.getByRole('row', { name: /Father's Name\s+Mohan Bairwa/ }).waitFor();

      await page
        .getByLabel('photo file')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: portrait() });
      await page.getByRole('button', { name: 'Upload photo' }).click();
      await page.getByText(`The photo of student ${studentId} was saved.`).waitFor();
      const photo = page.getByRole('img', { name: `Photo of student ${studentId}` });
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

      await page.getByRole('link', { name: 'Enrol in a semester' }).click();
      await page.getByRole('heading', { name: 'Add Student CC Info' }).waitFor();
      expect(await page.getByLabel('Enrolment No').inputValue()).toBe(studentId);
      await page.getByLabel('Session').fill('2024-25');
      await page.getByLabel('Course Combination').fill('BA01');
      await page.getByLabel('Semester').fill('2');
      await page.getByLabel('College', { exact: true }).fill('C101');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByText(/Group G1 needs exactly 1 paper chosen from ENG102, HIS102; 0 chosen/).waitFor();
      await page.getByLabel('Elective Choices').fill('HIS102');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'View Student CC Info' }).waitFor();
      await page.getByRole('cell', { name: 'HIS102' }).waitFor();
      await page.getByRole('cell', { name: 'HIN102' }).waitFor();
      await page.getByRole('cell', { name: 'NEP', exact: true }).waitFor();
      await shot(page, 'students-enrolment-view');

      await page.goto(`/ViewStudent?id=${studentId}`);
      await page.getByRole('heading', { name: 'Enrolments' }).waitFor();
      await page.getByRole('cell', { name: 'HIS102' }).waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
      await shot(page, 'students-view-office');
    },
  );

  it(
    'faculty of college C101: lists only C101 students, without write actions; a C102 student does not ' +
      'exist for it',
    async () => {
      const { page } = await openSignedIn(browser, 'faculty.college@university.test');
      await page.goto('/Dashboard');
      await page.getByRole('link', { name: 'Students' }).click();
      await page.getByRole('heading', { name: 'List Students' }).waitFor();
      await page.getByRole('cell', { name: '2023C101001' }).waitFor();
      await page.getByLabel('Page size').selectOption('All');
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThanOrEqual(80);
      const colleges = await page.locator('tbody tr td:nth-child(6)').allTextContents();
      expect(colleges.length).toBeGreaterThan(40);
      expect(new Set(colleges)).toEqual(new Set(['C101']));
      expect(await page.getByRole('link', { name: 'Add New' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await shot(page, 'students-list-faculty');

      await page.goto('/ViewStudent?id=2024C102001');
      await page.getByText(/The record could not be loaded: Student 2024C102001 does not exist/).waitFor();
      await shot(page, 'students-faculty-other-college');
    },
  );

  it(
    'student: its dashboard shows its own record, enrolments and papers; another student does not exist ' +
      'for it',
    async () => {
      const { page } = await openSignedIn(browser, 'student@university.test');
      await page.goto('/Dashboard');
      await page.getByRole('heading', { name: 'My record' }).waitFor();
      await shot(page, 'students-dashboard-student');
      await page.getByRole('row', { name: /Enrolment No\s+2024C101001/ }).waitFor();
      await page.getByRole('heading', { name: 'Enrolments' }).waitFor();
      await page.getByRole('heading', { name: 'Papers' }).waitFor();
      await expect.poll(() => page.locator('table').nth(1).locator('tbody tr').count()).toBe(2);
      expect(await page.getByRole('button', { name: /Upload/ }).count()).toBe(0);
      await shot(page, 'students-dashboard-student');

      await page.goto('/ViewStudent?id=2024C101002');
      await page.getByText(/The record could not be loaded: Student 2024C101002 does not exist/).waitFor();
      expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
      await shot(page, 'students-student-other');
    },
  );

  it('student at 360 px: the dashboard fits; a staff screen sends it home and calls nothing', async () => {
    const { page } = await openSignedIn(browser, 'student@university.test');
    await page.setViewportSize({ width: 360, height: 740 });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto('/Dashboard');
    await page.getByRole('heading', { name: 'Papers' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'students-dashboard-phone');
    for (const path of ['/ResultNep', '/DocumentNew']) {
      await page.goto(path);
      await page.getByText(/This screen is for the university’s staff/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await page.getByRole('link', { name: 'Open my dashboard' }).click();
    await page.getByRole('heading', { name: 'My record' }).waitFor();
    expect(refused).toEqual([]);
  });
});
