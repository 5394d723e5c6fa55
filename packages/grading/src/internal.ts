import type { CiaMarks, CiaPattern, ExplanationStep, MarkCell, Message } from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { dec, Q } from './exact.ts';
import { part, step } from './explain.ts';

/**
 * Internal marks from CIA components (§S3): Σ(component fraction × weight) × int_max, rounded by the
 * pattern. A best-of component averages its best n entries; an attendance component earns the marks
 * of the highest band reached. An absent entry counts 0; a missing mandatory component leaves the
 * internal RL (never a guessed 0); every component absent makes the internal AB.
 */
export const computeInternal = (
  pattern: CiaPattern,
  intMax: string,
  marks: CiaMarks,
): { cell: MarkCell; explanation: ExplanationStep[] } => {
  const max = dec(intMax);
  const ruleId = `cia:${pattern.pattern_id}`;
  let sum = Q.ZERO;
  let allAbsent = true;
  const parts: Message[] = [];
  for (const c of pattern.components) {
    const entered = marks[c.code];
    const entries = entered === undefined ? [] : Array.isArray(entered) ? entered : [entered];
    const present = entries.filter((e) => e.value !== null || e.status !== null);
    if (present.length === 0) {
      if (c.mandatory) {
        return {
          cell: { value: null, status: 'RL' },
          explanation: [
            step('INTERNAL', ruleId, { component: c.code }, { int: 'RL' }, 'explain.internalNotEntered', {
              name: c.name,
            }),
          ],
        };
      }
      parts.push(part('explain.internalPartMissing', { name: c.name }));
      continue;
    }
    if (present.some((e) => e.status === 'RL' || e.status === 'WH' || e.status === 'UFM')) {
      return {
        cell: { value: null, status: 'RL' },
        explanation: [
          step('INTERNAL', ruleId, { component: c.code }, { int: 'RL' }, 'explain.internalPending', {
            name: c.name,
          }),
        ],
      };
    }
    if (present.some((e) => e.status !== 'AB')) allAbsent = false;
    const cMax = dec(c.max_marks);
    const values = present.map((e) => {
      if (e.value === null) return Q.ZERO; // AB counts 0 in a component
      const v = dec(e.value);
      if (c.attendance_bands === null && v.gt(cMax))
        throw new GradingInputError('MARKS_ABOVE_MAXIMUM', `${c.name} ${e.value} is above ${c.max_marks}`);
      return v;
    });
    let fraction: Q;
    if (c.attendance_bands !== null) {
      const attended = values[0]!;
      const band = [...c.attendance_bands]
        .sort((a, b) => dec(b.min_percent).cmp(dec(a.min_percent)))
        .find((b) => attended.gte(dec(b.min_percent)));
      const got = band ? dec(band.marks) : Q.ZERO;
      fraction = got.div(cMax);
      parts.push(
        part('explain.internalAttendance', {
          name: c.name,
          attended: attended.toDecimal(),
          got: got.toDecimal(),
          max: cMax.toDecimal(),
        }),
      );
    } else {
      const take = Math.min(c.best_of ?? 1, values.length);
      const best = [...values].sort((a, b) => b.cmp(a)).slice(0, take);
      fraction = Q.sum(best).div(cMax.mul(Q.of(take)));
      parts.push(
        c.best_of
          ? part('explain.internalBestOf', {
              name: c.name,
              take,
              values: values.map((v) => v.toDecimal()).join(', '),
              got: Q.sum(best).toDecimal(),
              max: cMax.mul(Q.of(take)).toDecimal(),
            })
          : part('explain.internalPart', {
              name: c.name,
              got: values[0]!.toDecimal(),
              max: cMax.toDecimal(),
            }),
      );
    }
    sum = sum.add(fraction.mul(dec(c.weight_percent)).div(Q.HUNDRED));
  }
  if (allAbsent)
    return {
      cell: { value: null, status: 'AB' },
      explanation: [step('INTERNAL', ruleId, {}, { int: 'AB' }, 'explain.internalAbsent')],
    };
  const exact = sum.mul(max);
  const decimals = pattern.decimals;
  const scale = Q.of(10 ** decimals);
  const rounded =
    pattern.rounding === 'CEIL'
      ? exact.mul(scale).ceil().div(scale)
      : pattern.rounding === 'FLOOR'
        ? exact.mul(scale).floor().div(scale)
        : pattern.rounding === 'HALF_UP'
          ? exact.round(decimals, 'HALF_UP')
          : exact.round(2, 'HALF_UP'); // NONE: marks carry at most two decimals
  const value = Q.min(rounded, max).toDecimal();
  const roundingText =
    pattern.rounding === 'NONE'
      ? part('explain.internalRoundingNone')
      : part('explain.internalRounding', {
          mode: pattern.rounding.toLowerCase().replace('_', '-'),
          decimals,
        });
  return {
    cell: { value, status: null },
    explanation: [
      step(
        'INTERNAL',
        ruleId,
        { int_max: max.toDecimal(), exact: exact.toFraction(), rounding: pattern.rounding },
        { int: value },
        'explain.internal',
        { parts, rounding_text: roundingText },
      ),
    ],
  };
};
