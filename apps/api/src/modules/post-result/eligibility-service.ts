import { gradingRuleset, type GradingRuleset, type Message, type PostResultType } from '@exam/contracts';
import {
  maxRevaluationPapers,
  revaluationEligible,
  revaluationLastDay,
  withinRevaluationWindow,
} from '@exam/grading';
import {
  publishedFactsOf,
  refuseUnusableRuleset,
  whyNotPaper,
  whyNotPublished,
  whyNotUnderRuleset,
  whyNotWithinLimits,
  type PublishedFacts,
} from './eligibility-rules.ts';
import {
  applicationCountsOf,
  publishedVersionsOf,
  rulesetRowOf,
  type AttemptFacts,
} from './eligibility-store.ts';
import type { Reader } from './sql.ts';

export { attemptFacts, type AttemptFacts } from './eligibility-store.ts';
export type { PublishedFacts } from './eligibility-rules.ts';

/** The student's published result of the attempt's exam × course-semester, or null when none is published. */
async function publishedFacts(
  db: Reader,
  a: Pick<AttemptFacts, 'student_id' | 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>,
): Promise<PublishedFacts | null> {
  return publishedFactsOf(await publishedVersionsOf(db, a));
}

/** A rule set version, parsed; 422 when it is missing or its rules are not valid. */
export async function rulesetOf(db: Reader, id: string, version: number): Promise<GradingRuleset> {
  const row = await rulesetRowOf(db, id, version);
  const parsed = row
    ? gradingRuleset.safeParse({ ruleset_id: id, version, scheme: row.scheme, rules: row.rules })
    : null;
  const refusal = refuseUnusableRuleset(id, version, Boolean(row), Boolean(parsed?.success));
  if (refusal) throw refusal;
  return parsed!.data!;
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
  why_not: Message | null;
}

/**
 * Whether a student may apply for `type` on the attempt today (lifecycle S9, §8 default 7): a theory paper's
 * external component, a regular or ex attempt, marks of record (not absent), a PUBLISHED result, within the
 * rule set's window, at most the rule set's share of the theory papers appeared (and its number of attempts
 * per paper), not twice at once. The rules are eligibility-rules.ts's; the first one that refuses says why.
 */
export async function eligibility(
  db: Reader,
  attempt: AttemptFacts,
  type: PostResultType,
  today: string,
): Promise<Eligibility> {
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
  const refused = (why: Message | null) => (why ? { ...out, why_not: why } : null);
  const paper = refused(whyNotPaper(attempt));
  if (paper) return paper;
  const published = await publishedFacts(db, attempt);
  const unpublished = refused(whyNotPublished(attempt, published));
  if (unpublished || !published) return unpublished!;
  out.published = published;
  const ruleset = await rulesetOf(db, published.ruleset_id, published.ruleset_version);
  out.ruleset = ruleset;
  const reval = ruleset.rules.reval;
  out.fee = reval.fee_per_paper === null ? null : String(reval.fee_per_paper);
  out.last_day = revaluationLastDay(ruleset, published.published_on);
  out.within_window = withinRevaluationWindow(ruleset, published.published_on, today);
  const eligible = revaluationEligible(ruleset, {
    component: 'EXT',
    th_pr_status: attempt.th_pr,
    attempt_type: attempt.attempt_type,
  });
  const facts = {
    eligible,
    within_window: out.within_window,
    last_day: out.last_day,
    published_on: published.published_on,
  };
  const underRuleset = refused(whyNotUnderRuleset(attempt, type, ruleset, facts));
  if (underRuleset) return underRuleset;
  const counts = await applicationCountsOf(db, attempt, type);
  out.used = counts?.used ?? 0;
  out.limit =
    type === 'PHOTOCOPY' ? Number.MAX_SAFE_INTEGER : maxRevaluationPapers(ruleset, counts?.appeared ?? 0);
  return refused(whyNotWithinLimits(attempt, type, ruleset, counts, out.limit)) ?? out;
}
