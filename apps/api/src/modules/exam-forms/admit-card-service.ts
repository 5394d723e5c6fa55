import type { AdmitCardBulkRequest } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { Auditor } from '../../platform/files/write-rows.ts';
import { notFound } from '../../platform/http/errors.ts';
import { msg, type Scope } from '@exam/contracts';
import { bulkNotice, generatedNotice, refuseBulkRequest, refuseUnpublishedCard } from './admit-card-rules.ts';
import { cardCount, cardsToMove, cardWithin, generateAdmitCards, moveCards } from './admit-card-store.ts';

/**
 * The use cases of admit cards (lifecycle spec S4): one card of a caller's reach, a college's cards, the
 * missing cards of an exam generated, cards published or withheld in bulk. The decisions are in
 * admit-card-rules.ts.
 */

type Tx = Prisma.TransactionClient;
type Where = Prisma.AdmitCardWhereInput;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** Nothing is within a null reach: a where that matches no card. */
const reachOf = (within: object | null): Where => (within ?? { college_id: '\u0000none' }) as Where;

/**
 * One card within the caller's reach (404 otherwise); a student (scope own) gets only its PUBLISHED card,
 * staff any (a withheld one is printed marked WITHHELD).
 */
export async function cardFor(
  db: Database,
  key: { exam_id: string; student_id: string },
  scope: Scope,
  within: object | null,
) {
  const card = await cardWithin(db, key, within as Where | null);
  if (!card)
    throw notFound(msg('examForms.noAdmitCard', { student_id: key.student_id, exam_id: key.exam_id }));
  if (scope === 'own-student') throwIf(refuseUnpublishedCard(card));
  return card;
}

/** The cards of a college for an exam within reach, and how many (404 when none: rolls are not allotted). */
export async function collegeCards(db: Database, examId: string, collegeId: string, within: object | null) {
  const where: Where = { AND: [{ exam_id: examId, college_id: collegeId }, reachOf(within)] };
  const count = await cardCount(db, where);
  if (!count) throw notFound(msg('examForms.collegeHasNoCards', { college_id: collegeId, exam_id: examId }));
  return { where, count };
}

/** `POST /api/admitcard-generate`: the missing cards of an exam's numbered forms, and the notice. */
export async function generateCards(db: Database, examId: string, auditor: Auditor) {
  const made = await db.prisma.$transaction((tx) => generateAdmitCards(tx, examId, auditor));
  return { changed: made, notice: generatedNotice(made, examId) };
}

/**
 * `POST /api/admitcard-bulk/{publish|withhold}`: the cards of a college (or the students listed) within reach
 * in a status the action allows, moved in one statement with an audit entry each; answers how many, and the
 * notice.
 */
export async function moveCardsInBulk(
  db: Database,
  action: 'publish' | 'withhold',
  body: AdmitCardBulkRequest,
  within: object | null,
  audit: (tx: Tx, changes: AuditChange[]) => Promise<void>,
) {
  throwIf(refuseBulkRequest(action, body));
  const from = action === 'publish' ? ['GENERATED', 'WITHHELD'] : ['GENERATED', 'PUBLISHED'];
  const where: Where = {
    AND: [
      { exam_id: body.exam_id, status: { in: from } },
      body.college_id ? { college_id: body.college_id } : {},
      body.student_ids ? { student_id: { in: body.student_ids } } : {},
      reachOf(within),
    ],
  };
  const to = action === 'publish' ? 'PUBLISHED' : 'WITHHELD';
  const reason = action === 'publish' ? null : body.reason!;
  const changed = await db.prisma.$transaction(async (tx) => {
    const cards = await cardsToMove(tx, where);
    await moveCards(tx, where, to, reason);
    await audit(
      tx,
      cards.map((c) => ({
        action: 'transition',
        transition: action,
        reason: body.reason,
        entity: 'admitcard',
        key: `${c.exam_id}/${c.student_id}`,
        before: { status: c.status, withheld_reason: c.withheld_reason },
        after: { status: to, withheld_reason: reason },
      })),
    );
    return cards.length;
  });
  return { changed, notice: bulkNotice(action, changed) };
}
