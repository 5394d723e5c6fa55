import { msg, type Message } from '@exam/contracts';
import { duplicateKey, invalid } from '../../platform/http/errors.ts';

/**
 * The decisions of copying one session's course-semester links and paper schemes into another: which rows
 * the copy creates, what it reports and when it is refused. Pure: the store reads, these decide.
 */

type Row = Record<string, unknown>;

export const ccKey = (r: Row) => `${String(r.course_comb_id)}/${String(r.sem_id)}`;
export const paperKey = (r: Row) => `${String(r.course_comb_id)}/${String(r.sem_id)}/${String(r.paper_id)}`;
const withoutTimestamps = ({ created_at: _c, updated_at: _u, ...rest }: Row) => rest;

/** A session is not copied into itself. */
export const refuseCopyFromItself = (from: string, to: string) =>
  from === to ? invalid({ from_session_id: [msg('masterData.copyFromItself')] }) : undefined;

/** The source's rows as the target would get them, each with whether the target has its key already. */
export function copyPlan(
  to: string,
  rows: { ccFrom: Row[]; ccTo: Row[]; papersFrom: Row[]; papersTo: Row[] },
) {
  const haveCc = new Set(rows.ccTo.map(ccKey));
  const havePaper = new Set(rows.papersTo.map(paperKey));
  return {
    cc: rows.ccFrom.map((row) => ({
      row: { ...withoutTimestamps(row), session_id: to } as Row,
      exists: haveCc.has(ccKey(row)),
    })),
    papers: rows.papersFrom.map((row) => ({
      row: { ...withoutTimestamps(row), session_id: to } as Row,
      exists: havePaper.has(paperKey(row)),
    })),
  };
}

export type CopyPlan = ReturnType<typeof copyPlan>;

/**
 * What a copy creates and finds there already, row by row, and its sentence (a preview's or a done copy's).
 */
export function copyReport(from: string, to: string, dryRun: boolean, { cc, papers }: CopyPlan) {
  const count = (rows: { exists: boolean }[]) => ({
    create: rows.filter((r) => !r.exists).length,
    exists: rows.filter((r) => r.exists).length,
  });
  const counts = { ccinfo_sem: count(cc), paperinfosem: count(papers) };
  const made = msg('masterData.copyMade', {
    links: counts.ccinfo_sem.create,
    schemes: counts.paperinfosem.create,
  });
  const kept = msg('masterData.copyKept', {
    kept: counts.ccinfo_sem.exists + counts.paperinfosem.exists,
    to,
  });
  const message: Message = msg(dryRun ? 'masterData.copyPreview' : 'masterData.copyDone', {
    from,
    to,
    made,
    kept,
  });
  return {
    dry_run: dryRun,
    from,
    to,
    message,
    counts,
    ccinfo_sem: cc.map(({ row, exists }) => ({
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
      status: exists ? ('exists' as const) : ('create' as const),
    })),
    paperinfosem: papers.map(({ row, exists }) => ({
      course_comb_id: String(row.course_comb_id),
      sem_id: String(row.sem_id),
      paper_id: String(row.paper_id),
      status: exists ? ('exists' as const) : ('create' as const),
    })),
  };
}

export type CopyReport = ReturnType<typeof copyReport>;

/** The audit reason of each copied row. */
export const copiedFrom = (from: string) => msg('masterData.copiedFrom', { from });

/** Another copy into the same session won the race: nothing of this one was stored. */
export const copyRace = (to: string) => duplicateKey(msg('masterData.copyRace', { to }));
