/**
 * The grading engine's explanation templates in English (templates version 1, EXPLANATION_TEMPLATES_VERSION):
 * `explain.<what>` codes. A stored step keeps its template's code, its inputs and outputs and a few values of
 * its own (`p`); its sentence is written from here when it is read. `{{name}}` reads the step's inputs,
 * outputs and own values; a part of a sentence (`{{verdict}}`, `{{to_min}}`, ...) is a template of its own.
 * Never change a wording under its code (results computed earlier read through it): add a new code.
 */
export const explanations = {
  // A paper: statuses, minima, total (STATUS, COMPONENTS, TOTAL).
  'explain.attempt':
    'marks of the {{kind}} attempt in {{attempt_exam_id}} replace the earlier attempt{{carried}}',
  'explain.attemptREGULAR': 'regular',
  'explain.attemptEX': 'ex',
  'explain.attemptBACK': 'back',
  'explain.attemptIMPROVEMENT': 'improvement',
  'explain.carried': '; internal {{int}} carried forward',
  'explain.statusWithheld':
    '{{cell}} is withheld (UFM case pending or result withheld): result of {{paper}} withheld (RW)',
  'explain.statusUfm':
    '{{paper}} cancelled under an unfair-means decision: UFM, counts as failed with 0 marks',
  'explain.statusLater':
    '{{cell}} marks of {{paper}} are not available: result later (RL), never a guessed 0',
  'explain.statusAbsent': 'absent in {{cell}} of {{paper}}: AB (printed "AB", never 0)',
  'explain.components': '{{parts}}',
  'explain.intMet': 'int {{int}} ≥ min {{int_min}}: passed',
  'explain.intFailed': 'int {{int}} < min {{int_min}}: failed',
  'explain.intNoMin': 'int {{int}}: no minimum',
  'explain.intAbMet': 'int AB (0) 0 ≥ min {{int_min}}: passed',
  'explain.intAbFailed': 'int AB (0) 0 < min {{int_min}}: failed',
  'explain.intAbNoMin': 'int AB (0): no minimum',
  'explain.extMet': 'ext {{ext}} ≥ min {{ext_min}}: passed',
  'explain.extFailed': 'ext {{ext}} < min {{ext_min}}: failed',
  'explain.extNoMin': 'ext {{ext}}: no minimum',
  'explain.prMet': 'pr {{pr}} ≥ min {{pr_min}}: passed',
  'explain.prFailed': 'pr {{pr}} < min {{pr_min}}: failed',
  'explain.prNoMin': 'pr {{pr}}: no minimum',
  'explain.total': 'total {{total}} of {{max}} ({{percentage}} %){{to_min}}{{component}}: {{verdict}}',
  'explain.noPaperMin': ', no paper minimum',
  'explain.atLeastMin': ' ≥ min {{min}}',
  'explain.belowMin': ' < min {{min}}',
  'explain.componentFailed': ', but a component minimum is failed',
  'explain.passed': 'passed',
  'explain.failed': 'failed',

  // A paper's grade and result (GRADE, DISTINCTION, CREDIT_POINTS, RESULT).
  'explain.qualifyingSgpa': 'qualifying paper (not counted in SGPA): {{verdict}} ({{grade}})',
  'explain.qualifyingAggregate': 'qualifying paper (not counted in the aggregate): {{verdict}} ({{grade}})',
  'explain.satisfactory': 'satisfactory',
  'explain.notSatisfactory': 'not satisfactory',
  'explain.paperDistinction': '{{percent}} % ≥ {{min_percent}} %: distinction in the paper',
  'explain.gradeFailed':
    'a minimum is failed: grade {{grade}}, grade point {{grade_point}}, whatever the percentage',
  'explain.gradeByGrace':
    'passed by grace under {{rules}}: the lowest pass grade {{grade}} (grade point {{grade_point}})',
  'explain.gradeOnMinima':
    '{{percentage}} % is below the lowest pass band ({{grade}} from {{from}}), but every minimum is met: grade {{grade}} (passed on the minima, section 8.11)',
  'explain.gradeBand': '{{percentage}} % ≥ {{from}}: grade {{grade}}, grade point {{grade_point}}',
  'explain.creditPoints': 'credit points = {{credit}} × {{grade_point}} = {{credit_points}}',
  'explain.resultP': '{{paper}}: passed{{by}} ({{paper_result}}{{with_grade}})',
  'explain.resultF': '{{paper}}: failed ({{paper_result}}{{with_grade}})',
  'explain.resultAB': '{{paper}}: absent ({{paper_result}}{{with_grade}})',
  'explain.resultUFM': '{{paper}}: cancelled (unfair means) ({{paper_result}}{{with_grade}})',
  'explain.resultRW': '{{paper}}: result withheld ({{paper_result}}{{with_grade}})',
  'explain.resultRL': '{{paper}}: result later ({{paper_result}}{{with_grade}})',
  'explain.resultEX': '{{paper}}: exempted ({{paper_result}}{{with_grade}})',
  'explain.resultS': '{{paper}}: satisfactory{{by}} ({{paper_result}}{{with_grade}})',
  'explain.resultU': '{{paper}}: not satisfactory ({{paper_result}}{{with_grade}})',
  'explain.byGrace': ' by grace under {{by_rules}}',
  'explain.withGrade': ', grade {{grade}}',
  'explain.backlog':
    '{{paper}} goes to the backlog (reason {{reason}}); cleared by passing it in a later exam',

  // The student (RULESET, STATUS, PASS, AGGREGATE, DIVISION, CREDITS, QUALIFYING, ATKT, RESULT).
  'explain.ruleset': 'computed under rule set {{ruleset_id}} version {{version}} ({{scheme}} scheme)',
  'explain.detained': 'detained (attendance or eligibility): no paper is graded',
  'explain.studentWithheld':
    "{{papers}}: result withheld, so the student's result is {{result}}{{others}}, no SGPA or division",
  'explain.studentLater':
    "{{papers}}: marks not available, so the student's result is {{result}}{{others}}, no SGPA or division",
  'explain.othersShown': '; the other papers are shown',
  'explain.aggregateMin': 'aggregate minimum {{min}} of {{max_total}} = {{needed}}: {{met}}',
  'explain.met': 'met',
  'explain.notMet': 'not met',
  'explain.metByGrace': 'met by grace under {{rule}}',
  'explain.aggregate_one':
    'aggregate {{total}} of {{max_total}} = {{percentage}} % over the {{count}} counted paper{{grace}}{{pending}}',
  'explain.aggregate_other':
    'aggregate {{total}} of {{max_total}} = {{percentage}} % over the {{count}} counted papers{{grace}}{{pending}}',
  'explain.graceNotAdded': ' (grace not added to the marks)',
  'explain.pendingLeftOut': ', papers with results pending left out',
  'explain.divisionDistinction': '{{aggregate}} × 100 ≥ {{min_percent}} × {{max_total}}: {{label}}',
  'explain.division':
    '{{percent}} % ≥ {{min_percent}} % (exact: {{aggregate}} × 100 ≥ {{min_percent}} × {{max_total}}): {{label}}{{deemed}}',
  'explain.withDeemedGrace': ' (with deemed division grace)',
  'explain.noDivision': '{{percent}} % is below the lowest division: no division',
  'explain.credits':
    'credits registered {{credits_registered}}, earned {{credits_earned}}; credit points {{credit_points}}',
  'explain.qualifyingNoSgpa':
    'SGPA (none) is below the qualifying SGPA {{min_sgpa}}: the semester is not cleared',
  'explain.qualifyingSgpaBelow':
    'SGPA {{sgpa}} is below the qualifying SGPA {{min_sgpa}}: the semester is not cleared',
  'explain.atkt_one': '{{count}} failed paper ({{failed}}); {{limit_text}} may be carried: {{verdict}}',
  'explain.atkt_other': '{{count}} failed papers ({{failed}}); {{limit_text}} may be carried: {{verdict}}',
  'explain.atMost': 'at most {{limit}}',
  'explain.atMostPercent': 'at most {{percent}} of {{papers}} = {{share}} → {{limit}} ({{rounding}})',
  'explain.atktPromoted': 'promoted with back papers',
  'explain.atktFail': 'fail',
  'explain.result': 'result: {{words}}{{division_label}}{{back}}',
  'explain.withDivision': ', {{division_name}}',
  'explain.backIn': '; back in {{back_papers}}',
  'explain.studentPASS': 'passed',
  'explain.studentPassGrace': 'passed by grace',
  'explain.studentPROMOTED': 'promoted with back papers (ATKT)',
  'explain.studentFAIL': 'failed',
  'explain.studentABSENT': 'absent in every paper',
  'explain.studentRL': 'result later',
  'explain.studentRW': 'result withheld',
  'explain.studentUFM': 'unfair means',
  'explain.studentDETAINED': 'detained',

  // SGPA, CGPA and the percentage (SGPA, CGPA, CGPA_PERCENT).
  'explain.sgpa':
    'SGPA = {{credit_points}} / {{credits}} = {{approx}} → {{sgpa}} ({{rounding}}; {{policy_text}}){{basis}}',
  'explain.cgpa':
    'CGPA = {{credit_points}} / {{credits}} = {{approx}} → {{cgpa}} ({{rounding}}; {{policy_text}}){{basis}}',
  'explain.gpaWithheld': '{{name}} not shown: a course is failed ({{policy_text}})',
  'explain.gpaNoCredits': '{{name}} not computed: no credits counted',
  'explain.halfUp': 'half-up to {{decimals}} decimals',
  'explain.truncated': 'truncated to {{decimals}} decimals',
  'explain.policyAllAttempted': 'all courses taken, F and Ab with grade point 0',
  'explain.policyEarnedOnly': 'passed courses only',
  'explain.policyWithholdIfFail': 'withheld when a course is failed',
  'explain.latestAttempt': 'latest attempt of each course',
  'explain.bestAttempt': 'best attempt of each course',
  'explain.fromCreditPoints': '; from credit points of the {{attempts}}',
  'explain.fromRoundedSgpa': "; from each semester's rounded SGPA ({{semesters}}), {{attempts}}",
  'explain.cgpaSemesterWithheld': 'CGPA not shown: the SGPA of {{semester}} is withheld',
  'explain.noPercentConversion': 'no CGPA-to-percentage conversion is prescribed',
  'explain.percentX95': 'percentage = {{cgpa}} × 9.5 = {{percentage}} %',
  'explain.percentMinus075': 'percentage = ({{cgpa}} − 0.75) × 10 = {{percentage}} %',
  'explain.finalDivision':
    'aggregate of all parts {{total}} of {{max_total}} = {{percent}} %{{bound}}: {{label}}',
  'explain.atLeastPercent': ' ≥ {{min}}',
  'explain.noDivisionLabel': 'no division',

  // Grace (GRACE).
  'explain.graceNotApplied': '{{rule}} not applied: {{why}}',
  'explain.graceBlocked':
    '{{rule}} not applied: {{paper}} is {{status}}, and grace is never given to absent or UFM papers',
  'explain.graceAbsent': '{{head}} is absent: no grace',
  'explain.graceNotUniversity': '{{paper}} is not examined by the university: {{rule}} does not apply',
  'explain.graceBudget': 'budget {{budget}} ({{budget_pct}} of {{aggregate_max}})',
  'explain.graceFailingWithin_one':
    '{{count}} failing paper ≤ {{max_failing_papers}} allowed ({{failing_pct}} of {{papers_with_minima}} papers with minima)',
  'explain.graceFailingWithin_other':
    '{{count}} failing papers ≤ {{max_failing_papers}} allowed ({{failing_pct}} of {{papers_with_minima}} papers with minima)',
  'explain.graceFailingOver_one':
    '{{count}} failing paper > {{max_failing_papers}} allowed ({{failing_pct}} of {{papers_with_minima}} papers with minima)',
  'explain.graceFailingOver_other':
    '{{count}} failing papers > {{max_failing_papers}} allowed ({{failing_pct}} of {{papers_with_minima}} papers with minima)',
  'explain.graceCountNoGrace': '{{count_text}}: no grace',
  'explain.graceCountOverBudget': '{{count_text}}; deficits {{deficits_total}} > {{budget_text}}: no grace',
  'explain.graceCountWithinBudget': '{{count_text}}; deficits {{deficits_total}} ≤ {{budget_text}}',
  'explain.graceHeadOverCap': '{{head}} needs {{needs}}, above its cap {{cap}}: no grace',
  'explain.graceOverTotalCap': 'deficits {{deficits_total}} > total cap {{total_cap}}: no grace',
  'explain.graceWithinTotalCap':
    'every head within its table cap; deficits {{deficits_total}} ≤ total cap {{total_cap}}',
  'explain.graceTooManyHeads': '{{heads}} failed heads > {{max_heads}} allowed: no condonation',
  'explain.graceHeadOverCondonation': '{{head}} needs {{needs}}, above {{cap}}: no condonation',
  'explain.graceWithinCondonation': '{{heads}} failed head within the condonation cap',
  'explain.graceOverPool': 'deficits {{deficits_total}} > pool {{pool}}: no grace',
  'explain.graceWithinPool': 'deficits {{deficits_total}} ≤ pool {{pool}}',
  'explain.graceOverBudget': 'deficits {{deficits_total}} > {{budget_text}}: no grace',
  'explain.graceWithinBudget': 'deficits {{deficits_total}} ≤ {{budget_text}}',
  'explain.graceOnLeast': '{{rule}} grace {{grace}} on the paper with the least marks: {{reason}}',
  'explain.graceAggregateReached': 'aggregate minimum reached',
  'explain.graceAdded': 'added to the marks',
  'explain.graceDeemed': 'not added to the marks: deemed to have obtained the minimum',
  'explain.graceOfBudget': ' of budget {{budget}} ({{basis}} of {{aggregate_max}})',
  'explain.graceUnder': ' under {{ordinance}}',
  'explain.graceHead':
    '{{component}} {{obtained}} < min {{min}}: failed; {{rule}} grace {{grace}}{{budget_text}}: passed by grace{{under}}',
  'explain.graceGiven': '{{rule}}: {{why}}: grace {{granted}} given ({{heads}}), {{added_text}}',
  'explain.graceDistinctionPaper':
    '{{rule}}: short of {{target_percent}} % by {{grace}} ≤ {{cap}}: grace {{grace}} for distinction in the paper',
  'explain.graceDistinction': '{{rule}}: distinction grace in {{given}}',
  'explain.graceCapOf': 'min({{cap_pct}} of {{aggregate_max}}, {{cap_marks}}) = {{cap}}',
  'explain.graceDivisionReason':
    '{{label}} needs {{needed}} of {{aggregate_max}}, short by {{shortfall}} ≤ {{cap_text}}',
  'explain.graceToLeastAndAggregate': 'to the paper with the least marks and to the aggregate',
  'explain.graceDeemedDivision': '(deemed, not added to the marks)',
  'explain.graceDivision': '{{rule}}: {{reason}}: +{{shortfall}} {{given_to}}',

  // Internal marks from CIA components (INTERNAL).
  'explain.internalNotEntered': '{{name}} not entered: internal marks later (RL)',
  'explain.internalPending': '{{name}} is pending: internal marks later (RL)',
  'explain.internalPartMissing': '{{name}} not entered: 0',
  'explain.internalAttendance': '{{name}} {{attended}} % → {{got}}/{{max}}',
  'explain.internalBestOf': '{{name}} best {{take}} of {{values}} = {{got}}/{{max}}',
  'explain.internalPart': '{{name}} {{got}}/{{max}}',
  'explain.internalAbsent': 'absent in every internal component: AB',
  'explain.internalRounding': '{{mode}}, {{decimals}} decimals',
  'explain.internalRoundingNone': 'none',
  'explain.internal': '{{parts}}; weighted × {{int_max}} = {{exact}} → {{int}} ({{rounding_text}})',

  // Revaluation (REVALUATION).
  'explain.revalReplace':
    'REPLACE: the revaluation marks {{revaluation}} stand, even when lower than {{original}}',
  'explain.revalBetter': 'BETTER: the better of {{original}} and {{revaluation}} = {{final}}',
  'explain.revalThresholdMet':
    'THRESHOLD: |{{difference}}| ≥ {{threshold}}: the revaluation marks {{revaluation}} stand',
  'explain.revalThresholdNotMet':
    'THRESHOLD: |{{difference}}| < {{threshold}}: the original {{original}} stays',
  'explain.revalVtuNotHigher': 'VTU: revaluation {{revaluation}} ≤ original {{original}}: the original stays',
  'explain.revalVtuSmall':
    'VTU: difference {{difference}} ≤ {{percent}} % of {{max}} ({{small}}): the revaluation marks {{revaluation}} stand',
  'explain.revalVtuShare':
    'VTU: {{small}} < difference {{difference}} ≤ {{large}}: {{original}} + {{small}} + ⌈{{share}} × ({{difference}} − {{small}})⌉ = {{final}}',
  'explain.revalVtuThirdNeeded':
    'VTU: difference {{difference}} > {{percent}} % of {{max}} ({{large}}): a third valuation is needed',
  'explain.revalMidway': '{{middle}} is exactly midway: the higher two',
  'explain.revalNearestTwo': 'the nearest two',
  'explain.revalVtuThird':
    'VTU: difference {{difference}} > {{large}}, third valuation {{third}}; {{why}} {{a}} and {{b}} average to {{final}} (fractions up)',

  // NEP exit (EXIT_CHECK, EXIT).
  'explain.exitCheck':
    'semester {{semester}} ends year {{year}}: exit levels checked over {{credits_earned}} credits earned in semesters {{semesters_text}}{{categories}}: {{awards}}',
  'explain.exitEligibleFor': 'eligible for {{awards}}',
  'explain.exitNoAward': 'no award yet',
  'explain.exitEligible': '{{award}}: {{reasons}}: eligible',
  'explain.exitNotEligible': '{{award}}: {{reasons}}: not eligible',
  'explain.exitCreditsMet': '{{earned}} credits ≥ {{min}}{{additional}}',
  'explain.exitCreditsShort': '{{earned}} credits < {{min}}{{additional}}',
  'explain.exitCategoryMetAdditional': '{{category}} {{have}} ≥ {{min}} (in addition)',
  'explain.exitCategoryShortAdditional': '{{category}} {{have}} < {{min}} (in addition)',
  'explain.exitCategoryMetIncluded': '{{category}} {{have}} ≥ {{min}} (included)',
  'explain.exitCategoryShortIncluded': '{{category}} {{have}} < {{min}} (included)',
  'explain.exitMarksNeeded': 'marks needed for the {{min}} condition',
  'explain.exitMarksMet': '{{obtained}} of {{max}} = {{percent}} % ≥ {{min}}',
  'explain.exitMarksShort': '{{obtained}} of {{max}} = {{percent}} % < {{min}}',
} as const;
