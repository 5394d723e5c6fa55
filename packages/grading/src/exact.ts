/**
 * Exact rational arithmetic for marks, percentages, grade points, SGPA and CGPA
 * (docs/decisions/0004-grading-arithmetic.md). A value is numerator/denominator, both integers
 * held in JS numbers and checked to stay within ±2^53 after every operation, where a double
 * represents every integer exactly — so no operation ever rounds. Decimal text ("66.57") is
 * parsed to an exact fraction (6657/100); comparisons cross-multiply; rounding to printed decimals
 * happens once, at the end, by integer division.
 */

export class ArithmeticRangeError extends Error {
  constructor(operation: string) {
    super(`Exact arithmetic out of range in ${operation}: a value exceeded 2^53`);
    this.name = 'ArithmeticRangeError';
  }
}

const safe = (value: number, operation: string): number => {
  if (!Number.isSafeInteger(value)) throw new ArithmeticRangeError(operation);
  return value;
};

const gcd = (a: number, b: number): number => {
  a = Math.abs(a);
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
};

/** An exact rational n/d with d > 0, always reduced. */
export class Q {
  readonly n: number;
  readonly d: number;

  private constructor(n: number, d: number) {
    this.n = n;
    this.d = d;
  }

  /** n/d, reduced; d must be non-zero. */
  static of(n: number, d = 1): Q {
    safe(n, 'of');
    safe(d, 'of');
    if (d === 0) throw new RangeError('Division by zero');
    if (d < 0) {
      n = -n;
      d = -d;
    }
    if (d === 1) return new Q(n, 1);
    const g = gcd(n, d);
    return g === 1 ? new Q(n, d) : new Q(n / g, d / g);
  }

  static readonly ZERO = new Q(0, 1);
  static readonly ONE = new Q(1, 1);
  static readonly HUNDRED = new Q(100, 1);

  add(o: Q): Q {
    if (this.d === o.d) return Q.of(safe(this.n + o.n, 'add'), this.d);
    return Q.of(
      safe(safe(this.n * o.d, 'add') + safe(o.n * this.d, 'add'), 'add'),
      safe(this.d * o.d, 'add'),
    );
  }

  sub(o: Q): Q {
    return this.add(o.neg());
  }

  neg(): Q {
    return new Q(-this.n, this.d);
  }

  mul(o: Q): Q {
    // Cross-reduce first so intermediate products stay small.
    const g1 = gcd(this.n, o.d) || 1;
    const g2 = gcd(o.n, this.d) || 1;
    return Q.of(safe((this.n / g1) * (o.n / g2), 'mul'), safe((this.d / g2) * (o.d / g1), 'mul'));
  }

  div(o: Q): Q {
    if (o.n === 0) throw new RangeError('Division by zero');
    return this.mul(new Q(o.d, o.n).normalSign());
  }

  private normalSign(): Q {
    return this.d < 0 ? new Q(-this.n, -this.d) : this;
  }

  /** −1, 0 or 1: exact comparison by cross-multiplication. */
  cmp(o: Q): number {
    const left = this.d === o.d ? this.n : safe(this.n * o.d, 'cmp');
    const right = this.d === o.d ? o.n : safe(o.n * this.d, 'cmp');
    return left < right ? -1 : left > right ? 1 : 0;
  }

  lt(o: Q): boolean {
    return this.cmp(o) < 0;
  }
  lte(o: Q): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Q): boolean {
    return this.cmp(o) > 0;
  }
  gte(o: Q): boolean {
    return this.cmp(o) >= 0;
  }
  eq(o: Q): boolean {
    return this.n === o.n && this.d === o.d;
  }
  isZero(): boolean {
    return this.n === 0;
  }
  isPositive(): boolean {
    return this.n > 0;
  }
  isInteger(): boolean {
    return this.d === 1;
  }

  static max(a: Q, b: Q): Q {
    return a.gte(b) ? a : b;
  }
  static min(a: Q, b: Q): Q {
    return a.lte(b) ? a : b;
  }
  static sum(values: readonly Q[]): Q {
    let total = Q.ZERO;
    for (const v of values) total = total.add(v);
    return total;
  }

  /** Largest integer ≤ this. */
  floor(): Q {
    return Q.of(floorDiv(this.n, this.d));
  }
  /** Smallest integer ≥ this. */
  ceil(): Q {
    return Q.of(-floorDiv(-this.n, this.d));
  }
  /** Nearest integer, halves away from zero for positives (half-up). */
  halfUp(): Q {
    return Q.of(floorDiv(2 * this.n + this.d, 2 * this.d));
  }

  /** Printed once per value: parsed values are shared (see `dec`), so their text is reused. */
  private text: string | undefined;

  /**
   * Exact value as decimal text without trailing zeros ("26.5", "70"); only for values with a finite decimal
   * expansion.
   */
  toDecimal(): string {
    if (this.text === undefined) this.text = this.decimalText();
    return this.text;
  }

  private decimalText(): string {
    if (this.d === 1) return String(this.n);
    let d = this.d;
    let scale = 0;
    while (d % 10 === 0) {
      d /= 10;
      scale++;
    }
    // Make the denominator a power of ten by multiplying up the 2s and 5s.
    let factor = 1;
    while (d % 2 === 0) {
      d /= 2;
      factor *= 5;
      scale++;
    }
    while (d % 5 === 0) {
      d /= 5;
      factor *= 2;
      scale++;
    }
    if (d !== 1) throw new RangeError(`${this.n}/${this.d} has no finite decimal form`);
    return formatScaled(safe(this.n * factor, 'toDecimal'), scale, true);
  }

  /** Rounded to `decimals` places, printed with exactly that many ("8.56", "60.00"). */
  toFixed(decimals: number, mode: 'HALF_UP' | 'TRUNCATE'): string {
    return formatScaled(this.scaled(decimals, mode), decimals, false);
  }

  /**
   * The value rounded to `decimals` places, as an exact rational (used when the rounded value is computed
   * with further).
   */
  round(decimals: number, mode: 'HALF_UP' | 'TRUNCATE'): Q {
    return Q.of(this.scaled(decimals, mode), 10 ** decimals);
  }

  private scaled(decimals: number, mode: 'HALF_UP' | 'TRUNCATE'): number {
    const p = 10 ** decimals;
    const n = safe(this.n * p, 'round');
    if (mode === 'TRUNCATE') return n < 0 ? -floorDiv(-n, this.d) : floorDiv(n, this.d);
    // Half-up on the magnitude, so -2.5 → -3 as 2.5 → 3 (marks are never negative; deltas can be).
    const magnitude = floorDiv(2 * Math.abs(n) + this.d, 2 * this.d);
    return n < 0 ? -magnitude : magnitude;
  }

  /** The exact value as "n/d" (or "n" for an integer), for explanations. */
  toFraction(): string {
    return this.d === 1 ? String(this.n) : `${this.n}/${this.d}`;
  }

  toString(): string {
    return this.toFraction();
  }
}

const floorDiv = (n: number, d: number): number => {
  const q = Math.trunc(n / d);
  // n / d in doubles can be off by one near large values; correct with exact integer products.
  let r = q;
  while (r * d > n) r--;
  while ((r + 1) * d <= n) r++;
  return r;
};

const formatScaled = (scaledValue: number, decimals: number, trimZeros: boolean): string => {
  const negative = scaledValue < 0;
  let digits = String(Math.abs(scaledValue));
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, '0');
    let whole = digits.slice(0, -decimals);
    let frac = digits.slice(-decimals);
    if (trimZeros) frac = frac.replace(/0+$/, '');
    if (whole === '') whole = '0';
    digits = frac === '' ? whole : `${whole}.${frac}`;
  }
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
};

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

// Marks, minima and rule numbers repeat across every student of a run: each text is parsed once.
const parsed = new Map<string, Q>();
const PARSED_MAX = 50_000;

/** Exact value of decimal text ("26.5" → 53/2). Refuses anything else (a float artefact, an exponent). */
export const dec = (text: string): Q => {
  let q = parsed.get(text);
  if (q === undefined) {
    q = parseDecimal(text);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(text, q);
  }
  return q;
};

const parseDecimal = (text: string): Q => {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) throw new RangeError(`Not a decimal number: ${JSON.stringify(text)}`);
  const frac = m[3] ?? '';
  const n = Number(m[2] + frac);
  return Q.of(m[1] === '-' ? -n : n, 10 ** frac.length);
};

/** dec for an optional value. */
export const decOrNull = (text: string | null): Q | null => (text === null ? null : dec(text));

export const int = (n: number): Q => Q.of(n);

/** percent% of base, exactly. */
export const percentOf = (percent: Q, base: Q): Q => percent.mul(base).div(Q.HUNDRED);

/**
 * Whole-number rule for budgets and counts: CEIL (3.2 → 4), FLOOR, HALF_UP (1.6 → 2), NONE keeps the
 * fraction.
 */
export const applyFraction = (value: Q, rule: 'CEIL' | 'FLOOR' | 'HALF_UP' | 'NONE'): Q =>
  rule === 'CEIL'
    ? value.ceil()
    : rule === 'FLOOR'
      ? value.floor()
      : rule === 'HALF_UP'
        ? value.halfUp()
        : value;

/** Exact percentage obtained/max × 100 (max > 0). */
export const percentage = (obtained: Q, max: Q): Q => obtained.mul(Q.HUNDRED).div(max);

/** Four-decimal truncated display for explanation text only ("8.5555…"); never a stored number. */
export const approx = (q: Q): string => {
  if (q.d === 1) return String(q.n);
  try {
    return q.toDecimal();
  } catch {
    return `${q.toFixed(4, 'TRUNCATE')}…`;
  }
};
