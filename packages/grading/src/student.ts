import { EXPLANATION_TEMPLATES_VERSION } from '@exam/contracts';
import type {
  BacklogEntry,
  ComputedStudentResult,
  EarlierCourse,
  ExplanationStep,
  GradingInput,
  ResultLine,
  StudentResultCode,
} from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { applyFraction, approx, dec, percentage, percentOf, Q } from './exact.ts';
import { part, step } from './explain.ts';
import { cgpaOf, cgpaToPercentage, gradePointAverage } from './gpa.ts';
import {
  aggregateOf,
  applyDistinctionGrace,
  applyDivisionGrace,
  applyPassGrace,
  divisionOf,
  type GraceContext,
} from './grace.ts';
import { backlogReasonOf, buildLine, gradeLine, type LineGrade } from './line.ts';
import { exitCheck } from './nep-exit.ts';
import { evaluatePaper, isPassed, type PaperState } from './paper.ts';
import { pct, prepareRules } from './rules.ts';

/** What one run writes for a student: the computed studentresult and the backlogs it opens. */
export interface GradedStudent {
  result: ComputedStudentResult;
  backlogs: BacklogEntry[];
}

/**
 * The result of one student × exam × course-semester under its rule set (§4): paper results, grace,
 * aggregate and division (OLD) or grades, SGPA and CGPA (NEW/NEP), ATKT and backlogs, with every
 * number explained. Deterministic and pure: the same input gives a deep-equal output.
 */
export const gradeStudent = (input: GradingInput): GradedStudent => {
  const rules = prepareRules(input.ruleset);
  const { scheme } = rules;
  const graded = scheme !== 'OLD';
  const steps: ExplanationStep[] = [
    step(
      'RULESET',
      rules.ruleId('*'),
      { ruleset_id: rules.id, version: rules.version, scheme, templates: EXPLANATION_TEMPLATES_VERSION },
      {},
      'explain.ruleset',
    ),
  ];
  const base = {
    student_id: input.student_id,
    exam_id: input.exam_id,
    session_id: input.session_id,
    course_comb_id: input.course_comb_id,
    sem_id: input.sem_id,
    ruleset_id: rules.id,
    ruleset_version: rules.version,
    scheme,
  };
  const empty = {
    total: null,
    max_total: null,
    percentage: null,
    division: null,
    credits_registered: null,
    credits_earned: null,
    credit_points: null,
    sgpa: null,
    cgpa: null,
  };
  if (input.detained) {
    steps.push(step('RESULT', undefined, { detained: true }, { result: 'DETAINED' }, 'explain.detained'));
    return {
      result: { ...base, ...empty, result: 'DETAINED', backlogs: [], lines: [], explanation: steps },
      backlogs: [],
    };
  }
  const seen = new Set<string>();
  for (const p of input.papers) {
    if (seen.has(p.paper_id))
      throw new GradingInputError('DUPLICATE_PAPER', `${p.paper_id} is listed twice`, p.paper_id);
    seen.add(p.paper_id);
  }

  const papers = input.papers.map((p, i) => evaluatePaper(p, rules, i));
  const withheld = papers.filter((p) => p.terminal === 'RW');
  const later = papers.filter((p) => p.terminal === 'RL');
  const level = rules.raw.student_level;
  const statusResult: 'RW' | 'RL' | null = withheld.length > 0 ? 'RW' : later.length > 0 ? 'RL' : null;
  // PARTIAL: the other papers are graded and their backlogs opened; the student result still waits.
  const partial =
    statusResult !== null &&
    (withheld.length === 0 || level.on_rw === 'PARTIAL') &&
    (later.length === 0 || level.on_rl === 'PARTIAL');
  const active = papers.filter((p) => p.terminal !== 'RW' && p.terminal !== 'RL');
  const counted = active.filter((p) => p.counted);
  const aggregateMax = Q.sum(counted.map((p) => p.max));
  const ctx: GraceContext = {
    rules,
    papers: active,
    aggregateMax,
    steps,
    deemedDivisionBonus: Q.ZERO,
    passGraceRule: null,
    aggregateMinDeemed: false,
  };

  if (statusResult !== null) {
    const which = (statusResult === 'RW' ? withheld : later).map((p) => p.input.paper_id).join(', ');
    steps.push(
      step(
        'STATUS',
        rules.ruleId(`student_level.on_${statusResult.toLowerCase()}`),
        { papers: which, policy: statusResult === 'RW' ? level.on_rw : level.on_rl },
        { result: statusResult },
        statusResult === 'RW' ? 'explain.studentWithheld' : 'explain.studentLater',
        { others: partial ? part('explain.othersShown') : '' },
      ),
    );
    if (!partial) {
      const lines = papers.map((p) => buildLine(p, gradeLine(p, rules), rules));
      steps.push(step('RESULT', undefined, {}, { result: statusResult }, 'explain.result'));
      return {
        result: { ...base, ...empty, result: statusResult, backlogs: [], lines, explanation: steps },
        backlogs: [],
      };
    }
  }

  const allAbsent = papers.every((p) => p.terminal === 'AB');
  const anyUfm = active.some((p) => p.terminal === 'UFM');
  if (statusResult === null && !allAbsent) applyPassGrace(ctx);

  let aggregate = aggregateOf(ctx);
  const aggregatePercent = () => (aggregateMax.isPositive() ? percentage(aggregate, aggregateMax) : null);
  const papersPassed = active.every((p) => p.terminal === null && isPassed(p));
  let aggregateOk = true;
  if (rules.aggregateMin !== null && aggregateMax.isPositive()) {
    const needed = percentOf(rules.aggregateMin, aggregateMax);
    aggregateOk = aggregate.gte(needed) || ctx.aggregateMinDeemed;
    const metText = aggregate.gte(needed)
      ? part('explain.met')
      : ctx.aggregateMinDeemed
        ? part('explain.metByGrace', { rule: ctx.passGraceRule })
        : part('explain.notMet');
    steps.push(
      step(
        'PASS',
        rules.ruleId('pass.aggregate_min_percent'),
        { aggregate: aggregate.toDecimal(), needed: needed.toDecimal() },
        { passed: aggregateOk },
        'explain.aggregateMin',
        { min: pct(rules.aggregateMin), max_total: aggregateMax.toDecimal(), met: metText },
      ),
    );
  }
  const passed = statusResult === null && !allAbsent && papersPassed && aggregateOk;

  let division: string | null = null;
  if (passed) {
    applyDistinctionGrace(ctx);
    if (!graded) applyDivisionGrace(ctx);
    aggregate = aggregateOf(ctx);
  }
  const lineGrades = new Map<PaperState, LineGrade>(papers.map((p) => [p, gradeLine(p, rules)]));
  const lines: ResultLine[] = papers.map((p) => buildLine(p, lineGrades.get(p)!, rules));

  const percentExact = aggregatePercent();
  const percentText =
    percentExact?.toFixed(rules.percentRounding.decimals, rules.percentRounding.mode) ?? null;
  const graceNotAdded = ctx.papers.some((p) => p.graces.some((g) => !g.added));
  if (aggregateMax.isPositive()) {
    const graceText = graceNotAdded ? part('explain.graceNotAdded') : '';
    const pendingText = partial ? part('explain.pendingLeftOut') : '';
    steps.push(
      step(
        'AGGREGATE',
        rules.ruleId('pass'),
        { total: aggregate.toDecimal(), max_total: aggregateMax.toDecimal(), papers: counted.length },
        { percentage: percentText },
        'explain.aggregate',
        { count: counted.length, grace: graceText, pending: pendingText },
      ),
    );
  }

  if (!graded && passed && aggregateMax.isPositive()) {
    const forDivision = aggregate.add(ctx.deemedDivisionBonus);
    const d = divisionOf(rules.divisions, forDivision, aggregateMax);
    const exactPercent = percentage(forDivision, aggregateMax);
    const distinctionMin = rules.distinction.aggregateMin;
    if (distinctionMin !== null && exactPercent.gte(distinctionMin)) {
      division = rules.distinction.code;
      steps.push(
        step(
          'DIVISION',
          rules.ruleId('distinction.aggregate_min_percent'),
          {
            aggregate: forDivision.toDecimal(),
            max_total: aggregateMax.toDecimal(),
            min_percent: distinctionMin.toDecimal(),
          },
          { division },
          'explain.divisionDistinction',
          { label: rules.distinction.label },
        ),
      );
    } else if (d) {
      division = d.code;
      steps.push(
        step(
          'DIVISION',
          rules.ruleId('divisions'),
          {
            aggregate: forDivision.toDecimal(),
            max_total: aggregateMax.toDecimal(),
            min_percent: d.min.toDecimal(),
          },
          { division },
          'explain.division',
          {
            percent: approx(exactPercent),
            label: d.label,
            deemed: ctx.deemedDivisionBonus.isPositive() ? part('explain.withDeemedGrace') : '',
          },
        ),
      );
    } else {
      steps.push(
        step(
          'DIVISION',
          rules.ruleId('divisions'),
          { aggregate: forDivision.toDecimal(), max_total: aggregateMax.toDecimal() },
          { division: null },
          'explain.noDivision',
          { percent: approx(exactPercent) },
        ),
      );
    }
  }

  // NEW/NEP: credits, SGPA, CGPA.
  let credits = {
    registered: null as string | null,
    earned: null as string | null,
    points: null as string | null,
    sgpa: null as string | null,
    cgpa: null as string | null,
  };
  let qualifies = true;
  if (graded) {
    const exitable = rules.raw.exit.length > 0;
    const totalOf = (p: PaperState) => lines[papers.indexOf(p)]!.total;
    const gpaPapers = active.filter((p) => lineGrades.get(p)!.inGpa);
    const creditLines = gpaPapers.map((p) => ({
      credit: p.credit,
      gradePoint: lineGrades.get(p)!.gradePoint!,
      passed: lineGrades.get(p)!.passed,
    }));
    const registered = Q.sum(gpaPapers.map((p) => p.credit));
    const earned = Q.sum(gpaPapers.filter((p) => lineGrades.get(p)!.passed).map((p) => p.credit));
    const points = Q.sum(creditLines.map((l) => l.credit.mul(l.gradePoint)));
    credits = {
      registered: registered.toDecimal(),
      earned: earned.toDecimal(),
      points: points.toDecimal(),
      sgpa: null,
      cgpa: null,
    };
    steps.push(
      step(
        'CREDITS',
        rules.ruleId('sgpa_policy'),
        { courses: gpaPapers.length },
        {
          credits_registered: credits.registered,
          credits_earned: credits.earned,
          credit_points: credits.points,
        },
        'explain.credits',
      ),
    );
    if (statusResult === null) {
      const sgpa = gradePointAverage(rules, creditLines, 'SGPA');
      credits.sgpa = sgpa.text;
      steps.push(sgpa.step);
      const current: EarlierCourse[] = gpaPapers.map((p) => {
        const course: EarlierCourse = {
          sem_id: input.sem_id,
          paper_id: p.input.paper_id,
          credit: p.input.credit,
          grade_point: lineGrades.get(p)!.gradePointText!,
          passed: lineGrades.get(p)!.passed,
          attempt_seq: input.attempt_seq,
        };
        if (exitable)
          Object.assign(course, {
            course_category: p.input.course_category ?? null,
            total: p.terminal === null ? totalOf(p) : null,
            max: p.max.toDecimal(),
          });
        return course;
      });
      const all = [...input.earlier_courses, ...current];
      const cgpa = cgpaOf(rules, all);
      credits.cgpa = cgpa.text;
      steps.push(cgpa.step);
      if (cgpa.text !== null && rules.raw.percent_conversion.formula !== 'NONE')
        steps.push(cgpaToPercentage(input.ruleset, cgpa.text).explanation);
      // NEP exit levels at a year-end semester (§4.7): credits by category and marks of semesters I–VI.
      const exit = exitable ? exitCheck(rules, input.sem_id, all) : null;
      if (exit) steps.push(...exit);
      const minSgpa = rules.raw.qualifying.min_sgpa;
      if (passed && minSgpa !== null && (sgpa.value === null || sgpa.value.lt(dec(minSgpa)))) {
        qualifies = false;
        steps.push(
          step(
            'QUALIFYING',
            rules.ruleId('qualifying.min_sgpa'),
            { sgpa: sgpa.text, min_sgpa: minSgpa },
            { qualified: false },
            sgpa.text === null ? 'explain.qualifyingNoSgpa' : 'explain.qualifyingSgpaBelow',
          ),
        );
      }
    }
  }

  const failed = active.filter((p) => !(p.terminal === null && isPassed(p)));
  const backlogs: BacklogEntry[] = failed.map((p) => ({
    paper_id: p.input.paper_id,
    reason: backlogReasonOf(p),
  }));
  failed.forEach((p, i) => {
    const { reason } = backlogs[i]!;
    p.steps.push(
      step('BACKLOG', rules.ruleId('atkt'), {}, { reason }, 'explain.backlog', { paper: p.input.paper_id }),
    );
  });

  let result: StudentResultCode;
  if (statusResult !== null) result = statusResult;
  else if (allAbsent) result = 'ABSENT';
  else if (anyUfm) result = 'UFM';
  else if (passed && qualifies) result = ctx.passGraceRule ? 'PASS_GRACE' : 'PASS';
  else if (failed.length === 0) result = 'FAIL';
  else {
    const atkt = rules.raw.atkt;
    const limit =
      atkt.max_failed_papers_count !== null
        ? Q.of(atkt.max_failed_papers_count)
        : applyFraction(
            percentOf(dec(atkt.max_failed_papers_percent!), Q.of(papers.length)),
            atkt.fraction_rule,
          );
    const promoted = Q.of(failed.length).lte(limit);
    result = promoted ? 'PROMOTED' : 'FAIL';
    const limitText =
      atkt.max_failed_papers_count !== null
        ? part('explain.atMost')
        : part('explain.atMostPercent', {
            percent: pct(dec(atkt.max_failed_papers_percent!)),
            share: approx(percentOf(dec(atkt.max_failed_papers_percent!), Q.of(papers.length))),
            rounding: atkt.fraction_rule.toLowerCase().replace('_', '-'),
          });
    steps.push(
      step(
        'ATKT',
        rules.ruleId('atkt'),
        { failed_papers: failed.length, papers: papers.length },
        { limit: limit.toDecimal(), promoted },
        'explain.atkt',
        {
          count: failed.length,
          failed: failed.map((p) => p.input.paper_id).join(', '),
          limit_text: limitText,
          verdict: part(promoted ? 'explain.atktPromoted' : 'explain.atktFail'),
        },
      ),
    );
  }
  const divisionName = (code: string) =>
    code === rules.distinction.code
      ? rules.distinction.label
      : rules.divisions.find((d) => d.code === code)!.label;
  // The result's words follow from its code; the division's name and the back papers are the sentence's own.
  const resultParams: Record<string, string> = {};
  if (division !== null) resultParams.division_name = divisionName(division);
  if (backlogs.length) resultParams.back_papers = backlogs.map((b) => b.paper_id).join(', ');
  steps.push(
    step(
      'RESULT',
      undefined,
      { passed },
      { result, division },
      'explain.result',
      Object.keys(resultParams).length ? resultParams : undefined,
    ),
  );

  return {
    result: {
      // Every key written out (no spread): one object shape for every student of a run.
      student_id: base.student_id,
      exam_id: base.exam_id,
      session_id: base.session_id,
      course_comb_id: base.course_comb_id,
      sem_id: base.sem_id,
      ruleset_id: base.ruleset_id,
      ruleset_version: base.ruleset_version,
      scheme: base.scheme,
      total: aggregateMax.isPositive() ? aggregate.toDecimal() : null,
      max_total: aggregateMax.isPositive() ? aggregateMax.toDecimal() : null,
      percentage: percentText,
      division,
      credits_registered: credits.registered,
      credits_earned: credits.earned,
      credit_points: credits.points,
      sgpa: credits.sgpa,
      cgpa: credits.cgpa,
      result,
      backlogs: backlogs.map((b) => b.paper_id),
      lines,
      explanation: steps,
    },
    backlogs,
  };
};
