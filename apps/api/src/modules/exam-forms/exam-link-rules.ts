import { msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';

/**
 * The rules of an exam course link's phases (lifecycle spec §2.2) and of attempts, as pure functions: each
 * answers a refusal (an AppError to throw) or nothing; none reads the database.
 */

type Values = Record<string, unknown>;

/** Fields whose value changes must be open in the link's phase. */
export function refuseLockedFields(phase: string, open: readonly string[], changed: readonly string[]) {
  const locked = changed.filter((f) => !open.includes(f));
  if (!locked.length) return undefined;
  return new AppError(
    'LOCKED',
    msg('examForms.linkFieldsLocked', {
      fields: locked.join(', '),
      phase,
      open: open.length ? msg('examForms.onlyFieldsMay', { fields: open.join(', ') }) : '',
    }),
  );
}

/** Only a Planned link is deleted. */
export function refuseLinkDelete(row: Values) {
  if (row.phase === 'PLANNED') return undefined;
  return new AppError(
    'LOCKED',
    msg('examForms.linkNotDeletable', {
      exam_id: String(row.exam_id),
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
      phase: String(row.phase),
    }),
  );
}

/** Attempts are made when a form is approved, never by hand. */
export const attemptNotAdded = () => ({ attempt_id: [msg('examForms.attemptsNotAdded')] });

/** Attempts follow their form. */
export const attemptReadOnly = () => new AppError('LOCKED', msg('examForms.attemptsReadOnly'));

/** Attempts go only with their form, cancelled before conduct. */
export const attemptNotDeleted = () => new AppError('LOCKED', msg('examForms.attemptsNotDeleted'));
