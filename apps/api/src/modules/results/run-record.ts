import type { Response } from 'express';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { msg } from '@exam/contracts';
import { notFound } from '../../platform/http/errors.ts';

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

/**
 * The working papers of a run (exceptions, diff, register) are the university's: read with results.read held
 * for every row. A scoped reader (a college's faculty, a student) finds no run there (404, as for any row out
 * of scope).
 */
export function requireResultStaff(res: Response, runId: string) {
  if (scopeOf(res, 'results.read') !== 'any')
    throw notFound(msg('results.noSuchRun', { run_id: runId.slice(0, 40) }));
}
