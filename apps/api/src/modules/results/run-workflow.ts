import { msg, resultPublishBody } from '@exam/contracts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';

/**
 * The database side of state machine H (lifecycle §2.3): who verified and approved a run; publishing makes
 * its student results PUBLISHED (and the versions they replace SUPERSEDED), opens and closes backlogs (S9),
 * and locks the rule-set versions it used; withdrawing suspends its results.
 */

const verify: ActionEffect = {
  async before({ user, record }) {
    return {
      set: { verified_by: user.email, verified_at: new Date() },
      message: msg('results.runVerified', { run_id: String(record.run_id) }),
    };
  },
};

const approve: ActionEffect = {
  async before({ user, record }) {
    return {
      set: { approved_by: user.email, approved_at: new Date() },
      message: msg('results.runApproved', { run_id: String(record.run_id) }),
    };
  },
};

const publish: ActionEffect = {
  body: resultPublishBody,
  async before({ user, input, record }) {
    const date =
      typeof input.notification_date === 'string'
        ? input.notification_date
        : new Date().toISOString().slice(0, 10);
    const no = String(input.notification_no);
    return {
      set: {
        published_by: user.email,
        published_at: new Date(),
        notification_no: no,
        notification_date: date,
      },
      message: msg('results.runPublished', { run_id: String(record.run_id), no, date }),
    };
  },
  async after({ tx, after }) {
    const runId = String(after.run_id);
    // The versions this run replaces, then its own rows (the order matters: one published version per key at
    // a time).
    await tx.$executeRawUnsafe(
      `UPDATE student_result o SET status = 'SUPERSEDED', updated_at = now() FROM student_result n
        WHERE n.run_id = $1 AND o.status = 'PUBLISHED' AND o.student_id = n.student_id
          AND o.exam_id = n.exam_id AND o.session_id = n.session_id
          AND o.course_comb_id = n.course_comb_id AND o.sem_id = n.sem_id AND o.version < n.version`,
      runId,
    );
    await tx.$executeRawUnsafe(
      `UPDATE student_result
          SET status = 'PUBLISHED', published_at = $2, notification_no = $3, updated_at = now()
          WHERE run_id = $1 AND status = 'COMPUTED'`,
      runId,
      after.published_at ? new Date(String(after.published_at)) : new Date(),
      after.notification_no,
    );
    // Backlogs (S9): a failed, absent or UFM-cancelled paper opens one; a later pass closes it.
    await tx.$executeRawUnsafe(
      `INSERT INTO backlog (student_id, session_id, course_comb_id, sem_id, paper_id, first_exam_id, reason,
          status, attempts_used, updated_at)
       SELECT r.student_id, r.session_id, r.course_comb_id, r.sem_id, b.paper_id, r.exam_id, b.reason, 'OPEN',
         1, now()
         FROM student_result r
           CROSS JOIN LATERAL jsonb_to_recordset(r.backlog_reasons) AS b(paper_id text, reason text)
        WHERE r.run_id = $1
       ON CONFLICT (student_id, session_id, course_comb_id, sem_id, paper_id) DO UPDATE
         SET reason = EXCLUDED.reason, status = 'OPEN',
             attempts_used = CASE WHEN backlog.status = 'OPEN'
               AND backlog.first_exam_id IS DISTINCT FROM EXCLUDED.first_exam_id THEN backlog.attempts_used +
               1 ELSE backlog.attempts_used END,
             updated_at = now()`,
      runId,
    );
    await tx.$executeRawUnsafe(
      `UPDATE backlog k SET status = 'CLEARED', attempts_used = k.attempts_used + CASE
          WHEN rr.exam_id IS DISTINCT FROM k.first_exam_id THEN 1 ELSE 0 END, updated_at = now()
         FROM student_result r JOIN result_run rr ON rr.run_id = r.run_id
           CROSS JOIN LATERAL json_array_elements(r.lines) AS l(line)
        WHERE r.run_id = $1 AND k.status = 'OPEN' AND k.student_id = r.student_id
          AND k.session_id = r.session_id AND k.course_comb_id = r.course_comb_id
          AND k.sem_id = r.sem_id AND k.paper_id = l.line->>'paper_id'
            AND l.line->>'paper_result' IN ('P', 'EX', 'S')`,
      runId,
    );
    await tx.$executeRawUnsafe(
      `UPDATE ruleset SET locked = true, updated_at = now() WHERE locked = false
          AND (ruleset_id, version) IN (SELECT DISTINCT ruleset_id, ruleset_version FROM student_result
            WHERE run_id = $1)`,
      runId,
    );
  },
};

const withdraw: ActionEffect = {
  async before({ input }) {
    return { set: { status_reason: input.reason ?? null } };
  },
  async after({ tx, after }) {
    await tx.$executeRawUnsafe(
      `UPDATE student_result SET status = 'WITHDRAWN', updated_at = now() WHERE run_id = $1
          AND status = 'PUBLISHED'`,
      String(after.run_id),
    );
  },
};

export const resultRunEffects: Partial<Record<string, ActionEffect>> = { verify, approve, publish, withdraw };
