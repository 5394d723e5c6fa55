import type { Catalogue } from '../catalogue.ts';
import type { coding as english } from './coding.en.ts';

/** The coding module's messages in Hindi (same codes and parameters as coding.en.ts). */
export const coding: Catalogue<typeof english> = {
  'coding.none': 'कोई नहीं',
  'coding.noSlot': 'कोई पाली नहीं',
  'coding.noCentre': 'कोई केंद्र नहीं',
  'coding.andMore': ' और {{more}} अन्य',
  'coding.actionAssign': 'कूट संख्याएँ आवंटित करना',
  'coding.actionFlaps': 'फ्लैप संख्याएँ दर्ज करना',
  'coding.actionPackets': 'पैकेट बनाना',

  'coding.secrecyOnly':
    'उत्तर-पुस्तिकाओं का कूटन केवल गोपनीय प्रकोष्ठ देख या बदल सकता है: एडमिन, या गोपनीयता चिह्न वाला कार्यालय उपयोगकर्ता (परीक्षा नियंत्रक से संपर्क करें)।',
  'coding.packetsNotAdded':
    'पैकेट कूटबद्ध उत्तर-पुस्तिकाओं से बनते हैं (/FlapStickers पर पैकेट बनाएँ); इन्हें हाथ से नहीं जोड़ा जा सकता।',
  'coding.packetByActions': 'पैकेट केवल उसकी कार्रवाइयों से बदलता है: परीक्षक नियत करें, या उसे वापस प्राप्त करें।',
  'coding.packetsKept': 'पैकेट कभी हटाए नहीं जाते: उनकी अवार्ड सूचियाँ और कूटन मानचित्र उन्हें संदर्भित करते हैं।',
  'coding.examinerHoldsPackets_one':
    'परीक्षक {{examiner_id}} के पास {{count}} पैकेट है; हटाने से पहले इसे किसी दूसरे परीक्षक को दें।',
  'coding.examinerHoldsPackets_other':
    'परीक्षक {{examiner_id}} के पास {{count}} पैकेट हैं; हटाने से पहले इन्हें किसी दूसरे परीक्षक को दें।',
  'coding.noExaminer': 'कोई परीक्षक {{examiner_id}} नहीं है; पहले परीक्षक जोड़ें।',
  'coding.examinerOfCollege':
    'परीक्षक {{name}} ({{examiner_id}}) महाविद्यालय {{college_id}} के हैं, जो पैकेट {{packet_no}} के एक परीक्षार्थी का महाविद्यालय है: किसी दूसरे महाविद्यालय का परीक्षक चुनें।',
  'coding.noSuchPacket': 'कोई पैकेट {{packet_no}} नहीं है।',

  'coding.noCandidates': 'परीक्षा {{exam_id}} में प्रश्नपत्र {{paper_id}} का कोई परीक्षार्थी नहीं है।',
  'coding.wrongStatus':
    '{{action}} संभव नहीं: प्रश्नपत्र का कूटन {{status}} है; {{action}} केवल तब संभव है जब यह {{allowed}} हो।',
  'coding.pendingSheet': '{{slot}}/{{centre}} ({{status}})',
  'coding.attendanceNotLocked':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} के लिए {{action}} संभव नहीं: इसकी उपस्थिति अभी LOCKED नहीं है। पहले उपस्थिति पत्रक लॉक करें।',
  'coding.attendanceNotLockedSheets':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} के लिए {{action}} संभव नहीं: इसकी उपस्थिति अभी LOCKED नहीं है (पत्रक {{sheets}}{{more}})। पहले उपस्थिति पत्रक लॉक करें।',
  'coding.nobodyPresent':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} में कोई परीक्षार्थी उपस्थित (PRESENT) नहीं है: कूटन के लिए कुछ नहीं है।',
  'coding.assigned_one': 'प्रश्नपत्र {{paper_id}} की {{count}} उत्तर-पुस्तिका को कूट संख्या दी गई; अब स्टिकर मुद्रित करें।',
  'coding.assigned_other':
    'प्रश्नपत्र {{paper_id}} की {{count}} उत्तर-पुस्तिकाओं को कूट संख्याएँ दी गईं; अब स्टिकर मुद्रित करें।',
  'coding.flapSystemCoded':
    'फ्लैप संख्याएँ दर्ज नहीं की जा सकतीं: {{exam_id}} का प्रश्नपत्र {{paper_id}} पहले ही सिस्टम कूट संख्याओं से कूटबद्ध है (स्थिति {{status}})।',
  'coding.flapWrongStatus':
    'फ्लैप संख्याएँ दर्ज नहीं की जा सकतीं: प्रश्नपत्र का कूटन {{status}} है; फ्लैप संख्याएँ केवल NOT_CODED या फ्लैप संख्याओं से CODED होने पर दर्ज होती हैं।',
  'coding.flapTwice': 'फ्लैप संख्या {{flap_no}} दो बार दर्ज है (पंक्ति {{first}} और {{second}})।',
  'coding.flapUsed': 'फ्लैप संख्या {{flap_no}} परीक्षा {{exam_id}} में पहले ही उपयोग हो चुकी है।',
  'coding.rollTwice': 'अनुक्रमांक {{roll_no}} दो बार दर्ज है (पंक्ति {{first}} और {{second}})।',
  'coding.rollUnknown':
    'अनुक्रमांक {{roll_no}} का परीक्षा {{exam_id}} में प्रश्नपत्र {{paper_id}} का कोई परीक्षार्थी नहीं है।',
  'coding.rollNotPresent':
    'अनुक्रमांक {{roll_no}} प्रश्नपत्र {{paper_id}} में उपस्थित (PRESENT) नहीं है (उपस्थिति: {{status}}); फ्लैप संख्या केवल उपस्थित परीक्षार्थियों को मिलती है।',
  'coding.rollCoded': 'अनुक्रमांक {{roll_no}} के पास प्रश्नपत्र {{paper_id}} की फ्लैप संख्या पहले से है।',
  'coding.flapsRecorded_one':
    '{{count}} फ्लैप संख्या दर्ज हुई; {{present}} उपस्थित परीक्षार्थियों में से {{books}} कूटबद्ध।',
  'coding.flapsRecorded_other':
    '{{count}} फ्लैप संख्याएँ दर्ज हुईं; {{present}} उपस्थित परीक्षार्थियों में से {{books}} कूटबद्ध।',
  'coding.flapsRecordedLeft_one':
    '{{count}} फ्लैप संख्या दर्ज हुई; {{present}} उपस्थित परीक्षार्थियों में से {{books}} कूटबद्ध, {{left}} अभी दर्ज करने शेष।',
  'coding.flapsRecordedLeft_other':
    '{{count}} फ्लैप संख्याएँ दर्ज हुईं; {{present}} उपस्थित परीक्षार्थियों में से {{books}} कूटबद्ध, {{left}} अभी दर्ज करने शेष।',
  'coding.uncodedPresent_one':
    'पैकेट नहीं बनाए जा सकते: {{count}} उपस्थित (PRESENT) परीक्षार्थी की अभी फ्लैप संख्या नहीं है; पहले उसे दर्ज करें।',
  'coding.uncodedPresent_other':
    'पैकेट नहीं बनाए जा सकते: {{count}} उपस्थित (PRESENT) परीक्षार्थियों की अभी फ्लैप संख्या नहीं है; पहले उन्हें दर्ज करें।',
  'coding.packetsMade_one': 'प्रश्नपत्र {{paper_id}} के लिए {{count}} पैकेट बना; उसकी अवार्ड सूची के बैच खुले हैं।',
  'coding.packetsMade_other': 'प्रश्नपत्र {{paper_id}} के लिए {{count}} पैकेट बने; उनकी अवार्ड सूचियों के बैच खुले हैं।',
  'coding.notCodedYet': '{{exam_id}} का प्रश्नपत्र {{paper_id}} अभी कूटबद्ध नहीं है: पहले कूट संख्याएँ आवंटित करें।',

  'coding.cannotDecode':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} का विकूटन नहीं हो सकता: इसका कूटन {{status}} है; विकूटन PACKETED, ASSIGNED या EVALUATED के बाद होता है।',
  'coding.noPackets':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} का विकूटन नहीं हो सकता: इसके अभी कोई पैकेट नहीं हैं (पहले पैकेट बनाएँ)।',
  'coding.packetsOpen_one':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} का विकूटन नहीं हो सकता: {{count}} पैकेट की अवार्ड सूचियाँ LOCKED नहीं हैं: {{packets}}{{more}}।',
  'coding.packetsOpen_other':
    '{{exam_id}} के प्रश्नपत्र {{paper_id}} का विकूटन नहीं हो सकता: {{count}} पैकेटों की अवार्ड सूचियाँ LOCKED नहीं हैं: {{packets}}{{more}}।',
  'coding.orphanFict': 'कूट संख्या {{fict_no}} एक अवार्ड सूची में है, पर प्रश्नपत्र {{paper_id}} के कूटन मानचित्र में नहीं।',
  'coding.ufmOpen':
    'इस प्रश्नपत्र का अनुचित साधन प्रकरण खुला है: पुस्तिका {{fict_no}} रोकी गई है, कोई अंक जारी नहीं होता।',
  'coding.neverCoded': 'उपस्थित, पर उत्तर-पुस्तिका कभी कूटबद्ध नहीं हुई (कोई कूट संख्या नहीं)।',
  'coding.noMark': 'उपस्थित, पर LOCKED अवार्ड सूचियों में कूट संख्या {{fict_no}} का कोई अंक नहीं।',
  'coding.noMarkExaminer':
    'उपस्थित, पर LOCKED अवार्ड सूचियों में कूट संख्या {{fict_no}} का कोई अंक नहीं (परीक्षक ने {{status}} लिखा)।',
  'coding.marksForAbsentee': 'उपस्थिति में अनुपस्थित (ABSENT) अंकित, पर कूट संख्या {{fict_no}} के अंक एक अवार्ड सूची में हैं।',
  'coding.ufmBooked': 'परीक्षा कक्ष में अनुचित साधन का प्रकरण बना; कूट संख्या {{fict_no}} के अंक रोके गए हैं।',
};
