import { createHash } from 'node:crypto';
import {
  explanationText,
  msg,
  type Message,
  type ComputedStudentResult,
  type ExplanationStep,
  type EarlierCourse,
  type GradingPaper,
  type GradingRuleset,
  type MarkCell,
  type ResultExceptionCode,
  type ResultLine,
} from '@exam/contracts';

/**
 * Turning the marks of record, conduct and the marks scheme into the grading engine's input (lifecycle §4.2),
 * with the exception report's findings (S8 step 3). Pure: the run job loads the rows, this decides.
 */

export interface SchemeRow {
  paper_id: string;
  max_marks: string | null;
  min_marks: string | null;
  ext_max_marks: string | null;
  ext_min_marks: string | null;
  int_max_marks: string | null;
  int_min_marks: string | null;
  th_pr_status: string;
  paper_score_status: string;
  credit_point: string | null;
  paper_type: number;
  /** NEP: paperinfosem.course_category as text (VOCATIONAL, RESEARCH, ...), null when not set. */
  course_category?: string | null;
}

export interface AttemptRow {
  attempt_id: string;
  student_id: string;
  paper_id: string;
  attempt_type: string;
  attempt_no: number;
}

export interface Mark {
  value: string | null;
  status: string | null;
}

export interface Finding {
  student_id: string;
  paper_id: string | null;
  attempt_id: string | null;
  component: string | null;
  code: ResultExceptionCode;
  message: Message;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const numberOrNull = (text: string | null) =>
  text === null || text.trim() === '' ? null : DECIMAL.test(text.trim()) ? text.trim() : undefined;

/** "52.00" → "52", "40.50" → "40.5": marks as the engine and the screens print them. */
export const plainDecimal = (text: string) =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

const cmp = (a: string, b: string) => {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length - bi.length;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
};

/** The paper's scheme as the engine takes it, or a message why it cannot be graded. */
export function schemeOf(row: SchemeRow):
  | {
      scheme: Omit<GradingPaper, 'int' | 'ext' | 'pr' | 'ufm_cancelled' | 'attempt_type' | 'attempt_exam_id'>;
    }
  | { problem: Message } {
  const fields = {
    max: row.max_marks,
    min: row.min_marks,
    ext_max: row.ext_max_marks,
    ext_min: row.ext_min_marks,
    int_max: row.int_max_marks,
    int_min: row.int_min_marks,
    credit: row.credit_point,
  } as const;
  const parsed: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(fields)) {
    const n = numberOrNull(value);
    if (n === undefined)
      return {
        problem: msg('results.schemeNotNumber', {
          paper_id: row.paper_id,
          field: name,
          value: String(value),
        }),
      };
    parsed[name] = n;
  }
  if (parsed.max === null) return { problem: msg('results.schemeNoMax', { paper_id: row.paper_id }) };
  if (![0, 1, 2].includes(row.paper_type))
    return {
      problem: msg('results.schemePaperType', { paper_id: row.paper_id, paper_type: row.paper_type }),
    };
  return {
    scheme: {
      paper_id: row.paper_id,
      max: parsed.max!,
      min: parsed.min ?? null,
      ext_max: parsed.ext_max ?? null,
      ext_min: parsed.ext_min ?? null,
      int_max: parsed.int_max ?? null,
      int_min: parsed.int_min ?? null,
      paper_type: row.paper_type as 0 | 1 | 2,
      th_pr_status: row.th_pr_status === 'PR' ? 'PR' : 'TH',
      credit: parsed.credit ?? '0',
      paper_score_status: row.paper_score_status === 'N' ? 'N' : 'Y',
      course_category: row.course_category ?? null,
    },
  };
}

const ENGINE_STATUSES = new Set(['AB', 'UFM', 'RL', 'WH', 'EX']);

/** A mark of record as an engine cell: BLANK (a blank answer book) is a present candidate's 0. */
function cellOf(mark: Mark | undefined): MarkCell {
  if (!mark) return { value: null, status: null };
  if (mark.status === 'BLANK') return { value: '0', status: null };
  if (mark.status && ENGINE_STATUSES.has(mark.status))
    return {
      value: mark.status === 'EX' && mark.value !== null ? plainDecimal(mark.value) : null,
      status: mark.status as MarkCell['status'],
    };
  if (mark.value !== null) return { value: plainDecimal(mark.value), status: null };
  return { value: null, status: null };
}

export interface PaperInputs {
  attempt: AttemptRow;
  scheme: Exclude<ReturnType<typeof schemeOf>, { problem: Message }>['scheme'];
  marks: Partial<Record<'INT' | 'EXT' | 'PR', Mark>>;
  attendance: string | null;
  ufmOpen: boolean;
  ufmCancelled: boolean;
}

/**
 * One paper of one student as the engine's input, with what the exception report notes about it. Missing
 * marks stay missing (the engine makes the paper RL), an open UFM case withholds the external (RW), marks
 * above the maximum are left out (RL) and reported: never a guessed number.
 */
export function paperInput(p: PaperInputs, findings: Finding[]): GradingPaper {
  const { attempt, scheme } = p;
  const note = (component: string | null, code: ResultExceptionCode, message: Message) =>
    findings.push({
      student_id: attempt.student_id,
      paper_id: attempt.paper_id,
      attempt_id: attempt.attempt_id,
      component,
      code,
      message,
    });
  const practical = scheme.th_pr_status === 'PR';
  const back = attempt.attempt_type === 'BACK';
  const requiresInt = scheme.paper_type !== 1;
  const requiresExt = scheme.paper_type !== 2;
  const extComponent = practical ? (p.marks.PR ? 'PR' : 'EXT') : 'EXT';
  const extName = msg(extComponent === 'PR' ? 'results.componentPractical' : 'results.componentExternalOnly');
  const paper_id = attempt.paper_id;
  let int = requiresInt ? cellOf(p.marks.INT) : cellOf(undefined);
  let ext = requiresExt ? cellOf(p.marks[extComponent]) : cellOf(undefined);
  const intMax = scheme.paper_type === 2 ? (scheme.int_max ?? scheme.max) : scheme.int_max;
  const extMax = scheme.paper_type === 1 ? (scheme.ext_max ?? scheme.max) : scheme.ext_max;
  if (int.value !== null && intMax !== null && cmp(int.value, intMax) > 0) {
    note('INT', 'MARKS_ABOVE_MAX', msg('results.intAboveMax', { paper_id, value: int.value, max: intMax }));
    int = { value: null, status: null };
  }
  if (ext.value !== null && extMax !== null && cmp(ext.value, extMax) > 0) {
    const above = { paper_id, component: extName, value: ext.value, max: extMax };
    note(extComponent, 'MARKS_ABOVE_MAX', msg('results.extAboveMax', above));
    ext = { value: null, status: null };
  }
  if (requiresExt) {
    if (p.attendance === 'ABSENT' && ext.value !== null && ext.status === null)
      note(extComponent, 'ABSENT_WITH_MARKS', msg('results.absentWithMarks', { paper_id, value: ext.value }));
    if (p.attendance === 'PRESENT' && ext.value === null && (ext.status === null || ext.status === 'AB')) {
      const code = ext.status === 'AB' ? 'results.presentMarkedAbsent' : 'results.presentWithoutMarks';
      note(extComponent, 'PRESENT_WITHOUT_MARKS', msg(code, { paper_id }));
    } else if (ext.value === null && ext.status === null)
      note(extComponent, 'MARKS_NOT_LOCKED', msg('results.extNotLocked', { paper_id, component: extName }));
  }
  if (requiresInt && !back && int.value === null && int.status === null)
    note('INT', 'INTERNAL_MISSING', msg('results.internalMissing', { paper_id }));
  if (p.ufmOpen) {
    note(extComponent, 'UFM_PENDING', msg('results.ufmPending', { paper_id }));
    if (requiresExt) ext = { value: null, status: 'WH' };
    else int = { value: null, status: 'WH' };
  }
  return gradingPaper(scheme, {
    int,
    ext: practical ? { value: null, status: null } : ext,
    pr: practical ? ext : { value: null, status: null },
    ufm_cancelled: p.ufmCancelled && !p.ufmOpen,
    attempt_type: (['REGULAR', 'EX', 'BACK', 'IMPROVEMENT'].includes(attempt.attempt_type)
      ? attempt.attempt_type
      : 'REGULAR') as GradingPaper['attempt_type'],
    attempt_exam_id: null,
  });
}

/**
 * A paper's engine input, every field named: spreading the scheme (`{ ...scheme, int, ... }`) took ~20 µs a
 * paper in V8 with most of it garbage collection (measured: 120,000 papers 2.4 s), a literal of fixed shape
 * well under 1 µs.
 */
function gradingPaper(
  s: PaperInputs['scheme'],
  rest: Pick<GradingPaper, 'int' | 'ext' | 'pr' | 'ufm_cancelled' | 'attempt_type' | 'attempt_exam_id'>,
): GradingPaper {
  return {
    paper_id: s.paper_id,
    max: s.max,
    min: s.min,
    ext_max: s.ext_max,
    ext_min: s.ext_min,
    int_max: s.int_max,
    int_min: s.int_min,
    paper_type: s.paper_type,
    th_pr_status: s.th_pr_status,
    credit: s.credit,
    paper_score_status: s.paper_score_status,
    course_category: s.course_category,
    int: rest.int,
    ext: rest.ext,
    pr: rest.pr,
    ufm_cancelled: rest.ufm_cancelled,
    attempt_type: rest.attempt_type,
    attempt_exam_id: rest.attempt_exam_id,
  };
}

/**
 * Rebuilds a paper's engine input from a stored line (a back attempt replaces one paper of an earlier
 * result).
 */
export function paperFromLine(line: ResultLine, scheme: PaperInputs['scheme']): GradingPaper {
  return gradingPaper(scheme, {
    int: line.int,
    ext: line.ext,
    pr: line.pr,
    ufm_cancelled: line.paper_result === 'UFM',
    attempt_type: 'REGULAR',
    attempt_exam_id: null,
  });
}

/**
 * Courses of a student's other published semesters, for CGPA (§4.6): every graded line; with, for the NEP
 * exit checks (§4.7), its course category and its marks (total of max; an absent paper's total counts 0).
 */
export function earlierCoursesOf(rows: Array<{ sem_id: string; lines: ResultLine[] }>): EarlierCourse[] {
  return rows.flatMap((r) =>
    r.lines
      .filter((l) => l.grade_point !== null)
      .map((l) => ({
        sem_id: r.sem_id,
        paper_id: l.paper_id,
        credit: l.credit,
        grade_point: l.grade_point!,
        passed: l.paper_result === 'P' || l.paper_result === 'EX',
        attempt_seq: 0,
        course_category: l.course_category ?? null,
        total: l.total,
        max: l.max,
      })),
  );
}

/**
 * md5 of a computed result: the same inputs and rule set give the same digest (runs are deterministic). The
 * lines and explanation come already serialized (they are stored as that text), so a run serializes each
 * result once.
 */
export function digestOf(result: ComputedStudentResult, lines: string, explanation: string): string {
  const { lines: _lines, explanation: _explanation, ...scalars } = result;
  return createHash('md5').update(JSON.stringify(scalars)).update(lines).update(explanation).digest('hex');
}

/**
 * The digest a result had when its explanation was stored as English sentences (before explanation templates,
 * EXPLANATION_TEMPLATES_VERSION 1): each step as `{ step, rule_id, inputs, output, text }` with the sentence
 * its template writes, and the RULESET step without the templates' version. A run compares a result stored
 * that way with this digest, so a scope's first run after templates adds no version where nothing changed.
 */
export function legacyDigestOf(
  result: Omit<ComputedStudentResult, 'lines' | 'explanation'>,
  lines: string,
  explanation: string,
): string {
  const legacy = (s: ExplanationStep) => {
    const out: Record<string, unknown> = { step: s.step };
    if (s.rule_id !== undefined) out.rule_id = s.rule_id;
    if (s.step === 'RULESET') {
      const { templates: _templates, ...inputs } = s.inputs;
      out.inputs = inputs;
    } else out.inputs = s.inputs;
    out.output = s.output;
    out.text = explanationText(s);
    return out;
  };
  const legacyLines = (JSON.parse(lines) as ResultLine[]).map((l) => ({
    ...l,
    explanation: l.explanation.map(legacy),
  }));
  const legacyExplanation = (JSON.parse(explanation) as ExplanationStep[]).map(legacy);
  return createHash('md5')
    .update(JSON.stringify(result))
    .update(JSON.stringify(legacyLines))
    .update(JSON.stringify(legacyExplanation))
    .digest('hex');
}

const cellText = (c: MarkCell) =>
  c.status && c.value !== null ? `${c.value} ${c.status}` : (c.status ?? c.value);

type Comparable = Pick<
  ComputedStudentResult,
  | 'total'
  | 'max_total'
  | 'percentage'
  | 'division'
  | 'credits_registered'
  | 'credits_earned'
  | 'credit_points'
  | 'sgpa'
  | 'cgpa'
  | 'result'
  | 'backlogs'
  | 'lines'
>;
const SCALARS = [
  'result',
  'total',
  'max_total',
  'percentage',
  'division',
  'credits_registered',
  'credits_earned',
  'credit_points',
  'sgpa',
  'cgpa',
] as const;

/** The fields that differ between two results of one student: `result`, `sgpa`, `lines.HIN101.total`, ... */
export function fieldChanges(
  before: Comparable,
  after: Comparable,
): Array<{ field: string; before: string | null; after: string | null }> {
  const changes: Array<{ field: string; before: string | null; after: string | null }> = [];
  const push = (field: string, a: string | null, b: string | null) => {
    if (a !== b) changes.push({ field, before: a, after: b });
  };
  for (const f of SCALARS) push(f, before[f], after[f]);
  push('backlogs', before.backlogs.join(', ') || null, after.backlogs.join(', ') || null);
  const old = new Map(before.lines.map((l) => [l.paper_id, l]));
  const now = new Map(after.lines.map((l) => [l.paper_id, l]));
  for (const id of [...new Set([...old.keys(), ...now.keys()])].sort()) {
    const a = old.get(id);
    const b = now.get(id);
    if (!a || !b) {
      push(`lines.${id}`, a ? a.paper_result : null, b ? b.paper_result : null);
      continue;
    }
    push(`lines.${id}.int`, cellText(a.int), cellText(b.int));
    push(`lines.${id}.ext`, cellText(a.ext), cellText(b.ext));
    push(`lines.${id}.pr`, cellText(a.pr), cellText(b.pr));
    push(
      `lines.${id}.grace`,
      a.grace ? `${a.grace.marks} ${a.grace.rule_id}` : null,
      b.grace ? `${b.grace.marks} ${b.grace.rule_id}` : null,
    );
    push(`lines.${id}.total`, a.total, b.total);
    push(`lines.${id}.grade`, a.grade, b.grade);
    push(`lines.${id}.grade_point`, a.grade_point, b.grade_point);
    push(`lines.${id}.paper_result`, a.paper_result, b.paper_result);
  }
  return changes;
}

/** The rule set a run names: the one most of its students were computed with. */
export function mostUsed(rulesets: GradingRuleset[]): GradingRuleset | null {
  const counts = new Map<string, { r: GradingRuleset; n: number }>();
  for (const r of rulesets) {
    const k = `${r.ruleset_id}@${r.version}`;
    const c = counts.get(k) ?? { r, n: 0 };
    c.n += 1;
    counts.set(k, c);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.r ?? null;
}
