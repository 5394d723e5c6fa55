import {
  awardListState,
  LOCKED_AWARD_ROWS_VIEW,
  openAwardListBatches,
  recordExternalMarks,
} from '../marks/index.ts';
import type { MarksPort } from './marks-port.ts';

/** The marks module's calls coding uses, through its index.ts only. */
export const marksForCoding: MarksPort = {
  openAwardListBatches: (tx, packet) => openAwardListBatches(tx, packet),
  awardListState: (db, examId, paperId) => awardListState(db, examId, paperId),
  lockedAwardRowsView: LOCKED_AWARD_ROWS_VIEW,
  recordExternalMarks: (tx, rows) =>
    recordExternalMarks(tx, rows as Parameters<typeof recordExternalMarks>[1]),
};
