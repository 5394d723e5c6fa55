import type { ExitOutcome, ExplanationStep } from '@exam/contracts';

/**
 * The numbers of a result analysis and a result's NEP exit outcome, from rows already read: pure, so each can
 * be tested without a database.
 */

/** One group of a run's or a scope's results: a college, a result code, a division or SGPA, and how many. */
export interface ResultGroup {
  college_id: string;
  college_name: string | null;
  result: string;
  division: string | null;
  sgpa: string | null;
  scheme: string;
  n: number;
}

/**
 * The NEP exit check of a year-end result (§4.7), read from its explanation: the run's engine writes an
 * EXIT_CHECK step and one EXIT step per level of the rule set (no column of its own: the explanation stays
 * the one record).
 */
export function exitOf(explanation: unknown): ExitOutcome | null {
  if (!Array.isArray(explanation)) return null;
  const steps = explanation as ExplanationStep[];
  const check = steps.find((s) => s.step === 'EXIT_CHECK');
  if (!check) return null;
  const levels = steps
    .filter((s) => s.step === 'EXIT')
    .map((s) => ({
      level: String(s.inputs.level ?? ''),
      award: String(s.inputs.award ?? ''),
      eligible: s.output.eligible === true,
      text: s.text ?? '',
    }));
  const earned = check.output.credits_earned;
  return {
    text: check.text ?? '',
    credits_earned: typeof earned === 'string' ? earned : null,
    levels,
    awards: levels.filter((l) => l.eligible).map((l) => l.award),
  };
}

/** Registered, appeared, passed, ... and the pass percentage of a set of groups. */
export function countsOf(rows: ReadonlyArray<{ result: string; n: number }>) {
  const by = (codes: string[]) => rows.filter((r) => codes.includes(r.result)).reduce((s, r) => s + r.n, 0);
  const registered = rows.reduce((s, r) => s + r.n, 0);
  const absent = by(['ABSENT']);
  const passed = by(['PASS', 'PASS_GRACE']);
  const appeared = registered - absent - by(['DETAINED']);
  return {
    registered,
    appeared,
    passed,
    pass_grace: by(['PASS_GRACE']),
    promoted: by(['PROMOTED']),
    failed: by(['FAIL']),
    absent,
    rl: by(['RL']),
    rw: by(['RW']),
    ufm: by(['UFM']),
    detained: by(['DETAINED']),
    pass_percent: percentText(passed, appeared),
  };
}

/**
 * passed / appeared as a percentage with two decimals, half-up, in integer arithmetic (never binary floating
 * point).
 */
export function percentText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const hundredths = Math.floor((part * 20_000 + whole) / (2 * whole));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** The counts of each college, in college order. */
export function byCollege(rows: readonly ResultGroup[]) {
  const colleges = new Map<
    string,
    { college_id: string; college_name: string | null; rows: ResultGroup[] }
  >();
  for (const r of rows) {
    const college = colleges.get(r.college_id) ?? {
      college_id: r.college_id,
      college_name: r.college_name,
      rows: [],
    };
    college.rows.push(r);
    colleges.set(r.college_id, college);
  }
  return [...colleges.values()]
    .sort((a, b) => a.college_id.localeCompare(b.college_id))
    .map((c) => ({ college_id: c.college_id, college_name: c.college_name, ...countsOf(c.rows) }));
}

/** How the passed students divide: by division (old scheme) or by the whole part of the SGPA. */
export function divisionDistribution(rows: readonly ResultGroup[]) {
  const division = new Map<string, number>();
  for (const r of rows) {
    if (!['PASS', 'PASS_GRACE'].includes(r.result)) continue;
    const code =
      r.scheme === 'OLD' ? (r.division ?? 'NONE') : r.sgpa === null ? 'NONE' : r.sgpa.split('.')[0]!;
    division.set(code, (division.get(code) ?? 0) + r.n);
  }
  return [...division.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => ({ code, count }));
}
