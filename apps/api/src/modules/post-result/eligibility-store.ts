import type { PostResultType } from '@exam/contracts';
import { q, type Reader } from './sql.ts';

/** The SQL of eligibility: an attempt's facts, its published result, the rule set, the applications made. */

/** An attempt with what an application needs to know about its paper, mark of record and published result. */
export interface AttemptFacts {
  attempt_id: string;
  exam_id: string;
  student_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
  paper_name: string | null;
  college_id: string;
  attempt_type: 'REGULAR' | 'EX' | 'BACK' | 'IMPROVEMENT';
  th_pr: 'TH' | 'PR';
  paper_type: number;
  ext_max: string | null;
  ext_mark: string | null;
}

/** The attempts with their paper's syllabus entry and external mark of record (a value, or its status). */
export async function attemptFacts(db: Reader, attemptIds: string[]): Promise<AttemptFacts[]> {
  return q<AttemptFacts>(
    db,
    `SELECT a.attempt_id, a.exam_id, a.student_id, a.session_id, a.course_comb_id, a.sem_id, a.paper_id,
            pp.paper_name, a.college_id, a.attempt_type, p.th_pr_status::text AS th_pr, p.paper_type,
            p.ext_max_marks::text AS ext_max,
            (SELECT COALESCE(m.value::text, m.status)
               FROM mark_record m
              WHERE m.attempt_id = a.attempt_id AND m.component = 'EXT') AS ext_mark
       FROM attempt a
       JOIN paperinfosem p
         ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id
        AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
       LEFT JOIN paper pp ON pp.paper_id = a.paper_id
      WHERE a.attempt_id = ANY($1::text[])
      ORDER BY a.exam_id, a.paper_id`,
    [attemptIds],
  );
}

/** The attempts of a student whose exam × course-semester has a PUBLISHED result. */
export function publishedAttemptIdsOf(db: Reader, studentId: string) {
  return q<{ attempt_id: string }>(
    db,
    `SELECT DISTINCT a.attempt_id
       FROM attempt a
       JOIN student_result r
         ON r.student_id = a.student_id AND r.exam_id = a.exam_id AND r.session_id = a.session_id
        AND r.course_comb_id = a.course_comb_id AND r.sem_id = a.sem_id AND r.status = 'PUBLISHED'
      WHERE a.student_id = $1`,
    [studentId],
  );
}

/** A version of a student's result that was published once, with the day it was first published. */
export interface PublishedVersionRow {
  version: number;
  status: string;
  ruleset_id: string;
  ruleset_version: number;
  published_on: string | null;
}

/** The versions of the attempt's result that were ever published, oldest first. */
export function publishedVersionsOf(
  db: Reader,
  a: Pick<AttemptFacts, 'student_id' | 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>,
) {
  return q<PublishedVersionRow>(
    db,
    `SELECT r.version, r.status, r.ruleset_id, r.ruleset_version,
            COALESCE(rr.notification_date, to_char(r.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
              AS published_on
       FROM student_result r
       JOIN result_run rr ON rr.run_id = r.run_id
      WHERE r.student_id = $1 AND r.exam_id = $2 AND r.session_id = $3 AND r.course_comb_id = $4
        AND r.sem_id = $5 AND r.published_at IS NOT NULL
      ORDER BY r.version`,
    [a.student_id, a.exam_id, a.session_id, a.course_comb_id, a.sem_id],
  );
}

/** A rule set version as stored (its rules unparsed), if it exists. */
export async function rulesetRowOf(db: Reader, id: string, version: number) {
  const [row] = await q<{ scheme: string; rules: unknown }>(
    db,
    `SELECT scheme::text AS scheme, rules
       FROM ruleset
      WHERE ruleset_id = $1 AND version = $2`,
    [id, version],
  );
  return row;
}

/**
 * What the limits count for an application of `type` on the attempt: the theory papers the student appeared
 * in (with an external mark) in the exam × course-semester, the other papers already applied for, the
 * applications of this attempt (not rejected), and its open one (not rejected or closed), if any.
 */
export interface ApplicationCounts {
  appeared: number;
  used: number;
  same: number;
  open_app: string | null;
}

export async function applicationCountsOf(
  db: Reader,
  attempt: AttemptFacts,
  type: PostResultType,
): Promise<ApplicationCounts | undefined> {
  const [counts] = await q<ApplicationCounts>(
    db,
    `SELECT (SELECT count(*)::int
               FROM attempt a
               JOIN paperinfosem p
                 ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id
                AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
               JOIN mark_record m
                 ON m.attempt_id = a.attempt_id AND m.component = 'EXT' AND m.value IS NOT NULL
              WHERE a.exam_id = $1 AND a.student_id = $2 AND a.session_id = $3 AND a.course_comb_id = $4
                AND a.sem_id = $5 AND p.th_pr_status::text = 'TH' AND p.paper_type <> 2) AS appeared,
            (SELECT count(DISTINCT attempt_id)::int
               FROM post_result_application
              WHERE exam_id = $1 AND student_id = $2 AND session_id = $3 AND course_comb_id = $4
                AND sem_id = $5 AND type = $6 AND status <> 'REJECTED' AND attempt_id <> $7) AS used,
            (SELECT count(*)::int
               FROM post_result_application
              WHERE attempt_id = $7 AND type = $6 AND status <> 'REJECTED') AS same,
            (SELECT app_id
               FROM post_result_application
              WHERE attempt_id = $7 AND type = $6 AND status NOT IN ('REJECTED', 'CLOSED')
              LIMIT 1) AS open_app`,
    [
      attempt.exam_id,
      attempt.student_id,
      attempt.session_id,
      attempt.course_comb_id,
      attempt.sem_id,
      type,
      attempt.attempt_id,
    ],
  );
  return counts;
}
