/** The documents module's messages in English: `documents.<what>` codes, `{{name}}` parameters. */
export const documents = {
  // The documents as words inside a sentence (lower case; the plural where a sentence speaks of many).
  'documents.nounMarksheet_one': 'marksheet',
  'documents.nounMarksheet_other': 'marksheets',
  'documents.nounConsolidated_one': 'consolidated marksheet',
  'documents.nounConsolidated_other': 'consolidated marksheets',
  'documents.nounTranscript_one': 'transcript',
  'documents.nounTranscript_other': 'transcripts',
  'documents.nounProvisionalDegree_one': 'provisional degree certificate',
  'documents.nounProvisionalDegree_other': 'provisional degree certificates',
  'documents.nounDegree_one': 'degree',
  'documents.nounDegree_other': 'degrees',
  'documents.nounMigration_one': 'migration certificate',
  'documents.nounMigration_other': 'migration certificates',
  'documents.nounCertificate_one': 'certificate',
  'documents.nounCertificate_other': 'certificates',
  /** A document by its type and number (its serial, or a draft's doc_id): "Marksheet MS/2026/000001". */
  'documents.named': '{{type}} {{number}}',

  // The register (the generic engine's calls).
  'documents.notImported':
    'Documents are drafted one by one (POST /api/document) or by exam (POST /api/document/batch) from published results; they are not imported.',
  'documents.notEditable':
    'Document {{doc_id}} cannot be edited: its payload is frozen at drafting. Cancel it and draft again, or issue a duplicate.',
  'documents.notDeletable':
    'Document {{doc_id}} is kept: cancel it (with a reason) instead; a number is never reused.',
  'documents.noSuchDocument': 'Document {{doc_id}} does not exist.',

  // Drafting.
  'documents.drafted': '{{type}} of {{student_id}} is drafted ({{doc_id}}); another person checks it next.',
  'documents.draftedRevised':
    '{{type}} of {{student_id}} is drafted ({{doc_id}}) as REVISED: issuing it supersedes the document it revises; another person checks it next.',
  'documents.batchStarted':
    'Drafting the {{documents}} of exam {{exam_id}} from its published results; follow the job for progress (students who cannot have one are listed with the reason).',
  'documents.noStudent': 'No student {{student_id}}.',
  'documents.noStudentField': 'No student {{student_id}}',
  'documents.basisExamRequired':
    'Required: basis.exam_id (the exam whose PUBLISHED result the document prints).',
  'documents.severalPublished':
    'The student has several published results in exam {{exam_id}}; name basis.session_id, course_comb_id and sem_id.',
  'documents.noResult':
    'No result of {{student_id}} in exam {{exam_id}}: documents are drafted only from a PUBLISHED result.',
  'documents.noResultVersion':
    'No result of {{student_id}} in exam {{exam_id}} version {{version}}: documents are drafted only from a PUBLISHED result.',
  'documents.resultOf': 'The result of {{student_id}} in exam {{exam_id}} (version {{version}})',
  'documents.resultComputed':
    '{{result}} is not published yet (COMPUTED): documents are drafted only from a PUBLISHED result. Publish the result run first.',
  'documents.resultWithdrawn':
    '{{result}} was WITHDRAWN: documents are drafted only from a PUBLISHED result.',
  'documents.resultSuperseded': '{{result}} is SUPERSEDED: draft from the PUBLISHED version.',
  'documents.resultSupersededBy':
    '{{result}} is SUPERSEDED by version {{version}}: draft from the PUBLISHED version ({{version}}).',
  'documents.resultNotPublished':
    '{{result}} is {{status}}: documents are drafted only from a PUBLISHED result.',
  'documents.marksheetExists':
    "A marksheet of {{student_id}}'s result in {{exam_id}} version {{version}} already exists ({{held}}); a lost copy is issued as a duplicate of it.",
  'documents.degreeNeedsPass':
    "A {{document}} needs a final result PASS; {{student_id}}'s published result in {{exam_id}} is {{result}}.",
  'documents.degreeExists':
    '{{student_id}} already has a {{document}} for {{course_comb_id}} ({{held}}); a lost one is issued as a duplicate.',
  'documents.noPublishedResult':
    '{{student_id}} has no PUBLISHED result: a {{document}} gathers published results only.',
  'documents.termsDrafted':
    '{{student_id}} already has a {{document}} of these published results ({{held}}); a lost one is issued as a duplicate.',
  'documents.noExitAward':
    '{{student_id}} has no NEP exit award in a PUBLISHED year-end result: an {{award}} needs one.',
  'documents.ugCertificate': 'UG certificate',
  'documents.ugDiploma': 'UG diploma',
  'documents.passingNeedsPass':
    'A passing certificate needs a PUBLISHED result PASS; {{student_id}} has {{result}}.',
  'documents.noResultYet': 'none',
  'documents.batchUnpublished':
    'no {{document}}: the result in {{exam_id}} (version {{version}}) is {{status}}, not PUBLISHED; documents are drafted only from a published result.',
  'documents.batchRow': '{{student_id}}: {{reason}}',
  'documents.pdfNotRendered': '{{student_id}}: the PDF did not render ({{error}})',

  // Printing and the NAD export.
  'documents.nothingToPrint': 'No {{document}} of exam {{exam_id}} to print.',
  'documents.nothingToPrintInStatus': 'No {{document}} of exam {{exam_id}} to print in status {{status}}.',
  'documents.nadByUniversity': 'The NAD export is made by the university (document_admin).',

  // The spoilage register of pre-printed stationery.
  'documents.sheetCarriesDocument':
    'Sheet {{stationery_serial}} carries document {{doc_id}}; cancel that document first.',
  'documents.sheetCarriesDocumentField': 'Carries document {{doc_id}}',
  'documents.sheetSpoiledAlready':
    'Sheet {{stationery_serial}} is already in the spoilage register ({{spoil_id}}).',
  'documents.sheetSpoiled': 'Sheet {{stationery_serial}} is recorded as spoiled.',

  // The workflow (state machine J).
  'documents.preparedByYou':
    '{{document}} was prepared by you; another person checks it against the published result (maker–checker).',
  'documents.checkedForApproval':
    '{{document}} is checked. document_admin approves it next (its serial number and QR are fixed then).',
  'documents.checkedForIssue': '{{document}} is checked. It may be issued now.',
  'documents.sheetUsed': 'Stationery sheet {{stationery_serial}} is already used ({{used}}).',
  'documents.sheetUsedField': 'Already used ({{used}})',
  'documents.usedByDocument': 'document {{doc_id}}',
  'documents.usedBySpoilage': 'the spoilage register',
  'documents.approved':
    '{{document}} is approved: its serial number and signed QR are fixed; it is verifiable once issued.',
  'documents.revisedOriginalChanged':
    '{{document}} revises {{original}}, which is {{status}} now; cancel this revision and draft again.',
  'documents.issued': '{{document}} is issued; its QR answers VALID.',
  'documents.issuedRevision':
    '{{document}} is issued; its QR answers VALID. The document it revises is SUPERSEDED.',
  'documents.cancelled': '{{document}} is cancelled.',
  'documents.cancelledNumbered':
    '{{document}} is cancelled; its number is never reused and its QR answers CANCELLED.',
  'documents.duplicateDrafted':
    'A DUPLICATE of {{document}} is drafted as {{doc_id}}; it is checked, approved and issued with a new serial number. The original stays valid.',

  // Verification (GET /api/verify/{token}).
  'documents.tooManyVerifications':
    'Too many verifications from your address; try again in {{seconds}} seconds.',
  'documents.notOurCode': 'This is not a document verification code of this university.',
  'documents.unknownKey': "NOT GENUINE: this code is not signed with the university's key (forged).",
  'documents.badSignature': 'NOT GENUINE: the signature does not match: the code was altered or forged.',
  'documents.notIssuedYet': 'Document {{serial_no}} is not issued (yet): it cannot be verified.',
  'documents.notOnRegister': "No document {{serial_no}} is on the university's register.",
  'documents.mismatch':
    'NOT GENUINE: the code does not match document {{serial_no}} as the register holds it.',
  'documents.verifiedValid': 'VALID: {{document}} was issued by the university to {{name}}.',
  'documents.verifiedSuperseded':
    'SUPERSEDED: {{document}} was replaced by a revised document; it is no longer valid.',
  'documents.verifiedSupersededBy':
    'SUPERSEDED: {{document}} was replaced by a revised document ({{serial_no}}); it is no longer valid.',
  'documents.verifiedCancelled': 'CANCELLED: {{document}} was cancelled by the university; it is not valid.',
} as const;
