import type { Catalogue } from '../catalogue.ts';
import type { conduct as english } from './conduct.en.ts';

/** The conduct module's messages in Hindi (same codes and parameters as conduct.en.ts). */
export const conduct: Catalogue<typeof english> = {
  'conduct.commaList': '{{first}}, {{next}}',
  'conduct.sentences': '{{first}} {{next}}',

  'conduct.noCentre': 'कोई केन्द्र {{centre_id}} नहीं है।',
  'conduct.noSlot': 'कोई समय-सारणी स्लॉट {{slot_id}} नहीं है।',
  'conduct.noSeatingPlan': 'केन्द्र {{centre_id}} पर स्लॉट {{slot_id}} की कोई बैठक व्यवस्था नहीं है: पहले इसे तैयार करें।',
  'conduct.planExists':
    'बैठक व्यवस्था पहले से है (संशोधन {{revision}}, {{status}}): इसे फिर से तैयार करने के लिए इसका updated_at भेजें।',
  'conduct.planChanged':
    'आपके पढ़ने के बाद बैठक व्यवस्था बदल गई (किसी ने इसे तैयार या अंतिम किया): इसे फिर से लोड करें और आवश्यक हो तो फिर से तैयार करें।',
  'conduct.sittingHasPlan':
    'केन्द्र {{centre_id}} पर {{date}} {{shift}} की पाली की बैठक व्यवस्था स्लॉट {{slot_id}} के अंतर्गत पहले से है; उसी को फिर से तैयार करें।',
  'conduct.sittingLocked_one':
    'केन्द्र {{centre_id}} पर इस पाली की उपस्थिति पहले ही LOCKED है ({{count}} पत्रक); बैठक व्यवस्था अब फिर से तैयार नहीं की जा सकती।',
  'conduct.sittingLocked_other':
    'केन्द्र {{centre_id}} पर इस पाली की उपस्थिति पहले ही LOCKED है ({{count}} पत्रक); बैठक व्यवस्था अब फिर से तैयार नहीं की जा सकती।',
  'conduct.centreWithoutRooms': 'केन्द्र {{centre_id}} में कोई कक्ष नहीं है: पहले इसके कक्ष (पंक्तियाँ, स्तंभ, क्षमता) जोड़ें।',
  'conduct.planNotByHand':
    'बैठक व्यवस्थाएँ तैयार की जाती हैं (POST /api/seating/{slot_id}/{centre_id}/generate), हाथ से नहीं जोड़ी जातीं।',
  'conduct.finalPlanNotDeleted':
    'केन्द्र {{centre_id}} पर स्लॉट {{slot_id}} की बैठक व्यवस्था FINAL है: नया संशोधन बनाने के लिए इसे फिर से तैयार करें।',

  'conduct.roomsRanOut':
    'कक्ष कम पड़ गए: {{candidates}} में से {{unseated}} परीक्षार्थी नहीं बैठाए गए ({{papers}})। इस केन्द्र पर कक्ष या क्षमता जोड़ें और फिर से तैयार करें; बिना बैठाए परीक्षार्थियों वाली व्यवस्था अंतिम नहीं की जा सकती।',
  'conduct.paperUnseated': 'प्रश्नपत्र {{paper_id}}: {{unseated}}',
  'conduct.allSeated_one': 'सभी {{candidates}} परीक्षार्थी {{count}} कक्ष में बैठाए गए।',
  'conduct.allSeated_other': 'सभी {{candidates}} परीक्षार्थी {{count}} कक्षों में बैठाए गए।',
  'conduct.withheldNotSeated_one': '{{report}} प्रकाशित प्रवेश पत्र के बिना {{count}} परीक्षार्थी नहीं बैठाया गया।',
  'conduct.withheldNotSeated_other': '{{report}} प्रकाशित प्रवेश पत्र के बिना {{count}} परीक्षार्थी नहीं बैठाए गए।',

  'conduct.seatingNotGenerated': 'केन्द्र {{centre_id}} पर स्लॉट {{slot_id}} की बैठक व्यवस्था अभी तैयार नहीं की गई है।',
  'conduct.candidatesUnseated_one':
    '{{count}} परीक्षार्थी नहीं बैठाया गया: अंतिम करने से पहले केन्द्र {{centre_id}} पर कक्ष या क्षमता जोड़ें और फिर से तैयार करें।',
  'conduct.candidatesUnseated_other':
    '{{count}} परीक्षार्थी नहीं बैठाए गए: अंतिम करने से पहले केन्द्र {{centre_id}} पर कक्ष या क्षमता जोड़ें और फिर से तैयार करें।',
  'conduct.seatsNobody':
    'केन्द्र {{centre_id}} पर स्लॉट {{slot_id}} की बैठक व्यवस्था में कोई नहीं बैठाया गया (प्रकाशित प्रवेश पत्र वाला कोई परीक्षार्थी नहीं)।',

  'conduct.noSheet':
    'केन्द्र {{centre_id}} पर स्लॉट {{slot_id}} का कोई उपस्थिति पत्रक नहीं है: पहले उस पाली की बैठक व्यवस्था अंतिम करें।',
  'conduct.countsDoNotAddUp':
    'उपस्थित {{present}} + अनुपस्थित {{absent}} + UFM {{ufm}} = {{total}}, परंतु {{seated}} परीक्षार्थी बैठाए गए हैं: बैठक व्यवस्था फिर से अंतिम करें या प्रविष्टियाँ जाँचें।',
  'conduct.enterBooksReceived': 'केन्द्र से प्राप्त उत्तर पुस्तिकाओं की संख्या दर्ज करें।',
  'conduct.booksDoNotMatch':
    '{{books}} उत्तर पुस्तिकाएँ प्राप्त हुईं, परंतु उपस्थित {{present}} + UFM {{ufm}} = {{total}}: अनुपस्थितों को पुस्तिकाओं से मिलाएँ।',
  'conduct.unreconciledNoLock':
    'केन्द्र {{centre_id}} पर प्रश्नपत्र {{paper_id}} की उपस्थिति का मिलान नहीं होता, इसलिए इसे लॉक नहीं किया जा सकता: {{problems}}',
  'conduct.unreconciledNoVerify':
    'केन्द्र {{centre_id}} पर प्रश्नपत्र {{paper_id}} की उपस्थिति का मिलान नहीं होता, इसलिए इसे सत्यापित नहीं किया जा सकता: {{problems}}',
  'conduct.sheetLockedNoEntry':
    'केन्द्र {{centre_id}} पर प्रश्नपत्र {{paper_id}} की उपस्थिति LOCKED है: किसी परीक्षार्थी को कारण सहित उपस्थिति सुधार से बदलें।',
  'conduct.notSeatedRolls':
    'केन्द्र {{centre_id}} पर प्रश्नपत्र {{paper_id}} के लिए नहीं बैठाए गए: {{rolls}}{{more}}।',
  'conduct.andMoreRolls': ' और {{count}} अन्य',
  'conduct.absentAndUfm': 'अनुपस्थित और UFM दोनों में सूचीबद्ध: {{rolls}}।',
  'conduct.attendanceSaved':
    'प्रश्नपत्र {{paper_id}} की उपस्थिति सहेजी गई: {{present}} उपस्थित, {{absent}} अनुपस्थित, {{ufm}} UFM ({{changed}} बदले गए)।',
  'conduct.noAttendance': 'स्लॉट {{slot_id}} में {{student_id}} की कोई उपस्थिति नहीं है।',
  'conduct.attendanceCorrected': 'अनुक्रमांक {{roll_no}} की उपस्थिति {{status}} में सुधारी गई (कारण दर्ज)।',
  'conduct.attendanceNotByHand':
    'बैठक व्यवस्था अंतिम होने पर प्रत्येक बैठाए गए परीक्षार्थी की उपस्थिति पंक्ति बनती है; इन्हें हाथ से नहीं जोड़ा जा सकता।',
  'conduct.sheetLockedNoEdit':
    'केन्द्र {{centre_id}} पर प्रश्नपत्र {{paper_id}} की उपस्थिति LOCKED है: कारण सहित उपस्थिति सुधार करें (POST /api/attendance/{{slot_id}}/{{student_id}}/correct)।',
  'conduct.attendanceNotDeleted': 'उपस्थिति पंक्तियाँ हटाई नहीं जातीं: इसके बजाय परीक्षार्थी को ABSENT चिह्नित करें।',
  'conduct.sheetNotByHand': 'उपस्थिति पत्रक बैठक व्यवस्था अंतिम होने पर बनते हैं।',
  'conduct.sheetChangesByEntry':
    'उपस्थिति पत्रक अपनी प्रविष्टि (अनुपस्थित, UFM, उत्तर पुस्तिकाएँ) और अपनी कार्रवाइयों सत्यापन और लॉक से बदलता है।',
  'conduct.sheetNotDeleted': 'उपस्थिति पत्रक हटाए नहीं जाते।',

  'conduct.noRollInExam': 'परीक्षा {{exam_id}} में अनुक्रमांक {{roll_no}} का कोई परीक्षार्थी नहीं है।',
  'conduct.rollNotInSlot': 'अनुक्रमांक {{roll_no}} स्लॉट {{slot_id}} में प्रश्नपत्र {{paper_id}} नहीं लिखता।',
  'conduct.ufmCaseOpen':
    'अनुक्रमांक {{roll_no}} का प्रश्नपत्र {{paper_id}} के लिए UFM प्रकरण {{case_id}} ({{status}}) पहले से है: उसी प्रकरण में जोड़ें।',
  'conduct.ufmCaseNotDeleted': 'UFM प्रकरण {{case_id}} हटाया नहीं जाता: इसका निर्णय करें (U0 दोषमुक्त करता है)।',
  'conduct.debarExamsRequired': 'U3 के लिए आवश्यक: परीक्षार्थी कितनी परीक्षाओं के लिए वंचित है।',
};
