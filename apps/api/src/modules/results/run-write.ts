import type { ResultLine } from '@exam/contracts';
import { copyField, type SqlTransaction } from '@exam/db';
import { fieldChanges, legacyDigestOf, type Finding } from './grading-inputs.ts';
import { keyOf, type Graded, type RunRow } from './run-grading.ts';
import {
  copyResults,
  deleteVersions,
  insertDiffs,
  insertExceptions,
  linesOf,
  storedVersionsOf,
  unpublishedRunIds,
  type DiffRow,
  type StoredRow,
} from './run-job-store.ts';

/**
 * Writing one graded batch: replaces the rows earlier unpublished runs wrote for these students, writes a new
 * version for each student whose result differs from its published version (all of them when none is
 * published), the diff against the previous run and the exceptions. Set-based: one statement per table.
 */
export async function writeBatch(
  tx: SqlTransaction,
  run: RunRow,
  graded: Graded[],
  findings: Finding[],
  seqStart: number,
  scopeHasResults: boolean,
) {
  const keys = graded.map((g) => g.key);
  // A scope's first run finds no stored result of its own exam: its batches skip the look-up (back attempts,
  // whose rows live under the original exam, always look).
  const lookUp = keys.length > 0 && (scopeHasResults || keys.some((k) => k.exam_id !== run.exam_id));
  const stored = lookUp ? await storedVersionsOf(tx, keys) : [];
  const versions = sortVersions(run, stored, await unpublishedRunIds(tx));
  const changedBases = graded
    .map(versions.baseOf)
    .filter((b, i): b is StoredRow => b !== undefined && b.digest !== graded[i]!.digest);
  const plan = planWrite(run, graded, versions, await linesOf(tx, changedBases));
  await deleteVersions(tx, versions.replaced);
  await copyResults(tx, plan.rows);
  await insertDiffs(tx, plan.diffs);
  await insertExceptions(tx, run.run_id, findings, seqStart);
  return { changed: plan.diffs.length, versions: plan.written };
}

interface Versions {
  /** Rows of unpublished runs (earlier runs of the scope, or this one's own): replaced. */
  replaced: StoredRow[];
  published: Map<string, StoredRow>;
  maxVersion: Map<string, number>;
  /** What a new result is compared with: the previous run's row, else the published version. */
  baseOf: (g: Graded) => StoredRow | undefined;
}

/** The stored versions of a batch's results, sorted by what the write does with them. */
export function sortVersions(run: RunRow, stored: StoredRow[], unpublished: ReadonlySet<string>): Versions {
  const previous = new Map<string, StoredRow>();
  const published = new Map<string, StoredRow>();
  const maxVersion = new Map<string, number>();
  const replaced: StoredRow[] = [];
  for (const row of stored) {
    const id = keyOf(row);
    if (row.status === 'COMPUTED' && unpublished.has(row.run_id)) {
      replaced.push(row);
      if (row.run_id !== run.run_id) previous.set(id, row);
      continue;
    }
    maxVersion.set(id, Math.max(maxVersion.get(id) ?? 0, row.version));
    if (row.status === 'PUBLISHED') published.set(id, row);
  }
  const baseOf = (g: Graded) => previous.get(keyOf(g.key)) ?? published.get(keyOf(g.key));
  return { replaced, published, maxVersion, baseOf };
}

const BACKSLASH = 0x5c;
const TAB = Buffer.from('\t');
const NEWLINE = Buffer.from('\n');

/**
 * A serialized JSON value as a COPY text field: JSON has no raw tab or line break, so only backslashes are
 * doubled.
 */
const copyJson = (json: Buffer) =>
  json.includes(BACKSLASH) ? Buffer.from(copyField(json.toString())) : json;

/**
 * The batch's diff rows (added, or changed field by field against its base) and the COPY rows of its new
 * versions: a result the same as its published version (same digest) is not written again.
 */
export function planWrite(
  run: RunRow,
  graded: Graded[],
  versions: Versions,
  baseLines: Map<string, ResultLine[]>,
) {
  const rows: Buffer[] = [];
  let written = 0;
  const diffs: DiffRow[] = [];
  for (const g of graded) {
    const id = keyOf(g.key);
    const base = versions.baseOf(g);
    const student_id = g.key.student_id;
    // A version stored before explanation templates has the digest of its sentences: the same result if the
    // sentences this result's templates write match it (worked out only for such a version).
    let legacy: string | undefined;
    const same = (digest: string) =>
      digest === g.digest ||
      digest === (legacy ??= legacyDigestOf(g.result, g.lines.toString(), g.explanation.toString()));
    if (!base) {
      const changes = [{ field: 'result', before: null, after: g.result.result }];
      diffs.push({ run_id: run.run_id, student_id, change: 'ADDED', changes });
    } else if (!same(base.digest)) {
      const before = { ...base, lines: baseLines.get(`${id}|${base.version}`) ?? [] };
      const after = { ...g.result, lines: JSON.parse(g.lines.toString()) as ResultLine[] };
      const changes = fieldChanges(before, after);
      const explained = changes.length ? changes : [{ field: 'explanation', before: null, after: 'changed' }];
      diffs.push({ run_id: run.run_id, student_id, change: 'CHANGED', changes: explained });
    }
    const current = versions.published.get(id);
    if (current && same(current.digest)) continue;
    const { result: r } = g;
    const leading = [
      g.key.student_id,
      g.key.exam_id,
      g.key.session_id,
      g.key.course_comb_id,
      g.key.sem_id,
      (versions.maxVersion.get(id) ?? 0) + 1,
      run.run_id,
      g.college_id,
      'COMPUTED',
      r.ruleset_id,
      r.ruleset_version,
      r.scheme,
      r.total,
      r.max_total,
      r.percentage,
      r.division,
      r.credits_registered,
      r.credits_earned,
      r.credit_points,
      r.sgpa,
      r.cgpa,
      r.result,
      JSON.stringify(r.backlogs),
      JSON.stringify(g.backlog_reasons),
    ];
    const trailing = [g.digest, g.first_attempt, current?.version ?? null];
    rows.push(
      Buffer.from(`${leading.map(copyField).join('\t')}\t`),
      copyJson(g.lines),
      TAB,
      copyJson(g.explanation),
      Buffer.from(`\t${trailing.map(copyField).join('\t')}`),
      NEWLINE,
    );
    written += 1;
  }
  return { rows: Buffer.concat(rows), diffs, written };
}
