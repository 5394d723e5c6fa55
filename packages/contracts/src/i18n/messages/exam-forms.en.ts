/** The exam-forms module's messages in English: `examForms.<what>` codes, `{{name}}` parameters. */
export const examForms = {
  // Filling a form (exam-form-rules.ts, exam-form-service.ts).
  'examForms.fillOwnOnly': 'You may fill only your own exam form (student {{student_id}}).',
  'examForms.noStudent': 'none',
  'examForms.noSuchStudent': 'Student {{student_id}} does not exist.',
  'examForms.noSuchForm': 'Exam form {{form_id}} does not exist.',
  'examForms.noCourseLink':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) does not sit exam {{exam_id}}; the exam office links it on List Exams CC Info.',
  'examForms.formsNotOpen':
    'Exam forms for {{course_comb_id}} {{sem_id}} ({{session_id}}) in {{exam_id}} are not open: the exam is {{phase_label}} ({{phase}}). Forms can be filled only while it is Forms open.',
  'examForms.formsOpenOn':
    'Exam forms for {{course_comb_id}} {{sem_id}} ({{session_id}}) in {{exam_id}} open on {{at}} UTC.',
  'examForms.formsClosedOn':
    'Exam forms for {{course_comb_id}} {{sem_id}} ({{session_id}}) in {{exam_id}} closed on {{at}} UTC (the end of the late-fee window); no form can be filled or submitted now.',
  'examForms.typeNotTaken': 'This exam course-semester takes {{types}} candidates, not {{candidate}}.',
  'examForms.formExists':
    'Student {{student_id}} already has exam form {{form_id}} ({{status}}) for {{course_comb_id}} {{sem_id}} in {{exam_id}}; one form per semester.',
  'examForms.formExistsRace':
    'Student {{student_id}} already has an exam form for {{course_comb_id}} {{sem_id}} in {{exam_id}}; one form per semester.',
  'examForms.formSavedDraft': 'Exam form {{form_id}} saved as a draft; submit it to lock the papers.',
  'examForms.staleForm':
    'Exam form {{form_id}} was changed by someone else after you opened it. Reload it and make your change again.',
  'examForms.formNotEditable':
    'Exam form {{form_id}} is {{status}}; only a draft or a returned form can be changed (the exam office corrects later ones with a reason).',
  'examForms.formSaved': 'Exam form {{form_id}} saved.',

  // Eligibility and papers (exam-form-rules.ts).
  'examForms.ruleSet': 'rule set {{ruleset_id}} v{{version}}',
  'examForms.defaultRules': 'the default rules',
  'examForms.attemptsUsed': 'All {{max}} attempts used ({{source}})',
  'examForms.beyondDuration':
    'Student {{student_id}} (batch {{admission_session_id}}) is beyond the maximum duration of {{allowed}} years for {{course_comb_id}} ({{nominal}} nominal + {{extra}}, {{source}}); exam session {{session_id}}.',
  'examForms.notEnrolled':
    'Student {{student_id}} is not enrolled in {{course_comb_id}} {{sem_id}} ({{session_id}}); a {{kind}} form needs that enrolment (back candidates fill a back-paper form).',
  'examForms.kindExStudent': 'ex-student',
  'examForms.kindRegular': 'regular',
  'examForms.noActivePapers':
    'Enrolment {{course_comb_id}} {{sem_id}} ({{session_id}}) of {{student_id}} has no active papers.',
  'examForms.needsEligiblePaper': 'A {{kind}} form needs at least one paper from the eligible list.',
  'examForms.kindBackPaper': 'back-paper',
  'examForms.kindImprovement': 'improvement',
  'examForms.paperTwice': '{{paper}} is on the form twice.',
  'examForms.paperNotEligible':
    '{{paper}} is not in the eligible list of {{student_id}}: it is not an open back paper (a paper already passed cannot be taken again as a back paper).',
  'examForms.paperOnlyAs': '{{paper}} may be taken only as {{as}}.',
  'examForms.asBack': 'a back paper (BACK)',
  'examForms.asImprovement': 'an improvement (IMPROVEMENT)',
  'examForms.paperIneligible': '{{paper}}: {{why}}.',
  'examForms.attendanceNotRecorded':
    'Attendance of {{student_id}} in {{course_comb_id}} {{sem_id}} ({{session_id}}) is not recorded; the college records it (at least {{min}} %, {{source}}).',
  'examForms.attendanceBelow': 'Attendance {{attendance}} % is below the required {{min}} % ({{source}}).',

  // The form workflow (exam-form-effects.ts, exam-form-rules.ts).
  'examForms.formsNotImported':
    'Exam forms are filled one by one (Pre Exam Form Entry, POST /api/examform), with their papers; they are not imported.',
  'examForms.formNotDeletable':
    'Exam form {{form_id}} is {{status}}; only a draft can be deleted (reject or cancel it instead).',
  'examForms.onlyHead':
    "Only the head of college {{college_id}} verifies, returns or rejects its exam forms; ask the principal's office.",
  'examForms.formReturned': 'Exam form {{form_id}} is returned: {{reason}}',
  'examForms.submittedWithClashes_one':
    'Exam form {{form_id}} is now Submitted, with a timetable clash (two papers at one date and shift): {{clashes}}. The examination office resolves it with a special slot.',
  'examForms.submittedWithClashes_other':
    'Exam form {{form_id}} is now Submitted, with {{count}} timetable clashes (two papers at one date and shift): {{clashes}}. The examination office resolves it with a special slot.',
  'examForms.paymentKept':
    'Exam form {{form_id}} is submitted again and fee paid: the payment recorded before (₹{{paid}}, reference {{ref}}) covers the fee of ₹{{fee}}.',
  'examForms.paymentShortNow':
    'Exam form {{form_id}} is submitted again; the payment recorded before (₹{{paid}}, reference {{ref}}) is less than the fee of ₹{{fee}} now: record a payment of the full fee.',
  'examForms.feeShort':
    '₹{{amount}} is less than the fee of ₹{{fee}} for form {{form_id}}; the full fee is needed.',
  'examForms.notCancellable':
    'Exam form {{form_id}} cannot be cancelled: {{exam_id}} is already {{phase}} for {{course_comb_id}} {{sem_id}}. After conduct the decision is UFM/RW, not a cancellation.',

  // Exam course links and attempts (exam-link-rules.ts).
  'examForms.linkFieldsLocked': '{{fields}} cannot change while the exam course link is {{phase}}{{open}}.',
  'examForms.onlyFieldsMay': '; only {{fields}} may',
  'examForms.linkNotDeletable':
    'Exam course link {{exam_id}} / {{course_comb_id}} {{sem_id}} is {{phase}}; only a Planned one can be deleted.',
  'examForms.attemptsNotAdded':
    'Attempts are created when an exam form is approved; they cannot be added by hand.',
  'examForms.attemptsReadOnly': 'Attempts are read-only: they follow their exam form.',
  'examForms.attemptsNotDeleted': 'Attempts are removed only by cancelling their exam form before conduct.',

  // Roll numbers (roll-rules.ts).
  'examForms.formsStillOpen':
    'Roll numbers cannot be allotted for exam {{exam_id}} while forms are open: close the forms of {{links}}{{more}} first.',
  'examForms.andMore': ' and {{more}} more',
  'examForms.noCentre': 'No college is an examination centre (is_centre = 1): mark the centres first.',

  // Admit cards (admit-card-rules.ts, admit-card-service.ts).
  'examForms.cardsNotAdded':
    'Admit cards are generated by roll allotment (or "Generate" on the admit-card screen); they cannot be added by hand.',
  'examForms.cardFollowsForm':
    'An admit card follows its exam form: publish or withhold it, or correct the form.',
  'examForms.cardsNotDeleted': 'Admit cards are not deleted: withhold the card instead (with the reason).',
  'examForms.noAdmitCard': 'No admit card of {{student_id}} for exam {{exam_id}}.',
  'examForms.cardWithheld':
    'Your admit card for {{exam_id}} is withheld: {{reason}}. Contact your college or the examination office.',
  'examForms.noReasonRecorded': 'no reason recorded',
  'examForms.cardNotPublished':
    'Your admit card for {{exam_id}} is not published yet; the examination office publishes it before the first paper.',
  'examForms.collegeHasNoCards':
    'College {{college_id}} has no admit cards for exam {{exam_id}}; allot roll numbers first.',
  'examForms.cardsGenerated_one': '{{count}} admit card generated for exam {{exam_id}}.',
  'examForms.cardsGenerated_other': '{{count}} admit cards generated for exam {{exam_id}}.',
  'examForms.everyFormHasCard':
    'Every form of exam {{exam_id}} with a roll number already has its admit card.',
  'examForms.withholdReasonRequired': 'Required: say why the cards are withheld (the students see it).',
  'examForms.chooseCollegeOrStudents': 'Choose a college, or list the students.',
  'examForms.cardsPublished_one': '{{count}} admit card published.',
  'examForms.cardsPublished_other': '{{count}} admit cards published.',
  'examForms.cardsWithheld_one': '{{count}} admit card withheld.',
  'examForms.cardsWithheld_other': '{{count}} admit cards withheld.',
  'examForms.noCardPublished': 'No admit card could be published (none matches in a status that allows it).',
  'examForms.noCardWithheld': 'No admit card could be withheld (none matches in a status that allows it).',

  // The timetable (timetable-rules.ts, timetable-service.ts).
  'examForms.courseListedTwice': '{{course}} is listed twice.',
  'examForms.courseWithoutPaper':
    '{{course}} has no paper {{paper_id}} (no paper link in that course-semester).',
  'examForms.paperHasSlot':
    'Paper {{paper_id}} of {{course}} already has slot {{slot_id}} in exam {{exam_id}}; change that slot instead.',
  'examForms.sameDay':
    '{{course}} already writes paper {{paper_id}} on {{date}} (slot {{slot_id}}); papers of one course-semester go on different days.',
  'examForms.noCurrentExam': 'Required: no exam is marked current; name the exam.',
  'examForms.noSuchExam': 'Exam {{exam_id}} does not exist.',
  'examForms.noSlots': 'Exam {{exam_id}} has no timetable slots{{course}} yet.',
  'examForms.forCourse': ' for {{course_comb_id}}',
} as const;
