import { z } from 'zod';

/**
 * Money as decimal text (rupees with at most two decimals, "1250.50"), computed in whole paise so no binary
 * floating point ever touches a fee.
 */
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

export const moneyText = () =>
  z
    .preprocess(
      (value) =>
        typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : typeof value === 'string'
            ? value.trim() || undefined
            : value,
      z
        .string({ error: 'Must be an amount' })
        .regex(MONEY, 'Must be an amount in rupees with at most two decimals, e.g. 1250 or 1250.50')
        .optional(),
    )
    .describe('Rupees, at most two decimals ("1250.50").');

/** "1250.5" -> 125050 paise. */
export const toPaise = (text: string | null | undefined): number => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec((text ?? '0').trim());
  if (!m) throw new Error(`Not an amount: ${String(text)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};

/** 125050 paise -> "1250.50". */
export const fromPaise = (paise: number) =>
  `${Math.trunc(paise / 100)}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;
