import { expect } from 'vitest';
import { api } from './browser.ts';

/**
 * Arranging data through the API for a browser test: the steps other suites test on their own screens (exam
 * forms, jobs), done here so that a test drives only the screens it is about.
 */

/** Calls the API as `token`; a refusal fails the test with the API's answer. */
export async function arrange(token: string, method: string, url: string, body?: unknown) {
  const res = await api(token, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Waits for a job to end and answers it (succeeded, failed or cancelled). */
export async function followJob(token: string, jobId: string) {
  for (let i = 0; i < 600; i++) {
    const { job } = (await arrange(token, 'GET', `/job/${jobId}`)) as {
      job: { status: string; message: string | null };
    };
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** An exam form created and taken to COLLEGE_VERIFIED (submit, fee paid, verified); answers its id. */
export async function verifiedForm(token: string, body: Record<string, unknown>): Promise<string> {
  const { examform } = (await arrange(token, 'POST', '/examform', body)) as { examform: { form_id: string } };
  const id = examform.form_id;
  const { examform: submitted } = (await arrange(token, 'POST', `/examform/${id}/submit`, {})) as {
    examform: { fee_amount: string };
  };
  await arrange(token, 'POST', `/examform/${id}/pay`, {
    payment_ref: `E2E-${id}`,
    amount: submitted.fee_amount,
  });
  await arrange(token, 'POST', `/examform/${id}/verify`, {});
  return id;
}

/** An exam form created and taken to APPROVED (verifiedForm, then approved); answers its id. */
export async function approvedForm(token: string, body: Record<string, unknown>): Promise<string> {
  const id = await verifiedForm(token, body);
  const { examform: approved } = (await arrange(token, 'POST', `/examform/${id}/approve`, {})) as {
    examform: { status: string; status_reason: string | null };
  };
  expect(approved.status, approved.status_reason ?? '').toBe('APPROVED');
  return id;
}

export interface CourseKey {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}

/** A course-semester as a query string's first parameters. */
export const courseQuery = (course: CourseKey) =>
  `session_id=${course.session_id}&course_comb_id=${course.course_comb_id}&sem_id=${course.sem_id}`;

/**
 * Up to `count` enrolled students of a college's course-semester (by student id, leaving out `except`), their
 * attendance put above the threshold and their regular forms for `exam` approved; answers their ids.
 */
export async function approvedCandidates(
  token: string,
  exam: string,
  course: CourseKey,
  college: string,
  count: number,
  except: string[] = [],
) {
  const key = `${course.session_id}/${course.course_comb_id}/${course.sem_id}`;
  const query = `${courseQuery(course)}&college_id=${college}`;
  const { studentccinfo } = (await arrange(
    token,
    'GET',
    `/studentccinfo?${query}&limit=${count + except.length}&sort=student_id`,
  )) as { studentccinfo: Array<{ student_id: string; updated_at: string }> };
  const students: string[] = [];
  for (const e of studentccinfo.filter((s) => !except.includes(s.student_id)).slice(0, count)) {
    await arrange(token, 'PUT', `/studentccinfo/${e.student_id}/${key}`, {
      attendance_percent: '92',
      updated_at: e.updated_at,
    });
    await approvedForm(token, {
      exam_id: exam,
      student_id: e.student_id,
      ...course,
      candidate_type: 'REGULAR',
    });
    students.push(e.student_id);
  }
  return students;
}

/** An entry batch as the e2e suites read it back. */
export interface OpenedBatch {
  batch_id: string;
  component: string;
  paper_id: string;
  max_marks: string;
}

/**
 * An exam of the demo student's course-semester, ready for marks: the exam and its course link (forms open),
 * the demo student's regular form approved, and every entry batch opened (internal, external, and the
 * practicals at C101). Answers the student and the batches, by paper.
 */
export async function examReadyForMarks(
  admin: string,
  exam_id: string,
  exam_desc: string,
  course: CourseKey,
): Promise<{ student: string; batches: OpenedBatch[] }> {
  const day = 86_400_000;
  const call = (method: string, url: string, body?: unknown) => arrange(admin, method, url, body);
  await call('POST', '/exam', { exam_id, exam_desc, active_status: 0, session_id: course.session_id });
  await call('POST', '/examccinfo', {
    exam_id,
    ...course,
    base_fee: '800',
    form_open_at: new Date(Date.now() - day).toISOString(),
    form_due_at: new Date(Date.now() + 10 * day).toISOString(),
    late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
  });
  await call(
    'POST',
    `/examccinfo/${exam_id}/${course.session_id}/${course.course_comb_id}/${course.sem_id}/open-forms`,
    {},
  );
  const [student] = await approvedCandidates(admin, exam_id, course, 'C101', 1);
  expect(student).toBe('2024C101001'); // the demo student user
  await call('POST', '/entrybatch-open', { exam_id, component: 'INT' });
  await call('POST', '/entrybatch-open', { exam_id, component: 'EXT' });
  const { paperinfosem } = (await call('GET', `/paperinfosem?${courseQuery(course)}&limit=100`)) as {
    paperinfosem: Array<{ paper_id: string; th_pr_status: string }>;
  };
  for (const p of paperinfosem.filter((x) => x.th_pr_status === 'PR')) {
    await call('POST', '/entrybatch', {
      component: 'PR',
      exam_id,
      ...course,
      paper_id: p.paper_id,
      college_id: 'C101',
      practical_date: '2026-12-10',
      practical_shift: 'FN',
      lab: 'Lab 1',
      internal_examiner: 'Dr. A',
      external_examiner: 'Dr. B',
    });
  }
  const { entrybatch } = (await call('GET', `/entrybatch?exam_id=${exam_id}&limit=200&sort=paper_id`)) as {
    entrybatch: OpenedBatch[];
  };
  return { student: student!, batches: entrybatch };
}

/**
 * Marks of every batch entered (`valueOf` a batch: the same value for each of its rows), submitted, verified
 * and locked by `office`: what the marks suites test on their screens, done here for a suite about what comes
 * after.
 */
export async function lockedMarks(
  admin: string,
  office: string,
  batches: OpenedBatch[],
  valueOf: (batch: OpenedBatch) => string,
) {
  for (const b of batches) {
    const { rows, updated_at } = (await arrange(admin, 'GET', `/entrybatch/${b.batch_id}/rows`)) as {
      rows: Array<{ attempt_id: string }>;
      updated_at: string;
    };
    await arrange(admin, 'PUT', `/entrybatch/${b.batch_id}/rows`, {
      rows: rows.map((r) => ({ attempt_id: r.attempt_id, value: valueOf(b) })),
      updated_at,
    });
    await arrange(admin, 'POST', `/entrybatch/${b.batch_id}/submit`, {});
    for (const action of ['verify', 'lock'])
      await arrange(office, 'POST', `/entrybatch/${b.batch_id}/${action}`, {});
  }
}

/**
 * Tokens of the people who take a result run to PUBLISHED: calculate computes, result verifies and publishes,
 * admin approves.
 */
export interface ResultPeople {
  calc: string;
  result: string;
  admin: string;
}

/**
 * A result run already started (`run_id`): waited for while COMPUTING, then verified, approved and published.
 */
export async function publishRun(people: ResultPeople, runId: string, notification: string) {
  const runPath = `/resultrun/${runId}`;
  for (let i = 0; i < 600; i++) {
    const { resultrun } = (await arrange(people.calc, 'GET', runPath)) as { resultrun: { status: string } };
    if (resultrun.status !== 'COMPUTING') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await arrange(people.result, 'POST', `${runPath}/verify`, {});
  await arrange(people.admin, 'POST', `${runPath}/approve`, {});
  await arrange(people.result, 'POST', `${runPath}/publish`, {
    notification_no: notification,
    notification_date: new Date().toISOString().slice(0, 10),
  });
}

/**
 * A result run of an exam's course-semester computed (its job succeeded) and published; answers the run's id.
 */
export async function publishedResult(
  people: ResultPeople,
  exam_id: string,
  course: CourseKey,
  notification: string,
): Promise<string> {
  const started = (await arrange(people.calc, 'POST', '/resultrun', {
    exam_id,
    ...course,
    scheme: 'NEP',
  })) as { job: { job_id: string }; resultrun: { run_id: string } };
  expect((await followJob(people.calc, started.job.job_id)).status).toBe('succeeded');
  await publishRun(people, started.resultrun.run_id, notification);
  return started.resultrun.run_id;
}
