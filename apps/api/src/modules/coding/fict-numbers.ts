import { randomInt } from 'node:crypto';
import { codingSettings } from '@exam/contracts';

/**
 * Fictitious numbers (lifecycle S6 rules): the exam's prefix and digits drawn with the cryptographic RNG,
 * unique within the exam, handed to the attempts in an order shuffled with the same RNG. Nothing of a roll
 * number goes in: the caller's order of attempts (roll order) is shuffled away, and the digits are drawn
 * independently of it.
 */

/**
 * The exam's prefix: initials of its words and the year's last two digits (MAIN-DEC-2024 → MD24), at most 5
 * characters.
 */
export function fictPrefix(examId: string): string {
  const words = examId.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const year = words.find((w) => /^\d{4}$/.test(w));
  const initials = words
    .filter((w) => !/^\d+$/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
  return `${initials || 'X'}${year ? year.slice(2) : ''}`;
}

/** Fisher–Yates with node:crypto's randomInt. */
export function secureShuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * `count` new numbers of the exam, none of them in `taken`. Digits: the settings' (6) or more, so that the
 * numbers used stay under a quarter of the space (drawing stays fast and the numbers sparse).
 */
export function drawFictNumbers(examId: string, count: number, taken: ReadonlySet<string>): string[] {
  const prefix = fictPrefix(examId);
  let digits = codingSettings.fictDigits;
  while (10 ** digits < (taken.size + count) * 4) digits += 1;
  const space = 10 ** digits;
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const n = randomInt(10 ** (digits - 1), space); // no leading zero: every number has the same length
    const text = `${prefix}${n}`;
    if (!taken.has(text)) chosen.add(text);
  }
  return [...chosen];
}

/** Each attempt gets one new number: attempts shuffled, numbers drawn at random. */
export function assignFictNumbers<T>(
  examId: string,
  attempts: readonly T[],
  taken: ReadonlySet<string>,
): Array<{ attempt: T; fict_no: string }> {
  const numbers = drawFictNumbers(examId, attempts.length, taken);
  return secureShuffle([...attempts]).map((attempt, i) => ({ attempt, fict_no: numbers[i]! }));
}
