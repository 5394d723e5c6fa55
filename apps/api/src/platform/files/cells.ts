/**
 * Cell values between the database and a file; the formula guard of CSV cells is the contracts'
 * (kit/files.ts).
 */
export { guardFormula, unguardFormula } from '@exam/contracts';

/**
 * A stored value as file text: null as an empty cell, dates as ISO 8601, numbers as they are, JSON as JSON
 * text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
