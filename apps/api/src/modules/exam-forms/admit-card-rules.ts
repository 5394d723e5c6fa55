import { msg } from '@exam/contracts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';

/**
 * The rules of admit cards (lifecycle spec S4) as pure functions: each answers a refusal (an AppError to
 * throw), a notice or nothing; none reads the database.
 */

/**
 * Admit cards are made by roll allotment (or generate) and moved by their workflow; never written by hand.
 */
export const admitCardRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, { exam_id: [msg('examForms.cardsNotAdded')] }]));
  },
  async beforeUpdate() {
    throw new AppError('LOCKED', msg('examForms.cardFollowsForm'));
  },
  async beforeDelete() {
    throw new AppError('LOCKED', msg('examForms.cardsNotDeleted'));
  },
};

/** A student downloads only its own PUBLISHED card: a withheld one says why, a generated one waits. */
export function refuseUnpublishedCard(card: {
  exam_id: string;
  status: string;
  withheld_reason: string | null;
}) {
  if (card.status === 'WITHHELD')
    return new AppError(
      'LOCKED',
      msg('examForms.cardWithheld', {
        exam_id: card.exam_id,
        reason: card.withheld_reason ?? msg('examForms.noReasonRecorded'),
      }),
    );
  if (card.status !== 'PUBLISHED')
    return new AppError('LOCKED', msg('examForms.cardNotPublished', { exam_id: card.exam_id }));
  return undefined;
}

/** The notice of cards generated (or that none were missing). */
export const generatedNotice = (made: number, examId: string) =>
  made
    ? msg('examForms.cardsGenerated', { count: made, exam_id: examId })
    : msg('examForms.everyFormHasCard', { exam_id: examId });

/** A bulk move names its cards (a college, or students), and a withholding says why. */
export function refuseBulkRequest(
  action: 'publish' | 'withhold',
  body: { reason?: string | null; college_id?: string | null; student_ids?: readonly string[] | null },
) {
  if (action === 'withhold' && !body.reason)
    return invalid({ reason: [msg('examForms.withholdReasonRequired')] });
  if (!body.college_id && !body.student_ids)
    return invalid({ college_id: [msg('examForms.chooseCollegeOrStudents')] });
  return undefined;
}

/** The notice of a bulk move: how many cards moved, or that none could. */
export const bulkNotice = (action: 'publish' | 'withhold', changed: number) =>
  action === 'publish'
    ? changed
      ? msg('examForms.cardsPublished', { count: changed })
      : msg('examForms.noCardPublished')
    : changed
      ? msg('examForms.cardsWithheld', { count: changed })
      : msg('examForms.noCardWithheld');
