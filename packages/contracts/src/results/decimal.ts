import { z } from 'zod';

/**
 * Decimals travel as strings ("66.57"), never as binary floating point. A client may send a JSON
 * number (as the legacy screens do); it becomes its decimal text and must then fit the pattern, so a
 * float artefact like 0.30000000000000004 is refused rather than silently rounded.
 */
const asDecimalText = (value: unknown) => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value.trim();
  return value;
};

export const decimalPattern = (maxDecimals: number) => new RegExp(`^\\d+(\\.\\d{1,${maxDecimals}})?$`);

/** A non-negative decimal with at most `maxDecimals` decimals, answered as a string. */
export const decimalText = (maxDecimals: number) =>
  z.preprocess(
    asDecimalText,
    z
      .string({ error: 'Must be a decimal number' })
      .regex(decimalPattern(maxDecimals), `A number ≥ 0 with at most ${maxDecimals} decimals`),
  );

/** Marks: at most two decimals (lifecycle-api.md, conventions). */
export const markText = () => decimalText(2);
/** Percentages, grade points and other rule numbers: at most four decimals. */
export const ruleNumber = () => decimalText(4);
