import type { ResultLine, StudentResult, ExplanationStep } from '@exam/contracts';
import { q, type Reader } from './sql.ts';

/**
 * Result versions as other modules read them (documents: a marksheet is drafted only from a PUBLISHED
 * version). The stored row with its lines and explanation, its run's notification number and date; nothing is
 * computed here.
 */
export interface StoredResultVersion extends Omit<StudentResult, 'exit' | 'name_en'> {
  lines: ResultLine[];
  explanation: ExplanationStep[];
  /** The notification's date (result_run.notification_date, YYYY-MM-DD) when published. */
  notification_date: string | null;
}

export interface ResultVersionFilter {
  student_id?: string;
  exam_id?: string;
  session_id?: string;
  course_comb_id?: string;
  sem_id?: string;
  version?: number;
  status?: StudentResult['status'];
  college_id?: string;
  /** Only the highest version of each student × exam × course-semester (after the other filters). */
  latest?: boolean;
}

const COLUMNS = `r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version, r.run_id,
    r.college_id, r.status, r.ruleset_id, r.ruleset_version, r.scheme,
  r.total, r.max_total, r.percentage, r.division, r.credits_registered, r.credits_earned, r.credit_points,
    r.sgpa, r.cgpa, r.result, r.backlogs, r.lines, r.explanation,
  r.supersedes_version, r.published_at, r.notification_no, rr.notification_date`;

/** Result versions matching the filter, newest version first within each key. */
export async function resultVersions(
  db: Reader,
  filter: ResultVersionFilter,
): Promise<StoredResultVersion[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const field of [
    'student_id',
    'exam_id',
    'session_id',
    'course_comb_id',
    'sem_id',
    'version',
    'status',
    'college_id',
  ] as const) {
    if (filter[field] !== undefined) where.push(`r.${field} = $${params.push(filter[field])}`);
  }
  if (filter.latest) {
    where.push(`r.version = (SELECT max(x.version) FROM student_result x WHERE x.student_id = r.student_id
        AND x.exam_id = r.exam_id AND x.session_id = r.session_id
                  AND x.course_comb_id = r.course_comb_id
                    AND x.sem_id = r.sem_id${filter.status ? ` AND x.status = r.status` : ''})`);
  }
  const rows = await q<Record<string, unknown>>(
    db,
    `SELECT ${COLUMNS} FROM student_result r
        LEFT JOIN result_run rr ON rr.run_id = r.run_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.student_id, r.version DESC`,
    params,
  );
  return rows.map((row) => {
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    return {
      ...(row as unknown as StoredResultVersion),
      backlogs: json(row.backlogs) ?? [],
      lines: json(row.lines) ?? [],
      explanation: json(row.explanation) ?? [],
      published_at:
        row.published_at instanceof Date
          ? row.published_at.toISOString()
          : ((row.published_at as string | null) ?? null),
      notification_date: (row.notification_date as string | null) ?? null,
    };
  });
}

/**
 * The PUBLISHED version of one student's result of an exam × course-semester (the latest published), or
 * undefined.
 */
export async function publishedResultFor(
  db: Reader,
  key: { student_id: string; exam_id: string; session_id?: string; course_comb_id?: string; sem_id?: string },
) {
  const [found] = await resultVersions(db, { ...key, status: 'PUBLISHED' });
  return found;
}
