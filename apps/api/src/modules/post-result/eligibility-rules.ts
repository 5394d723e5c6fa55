import { msg, type GradingRuleset, type Message, type PostResultType } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { ApplicationCounts, AttemptFacts, PublishedVersionRow } from './eligibility-store.ts';

/**
 * The rules of applying for re-totalling, revaluation or a photocopy (lifecycle S9, §8 default 7): each takes
 * what the store read and answers why the paper cannot be applied for (a message), or null; none reads the
 * database.
 */

const nouns = {
  RETOTAL: 'postResult.nounRetotal',
  REVAL: 'postResult.nounReval',
  PHOTOCOPY: 'postResult.nounPhotocopy',
} as const;

/** A kind of application as a word inside a sentence ("revaluation"). */
export const applicationNoun = (type: unknown): Message =>
  msg(nouns[type as PostResultType] ?? 'postResult.nounReval');

const attemptWords = {
  REGULAR: 'postResult.attemptRegular',
  EX: 'postResult.attemptEx',
  BACK: 'postResult.attemptBack',
  IMPROVEMENT: 'postResult.attemptImprovement',
} as const;

/** The student's published result of the attempt's exam × course-semester, as the window counts it. */
export interface PublishedFacts {
  version: number;
  ruleset_id: string;
  ruleset_version: number;
  /** The day the result was first published (its notification date): the window counts from it. */
  published_on: string;
}

/**
 * From the versions ever published (oldest first): the latest still PUBLISHED, and the day the result was
 * first published; null when none is published now.
 */
export function publishedFactsOf(rows: readonly PublishedVersionRow[]): PublishedFacts | null {
  const latest = rows.filter((r) => r.status === 'PUBLISHED').at(-1);
  if (!latest || !rows[0]?.published_on) return null;
  return {
    version: latest.version,
    ruleset_id: latest.ruleset_id,
    ruleset_version: latest.ruleset_version,
    published_on: rows[0].published_on,
  };
}

/** The result's rule set must exist and hold valid rules (422 otherwise: for the result section to mend). */
export function refuseUnusableRuleset(id: string, version: number, exists: boolean, valid: boolean) {
  if (valid) return undefined;
  const params = { ruleset_id: id, version };
  return new AppError(
    'VALIDATION_FAILED',
    msg(exists ? 'postResult.rulesetInvalid' : 'postResult.rulesetMissing', params),
    { errors: { attempt_id: [msg('postResult.noUsableRuleset')] } },
  );
}

/** Only a theory paper's external (university) answer book is re-totalled or revalued. */
export function whyNotPaper(attempt: AttemptFacts): Message | null {
  if (attempt.paper_type === 2) return msg('postResult.internalPaper', { paper_id: attempt.paper_id });
  if (attempt.th_pr !== 'TH') return msg('postResult.practicalPaper', { paper_id: attempt.paper_id });
  return null;
}

/** An application follows the result's publication. */
export const whyNotPublished = (attempt: AttemptFacts, published: PublishedFacts | null): Message | null =>
  published
    ? null
    : msg('postResult.notPublished', {
        exam_id: attempt.exam_id,
        course_comb_id: attempt.course_comb_id,
        sem_id: attempt.sem_id,
      });

/**
 * The rule set's conditions on the attempt: its kind (the rule set's eligible attempts), marks of record to
 * recount or revalue, and the window from the publication.
 */
export function whyNotUnderRuleset(
  attempt: AttemptFacts,
  type: PostResultType,
  ruleset: GradingRuleset,
  facts: { eligible: boolean; within_window: boolean; last_day: string; published_on: string },
): Message | null {
  if (!facts.eligible)
    return msg('postResult.attemptNotEligible', {
      paper_id: attempt.paper_id,
      attempt_type: msg(attemptWords[attempt.attempt_type]),
      ruleset_id: ruleset.ruleset_id,
      type: applicationNoun(type),
    });
  if (attempt.ext_mark === null || !/^\d/.test(attempt.ext_mark))
    return msg(type === 'RETOTAL' ? 'postResult.noMarksToRecount' : 'postResult.noMarksToRevalue', {
      paper_id: attempt.paper_id,
      marks: attempt.ext_mark ?? msg('postResult.noneRecorded'),
    });
  if (!facts.within_window)
    return msg('postResult.windowClosed', {
      type: applicationNoun(type),
      last_day: facts.last_day,
      days: ruleset.rules.reval.window_days,
      published_on: facts.published_on,
    });
  return null;
}

/**
 * The limits: one open application per paper and kind, the rule set's number of revaluations per paper, and
 * its share of the theory papers appeared (`limit`, counting `used` by the other papers).
 */
export function whyNotWithinLimits(
  attempt: AttemptFacts,
  type: PostResultType,
  ruleset: GradingRuleset,
  counts: ApplicationCounts | undefined,
  limit: number,
): Message | null {
  const reval = ruleset.rules.reval;
  const used = counts?.used ?? 0;
  if (counts?.open_app)
    return msg('postResult.openApplication', {
      paper_id: attempt.paper_id,
      type: applicationNoun(type),
      app_id: counts.open_app,
    });
  if (type === 'REVAL' && (counts?.same ?? 0) >= reval.max_attempts)
    return msg('postResult.revaluedTooOften', {
      paper_id: attempt.paper_id,
      times: counts!.same,
      ruleset_id: ruleset.ruleset_id,
      max: reval.max_attempts,
    });
  if (used + 1 > limit)
    return msg('postResult.tooManyPapers', {
      limit,
      appeared: counts?.appeared ?? 0,
      type: applicationNoun(type),
      percent: String(reval.max_papers_percent),
      at_least: reval.max_papers_at_least,
      used,
    });
  return null;
}
