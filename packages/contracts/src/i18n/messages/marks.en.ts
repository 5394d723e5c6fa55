/** The marks module's messages in English: `marks.<what>` codes, `{{name}}` parameters. */
export const marks = {
  // A typed cell (entry-rules.ts).
  'marks.openOnlyInternal':
    'Only the examination office opens these batches; teachers open the internal batches of their own college and department.',
  'marks.openWithoutScope':
    'Your account has no college or department, so there are no internal batches for it to open; ask the examination office.',
  'marks.marksOrStatus': 'Give marks or a status, not both',
  'marks.unknownStatus': 'Unknown status "{{status}}"; use {{allowed}}',
  'marks.statusNotUsed': '{{status}} is not used for these marks; use {{allowed}}',
  'marks.negative': 'Marks cannot be negative',
  'marks.twoDecimals': 'At most two decimals',
  'marks.notAMark': 'Marks (0 to {{max}}) or {{allowed}}',
  'marks.aboveMaximum': '{{value}} is above the maximum {{max}}',
  'marks.markStep': 'Marks go in steps of {{step}}',
  'marks.noValidPattern': 'The batch has no valid CIA pattern',
  'marks.namedCell': '{{name}}: {{reason}}',
  'marks.noSuchComponent': 'No CIA component {{code}} in pattern {{pattern_id}}',

  // The rows of a save (entry-rules.ts, entry-rows.ts).
  'marks.enterByFictNo': 'A coded award list is entered by fictitious number (fict_no)',
  'marks.enterByAttempt': 'This batch is entered by attempt (attempt_id)',
  'marks.fictNoTwice': 'Fictitious number {{name}} is given twice; one value per answer book',
  'marks.attemptTwice': 'Attempt {{name}} is given twice; one value per candidate',
  'marks.fictNoNotInBatch': 'Fictitious number {{name}} is not in batch {{batch_id}}',
  'marks.attemptNotInBatch': 'Attempt {{name}} is not in batch {{batch_id}}',
  'marks.noPattern': 'This batch has no CIA pattern; enter the internal mark itself',
  'marks.absentByAttendance':
    '{{name}} is {{attendance}} by the attendance: no marks can be entered ({{preset}}). An attendance correction comes first.',
  'marks.statusByAttendance': '{{name}} is {{preset}} by the attendance',
  'marks.noSuchBatch': 'Marks batch {{batch_id}} does not exist.',
  'marks.batchLockedNoEdit':
    'Marks batch {{batch_id}} is LOCKED: its marks cannot be edited. A change now needs a marks correction with a reason and an approver (POST /api/markcorrection).',
  'marks.batchAwaitsReturn':
    'Marks batch {{batch_id}} is {{status}}: it takes no edits until a verifier returns it for correction.',
  'marks.staleSave':
    'Marks batch {{batch_id}} was saved by someone else after you opened it. Reload it; your typing since then was not saved.',
  'marks.raceSave':
    'Marks batch {{batch_id}} was saved by someone else just now (or moved on). Reload it; your typing since then was not saved.',
  'marks.rowsSaved_one': 'Saved {{count}} row; {{pending}} still pending.',
  'marks.rowsSaved_other': 'Saved {{count}} rows; {{pending}} still pending.',
  'marks.nothingChanged': 'Nothing changed.',

  // Opening batches (batch-rules.ts).
  'marks.noCourseLink':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) does not sit exam {{exam_id}} (no exam course link).',
  'marks.collegeRequired': 'Internal marks are entered per college: name the college',
  'marks.practicalDateRequired': 'Required: the date of the practical batch',
  'marks.practicalShiftRequired': 'Required: FN or AN',
  'marks.labRequired': 'Required: the laboratory',
  'marks.patternInternalOnly': 'A CIA pattern applies to internal marks only',
  'marks.codedExternal':
    'Answer books of {{course_comb_id}} {{sem_id}} in {{exam_id}} are coded (coding ON): external marks are entered as award lists per packet by fictitious number, opened with the packets (coding), not by roll number.',
  'marks.noSuchPattern': 'CIA pattern {{pattern_id}} does not exist.',
  'marks.noCandidates':
    'No candidate of {{exam_id}} takes paper {{paper_id}} of {{course_comb_id}} {{sem_id}}{{college}}{{named}}.',
  'marks.inCollege': ' in college {{college_id}}',
  'marks.amongNamed': ' among the attempts named',
  'marks.notCandidates': '{{unknown}} of the attempts named are not candidates of this paper{{college}}.',
  'marks.batchExists':
    'Paper {{paper_id}} already has a {{component}} batch for {{college}}{{practical}} in {{exam_id}}.',
  'marks.allColleges': 'all colleges',
  'marks.practicalSession': ' on {{practical_date}} {{practical_shift}} in {{lab}}',
  'marks.batchOpened': 'Marks batch {{batch_id}} opened with {{row_count}} candidates.',
  'marks.batchesOpened': '{{created}} {{kind}} batches opened for {{exam_id}}{{existing}}{{skipped}}.',
  'marks.kindInternal': 'internal',
  'marks.kindExternalRoll': 'external (roll number)',
  'marks.batchesExisted': '; {{existing}} existed already',
  'marks.papersSkipped': '; papers without a numeric {{field}} skipped: {{papers}}',
  'marks.batchesNotImported':
    'Marks batches are opened by POST /api/entrybatch or /api/entrybatch-open, with their candidates; they are not imported.',
  'marks.lockedBatchDetails':
    'Marks batch {{batch_id}} is LOCKED; reopen it (admin, with a reason) to change its details.',
  'marks.batchNotDeletable':
    'Marks batch {{batch_id}} is {{status}}; only an OPEN batch with nothing entered can be deleted.',

  // The entry-batch workflow (workflow-rules.ts).
  'marks.rowsEmpty_one':
    '{{count}} row has no marks or status ({{labels}}): type the marks, or AB for an absent candidate, before the final submit.',
  'marks.rowsEmpty_other':
    '{{count}} rows have no marks or status ({{labels}}): type the marks, or AB for an absent candidate, before the final submit.',
  'marks.marksAgainstAttendance':
    'The attendance marks {{labels}} absent or UFM: enter their status, not marks, before the final submit.',
  'marks.batchCounts': '{{rows}} rows: {{entered}} with marks (total {{total}}), {{absent}} absent{{others}}',
  'marks.otherStatuses': ', {{others}} other statuses',
  'marks.batchSubmitted': 'Marks batch {{batch_id}} is submitted: {{counts}}.',
  'marks.ownSubmission': 'Marks batch {{batch_id}} was submitted by you; a second person verifies it.',
  'marks.batchVerified': 'Marks batch {{batch_id}} is verified: {{counts}}.',
  'marks.noSecondEntry': 'Packet {{packet_no}} has no second entry to compare with.',
  'marks.otherEntryNotSubmitted':
    'Entry {{entry_no}} of packet {{packet_no}} is {{status}}; both entries must be submitted before they are compared.',
  'marks.otherEntryKeyedByYou':
    'You keyed entry {{entry_no}} of packet {{packet_no}}; a third person verifies the two entries.',
  'marks.entriesDiffer_one': 'Entries 1 and 2 differ in {{count}} book: {{list}}',
  'marks.entriesDiffer_other': 'Entries 1 and 2 differ in {{count}} books: {{list}}',
  'marks.mismatch': '{{fict_no}}: {{entry_1}} vs {{entry_2}}',
  'marks.emptyEntry': 'empty',
  'marks.entriesReturned':
    '{{reason}}{{more}}. Both entries are back in DRAFT: check the award list and correct the wrong entry, then submit again.',
  'marks.entriesAgree':
    'Entries 1 and 2 of packet {{packet_no}} agree on all {{rows}} books; both are verified.',
  'marks.otherEntryNotVerified':
    'Entry {{entry_no}} of packet {{packet_no}} is {{status}}; a packet locks when both entries are verified.',

  // Award lists and the marks scheme (award-list-rules.ts).
  'marks.notInScheme':
    'Paper {{paper_id}} of {{course_comb_id}} {{sem_id}} ({{session_id}}) is not in the marks scheme (paperinfosem).',
  'marks.noNumericMax':
    'Paper {{paper_id}} of {{course_comb_id}} {{sem_id}} ({{session_id}}) has no numeric {{field}} ("{{text}}"); correct its marks scheme (scheme-check) before marks are entered.',
  'marks.emptyPacket': 'Packet {{packet_no}} has no answer books.',
  'marks.fictNoRepeated': 'Fictitious number {{fict_nos}} appears twice in packet {{packet_no}}.',
  'marks.packetHasBatches': 'Packet {{packet_no}} already has its award-list batches.',
  'marks.markAndStatus': 'Attempt {{attempt_id}}: give marks or a status, not both.',
  'marks.markNorStatus': 'Attempt {{attempt_id}}: give marks or a status, not neither.',

  // Marks corrections (correction-rules.ts).
  'marks.correctionsNotImported':
    'Marks corrections are requested one by one (POST /api/markcorrection), with the mark of record they change; they are not imported.',
  'marks.correctionNotDeletable':
    'Marks correction {{correction_id}} is part of the corrections log; reject it instead of deleting it.',
  'marks.noSuchAttempt': 'Attempt {{attempt_id}} does not exist.',
  'marks.noLockedMark':
    'Attempt {{attempt_id}} has no locked {{component}} mark yet: enter it in its batch; a correction changes a mark only after its batch is LOCKED.',
  'marks.blankIsZero': 'A blank answer book is recorded as 0 marks',
  'marks.alreadyThatMark': 'The mark of record is already {{mark}}',
  'marks.correctionRequested':
    'Marks correction {{correction_id}} requested ({{old}} → {{new}}); it applies when approved.',
  'marks.ownCorrection': 'You requested marks correction {{correction_id}}; another person approves it.',
  'marks.markMoved':
    'The mark of record of {{attempt_id}} ({{component}}) is now {{mark}}, not {{old}} as when the correction was requested; reject this one and request it again.',
  'marks.noMark': 'none',
  'marks.correctionApproved':
    'Marks correction {{correction_id}} approved: {{attempt_id}} {{component}} is now {{new}} (was {{old}}).',
} as const;
