/**
 * Marks entry (lifecycle S3, S6 award lists, S7; state machine G, lock matrix §2.4). Other modules use only
 * what is exported here: the coding module opens a packet's award lists, reads their state and rows, and
 * records decoded external marks.
 */
export {
  openAwardListBatches,
  awardListState,
  lockedAwardRows,
  recordExternalMarks,
  LOCKED_AWARD_ROWS_VIEW,
  type PaperKey,
} from './award-lists.ts';
export { marksModule } from './marks-module.ts';
export {
  unlockedBatches,
  lockedBatches,
  marksOfRecord,
  type ExamCourseKey,
  type UnlockedBatch,
  type MarkOfRecord,
} from './marks-of-record.ts';
