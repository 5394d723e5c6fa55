import type { Catalogue } from '../catalogue.ts';
import type { documents as english } from './documents.en.ts';

/** The documents module's messages in Hindi (same codes and parameters as documents.en.ts). */
export const documents: Catalogue<typeof english> = {
  'documents.nounMarksheet_one': 'अंक पत्र',
  'documents.nounMarksheet_other': 'अंक पत्र',
  'documents.nounConsolidated_one': 'समेकित अंक पत्र',
  'documents.nounConsolidated_other': 'समेकित अंक पत्र',
  'documents.nounTranscript_one': 'प्रतिलेख',
  'documents.nounTranscript_other': 'प्रतिलेख',
  'documents.nounProvisionalDegree_one': 'अस्थायी उपाधि प्रमाण पत्र',
  'documents.nounProvisionalDegree_other': 'अस्थायी उपाधि प्रमाण पत्र',
  'documents.nounDegree_one': 'उपाधि',
  'documents.nounDegree_other': 'उपाधियाँ',
  'documents.nounMigration_one': 'प्रव्रजन प्रमाण पत्र',
  'documents.nounMigration_other': 'प्रव्रजन प्रमाण पत्र',
  'documents.nounCertificate_one': 'प्रमाण पत्र',
  'documents.nounCertificate_other': 'प्रमाण पत्र',
  'documents.named': '{{type}} {{number}}',

  'documents.notImported':
    'दस्तावेज़ प्रकाशित परिणामों से एक-एक करके (POST /api/document) या परीक्षा-वार (POST /api/document/batch) प्रारूपित होते हैं; इन्हें आयात नहीं किया जाता।',
  'documents.notEditable':
    'दस्तावेज़ {{doc_id}} संपादित नहीं किया जा सकता: इसकी सामग्री प्रारूपण के समय स्थिर हो जाती है। इसे रद्द करके फिर से प्रारूपित करें, या इसकी द्वितीय प्रति जारी करें।',
  'documents.notDeletable':
    'दस्तावेज़ {{doc_id}} रखा जाता है: इसके बजाय इसे (कारण सहित) रद्द करें; कोई क्रमांक दोबारा उपयोग नहीं होता।',
  'documents.noSuchDocument': 'दस्तावेज़ {{doc_id}} मौजूद नहीं है।',

  'documents.drafted': '{{student_id}} का {{type}} प्रारूपित हो गया ({{doc_id}}); अब कोई दूसरा व्यक्ति इसे जाँचेगा।',
  'documents.draftedRevised':
    '{{student_id}} का {{type}} संशोधित (REVISED) के रूप में प्रारूपित हो गया ({{doc_id}}): इसे जारी करने पर यह जिस दस्तावेज़ को संशोधित करता है उसका स्थान ले लेगा; अब कोई दूसरा व्यक्ति इसे जाँचेगा।',
  'documents.batchStarted':
    'परीक्षा {{exam_id}} के प्रकाशित परिणामों से {{documents}} प्रारूपित किए जा रहे हैं; प्रगति के लिए कार्य (जॉब) देखें (जिन विद्यार्थियों को यह नहीं मिल सकता, वे कारण सहित सूचीबद्ध होंगे)।',
  'documents.noStudent': 'कोई विद्यार्थी {{student_id}} नहीं है।',
  'documents.noStudentField': 'कोई विद्यार्थी {{student_id}} नहीं है',
  'documents.basisExamRequired':
    'आवश्यक: basis.exam_id (वह परीक्षा जिसका प्रकाशित (PUBLISHED) परिणाम दस्तावेज़ में मुद्रित होता है)।',
  'documents.severalPublished':
    'परीक्षा {{exam_id}} में विद्यार्थी के कई प्रकाशित परिणाम हैं; basis.session_id, course_comb_id और sem_id बताएँ।',
  'documents.noResult':
    'परीक्षा {{exam_id}} में {{student_id}} का कोई परिणाम नहीं है: दस्तावेज़ केवल प्रकाशित (PUBLISHED) परिणाम से प्रारूपित होते हैं।',
  'documents.noResultVersion':
    'परीक्षा {{exam_id}} में {{student_id}} का संस्करण {{version}} का कोई परिणाम नहीं है: दस्तावेज़ केवल प्रकाशित (PUBLISHED) परिणाम से प्रारूपित होते हैं।',
  'documents.resultOf': 'परीक्षा {{exam_id}} में {{student_id}} का परिणाम (संस्करण {{version}})',
  'documents.resultComputed':
    '{{result}} अभी प्रकाशित नहीं हुआ है (COMPUTED): दस्तावेज़ केवल प्रकाशित (PUBLISHED) परिणाम से प्रारूपित होते हैं। पहले परिणाम रन प्रकाशित करें।',
  'documents.resultWithdrawn':
    '{{result}} वापस ले लिया गया (WITHDRAWN): दस्तावेज़ केवल प्रकाशित (PUBLISHED) परिणाम से प्रारूपित होते हैं।',
  'documents.resultSuperseded': '{{result}} अधिक्रमित (SUPERSEDED) है: प्रकाशित (PUBLISHED) संस्करण से प्रारूपित करें।',
  'documents.resultSupersededBy':
    '{{result}} संस्करण {{version}} द्वारा अधिक्रमित (SUPERSEDED) है: प्रकाशित (PUBLISHED) संस्करण ({{version}}) से प्रारूपित करें।',
  'documents.resultNotPublished':
    '{{result}} {{status}} है: दस्तावेज़ केवल प्रकाशित (PUBLISHED) परिणाम से प्रारूपित होते हैं।',
  'documents.marksheetExists':
    '{{exam_id}} में {{student_id}} के परिणाम के संस्करण {{version}} का अंक पत्र पहले से मौजूद है ({{held}}); खोई हुई प्रति उसकी द्वितीय प्रति के रूप में जारी होती है।',
  'documents.degreeNeedsPass':
    '{{document}} के लिए अंतिम परिणाम PASS आवश्यक है; {{exam_id}} में {{student_id}} का प्रकाशित परिणाम {{result}} है।',
  'documents.degreeExists':
    '{{student_id}} के पास {{course_comb_id}} का {{document}} पहले से है ({{held}}); खोया हुआ दस्तावेज़ द्वितीय प्रति के रूप में जारी होता है।',
  'documents.noPublishedResult':
    '{{student_id}} का कोई प्रकाशित (PUBLISHED) परिणाम नहीं है: {{document}} केवल प्रकाशित परिणामों को समेकित करता है।',
  'documents.termsDrafted':
    '{{student_id}} के पास इन्हीं प्रकाशित परिणामों का {{document}} पहले से है ({{held}}); खोया हुआ दस्तावेज़ द्वितीय प्रति के रूप में जारी होता है।',
  'documents.noExitAward':
    '{{student_id}} के किसी प्रकाशित (PUBLISHED) वर्षांत परिणाम में एनईपी निकास उपाधि नहीं है: {{award}} के लिए यह आवश्यक है।',
  'documents.ugCertificate': 'यूजी प्रमाण पत्र',
  'documents.ugDiploma': 'यूजी डिप्लोमा',
  'documents.passingNeedsPass':
    'उत्तीर्णता प्रमाण पत्र के लिए प्रकाशित (PUBLISHED) परिणाम PASS आवश्यक है; {{student_id}} का परिणाम {{result}} है।',
  'documents.noResultYet': 'कोई नहीं',
  'documents.batchUnpublished':
    'कोई {{document}} नहीं: {{exam_id}} का परिणाम (संस्करण {{version}}) {{status}} है, प्रकाशित (PUBLISHED) नहीं; दस्तावेज़ केवल प्रकाशित परिणाम से प्रारूपित होते हैं।',
  'documents.batchRow': '{{student_id}}: {{reason}}',
  'documents.pdfNotRendered': '{{student_id}}: पीडीएफ़ नहीं बन सका ({{error}})',

  'documents.nothingToPrint': 'परीक्षा {{exam_id}} का मुद्रित करने के लिए कोई {{document}} नहीं है।',
  'documents.nothingToPrintInStatus':
    'परीक्षा {{exam_id}} का स्थिति {{status}} में मुद्रित करने के लिए कोई {{document}} नहीं है।',
  'documents.nadByUniversity': 'एनएडी निर्यात विश्वविद्यालय (document_admin) द्वारा किया जाता है।',

  'documents.sheetCarriesDocument':
    'शीट {{stationery_serial}} पर दस्तावेज़ {{doc_id}} मुद्रित है; पहले उस दस्तावेज़ को रद्द करें।',
  'documents.sheetCarriesDocumentField': 'इस पर दस्तावेज़ {{doc_id}} मुद्रित है',
  'documents.sheetSpoiledAlready': 'शीट {{stationery_serial}} पहले से ख़राब शीट रजिस्टर में है ({{spoil_id}})।',
  'documents.sheetSpoiled': 'शीट {{stationery_serial}} ख़राब के रूप में दर्ज हो गई।',

  'documents.preparedByYou':
    '{{document}} आपने तैयार किया है; कोई दूसरा व्यक्ति इसे प्रकाशित परिणाम से मिलाकर जाँचेगा (मेकर–चेकर)।',
  'documents.checkedForApproval':
    '{{document}} जाँच लिया गया। अब document_admin इसे अनुमोदित करेगा (तभी इसका क्रमांक और क्यूआर स्थिर होंगे)।',
  'documents.checkedForIssue': '{{document}} जाँच लिया गया। इसे अब जारी किया जा सकता है।',
  'documents.sheetUsed': 'स्टेशनरी शीट {{stationery_serial}} पहले ही उपयोग हो चुकी है ({{used}})।',
  'documents.sheetUsedField': 'पहले ही उपयोग हो चुकी है ({{used}})',
  'documents.usedByDocument': 'दस्तावेज़ {{doc_id}}',
  'documents.usedBySpoilage': 'ख़राब शीट रजिस्टर',
  'documents.approved':
    '{{document}} अनुमोदित हो गया: इसका क्रमांक और हस्ताक्षरित क्यूआर स्थिर हो गए; जारी होने के बाद इसका सत्यापन हो सकेगा।',
  'documents.revisedOriginalChanged':
    '{{document}} {{original}} को संशोधित करता है, जो अब {{status}} है; यह संशोधन रद्द करके फिर से प्रारूपित करें।',
  'documents.issued': '{{document}} जारी हो गया; इसका क्यूआर VALID (मान्य) बताता है।',
  'documents.issuedRevision':
    '{{document}} जारी हो गया; इसका क्यूआर VALID (मान्य) बताता है। जिस दस्तावेज़ को यह संशोधित करता है वह अधिक्रमित (SUPERSEDED) हो गया।',
  'documents.cancelled': '{{document}} रद्द हो गया।',
  'documents.cancelledNumbered':
    '{{document}} रद्द हो गया; इसका क्रमांक कभी दोबारा उपयोग नहीं होगा और इसका क्यूआर CANCELLED (रद्द) बताएगा।',
  'documents.duplicateDrafted':
    '{{document}} की द्वितीय प्रति (DUPLICATE) {{doc_id}} के रूप में प्रारूपित हो गई; यह नए क्रमांक के साथ जाँची, अनुमोदित और जारी की जाएगी। मूल प्रति मान्य रहती है।',

  'documents.tooManyVerifications': 'आपके पते से बहुत अधिक सत्यापन हुए हैं; {{seconds}} सेकंड बाद फिर प्रयास करें।',
  'documents.notOurCode': 'यह इस विश्वविद्यालय का दस्तावेज़ सत्यापन कोड नहीं है।',
  'documents.unknownKey': 'वास्तविक नहीं (NOT GENUINE): यह कोड विश्वविद्यालय की कुंजी से हस्ताक्षरित नहीं है (जाली)।',
  'documents.badSignature': 'वास्तविक नहीं (NOT GENUINE): हस्ताक्षर मेल नहीं खाता: कोड बदला गया है या जाली है।',
  'documents.notIssuedYet': 'दस्तावेज़ {{serial_no}} (अभी) जारी नहीं हुआ है: इसका सत्यापन नहीं हो सकता।',
  'documents.notOnRegister': 'विश्वविद्यालय के रजिस्टर में कोई दस्तावेज़ {{serial_no}} नहीं है।',
  'documents.mismatch': 'वास्तविक नहीं (NOT GENUINE): कोड रजिस्टर में दर्ज दस्तावेज़ {{serial_no}} से मेल नहीं खाता।',
  'documents.verifiedValid': 'मान्य (VALID): {{document}} विश्वविद्यालय द्वारा {{name}} को जारी किया गया है।',
  'documents.verifiedSuperseded':
    'अधिक्रमित (SUPERSEDED): {{document}} के स्थान पर संशोधित दस्तावेज़ जारी हुआ है; यह अब मान्य नहीं है।',
  'documents.verifiedSupersededBy':
    'अधिक्रमित (SUPERSEDED): {{document}} के स्थान पर संशोधित दस्तावेज़ ({{serial_no}}) जारी हुआ है; यह अब मान्य नहीं है।',
  'documents.verifiedCancelled':
    'रद्द (CANCELLED): {{document}} विश्वविद्यालय द्वारा रद्द कर दिया गया है; यह मान्य नहीं है।',
};
