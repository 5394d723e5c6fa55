import { can, refusalOf, type CapabilityKey } from '@exam/contracts';
import type { Response } from 'express';
import { forbidden } from '../../platform/http/errors.ts';

/** A result_run row as SQL reads it. */
export interface RunRecord {
  run_id: string;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  scheme: string;
  status: string;
  previous_run_id: string | null;
  student_count: number;
  notification_no: string | null;
  notification_date: string | null;
  published_at: Date | string | null;
  [field: string]: unknown;
}

/** The record as the API answers it: timestamps as ISO text, the stored inputs left out. */
export function presentRun(row: RunRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    if (field === 'inputs') continue;
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const STAFF: CapabilityKey[] = ['results.compute', 'results.verify', 'results.approve'];

/** The working papers of a run (exceptions, diff, register) are for those who compute, verify or approve it. */
export function requireResultStaff(res: Response) {
  const role = res.locals.user?.role;
  if (!STAFF.some((c) => can(role, c))) throw forbidden(refusalOf(role, 'results.verify'));
}
