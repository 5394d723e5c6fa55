import {
  ciaPattern,
  componentStatuses,
  entryStatus,
  MARK_PATTERN,
  toHundredths,
  type CiaMarks,
  type MarkCell,
  type MarkComponent,
} from '@exam/contracts';
import { computeInternal, GradingInputError } from '@exam/grading';

/** The batch fields the row rules need. */
export interface BatchFacts {
  batch_id: string;
  component: MarkComponent;
  coded: boolean;
  max_marks: string;
  status: string;
  pattern: unknown;
}

/** A row as it will be stored, after its checks. */
export interface CheckedRow {
  line: number;
  value: string | null;
  status: string | null;
  component_marks: Record<string, unknown> | null;
  marks_in_words: string | null;
}

/** Hundredths as numeric(6,2) text: 4650 → "46.50" (no floating point). */
export const fixed2 = (h: number) => `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;

const asText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : String(v).trim().toUpperCase();

/**
 * One typed mark against the batch's maximum and the marks step (settings): a decimal with at most two
 * places, or a status of the component; never both. Answers the stored value/status or the message a clerk
 * can act on.
 */
export function checkMark(
  valueIn: unknown,
  statusIn: unknown,
  batch: Pick<BatchFacts, 'component' | 'max_marks'>,
  step: string,
): { value: string | null; status: string | null } | { error: string } {
  let value = asText(valueIn);
  let status = asText(statusIn);
  // A status typed in the value cell ("AB") is a status, never a number.
  if (value && !/^[\d.\-+]/.test(value) && !status) [status, value] = [value, ''];
  if (value && status) return { error: 'Give marks or a status, not both' };
  const allowed = componentStatuses[batch.component];
  if (status) {
    if (!(entryStatus.values as readonly string[]).includes(status))
      return { error: `Unknown status "${status}"; use ${allowed.join(', ')}` };
    if (!(allowed as readonly string[]).includes(status))
      return { error: `${status} is not used for these marks; use ${allowed.join(', ')}` };
    return { value: null, status };
  }
  if (!value) return { value: null, status: null };
  if (value.startsWith('-')) return { error: 'Marks cannot be negative' };
  if (/^\d+\.\d{3,}$/.test(value)) return { error: 'At most two decimals' };
  if (!MARK_PATTERN.test(value)) return { error: `Marks (0 to ${batch.max_marks}) or ${allowed.join(', ')}` };
  const h = toHundredths(value);
  if (h > toHundredths(batch.max_marks)) return { error: `${value} is above the maximum ${batch.max_marks}` };
  const stepH = toHundredths(step);
  if (stepH > 1 && h % stepH !== 0) return { error: `Marks go in steps of ${step}` };
  return { value: fixed2(h), status: null };
}

/**
 * CIA component marks → the internal mark by the batch's pattern (grading's computeInternal: weights,
 * best-of, rounding). Each component's entries are checked against that component's maximum first.
 */
export function internalFromComponents(
  pattern: unknown,
  marks: Record<string, unknown>,
  intMax: string,
):
  | { value: string | null; status: string | null; component_marks: Record<string, string | string[]> }
  | { error: string } {
  const parsed = ciaPattern.safeParse(pattern);
  if (!parsed.success) return { error: 'The batch has no valid CIA pattern' };
  const stored: Record<string, string | string[]> = {};
  const cells: CiaMarks = {};
  for (const c of parsed.data.components) {
    const raw = marks[c.code];
    const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    const entries: MarkCell[] = [];
    for (const entry of list) {
      const checked = checkMark(entry, null, { component: 'INT', max_marks: c.max_marks }, '0.01');
      if ('error' in checked) return { error: `${c.name}: ${checked.error}` };
      if (checked.value !== null || checked.status !== null)
        entries.push({ value: checked.value, status: checked.status as MarkCell['status'] });
    }
    stored[c.code] = entries.map((e) => e.value ?? e.status ?? '');
    cells[c.code] = entries;
  }
  for (const code of Object.keys(marks))
    if (!parsed.data.components.some((c) => c.code === code))
      return { error: `No CIA component ${code} in pattern ${parsed.data.pattern_id}` };
  try {
    const { cell } = computeInternal(parsed.data, intMax, cells);
    // RL: a mandatory component is not entered yet: the row stays pending (no internal mark yet).
    if (cell.status === 'RL') return { value: null, status: null, component_marks: stored };
    return {
      value: cell.value === null ? null : fixed2(toHundredths(cell.value)),
      status: cell.status,
      component_marks: stored,
    };
  } catch (error) {
    if (error instanceof GradingInputError) return { error: error.message };
    throw error;
  }
}
