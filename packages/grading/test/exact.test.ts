import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFraction, ArithmeticRangeError, dec, Q } from '../src/exact.ts';

/** Two-decimal text from hundredths, computed independently with BigInt. */
const text = (hundredths: bigint): string => {
  const s = hundredths.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};
const hundredthsArb = fc.bigInt({ min: 0n, max: 10_000_00n });

describe('exact arithmetic', () => {
  it('parses and prints decimal text exactly', () => {
    expect(dec('26.50').toDecimal()).toBe('26.5');
    expect(dec('0.05').toDecimal()).toBe('0.05');
    expect(dec('70').toDecimal()).toBe('70');
    expect(() => dec('0.30000000000000004e1')).toThrow(RangeError);
    expect(() => dec('1e3')).toThrow(RangeError);
  });

  it('rounds half-up and truncates from the exact fraction (8.5555… → 8.56 / 8.55)', () => {
    const sgpa = dec('154').div(dec('18'));
    expect(sgpa.toFraction()).toBe('77/9');
    expect(sgpa.toFixed(2, 'HALF_UP')).toBe('8.56');
    expect(sgpa.toFixed(2, 'TRUNCATE')).toBe('8.55');
    expect(dec('74.955').toFixed(2, 'HALF_UP')).toBe('74.96');
    expect(dec('2.5').halfUp().toDecimal()).toBe('3');
    expect(dec('3.2').ceil().toDecimal()).toBe('4');
    expect(applyFraction(dec('1.6'), 'HALF_UP').toDecimal()).toBe('2');
    expect(applyFraction(dec('1.25'), 'FLOOR').toDecimal()).toBe('1');
  });

  it('a sum of two-decimal marks equals the BigInt sum', () => {
    fc.assert(
      fc.property(fc.array(hundredthsArb, { minLength: 1, maxLength: 12 }), (marks) => {
        const total = Q.sum(marks.map((m) => dec(text(m))));
        expect(total.toFixed(2, 'TRUNCATE')).toBe(text(marks.reduce((a, b) => a + b, 0n)));
      }),
    );
  });

  it('a percentage rounded half-up equals BigInt integer division', () => {
    fc.assert(
      fc.property(hundredthsArb, fc.bigInt({ min: 1n, max: 10_000_00n }), (obtained, max) => {
        const expected = (obtained * 10_000n * 2n + max) / (2n * max); // hundredths of a percent, half-up
        expect(
          dec(text(obtained))
            .mul(Q.HUNDRED)
            .div(dec(text(max)))
            .toFixed(2, 'HALF_UP'),
        ).toBe(text(expected));
      }),
    );
  });

  it('comparison is exact cross-multiplication', () => {
    fc.assert(
      fc.property(
        hundredthsArb,
        fc.bigInt({ min: 1n, max: 10_000_00n }),
        fc.bigInt({ min: 0n, max: 100_00n }),
        (obtained, max, minPercent) => {
          const exact = dec(text(obtained))
            .mul(Q.HUNDRED)
            .gte(dec(text(minPercent)).mul(dec(text(max))));
          expect(exact).toBe(obtained * 100n * 100n >= minPercent * max);
        },
      ),
    );
  });

  it('refuses to leave the exact range instead of rounding', () => {
    expect(() => Q.of(2 ** 53)).toThrow(ArithmeticRangeError);
    expect(() => Q.of(2 ** 40).mul(Q.of(2 ** 20))).toThrow(ArithmeticRangeError);
  });
});
