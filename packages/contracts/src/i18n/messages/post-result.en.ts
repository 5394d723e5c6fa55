/** The post-result module's messages in English: `postResult.<what>` codes, `{{name}}` parameters. */
export const postResult = {
  // The kinds of application and of attempt as words inside a sentence (lower case).
  'postResult.nounRetotal': 're-totalling',
  'postResult.nounReval': 'revaluation',
  'postResult.nounPhotocopy': 'photocopy of the answer book',
  'postResult.attemptRegular': 'regular',
  'postResult.attemptEx': 'ex',
  'postResult.attemptBack': 'back',
  'postResult.attemptImprovement': 'improvement',
  'postResult.none': 'none',
  'postResult.noneRecorded': 'none recorded',
  'postResult.missing': 'missing',

  // The register (the generic engine's calls).
  'postResult.notImported':
    'Applications are made one by one (POST /api/postresult), checked against the window and the paper limit; they are not imported.',
  'postResult.notEditable':
    'Application {{app_id}} cannot be edited: move it with its actions (accept, reject, record marks, ...).',
  'postResult.notDeletable':
    'Application {{app_id}} is kept: reject it (with a reason) instead of deleting it.',

  // Applying (lifecycle S9): who may apply for which paper.
  'postResult.noSuchAttempt': 'No attempt {{attempt_id}}.',
  'postResult.studentRequired': 'Required: the student',
  'postResult.received':
    '{{type}} application {{app_id}} for {{paper_id}} is received. The office checks and accepts it.',
  'postResult.receivedWithFee':
    '{{type}} application {{app_id}} for {{paper_id}} is received; fee ₹{{fee}}. The office checks and accepts it.',
  'postResult.internalPaper':
    '{{paper_id}} is an internal-assessment paper: only the external (university) answer book of a theory paper can be re-totalled or revalued.',
  'postResult.practicalPaper':
    "{{paper_id}} is a practical paper: only theory papers' external answer books can be re-totalled or revalued.",
  'postResult.notPublished':
    'The result of {{exam_id}} ({{course_comb_id}} semester {{sem_id}}) is not published yet: apply after its publication.',
  'postResult.rulesetInvalid':
    'Rule set {{ruleset_id}} version {{version}} of this result has invalid rules; ask the result section.',
  'postResult.rulesetMissing':
    'Rule set {{ruleset_id}} version {{version}} of this result does not exist; ask the result section.',
  'postResult.noUsableRuleset': 'No usable rule set',
  'postResult.attemptNotEligible':
    '{{paper_id}} was a {{attempt_type}} attempt: rule set {{ruleset_id}} allows {{type}} of regular and ex-student theory external papers only.',
  'postResult.noMarksToRecount': '{{paper_id}} has no external marks to recount ({{marks}}).',
  'postResult.noMarksToRevalue': '{{paper_id}} has no external marks to revalue ({{marks}}).',
  'postResult.windowClosed':
    "The window for {{type}} closed on {{last_day}} ({{days}} days from the result's publication on {{published_on}}).",
  'postResult.openApplication': '{{paper_id}} already has an open {{type}} application, {{app_id}}.',
  'postResult.revaluedTooOften':
    '{{paper_id}} has been revalued {{times}} time(s); rule set {{ruleset_id}} allows {{max}}.',
  'postResult.tooManyPapers':
    'At most {{limit}} paper(s) of {{appeared}} theory papers appeared may be sent for {{type}} ({{percent}} %, fraction down, at least {{at_least}}); {{used}} already applied for.',

  // The application's actions (state machine I).
  'postResult.feePaid':
    'The fee of application {{app_id}} is recorded as paid ({{payment_ref}}); the office accepts it next.',
  'postResult.feeNotVerified':
    'Application {{app_id}} has a fee of ₹{{fee}} not yet verified: verify the fee first (Verify fee).',
  'postResult.accepted': 'Application {{app_id}} is accepted; {{next}}.',
  'postResult.nextPhotocopy': 'close it once the photocopy is handed over',
  'postResult.nextReval': 'send it for evaluation (a new fictitious number and another examiner)',
  'postResult.nextRetotal': 'send it for recounting',
  'postResult.recount':
    "Application {{app_id}}: recount the marks of {{paper_id}}'s answer book and record the total (no re-coding for re-totalling).",
  'postResult.examinerRequired': 'Required: the examiner who revalues the book',
  'postResult.noExaminer': 'No examiner {{examiner_id}}',
  'postResult.examinerMarkedBefore':
    '{{name}} ({{examiner_id}}) has already marked this answer book; a revaluation needs another examiner',
  'postResult.sentToExaminer':
    'Application {{app_id}}: the answer book is re-coded with a new fictitious number (on the revaluation award list of {{paper_id}}) and sent to {{name}}.',
  'postResult.notSentYet': 'Application {{app_id}} has not been sent for evaluation yet.',
  'postResult.fictRequired': 'Required: the fictitious number on the revalued answer book',
  'postResult.wrongFict': '{{fict_no}} is not the fictitious number of this revalued book',
  'postResult.marksRequired': 'Required: the marks of the revaluation',
  'postResult.aboveMaximum': '{{value}} is above the maximum {{max}}',
  'postResult.retotalSame': 'Re-totalling: the marks recounted come to {{marks}}, as recorded: no change',
  'postResult.retotalChanged':
    'Re-totalling: the marks recounted come to {{marks}}, not {{original}}: the total is corrected to {{marks}}',
  'postResult.resultGone': 'The published result application {{app_id}} was made against is gone.',
  'postResult.marksRecorded': '{{type}} marks recorded: {{outcome}}.',
  'postResult.marksRecordedThird':
    '{{type}} marks {{marks}} recorded; {{outcome}}. Record the third valuation.',
  'postResult.noFinalMarks': 'Application {{app_id}} has no final marks yet: record the marks first.',
  'postResult.marksUnchanged':
    'Application {{app_id}}: the marks stay {{marks}} ({{outcome}}); the result does not change.',
  'postResult.markChangedSince':
    'The external mark of record of {{paper_id}} is now {{mark}}, not {{original}} as when the application was made; check the marks corrections log.',
  'postResult.correctionReason': '{{type}} application {{app_id}}: {{outcome}}',
  'postResult.outcomeComputed':
    'Application {{app_id}}: the external marks of {{paper_id}} change {{original}} → {{final}} (correction {{correction_id}}); result run {{run_id}} recomputes the result. Verify, approve and publish it, then publish this outcome.',
  'postResult.runHeld':
    'Result run {{run_id}} of {{exam_id}} {{course_comb_id}} semester {{sem_id}} is {{status}}: publish it (or let it finish) first, then apply this outcome.',
  'postResult.outcomeOf': '{{type}} of {{paper_id}}: {{outcome}}.',
  'postResult.noticeNoChange': '{{what}} Your marks and result do not change.',
  'postResult.publishedNoChange': 'The outcome of application {{app_id}} is published: no change.',
  'postResult.recomputedNotPublished':
    'The recomputed result of {{student_id}} is not published yet (result run {{run_id}} is {{status}}): verify, approve and publish the run first.',
  'postResult.noticeRevised':
    '{{what}} Your external marks are now {{final}} (were {{original}}); your result is revised as version {{version}} ({{figures}}), replacing version {{original_version}}.',
  'postResult.publishedVersion':
    'The outcome of application {{app_id}} is published: result version {{version}}.',
  'postResult.noticeRejected': 'Your {{type}} application for {{paper_id}} was rejected: {{reason}}',

  // The revaluation award list (by fictitious number).
  'postResult.noBookWaiting': 'No revalued book {{fict_no}} waiting for marks',
  'postResult.bookChanged':
    'This book was changed by someone else just now; reload the list and enter it again.',
  'postResult.bookMarksRecorded': '{{type}} marks of {{fict_no}}: recorded: {{outcome}}.',
  'postResult.bookMarksRecordedThird':
    '{{type}} marks of {{fict_no}}: {{marks}} recorded; {{outcome}}. Record the third valuation.',
} as const;
