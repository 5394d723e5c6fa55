import type { Database } from '@exam/db';
import type { TestContext } from './context.ts';

/**
 * Test arrangers for result runs: a course-semester's marks scheme, enrolled students with their frozen rule
 * set, approved exam forms and attempts, and the marks of record. Two ways to the marks of record:
 * - by SQL (default): LOCKED entry batches with their marks, as the marks module leaves them after the lock;
 * - through the marks API (`keyed`): `sit` only queues the marks and `keyMarks()` keys them over HTTP as the
 *   screens
 *   do: POST /api/entrybatch per paper × component × college (the queued attempts), PUT its rows, submit by
 *   one user, verify by a second, lock.
 */

/**
 * The callers of the keyed path: `enter` creates, enters and submits the batches (exam set-up and every
 * component), `verify` verifies and locks them.
 */
export interface MarksKeying {
  api: TestContext['api'];
  enter: Record<string, string>;
  verify: Record<string, string>;
}

interface QueuedMark {
  exam_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
  component: 'INT' | 'EXT' | 'PR';
  college_id: string;
  attempt_id: string;
  value: string;
}

export interface PaperScheme {
  paper_id: string;
  kind: 'TH' | 'PR' | 'INT' | 'BIG';
  credit: string;
  /** NEP course category (paperinfosem.course_category): VOCATIONAL, RESEARCH, MAJOR, ... */
  category?: string;
}

const SCHEMES = {
  TH: {
    max: '100',
    min: '36',
    ext_max: '75',
    ext_min: '27',
    int_max: '25',
    int_min: '9',
    type: 0,
    th_pr: 'TH',
  },
  PR: {
    max: '50',
    min: '18',
    ext_max: '50',
    ext_min: '18',
    int_max: null,
    int_min: null,
    type: 1,
    th_pr: 'PR',
  },
  INT: {
    max: '50',
    min: '18',
    ext_max: null,
    ext_min: null,
    int_max: '50',
    int_min: '18',
    type: 2,
    th_pr: 'TH',
  },
  BIG: {
    max: '200',
    min: '72',
    ext_max: '150',
    ext_min: '54',
    int_max: '50',
    int_min: '18',
    type: 0,
    th_pr: 'TH',
  },
} as const;

export const SESSION = '2024-25';

/** A mark: a number, a status (AB, UFM, ...) or undefined for nothing recorded. */
export type MarkInput = string | undefined;
export interface PaperMarks {
  int?: MarkInput;
  ext?: MarkInput;
}

export function resultArranger(db: Database, keyed?: MarksKeying) {
  const sql = (text: string, params: unknown[] = []) => db.query(text, params);
  let seq = 0;
  const queued: QueuedMark[] = [];
  const expectOk = (what: string, res: { status: number; body: unknown }, status = 200) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const id = (prefix: string) =>
    `${prefix}${Date.now().toString(36).toUpperCase()}${(++seq).toString(36).toUpperCase()}`.slice(0, 30);

  return {
    async course(courseId: string, sems: Record<string, PaperScheme[]>) {
      await sql(
        `INSERT INTO course (course_comb_id, course_comb_name4, course_comb_name_hi) VALUES ($1, $2, $3)
            ON CONFLICT DO NOTHING`,
        [courseId, `Result test course ${courseId}`, 'परिणाम परीक्षण पाठ्यक्रम'],
      );
      for (const [sem, papers] of Object.entries(sems)) {
        await sql(
          `INSERT INTO ccinfo_sem (session_id, course_comb_id, sem_id) VALUES ($1, $2, $3)
              ON CONFLICT DO NOTHING`,
          [SESSION, courseId, sem],
        );
        for (const p of papers) {
          const s = SCHEMES[p.kind];
          await sql(`INSERT INTO paper (paper_id, paper_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
            p.paper_id,
            `Paper ${p.paper_id}`,
          ]);
          await sql(
            `INSERT INTO paperinfosem (session_id, course_comb_id, sem_id, paper_id, group_status, group_code,
                max_marks, min_marks, ext_max_marks, ext_min_marks, int_max_marks, int_min_marks,
                th_pr_status, paper_score_status, credit_point, paper_type, elective_status, course_category)
             VALUES ($1, $2, $3, $4, 'N', 'NG', $5, $6, $7, $8, $9, $10, $11::"TheoryPractical", 'Y', $12,
               $13, 0, $14::"CourseCategory")`,
            [
              SESSION,
              courseId,
              sem,
              p.paper_id,
              s.max,
              s.min,
              s.ext_max,
              s.ext_min,
              s.int_max,
              s.int_min,
              s.th_pr,
              p.credit,
              s.type,
              p.category ?? null,
            ],
          );
        }
      }
    },

    async exam(examId: string, courseId: string, sem: string) {
      await sql(
        `INSERT INTO exam (exam_id, exam_desc, active_status, session_id) VALUES ($1, $2, 1, $3)
            ON CONFLICT DO NOTHING`,
        [examId, `Result test exam ${examId}`, SESSION],
      );
      await sql(
        `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase)
            VALUES ($1, $2, $3, $4, 'TABULATION') ON CONFLICT DO NOTHING`,
        [examId, SESSION, courseId, sem],
      );
    },

    async enrol(studentId: string, courseId: string, sem: string, ruleset: string, college = 'C101') {
      await sql(
        `INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
            VALUES ($1, $2, '2005-01-01', 'F', 'GEN', $3, $4) ON CONFLICT DO NOTHING`,
        [studentId, `Student ${studentId}`, college, SESSION],
      );
      await sql(
        `INSERT INTO student_ccinfo (student_id, session_id, course_comb_id, sem_id, college_id, ruleset_id,
            ruleset_version) VALUES ($1, $2, $3, $4, $5, $6, 1)`,
        [studentId, SESSION, courseId, sem, college, ruleset],
      );
    },

    /**
     * An approved form with one attempt per paper; its marks become LOCKED marks of record: at once by SQL,
     * or (keyed) queued for `keyMarks()`.
     */
    async sit(
      examId: string,
      studentId: string,
      courseId: string,
      sem: string,
      marks: Record<string, PaperMarks>,
      options: { type?: string; college?: string } = {},
    ) {
      const college = options.college ?? 'C101';
      const formId = id('RF');
      await sql(
        `INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id, college_id,
            candidate_type, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'APPROVED')`,
        [formId, examId, studentId, SESSION, courseId, sem, college, options.type ?? 'REGULAR'],
      );
      const attempts: Record<string, string> = {};
      for (const [paperId, m] of Object.entries(marks)) {
        const attemptId = id('RA');
        attempts[paperId] = attemptId;
        await sql(
          `INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
              form_id, college_id, attempt_type) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            attemptId,
            examId,
            studentId,
            SESSION,
            courseId,
            sem,
            paperId,
            formId,
            college,
            options.type ?? 'REGULAR',
          ],
        );
        const [scheme] = await sql(
          `SELECT th_pr_status::text AS th_pr FROM paperinfosem WHERE session_id = $1 AND course_comb_id = $2
              AND sem_id = $3 AND paper_id = $4`,
          [SESSION, courseId, sem, paperId],
        );
        for (const [component, value] of [
          ['INT', m.int],
          [scheme?.th_pr === 'PR' ? 'PR' : 'EXT', m.ext],
        ] as const) {
          if (value === undefined) continue;
          if (keyed) {
            queued.push({
              exam_id: examId,
              course_comb_id: courseId,
              sem_id: sem,
              paper_id: paperId,
              component,
              college_id: college,
              attempt_id: attemptId,
              value,
            });
            continue;
          }
          const batchId = await this.batch(examId, courseId, sem, paperId, component, 'LOCKED');
          const numeric = /^\d/.test(value);
          await sql(
            `INSERT INTO mark_record (attempt_id, component, value, status, source, batch_id)
                VALUES ($1, $2, $3, $4, 'ENTRY', $5)`,
            [attemptId, component, numeric ? value : null, numeric ? null : value, batchId],
          );
        }
      }
      return attempts;
    },

    /**
     * Keys every queued mark through the marks API: one batch per exam × paper × component × college with
     * exactly the queued attempts (POST /api/entrybatch), its rows (PUT .../rows: a number, or a status such
     * as AB), submit (`enter`), verify and lock (`verify`, a second person). Answers the locked batch ids.
     */
    async keyMarks(): Promise<string[]> {
      if (!keyed) throw new Error('keyMarks needs the arranger made with a MarksKeying');
      const groups = new Map<string, QueuedMark[]>();
      for (const m of queued.splice(0)) {
        const k = [m.exam_id, m.course_comb_id, m.sem_id, m.paper_id, m.component, m.college_id].join('|');
        groups.set(k, [...(groups.get(k) ?? []), m]);
      }
      const { api, enter, verify } = keyed;
      const locked: string[] = [];
      for (const marks of groups.values()) {
        const m = marks[0]!;
        const practical =
          m.component === 'PR'
            ? {
                practical_date: '2025-01-05',
                practical_shift: 'FN',
                lab: `Lab ${m.paper_id}`,
                internal_examiner: 'Dr. Internal',
                external_examiner: 'Dr. External',
              }
            : {};
        const created = expectOk(
          `open ${m.component} batch of ${m.exam_id} ${m.paper_id} (${m.college_id})`,
          await api
            .post('/api/entrybatch')
            .set(enter)
            .send({
              component: m.component,
              exam_id: m.exam_id,
              session_id: SESSION,
              course_comb_id: m.course_comb_id,
              sem_id: m.sem_id,
              paper_id: m.paper_id,
              college_id: m.college_id,
              attempt_ids: marks.map((x) => x.attempt_id),
              ...practical,
            }),
          201,
        );
        const batchId = String((created.entrybatch as { batch_id: string }).batch_id);
        const rows = marks.map((x) =>
          /^\d/.test(x.value)
            ? { attempt_id: x.attempt_id, value: x.value }
            : { attempt_id: x.attempt_id, status: x.value },
        );
        expectOk(
          `rows of ${batchId}`,
          await api.put(`/api/entrybatch/${batchId}/rows`).set(enter).send({ rows }),
        );
        for (const [action, who] of [
          ['submit', enter],
          ['verify', verify],
          ['lock', verify],
        ] as const) {
          expectOk(
            `${action} ${batchId}`,
            await api.post(`/api/entrybatch/${batchId}/${action}`).set(who).send({}),
          );
        }
        locked.push(batchId);
      }
      return locked;
    },

    /** The one batch of a paper's component in an exam (made on first use). */
    async batch(
      examId: string,
      courseId: string,
      sem: string,
      paperId: string,
      component: string,
      status: string,
    ) {
      const unit = `C101/${component}`;
      const [found] = await sql(
        `SELECT batch_id FROM entry_batch WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3
            AND sem_id = $4 AND paper_id = $5 AND component = $6 AND unit_key = $7`,
        [examId, SESSION, courseId, sem, paperId, component, unit],
      );
      if (found) return String(found.batch_id);
      const batchId = id('RB');
      await sql(
        `INSERT INTO entry_batch (batch_id, component, exam_id, session_id, course_comb_id, sem_id, paper_id,
            unit_key, college_id, max_marks, status, locked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'C101', 100, $9::text, CASE
           WHEN $9::text = 'LOCKED' THEN now() END)`,
        [batchId, component, examId, SESSION, courseId, sem, paperId, unit, status],
      );
      return batchId;
    },

    async setMark(attemptId: string, component: string, value: string) {
      await sql(
        `UPDATE mark_record SET value = $3, status = NULL, source = 'CORRECTION', updated_at = now()
            WHERE attempt_id = $1 AND component = $2`,
        [attemptId, component, value],
      );
    },

    /** An open unfair-means case of the attempt's paper (REPORTED): its result is withheld. */
    async ufmPending(examId: string, studentId: string, paperId: string) {
      await sql(
        `INSERT INTO ufm_case (case_id, exam_id, slot_id, student_id, paper_id, roll_no, college_id,
            reported_by, nature, status)
            VALUES ($1, $2, 'NOSLOT', $3, $4, 'R0', 'C101', 'superintendent', 'COPYING', 'REPORTED')`,
        [id('RU'), examId, studentId, paperId],
      );
    },
  };
}
