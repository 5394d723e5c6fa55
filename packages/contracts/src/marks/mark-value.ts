import { z } from 'zod';
import { defineEnum } from '../kit/index.ts';

/** The component a batch enters: internal assessment (CIA), external (theory award lists), practical. */
export const markComponent = defineEnum([
  { value: 'INT', label: 'Internal (CIA)' },
  { value: 'EXT', label: 'External' },
  { value: 'PR', label: 'Practical' },
]);
export type MarkComponent = (typeof markComponent.values)[number];

/**
 * What a row may hold instead of a number (lifecycle-api "Marks values", S6 award lists): AB absent, UFM
 * unfair means, BLANK an answer book submitted blank (counts as 0 but is not AB), EX exempt/carried. A status
 * is never a number and a number is never stored for a status.
 */
export const entryStatus = defineEnum([
  { value: 'AB', label: 'Absent' },
  { value: 'UFM', label: 'Unfair means' },
  { value: 'BLANK', label: 'Blank answer book' },
  { value: 'EX', label: 'Exempt / carried' },
]);
export type EntryStatus = (typeof entryStatus.values)[number];

/** Statuses each component accepts (BLANK only on coded award lists and external entry). */
export const componentStatuses: Record<MarkComponent, readonly EntryStatus[]> = {
  INT: ['AB', 'EX'],
  EXT: ['AB', 'UFM', 'BLANK'],
  PR: ['AB', 'UFM'],
};

/** Marks text: digits with at most two decimals ("46", "46.5", "46.25"). */
export const MARK_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * One typed cell, as an operator types it: a number (at most two decimals) or a status code; empty clears it.
 * Pure, so the grid checks as it is typed with the same words the API answers.
 */
export function parseCell(
  text: string,
  { max, component, step = '0.01' }: { max: string; component: MarkComponent; step?: string },
): { value: string | null; status: EntryStatus | null; error?: string } {
  const typed = text.trim().toUpperCase();
  if (typed === '') return { value: null, status: null };
  if ((entryStatus.values as readonly string[]).includes(typed)) {
    const status = typed as EntryStatus;
    if (!componentStatuses[component].includes(status))
      return {
        value: null,
        status: null,
        error:
          `${status} is not used for ${markComponent.labelOf(component)} marks; use ` +
          `${componentStatuses[component].join(', ')}`,
      };
    return { value: null, status };
  }
  if (!MARK_PATTERN.test(typed)) {
    return {
      value: null,
      status: null,
      error: /^-/.test(typed)
        ? 'Marks cannot be negative'
        : /^\d+\.\d{3,}$/.test(typed)
          ? 'At most two decimals'
          : `Type marks (0 to ${max}) or ${componentStatuses[component].join(', ')}`,
    };
  }
  const hundredths = toHundredths(typed);
  if (hundredths > toHundredths(max)) return { value: null, status: null, error: `Above the maximum ${max}` };
  const stepH = toHundredths(step);
  if (stepH > 1 && hundredths % stepH !== 0)
    return { value: null, status: null, error: `Marks go in steps of ${step}` };
  return { value: fromHundredths(hundredths), status: null };
}

/** "46.5" → 4650: marks compared as whole hundredths, never as floats. */
export function toHundredths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

export function fromHundredths(h: number): string {
  const whole = Math.trunc(h / 100);
  const fraction = h % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A row as PUT sends it: the attempt (roll-number batches) or the fictitious number (coded), and value or
 * status.
 */
export const entryRowInput = z
  .object({
    attempt_id: z.string().max(30).optional(),
    fict_no: z.string().max(30).optional(),
    value: z.union([z.string().max(12), z.number(), z.null()]).optional(),
    status: z.union([z.string().max(8), z.null()]).optional(),
    component_marks: z
      .record(z.string().max(20), z.union([z.string().max(12), z.number(), z.null()]))
      .optional(),
    marks_in_words: z.string().max(120).nullable().optional(),
  })
  .refine(
    (r) => Boolean(r.attempt_id) !== Boolean(r.fict_no),
    'Name the row by attempt_id or by fict_no (one of them)',
  );
export type EntryRowInput = z.infer<typeof entryRowInput>;

export const entryRowsPut = z.object({ rows: z.array(entryRowInput).max(2000) });

/**
 * A row as GET .../rows answers it. A coded batch's rows carry only fict_no (never student, roll number, name
 * or college).
 */
export const entryRow = z.object({
  line: z.number().int(),
  attempt_id: z.string().optional(),
  student_id: z.string().optional(),
  roll_no: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  fict_no: z.string().optional(),
  value: z.string().nullable(),
  status: entryStatus.schema.nullable(),
  component_marks: z.record(z.string(), z.string().nullable()).nullable().optional(),
  marks_in_words: z.string().nullable().optional(),
  /** Preset by attendance (absent, UFM): the row cannot take a number. */
  preset: z.string().nullable().optional(),
});
export type EntryRow = z.infer<typeof entryRow>;

/** The batch's counts as the grid and the submit answer show them. */
export const entryTotals = z.object({
  rows: z.number().int(),
  entered: z.number().int(),
  absent: z.number().int(),
  statuses: z.number().int(),
  pending: z.number().int(),
  total: z.string(),
});
export type EntryTotals = z.infer<typeof entryTotals>;

export const entryRowsAnswer = z.object({
  rows: z.array(entryRow),
  totals: entryTotals,
  max_marks: z.string(),
  coded: z.boolean(),
  updated_at: z.string(),
});

/**
 * Counts of a set of rows (also computed in SQL on the API; this is the grid's copy from the same
 * definition).
 */
export function totalsOf(rows: ReadonlyArray<{ value: string | null; status: string | null }>): EntryTotals {
  let hundredths = 0;
  let entered = 0;
  let absent = 0;
  let statuses = 0;
  for (const r of rows) {
    if (r.value !== null) {
      entered += 1;
      hundredths += toHundredths(r.value);
    } else if (r.status !== null) {
      statuses += 1;
      if (r.status === 'AB') absent += 1;
    }
  }
  return {
    rows: rows.length,
    entered,
    absent,
    statuses,
    pending: rows.length - entered - statuses,
    total: fromHundredths(hundredths),
  };
}

/** Marks in words for award sheets ("forty-six point five"): English; Hindi is printed beside by the PDF. */
export function markInWords(value: string | null, status: string | null): string {
  if (status) return entryStatus.labelOf(status);
  if (value === null) return '';
  const ones = [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
  ];
  const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  const words = (n: number): string => {
    if (n < 20) return ones[n]!;
    if (n < 100) return tens[Math.trunc(n / 10)]! + (n % 10 ? `-${ones[n % 10]}` : '');
    if (n < 1000) return `${ones[Math.trunc(n / 100)]} hundred${n % 100 ? ` ${words(n % 100)}` : ''}`;
    return `${words(Math.trunc(n / 1000))} thousand${n % 1000 ? ` ${words(n % 1000)}` : ''}`;
  };
  const [whole = '0', fraction = ''] = value.split('.');
  const head = words(Number(whole));
  const digits = fraction.replace(/0+$/, '');
  return digits
    ? `${head} point ${digits
        .split('')
        .map((d) => ones[Number(d)])
        .join(' ')}`
    : head;
}

const HINDI_0_100 = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस ' +
  'इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस ' +
  'अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस ' +
  'तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस ' +
  'अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ तिरेसठ ' +
  'चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर ' +
  'इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी अस्सी इक्यासी बयासी तिरासी ' +
  'चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे ' +
  'इक्यानबे बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे सौ'
).split(' ');

/** Marks in Hindi words for award sheets ("छियालीस दशमलव पाँच"); statuses are named by the caller. */
export function markInHindiWords(value: string | null): string {
  if (value === null) return '';
  const [whole = '0', fraction = ''] = value.split('.');
  const words = (n: number): string =>
    n <= 100 ? HINDI_0_100[n]! : `${words(Math.trunc(n / 100))} सौ${n % 100 ? ` ${words(n % 100)}` : ''}`;
  const digits = fraction.replace(/0+$/, '');
  return `${words(Number(whole))}${
    digits
      ? ` दशमलव ${digits
          .split('')
          .map((d) => HINDI_0_100[Number(d)])
          .join(' ')}`
      : ''
  }`;
}
