import { can, msg, type EntryBatchCreate, type Message } from '@exam/contracts';
import type { BatchReach, EntryBatchOpen } from './entry-store.ts';
import { AppError, duplicateKey, forbidden, invalid, type FieldErrors } from '../../platform/http/errors.ts';

/**
 * The rules of opening an entry batch (lifecycle S3) and of editing or deleting one, as pure functions of
 * what the store read: each answers a refusal (an AppError to throw) or nothing; none reads the database.
 */

type Values = Record<string, unknown>;
type Key = Pick<EntryBatchCreate, 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id'>;

/** A batch needs the exam's link to the course-semester. */
export function refuseWithoutCourseLink(input: Key, coding: string | undefined) {
  if (coding !== undefined) return undefined;
  return invalid({ exam_id: [msg('marks.noCourseLink', { ...input })] });
}

/**
 * What the batch's kind needs: a college for internal marks; the date, shift and laboratory of a practical
 * batch; a CIA pattern only for internal marks.
 */
export function refuseIncompleteBatch(input: EntryBatchCreate) {
  const errors: FieldErrors = {};
  if (input.component === 'INT' && !input.college_id) errors.college_id = [msg('marks.collegeRequired')];
  if (input.component === 'PR') {
    if (!input.practical_date) errors.practical_date = [msg('marks.practicalDateRequired')];
    if (!input.practical_shift) errors.practical_shift = [msg('marks.practicalShiftRequired')];
    if (!input.lab) errors.lab = [msg('marks.labRequired')];
  }
  if (input.component !== 'INT' && input.pattern_id) errors.pattern_id = [msg('marks.patternInternalOnly')];
  return Object.keys(errors).length ? invalid(errors) : undefined;
}

/** Coded answer books (coding ON) get their external marks as award lists per packet, not by roll number. */
export function refuseCodedExternal(input: EntryBatchCreate, coding: string | undefined) {
  if (input.component !== 'EXT' || coding !== 'ON') return undefined;
  return new AppError('LOCKED', msg('marks.codedExternal', { ...pick(input) }));
}

/** A batch's CIA pattern must exist. */
export function refuseUnknownPattern(patternId: string | undefined, exists: boolean) {
  if (!patternId || exists) return undefined;
  return invalid({ pattern_id: [msg('marks.noSuchPattern', { pattern_id: patternId })] });
}

/**
 * The unit a batch covers, unique per paper and component in an exam: internal marks per college and the
 * paper's department; external ones per college (ALL: every college); a practical batch per college, date,
 * shift and laboratory.
 */
export function unitKeyOf(input: EntryBatchCreate, deptId: string | null) {
  if (input.component === 'INT') return `${input.college_id}/${deptId ?? '-'}`;
  if (input.component === 'EXT') return `${input.college_id ?? 'ALL'}`;
  return `${input.college_id ?? 'ALL'}/${input.practical_date}/${input.practical_shift}/${input.lab}`;
}

const inCollege = (collegeId: string | null | undefined) =>
  collegeId ? msg('marks.inCollege', { college_id: collegeId }) : '';

/**
 * A batch needs candidates: the paper's (in its college), and every attempt named must be one of them.
 */
export function refuseWithoutCandidates(input: EntryBatchCreate, rows: number) {
  const named = input.attempt_ids?.length ? new Set(input.attempt_ids).size : 0;
  if (!rows)
    return invalid({
      paper_id: [
        msg('marks.noCandidates', {
          ...pick(input),
          paper_id: input.paper_id,
          college: inCollege(input.college_id),
          named: named ? msg('marks.amongNamed') : '',
        }),
      ],
    });
  if (named && rows !== named)
    return invalid({
      attempt_ids: [
        msg('marks.notCandidates', { unknown: named - rows, college: inCollege(input.college_id) }),
      ],
    });
  return undefined;
}

/** A unit has one batch of a component: the refusal of a second one. */
export const batchExists = (input: EntryBatchCreate) =>
  duplicateKey(
    msg('marks.batchExists', {
      paper_id: input.paper_id,
      component: input.component,
      college: input.college_id ?? msg('marks.allColleges'),
      practical:
        input.component === 'PR'
          ? msg('marks.practicalSession', {
              practical_date: input.practical_date,
              practical_shift: input.practical_shift,
              lab: input.lab,
            })
          : '',
      exam_id: input.exam_id,
    }),
  );

/** The notice of a batch opened. */
export const batchOpened = (batch: Values) =>
  msg('marks.batchOpened', { batch_id: String(batch.batch_id), row_count: String(batch.row_count) });

/**
 * The notice of an exam's batches opened: how many, how many existed, and the papers skipped for want of a
 * numeric maximum of the component.
 */
export function batchesOpened(
  input: EntryBatchOpen,
  out: { created: readonly string[]; existing: number; skipped: readonly string[] },
): Message {
  return msg('marks.batchesOpened', {
    created: out.created.length,
    kind: msg(input.component === 'INT' ? 'marks.kindInternal' : 'marks.kindExternalRoll'),
    exam_id: input.exam_id,
    existing: out.existing ? msg('marks.batchesExisted', { existing: out.existing }) : '',
    skipped: out.skipped.length
      ? msg('marks.papersSkipped', {
          field: input.component === 'INT' ? 'int_max_marks' : 'ext_max_marks',
          papers: out.skipped.join(', '),
        })
      : '',
  });
}

/** Batches are opened with their candidates by the module's own calls, never imported. */
export const batchNotImported = () => ({ batch_id: [msg('marks.batchesNotImported')] });

/** A LOCKED batch's details change only after it is reopened. */
export function refuseDetailsOfLocked(batch: Values) {
  if (batch.status !== 'LOCKED') return undefined;
  return new AppError('LOCKED', msg('marks.lockedBatchDetails', { batch_id: String(batch.batch_id) }));
}

/** Only an OPEN batch (nothing entered) is deleted. */
export function refuseDeleteOfStarted(batch: Values) {
  if (batch.status === 'OPEN') return undefined;
  return new AppError(
    'LOCKED',
    msg('marks.batchNotDeletable', { batch_id: String(batch.batch_id), status: String(batch.status) }),
  );
}

const pick = (k: Key) => ({
  exam_id: k.exam_id,
  session_id: k.session_id,
  course_comb_id: k.course_comb_id,
  sem_id: k.sem_id,
});

/**
 * Which batches of an exam the caller may open at once (POST /api/entrybatch-open): the examination office
 * (exam-setup.write) every one; a teacher who enters internal marks (internal-marks.enter) the internal
 * batches within that grant's scope: its college's, of its department's papers (a university department's
 * teacher: its department's papers in every college). Answers the reach, or the refusal.
 */
export function openingReach(
  user: { role: string; college_id: string | null; dept_id: string | null },
  input: Pick<EntryBatchOpen, 'component'>,
): { reach?: BatchReach; refusal?: AppError } {
  if (can(user.role, 'exam-setup.write')) return { reach: {} };
  const scope = can(user.role, 'internal-marks.enter');
  const scoped = scope === 'any' || scope === 'college' || scope === 'department';
  if (!scoped || input.component !== 'INT') return { refusal: forbidden(msg('marks.openOnlyInternal')) };
  if (scope === 'any') return { reach: {} };
  const reach: BatchReach = {};
  if (scope === 'college' || user.college_id) reach.college_id = user.college_id ?? undefined;
  if (scope === 'department') reach.dept_id = user.dept_id ?? undefined;
  const missing = (scope === 'college' && !user.college_id) || (scope === 'department' && !user.dept_id);
  if (missing) return { refusal: new AppError('OUT_OF_SCOPE', msg('marks.openWithoutScope')) };
  return { reach };
}
