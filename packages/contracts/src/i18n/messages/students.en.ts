/** The students module's messages in English: `students.<what>` codes, `{{name}}` parameters. */
export const students = {
  // Students and their ABC/APAAR ids (enrolment-rules.ts).
  'students.noSuchStudent': 'Student {{student_id}} does not exist.',
  'students.abcIdTaken': 'ABC/APAAR id {{abc_id}} is already the id of student {{student_id}}.',
  'students.abcIdTwice': 'ABC/APAAR id {{abc_id}} is given twice (also for student {{student_id}}).',

  // Enrolments (enrolment-rules.ts).
  'students.alreadyEnrolled':
    'Student {{student_id}} is already enrolled in semester {{sem_id}} of session {{session_id}} ({{course_comb_id}}); one enrolment per semester.',
  'students.noRulesetForBatch':
    'No active rule set applies to batch {{batch}} (none has a w.e.f. session on or before it); give one a w.e.f. session on List Rule Sets.',
  'students.noSuchEnrolment': 'Enrolment {{key}} does not exist.',
  'students.enrolmentNamed': 'enrolment {{key}}',
  'students.studentNamed': 'student {{student_id}}',
  'students.choicesClosed':
    'Paper choices of {{what}} closed on {{date}}, when an exam form for the semester was submitted; the exam office can return the form first.',

  // Elective choices (enrolment-rules.ts, choices-routes.ts).
  'students.semesterOf': '{{course_comb_id}} semester {{sem_id}} in {{session_id}}',
  'students.notElective': '{{paper_id}} is not an elective paper of {{semester}}.',
  'students.groupNeeds_one':
    'Group {{group}} needs exactly {{count}} paper chosen from {{members}}; {{chosen}} chosen.',
  'students.groupNeeds_other':
    'Group {{group}} needs exactly {{count}} papers chosen from {{members}}; {{chosen}} chosen.',
  'students.groupWouldMake_one':
    'Group {{group}} needs exactly {{count}} paper chosen from {{members}}; this would make {{chosen}}. Change the choice with Change choices instead.',
  'students.groupWouldMake_other':
    'Group {{group}} needs exactly {{count}} papers chosen from {{members}}; this would make {{chosen}}. Change the choice with Change choices instead.',
  'students.compulsoryStays':
    '{{paper_id}} is a compulsory paper of the enrolment and stays; set its status to Dropped instead.',
  'students.electiveStays':
    '{{paper_id}} is the choice of group {{group}}, which needs exactly {{required}}; change the choice with Change choices instead.',
  'students.givePaperIds': 'Give the chosen paper ids, e.g. "HIS102"',
  'students.electivesSaved': 'Elective choices saved: {{papers}}.',
  'students.electivesSavedNone': 'Elective choices saved: none.',

  // Photos and signatures (image-rules.ts).
  'students.photo': 'photo',
  'students.signature': 'signature',
  'students.sendMultipart': 'Send the {{kind}} as multipart/form-data, in the form field named "file".',
  'students.imageTooLarge':
    'The {{kind}} is larger than {{kb}} KB; save it smaller (a JPEG of lower quality) and upload it again.',
  'students.uploadMalformed': 'The upload is malformed or was cut short; send the file again.',
  'students.noImageYet': 'Student {{student_id}} has no {{kind}} yet.',
  'students.chooseImageFile': 'Choose a {{kind}} file (JPEG or PNG).',
  'students.notJpegOrPng': 'The {{kind}} must be a JPEG or PNG picture.',
  'students.imageDimensions':
    'The {{kind}} is {{width}}×{{height}} pixels; it must be {{min_width}}–{{max_width}} wide and {{min_height}}–{{max_height}} high.',
  'students.imageSaved': 'The {{kind}} of student {{student_id}} was saved.',
} as const;
