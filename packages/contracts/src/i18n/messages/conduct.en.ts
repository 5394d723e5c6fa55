/** The conduct module's messages in English: `conduct.<what>` codes, `{{name}}` parameters. */
export const conduct = {
  // Lists joined as the sentences write them (seating-rules.ts, attendance-rules.ts).
  'conduct.commaList': '{{first}}, {{next}}',
  'conduct.sentences': '{{first}} {{next}}',

  // Centres, slots and plans (seating-rules.ts).
  'conduct.noCentre': 'No centre {{centre_id}}.',
  'conduct.noSlot': 'No timetable slot {{slot_id}}.',
  'conduct.noSeatingPlan': 'No seating plan for slot {{slot_id}} at centre {{centre_id}}: generate it first.',
  'conduct.planExists':
    'The plan exists (revision {{revision}}, {{status}}): send its updated_at to generate it again.',
  'conduct.planChanged':
    'The seating plan changed after you read it (someone generated or finalized it): reload it and generate again if still needed.',
  'conduct.sittingHasPlan':
    'The sitting of {{date}} {{shift}} at centre {{centre_id}} already has its seating plan under slot {{slot_id}}; generate that one again instead.',
  'conduct.sittingLocked_one':
    'Attendance of this sitting at centre {{centre_id}} is already LOCKED ({{count}} sheet); the seating can no longer be generated again.',
  'conduct.sittingLocked_other':
    'Attendance of this sitting at centre {{centre_id}} is already LOCKED ({{count}} sheets); the seating can no longer be generated again.',
  'conduct.centreWithoutRooms':
    'Centre {{centre_id}} has no rooms: add its rooms (rows, columns, capacity) first.',
  'conduct.planNotByHand':
    'Seating plans are generated (POST /api/seating/{slot_id}/{centre_id}/generate), not added by hand.',
  'conduct.finalPlanNotDeleted':
    'The seating plan of slot {{slot_id}} at centre {{centre_id}} is FINAL: generate it again to make a new revision.',

  // The generation's report (seating-rules.ts).
  'conduct.roomsRanOut':
    'Rooms ran out: {{unseated}} of {{candidates}} candidates are not seated ({{papers}}). Add rooms or capacity at this centre and generate again; a plan with unseated candidates cannot be finalized.',
  'conduct.paperUnseated': 'paper {{paper_id}}: {{unseated}}',
  'conduct.allSeated_one': 'All {{candidates}} candidates seated in {{count}} room.',
  'conduct.allSeated_other': 'All {{candidates}} candidates seated in {{count}} rooms.',
  'conduct.withheldNotSeated_one':
    '{{report}} {{count}} candidate without a published admit card not seated.',
  'conduct.withheldNotSeated_other':
    '{{report}} {{count}} candidates without a published admit card not seated.',

  // Finalizing a plan (seating-rules.ts).
  'conduct.seatingNotGenerated':
    'The seating of slot {{slot_id}} at centre {{centre_id}} has not been generated yet.',
  'conduct.candidatesUnseated_one':
    '{{count}} candidate is not seated: add rooms or capacity at centre {{centre_id}} and generate again before finalizing.',
  'conduct.candidatesUnseated_other':
    '{{count}} candidates are not seated: add rooms or capacity at centre {{centre_id}} and generate again before finalizing.',
  'conduct.seatsNobody':
    'The seating of slot {{slot_id}} at centre {{centre_id}} seats nobody (no candidate with a published admit card).',

  // Attendance sheets and their reconciliation (attendance-rules.ts).
  'conduct.noSheet':
    'No attendance sheet for slot {{slot_id}} at centre {{centre_id}}: finalize the seating plan of that sitting first.',
  'conduct.countsDoNotAddUp':
    'Present {{present}} + absent {{absent}} + UFM {{ufm}} = {{total}}, but {{seated}} candidates are seated: finalize the seating plan again or check the entries.',
  'conduct.enterBooksReceived': 'Enter the number of answer books received from the centre.',
  'conduct.booksDoNotMatch':
    '{{books}} answer books received, but present {{present}} + UFM {{ufm}} = {{total}}: check the absentees against the books.',
  'conduct.unreconciledNoLock':
    'The attendance of paper {{paper_id}} at centre {{centre_id}} does not reconcile, so it cannot be locked: {{problems}}',
  'conduct.unreconciledNoVerify':
    'The attendance of paper {{paper_id}} at centre {{centre_id}} does not reconcile, so it cannot be verified: {{problems}}',
  'conduct.sheetLockedNoEntry':
    'The attendance of paper {{paper_id}} at centre {{centre_id}} is LOCKED: change a candidate by an attendance correction with a reason.',
  'conduct.notSeatedRolls': 'Not seated for paper {{paper_id}} at centre {{centre_id}}: {{rolls}}{{more}}.',
  'conduct.andMoreRolls': ' and {{count}} more',
  'conduct.absentAndUfm': 'Listed both absent and UFM: {{rolls}}.',
  'conduct.attendanceSaved':
    'Attendance of paper {{paper_id}} saved: {{present}} present, {{absent}} absent, {{ufm}} UFM ({{changed}} changed).',
  'conduct.noAttendance': 'No attendance of {{student_id}} in slot {{slot_id}}.',
  'conduct.attendanceCorrected': 'Attendance of roll {{roll_no}} corrected to {{status}} (reason recorded).',
  'conduct.attendanceNotByHand':
    'Attendance rows are created for every seated candidate when the seating plan is finalized; they cannot be added by hand.',
  'conduct.sheetLockedNoEdit':
    'The attendance of paper {{paper_id}} at centre {{centre_id}} is LOCKED: make an attendance correction with a reason (POST /api/attendance/{{slot_id}}/{{student_id}}/correct).',
  'conduct.attendanceNotDeleted': 'Attendance rows are not deleted: mark the candidate ABSENT instead.',
  'conduct.sheetNotByHand': 'Attendance sheets are created when the seating plan is finalized.',
  'conduct.sheetChangesByEntry':
    'An attendance sheet changes through its entry (absentees, UFM, answer books) and its actions verify and lock.',
  'conduct.sheetNotDeleted': 'Attendance sheets are not deleted.',

  // Unfair-means cases (ufm-rules.ts).
  'conduct.noRollInExam': 'No candidate with roll number {{roll_no}} in exam {{exam_id}}.',
  'conduct.rollNotInSlot': 'Roll number {{roll_no}} does not write paper {{paper_id}} in slot {{slot_id}}.',
  'conduct.ufmCaseOpen':
    'Roll number {{roll_no}} already has UFM case {{case_id}} ({{status}}) for paper {{paper_id}}: add to that case.',
  'conduct.ufmCaseNotDeleted': 'UFM case {{case_id}} is not deleted: decide it (U0 exonerates).',
  'conduct.debarExamsRequired': 'Required for U3: for how many examinations the candidate is debarred.',
} as const;
