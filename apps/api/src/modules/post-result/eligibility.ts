import { gradingRuleset, postResultType, type GradingRuleset, type PostResultType } from '@exam/contracts';
import {
  maxRevaluationPapers,
  revaluationEligible,
  revaluationLastDay,
  withinRevaluationWindow,
} from '@exam/grading';
import { AppError } from '../../platform/http/errors.ts';
import { marksText, q, type Reader } from './sql.ts';

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

export interface PublishedFacts {
  version: number;
  ruleset_id: string;
  ruleset_version: number;
  /** The day the result was first published (its notification date): the window counts from it. */
  published_on: string;
}

export async function attemptFacts(db: Reader, attemptIds: string[]): Promise<AttemptFacts[]> {
  return q<AttemptFacts>(
    db,
    `SELECT a.attempt_id, a.exam_id, a.student_id, a.session_id, a.course_comb_id, a.sem_id, a.paper_id, pp.paper_name, a.college_id, a.attempt_type,
            p.th_pr_status::text AS th_pr, p.paper_type, p.ext_max_marks::text AS ext_max,
            (SELECT COALESCE(m.value::text, m.status) FROM mark_record m WHERE m.attempt_id = a.attempt_id AND m.component = 'EXT') AS ext_mark
       FROM attempt a
       JOIN paperinfosem p ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
       LEFT JOIN paper pp ON pp.paper_id = a.paper_id
      WHERE a.attempt_id = ANY($1::text[]) ORDER BY a.exam_id, a.paper_id`,
    [attemptIds],
  );
}

/**
 * The student's published result of the attempt's exam × course-semester: its latest published version, and
 * the day it was first published.
 */
export async function publishedFacts(
  db: Reader,
  a: Pick<AttemptFacts, 'student_id' | 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>,
): Promise<PublishedFacts | null> {
  const rows = await q<{
    version: number;
    status: string;
    ruleset_id: string;
    ruleset_version: number;
    published_on: string | null;
  }>(
    db,
    `SELECT r.version, r.status, r.ruleset_id, r.ruleset_version, COALESCE(rr.notification_date, to_char(r.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS published_on
       FROM student_result r JOIN result_run rr ON rr.run_id = r.run_id
      WHERE r.student_id = $1 AND r.exam_id = $2 AND r.session_id = $3 AND r.course_comb_id = $4 AND r.sem_id = $5 AND r.published_at IS NOT NULL
      ORDER BY r.version`,
    [a.student_id, a.exam_id, a.session_id, a.course_comb_id, a.sem_id],
  );
  const latest = rows.filter((r) => r.status === 'PUBLISHED').at(-1);
  if (!latest || !rows[0]?.published_on) return null;
  return {
    version: latest.version,
    ruleset_id: latest.ruleset_id,
    ruleset_version: latest.ruleset_version,
    published_on: rows[0].published_on,
  };
}

export async function rulesetOf(db: Reader, id: string, version: number): Promise<GradingRuleset> {
  const [row] = await q<{ scheme: string; rules: unknown }>(
    db,
    `SELECT scheme::text AS scheme, rules FROM ruleset WHERE ruleset_id = $1 AND version = $2`,
    [id, version],
  );
  const parsed = row
    ? gradingRuleset.safeParse({ ruleset_id: id, version, scheme: row.scheme, rules: row.rules })
    : null;
  if (!parsed?.success)
    throw new AppError(
      'VALIDATION_FAILED',
      `Rule set ${id} version ${version} of this result ${row ? 'has invalid rules' : 'does not exist'}; ask the result section.`,
      { errors: { attempt_id: ['No usable rule set'] } },
    );
  return parsed.data;
}

export interface Eligibility {
  attempt: AttemptFacts;
  published: PublishedFacts | null;
  ruleset: GradingRuleset | null;
  last_day: string | null;
  within_window: boolean;
  fee: string | null;
  limit: number;
  used: number;
  /** Why the paper cannot be applied for (null: it can). */
  why_not: string | null;
}

/**
 * Whether a student may apply for `type` on the attempt today (lifecycle S9, §8 default 7): a theory paper's
 * external component, a regular or ex attempt, marks of record (not absent), a PUBLISHED result, within the
 * rule set's window, at most the rule set's share of the theory papers appeared (and its number of attempts
 * per paper), not twice at once.
 */
export async function eligibility(
  db: Reader,
  attempt: AttemptFacts,
  type: PostResultType,
  today: string,
): Promise<Eligibility> {
  const label = postResultType.labelOf(type).toLowerCase();
  const out: Eligibility = {
    attempt,
    published: null,
    ruleset: null,
    last_day: null,
    within_window: false,
    fee: null,
    limit: 0,
    used: 0,
    why_not: null,
  };
  const refuse = (why: string) => ({ ...out, why_not: why });
  if (attempt.paper_type === 2)
    return refuse(
      `${attempt.paper_id} is an internal-assessment paper: only the external (university) answer book of a theory paper can be re-totalled or revalued.`,
    );
  if (attempt.th_pr !== 'TH')
    return refuse(
      `${attempt.paper_id} is a practical paper: only theory papers' external answer books can be re-totalled or revalued.`,
    );
  const published = await publishedFacts(db, attempt);
  if (!published)
    return refuse(
      `The result of ${attempt.exam_id} (${attempt.course_comb_id} semester ${attempt.sem_id}) is not published yet: apply after its publication.`,
    );
  out.published = published;
  const ruleset = await rulesetOf(db, published.ruleset_id, published.ruleset_version);
  out.ruleset = ruleset;
  const reval = ruleset.rules.reval;
  out.fee = reval.fee_per_paper === null ? null : String(reval.fee_per_paper);
  out.last_day = revaluationLastDay(ruleset, published.published_on);
  out.within_window = withinRevaluationWindow(ruleset, published.published_on, today);
  if (
    !revaluationEligible(ruleset, {
      component: 'EXT',
      th_pr_status: attempt.th_pr,
      attempt_type: attempt.attempt_type,
    })
  ) {
    return refuse(
      `${attempt.paper_id} was a ${attempt.attempt_type.toLowerCase()} attempt: rule set ${ruleset.ruleset_id} allows ${label} of regular and ex-student theory external papers only.`,
    );
  }
  if (attempt.ext_mark === null || !/^\d/.test(attempt.ext_mark)) {
    return refuse(
      `${attempt.paper_id} has no external marks to ${type === 'RETOTAL' ? 'recount' : 'revalue'} (${attempt.ext_mark ?? 'none recorded'}).`,
    );
  }
  if (!out.within_window) {
    return refuse(
      `The window for ${label} closed on ${out.last_day} (${reval.window_days} days from the result's publication on ${published.published_on}).`,
    );
  }
  const [counts] = await q<{ appeared: number; used: number; same: number; open_app: string | null }>(
    db,
    `SELECT (SELECT count(*)::int FROM attempt a
               JOIN paperinfosem p ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
               JOIN mark_record m ON m.attempt_id = a.attempt_id AND m.component = 'EXT' AND m.value IS NOT NULL
              WHERE a.exam_id = $1 AND a.student_id = $2 AND a.session_id = $3 AND a.course_comb_id = $4 AND a.sem_id = $5 AND p.th_pr_status::text = 'TH' AND p.paper_type <> 2) AS appeared,
            (SELECT count(DISTINCT attempt_id)::int FROM post_result_application WHERE exam_id = $1 AND student_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5
                AND type = $6 AND status <> 'REJECTED' AND attempt_id <> $7) AS used,
            (SELECT count(*)::int FROM post_result_application WHERE attempt_id = $7 AND type = $6 AND status <> 'REJECTED') AS same,
            (SELECT app_id FROM post_result_application WHERE attempt_id = $7 AND type = $6 AND status NOT IN ('REJECTED', 'CLOSED') LIMIT 1) AS open_app`,
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
  out.used = counts?.used ?? 0;
  out.limit =
    type === 'PHOTOCOPY' ? Number.MAX_SAFE_INTEGER : maxRevaluationPapers(ruleset, counts?.appeared ?? 0);
  if (counts?.open_app)
    return refuse(`${attempt.paper_id} already has an open ${label} application, ${counts.open_app}.`);
  if (type === 'REVAL' && (counts?.same ?? 0) >= reval.max_attempts)
    return refuse(
      `${attempt.paper_id} has been revalued ${counts!.same} time(s); rule set ${ruleset.ruleset_id} allows ${reval.max_attempts}.`,
    );
  if (out.used + 1 > out.limit) {
    return refuse(
      `At most ${out.limit} paper(s) of ${counts?.appeared ?? 0} theory papers appeared may be sent for ${label} (${String(reval.max_papers_percent)} %, fraction down, at least ${reval.max_papers_at_least}); ${out.used} already applied for.`,
    );
  }
  return out;
}

export const presentMarks = marksText;
