/** The results module's messages in English: `results.<what>` codes, `{{name}}` parameters. */
export const results = {
  'results.noCourseLink':
    'Exam {{exam_id}} has no course link for {{course_comb_id}} semester {{sem_id}} ({{session_id}}).',
  'results.noCourseLinkField': 'No such exam × course-semester (examccinfo)',
  'results.noCandidates':
    'Exam {{exam_id}} has no candidates in {{course_comb_id}} semester {{sem_id}}: nothing to compute.',
  'results.noCandidatesField': 'No attempts in this exam × course-semester',
  'results.otherSchemes': '{{groups}}, not {{scheme}}: run it with scheme {{suggested}}.',
  'results.studentsWithScheme_one': '{{count}} student of this course-semester has a {{scheme}} rule set',
  'results.studentsWithScheme_other': '{{count}} students of this course-semester have a {{scheme}} rule set',
  'results.otherSchemesField': "The students' rule sets are {{schemes}}",
  'results.inputsNotLocked':
    'Not every input of {{exam_id}} {{course_comb_id}} semester {{sem_id}} is locked: {{items}}{{more}}. Lock them, or run with "allow result later" to show these papers as RL.',
  'results.andMore': '; and {{count}} more',
  'results.batchNotLocked':
    '{{component}} batch {{batch_id}} of {{paper_id}}{{college}}{{packet}} is {{status}}',
  'results.batchCollege': ' ({{college_id}})',
  'results.batchPacket': ' packet {{packet_no}}',
  'results.marksMissing_one': '{{paper_id}} {{component}}: {{count}} candidate without locked marks',
  'results.marksMissing_other': '{{paper_id}} {{component}}: {{count}} candidates without locked marks',
  'results.componentInternal': 'internal',
  'results.componentExternal': 'external/practical',
  'results.inputsNotLockedField': '{{batches}} not locked, {{marks}} missing',
  'results.entryBatches_one': '{{count}} entry batch',
  'results.entryBatches_other': '{{count}} entry batches',
  'results.marks_one': '{{count}} mark',
  'results.marks_other': '{{count}} marks',
  'results.runComputing':
    'Result run {{run_id}} of this course-semester is still computing; wait for it to finish.',
  'results.runHeld':
    'Result run {{run_id}} of this course-semester is {{status}}: re-runs end at verification. Publish it first; a later run then makes new versions of the changed results.',
  'results.runStarted_one': 'Result run {{run_id}} started for {{count}} attempt{{supersedes}}.',
  'results.runStarted_other': 'Result run {{run_id}} started for {{count}} attempts{{supersedes}}.',
  'results.runSupersedes': '; it supersedes run {{run_id}}',
  'results.noSuchVersion': 'No result version {{version}} of {{student_id}} in {{exam_id}}.',
  'results.noSuchRun': 'No result run {{run_id}}.',
  'results.runNotImported': 'Result runs are started by POST /api/resultrun (a job); they are not imported.',
  'results.runNotEditable':
    'Result run {{run_id}} cannot be edited: run it again, or move it with its actions (verify, approve, publish, withdraw).',
  'results.runNotDeletable':
    'Result run {{run_id}} cannot be deleted: runs are kept (a later run supersedes it).',
  'results.componentPractical': 'practical',
  'results.componentExternalOnly': 'external',
  'results.schemeNotNumber':
    '{{paper_id}}: {{field}} "{{value}}" is not a number (check the paper\'s marks scheme)',
  'results.schemeNoMax': '{{paper_id}}: no maximum marks in the marks scheme',
  'results.schemePaperType': '{{paper_id}}: paper type {{paper_type}} is not 0, 1 or 2',
  'results.intAboveMax':
    '{{paper_id}}: internal {{value}} is above the maximum {{max}}; the paper is result later until it is corrected',
  'results.extAboveMax':
    '{{paper_id}}: {{component}} {{value}} is above the maximum {{max}}; the paper is result later until it is corrected',
  'results.absentWithMarks': '{{paper_id}}: absent in the attendance sheet but {{value}} marks are recorded',
  'results.presentMarkedAbsent':
    '{{paper_id}}: present in the attendance sheet but marked absent in the marks of record',
  'results.presentWithoutMarks':
    '{{paper_id}}: present in the attendance sheet but no marks in the marks of record',
  'results.extNotLocked': '{{paper_id}}: no locked {{component}} marks: result later',
  'results.internalMissing': '{{paper_id}}: internal marks missing: result later',
  'results.ufmPending': "{{paper_id}}: an unfair-means case is pending: the paper's result is withheld",
  'results.findingOfStudent': '{{student_id}}: {{reason}}',
  'results.findingNoEnrolment':
    '{{student_id}} has no enrolment (studentccinfo) in {{course_comb_id}} semester {{sem_id}} of {{session_id}}: no rule set to compute with',
  'results.rulesetInvalid': 'rule set {{ruleset}} has invalid rules',
  'results.rulesetMissing': 'rule set {{ruleset}} does not exist',
  'results.notPaperOfCourse': '{{paper_id}} is not a paper of {{course_comb_id}} semester {{sem_id}}',
  'results.backWithoutOriginal':
    'back papers {{papers}} but no published result of {{course_comb_id}} semester {{sem_id}} to revise',
  'results.runVanished': 'Result run {{run_id}} does not exist.',
  'results.runFailed': 'Result run {{run_id}} failed: {{reason}}',
  'results.runVerified': 'Result run {{run_id}} is verified; the CoE (admin) approves it next.',
  'results.runApproved':
    'Result run {{run_id}} is approved; the result section publishes it with the notification number.',
  'results.runPublished':
    'Result run {{run_id}} is published under notification {{no}} of {{date}}; students can see their results.',
} as const;
