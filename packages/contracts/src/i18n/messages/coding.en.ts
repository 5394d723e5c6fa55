/** The coding module's messages in English: `coding.<what>` codes, `{{name}}` parameters. */
export const coding = {
  // Words inside sentences.
  'coding.none': 'none',
  'coding.noSlot': 'no slot',
  'coding.noCentre': 'no centre',
  'coding.andMore': ' and {{more}} more',
  'coding.actionAssign': 'assign fictitious numbers',
  'coding.actionFlaps': 'capture flap numbers',
  'coding.actionPackets': 'make packets',

  // The secrecy guard, packets and examiners (the generic engine's calls).
  'coding.secrecyOnly':
    'Only the secrecy cell may see or change the answer-book coding: admin, or an office user with the secrecy flag (ask the Controller of Examinations).',
  'coding.packetsNotAdded':
    'Packets are made from the coded answer books (Make packets on /FlapStickers); they cannot be added by hand.',
  'coding.packetByActions': 'A packet changes only by its actions: assign an examiner, or receive it back.',
  'coding.packetsKept': 'Packets are never deleted: their award lists and the coding map refer to them.',
  'coding.examinerHoldsPackets_one':
    'Examiner {{examiner_id}} holds {{count}} packet; give them to another examiner before deleting.',
  'coding.examinerHoldsPackets_other':
    'Examiner {{examiner_id}} holds {{count}} packets; give them to another examiner before deleting.',
  'coding.noExaminer': 'No examiner {{examiner_id}}; add the examiner first.',
  'coding.examinerOfCollege':
    'Examiner {{name}} ({{examiner_id}}) belongs to college {{college_id}}, the college of a candidate in packet {{packet_no}}: choose an examiner from another college.',
  'coding.noSuchPacket': 'No packet {{packet_no}}.',

  // Coding a paper (lifecycle S6, §2.3 F).
  'coding.noCandidates': 'Paper {{paper_id}} has no candidates in exam {{exam_id}}.',
  'coding.wrongStatus':
    "Cannot {{action}}: the paper's coding is {{status}}; {{action}} is allowed only when it is {{allowed}}.",
  'coding.pendingSheet': '{{slot}}/{{centre}} ({{status}})',
  'coding.attendanceNotLocked':
    'Cannot {{action}} for paper {{paper_id}} of {{exam_id}}: its attendance is not LOCKED yet. Lock the attendance sheets first.',
  'coding.attendanceNotLockedSheets':
    'Cannot {{action}} for paper {{paper_id}} of {{exam_id}}: its attendance is not LOCKED yet (sheets {{sheets}}{{more}}). Lock the attendance sheets first.',
  'coding.nobodyPresent':
    'Paper {{paper_id}} of {{exam_id}} has no PRESENT candidate: there is nothing to code.',
  'coding.assigned_one':
    '{{count}} answer book of paper {{paper_id}} given fictitious numbers; print the stickers next.',
  'coding.assigned_other':
    '{{count}} answer books of paper {{paper_id}} given fictitious numbers; print the stickers next.',
  'coding.flapSystemCoded':
    'Cannot capture flap numbers: paper {{paper_id}} of {{exam_id}} is already coded with system fictitious numbers (status {{status}}).',
  'coding.flapWrongStatus':
    "Cannot capture flap numbers: the paper's coding is {{status}}; flap numbers are captured only while it is NOT_CODED or CODED by flap numbers.",
  'coding.flapTwice': 'Flap number {{flap_no}} is entered twice (rows {{first}} and {{second}}).',
  'coding.flapUsed': 'Flap number {{flap_no}} is already used in exam {{exam_id}}.',
  'coding.rollTwice': 'Roll number {{roll_no}} is entered twice (rows {{first}} and {{second}}).',
  'coding.rollUnknown':
    'Roll number {{roll_no}} has no candidate for paper {{paper_id}} in exam {{exam_id}}.',
  'coding.rollNotPresent':
    'Roll number {{roll_no}} is not PRESENT in paper {{paper_id}} (attendance: {{status}}); only present candidates get a flap number.',
  'coding.rollCoded': 'Roll number {{roll_no}} already has a flap number for paper {{paper_id}}.',
  'coding.flapsRecorded_one':
    '{{count}} flap number recorded; {{books}} of {{present}} present candidates coded.',
  'coding.flapsRecorded_other':
    '{{count}} flap numbers recorded; {{books}} of {{present}} present candidates coded.',
  'coding.flapsRecordedLeft_one':
    '{{count}} flap number recorded; {{books}} of {{present}} present candidates coded, {{left}} still to capture.',
  'coding.flapsRecordedLeft_other':
    '{{count}} flap numbers recorded; {{books}} of {{present}} present candidates coded, {{left}} still to capture.',
  'coding.uncodedPresent_one':
    'Cannot make packets: {{count}} PRESENT candidate has no flap number yet; capture them first.',
  'coding.uncodedPresent_other':
    'Cannot make packets: {{count}} PRESENT candidates have no flap number yet; capture them first.',
  'coding.packetsMade_one':
    '{{count}} packet made for paper {{paper_id}}; their award-list batches are open.',
  'coding.packetsMade_other':
    '{{count}} packets made for paper {{paper_id}}; their award-list batches are open.',
  'coding.notCodedYet':
    'Paper {{paper_id}} of {{exam_id}} is not coded yet: assign fictitious numbers first.',

  // Decode (§2.3 F EVALUATED → DECODED) and its exceptions.
  'coding.cannotDecode':
    'Cannot decode paper {{paper_id}} of {{exam_id}}: its coding is {{status}}; decode follows PACKETED, ASSIGNED or EVALUATED.',
  'coding.noPackets':
    'Cannot decode paper {{paper_id}} of {{exam_id}}: it has no packets yet (make packets first).',
  'coding.packetsOpen_one':
    'Cannot decode paper {{paper_id}} of {{exam_id}}: the award lists of {{count}} packet are not LOCKED: {{packets}}{{more}}.',
  'coding.packetsOpen_other':
    'Cannot decode paper {{paper_id}} of {{exam_id}}: the award lists of {{count}} packets are not LOCKED: {{packets}}{{more}}.',
  'coding.orphanFict':
    'Fictitious number {{fict_no}} is on an award list but not in the coding map of paper {{paper_id}}.',
  'coding.ufmOpen':
    'An unfair-means case of this paper is open: the book {{fict_no}} is held, no mark is released.',
  'coding.neverCoded': 'Present, but the answer book was never coded (no fictitious number).',
  'coding.noMark': 'Present, but no mark for fictitious number {{fict_no}} on the LOCKED award lists.',
  'coding.noMarkExaminer':
    'Present, but no mark for fictitious number {{fict_no}} on the LOCKED award lists (examiner wrote {{status}}).',
  'coding.marksForAbsentee':
    'Marked ABSENT in attendance, but fictitious number {{fict_no}} carries marks on an award list.',
  'coding.ufmBooked':
    'Booked for unfair means at the hall; the marks of fictitious number {{fict_no}} are held.',
} as const;
