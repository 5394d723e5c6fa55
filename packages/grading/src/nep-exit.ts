import type { EarlierCourse, ExplanationStep, GradingRuleset, Message } from '@exam/contracts';
import { dec, percentage, Q } from './exact.ts';
import { part, step } from './explain.ts';
import { chooseAttempts } from './gpa.ts';
import { pct, prepareRules, type PreparedRules } from './rules.ts';

export interface ExitRecord {
  /** Every credit earned so far, of every category (ABC). */
  credits_earned: string;
  /** Credits earned per course category (VOCATIONAL, RESEARCH, ...). */
  credits_by_category: Record<string, string>;
  /** Marks over the semesters a percentage condition looks at (Honours with Research: semesters I–VI). */
  marks?: { obtained: string; max: string } | null;
}

export interface ExitLevelOutcome {
  level: string;
  award: string;
  eligible: boolean;
  explanation: ExplanationStep;
}

/**
 * NEP exit/award check (§4.7) for every level of the rule set. ADDITIONAL category credits come on
 * top of min_credits (40 + a 4-credit vocational course); INCLUDED ones are part of it (12 research
 * credits of 160). A percentage condition is compared exactly (obtained × 100 ≥ min × max).
 */
export const exitEligibility = (
  ruleset: GradingRuleset,
  record: ExitRecord,
): { levels: ExitLevelOutcome[]; awards: string[] } => exitLevels(prepareRules(ruleset), record);

const exitLevels = (
  rules: PreparedRules,
  record: ExitRecord,
): { levels: ExitLevelOutcome[]; awards: string[] } => {
  const earned = dec(record.credits_earned);
  const levels = rules.raw.exit.map((level, i): ExitLevelOutcome => {
    const reasons: Message[] = [];
    let eligible = true;
    const additional = Q.sum(level.extra.filter((e) => e.mode === 'ADDITIONAL').map((e) => dec(e.credits)));
    const needed = dec(level.min_credits).add(additional);
    const creditsOk = earned.gte(needed);
    eligible &&= creditsOk;
    reasons.push(
      part(creditsOk ? 'explain.exitCreditsMet' : 'explain.exitCreditsShort', {
        earned: earned.toDecimal(),
        min: level.min_credits,
        additional: additional.isPositive() ? ` + ${additional.toDecimal()}` : '',
      }),
    );
    for (const extra of level.extra) {
      const have = dec(record.credits_by_category[extra.category] ?? '0');
      const ok = have.gte(dec(extra.credits));
      const mode = extra.mode === 'ADDITIONAL' ? 'Additional' : 'Included';
      eligible &&= ok;
      reasons.push(
        part(`explain.exitCategory${ok ? 'Met' : 'Short'}${mode}`, {
          category: extra.category.toLowerCase(),
          have: have.toDecimal(),
          min: extra.credits,
        }),
      );
    }
    if (level.min_percent !== null) {
      const min = dec(level.min_percent);
      if (!record.marks) {
        eligible = false;
        reasons.push(part('explain.exitMarksNeeded', { min: pct(min) }));
      } else {
        const obtained = dec(record.marks.obtained);
        const max = dec(record.marks.max);
        const ok = max.isPositive() && percentage(obtained, max).gte(min);
        eligible &&= ok;
        reasons.push(
          part(ok ? 'explain.exitMarksMet' : 'explain.exitMarksShort', {
            obtained: obtained.toDecimal(),
            max: max.toDecimal(),
            percent: percentage(obtained, max).toFixed(2, 'TRUNCATE'),
            min: pct(min),
          }),
        );
      }
    }
    return {
      level: level.level,
      award: level.award,
      eligible,
      explanation: step(
        'EXIT',
        rules.ruleId(`exit.${i}`),
        { level: level.level, award: level.award, credits_earned: earned.toDecimal() },
        { eligible },
        eligible ? 'explain.exitEligible' : 'explain.exitNotEligible',
        { reasons },
      ),
    };
  });
  return { levels, awards: levels.filter((l) => l.eligible).map((l) => l.award) };
};

/**
 * The year a semester ends ("2" ends year 1, "4" year 2, ...), or null when it is not a year end (odd, or not
 * a number).
 */
export const yearEndOf = (semId: string): number | null => {
  if (!/^\d{1,2}$/.test(semId)) return null;
  const n = Number(semId);
  return n > 0 && n % 2 === 0 ? n / 2 : null;
};

/** The semesters whose marks a percentage condition looks at (Honours with Research: I–VI, §4.7). */
const MARKS_SEMESTERS = ['1', '2', '3', '4', '5', '6'];

/**
 * The exit check of a result run (§4.7) at a year-end semester (an even-numbered semester ends a year of the
 * programme; the rule set's exit levels are checked there, every level, each with its outcome): over the
 * counted attempt of every course so far (earlier published semesters and this one, as for CGPA), credits
 * earned (passed courses) overall and per course category, and the marks of semesters I–VI when all six are
 * there. Null when the rule set has no exit levels or the semester does not end a year.
 */
export const exitCheck = (
  rules: PreparedRules,
  semId: string,
  courses: readonly EarlierCourse[],
): ExplanationStep[] | null => {
  const year = yearEndOf(semId);
  if (rules.raw.exit.length === 0 || year === null) return null;
  const chosen = chooseAttempts(rules, courses);
  const passed = chosen.filter((c) => c.passed);
  const earned = Q.sum(passed.map((c) => dec(c.credit)));
  const byCategory = new Map<string, Q>();
  for (const c of passed)
    if (c.course_category)
      byCategory.set(c.course_category, (byCategory.get(c.course_category) ?? Q.ZERO).add(dec(c.credit)));
  const credits_by_category = Object.fromEntries(
    [...byCategory.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, v.toDecimal()]),
  );
  const marksCourses = chosen.filter((c) => MARKS_SEMESTERS.includes(c.sem_id));
  const allSix =
    MARKS_SEMESTERS.every((s) => marksCourses.some((c) => c.sem_id === s)) &&
    marksCourses.every((c) => c.max !== null && c.max !== undefined);
  const marks = allSix
    ? {
        obtained: Q.sum(marksCourses.map((c) => dec(c.total ?? '0'))).toDecimal(),
        max: Q.sum(marksCourses.map((c) => dec(c.max!))).toDecimal(),
      }
    : null;
  const semesters = [...new Set(chosen.map((c) => c.sem_id))].sort(
    (a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0),
  );
  const categoryText = Object.entries(credits_by_category)
    .map(([k, v]) => `${k.toLowerCase()} ${v}`)
    .join(', ');
  const out = exitLevels(rules, { credits_earned: earned.toDecimal(), credits_by_category, marks });
  const summary = step(
    'EXIT_CHECK',
    rules.ruleId('exit'),
    {
      semester: semId,
      year,
      semesters: semesters.join(','),
      ...(marks ? { marks_obtained: marks.obtained, marks_max: marks.max } : {}),
    },
    { credits_earned: earned.toDecimal(), eligible_awards: out.awards.length },
    'explain.exitCheck',
    {
      semesters_text: semesters.join(', '),
      categories: categoryText ? ` (${categoryText})` : '',
      awards: out.awards.length
        ? part('explain.exitEligibleFor', { awards: out.awards.join(', ') })
        : part('explain.exitNoAward'),
    },
  );
  return [summary, ...out.levels.map((l) => l.explanation)];
};
