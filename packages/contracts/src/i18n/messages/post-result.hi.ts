import type { Catalogue } from '../catalogue.ts';
import type { postResult as english } from './post-result.en.ts';

/** The post-result module's messages in Hindi (same codes and parameters as post-result.en.ts). */
export const postResult: Catalogue<typeof english> = {
  'postResult.nounRetotal': 'पुनर्योग',
  'postResult.nounReval': 'पुनर्मूल्यांकन',
  'postResult.nounPhotocopy': 'उत्तर-पुस्तिका की फोटोप्रति',
  'postResult.attemptRegular': 'नियमित',
  'postResult.attemptEx': 'पूर्व-छात्र',
  'postResult.attemptBack': 'बैक',
  'postResult.attemptImprovement': 'श्रेणी सुधार',
  'postResult.none': 'कोई नहीं',
  'postResult.noneRecorded': 'कोई दर्ज नहीं',
  'postResult.missing': 'अनुपलब्ध',

  'postResult.notImported':
    'आवेदन एक-एक करके (POST /api/postresult) किए जाते हैं और अवधि तथा प्रश्नपत्र-सीमा से जाँचे जाते हैं; इन्हें आयात नहीं किया जाता।',
  'postResult.notEditable':
    'आवेदन {{app_id}} संपादित नहीं किया जा सकता: इसे इसकी कार्रवाइयों (स्वीकार, अस्वीकार, अंक दर्ज, ...) से आगे बढ़ाएँ।',
  'postResult.notDeletable': 'आवेदन {{app_id}} रखा जाता है: इसे हटाने के बजाय (कारण सहित) अस्वीकार करें।',

  'postResult.noSuchAttempt': 'कोई प्रयास {{attempt_id}} नहीं है।',
  'postResult.studentRequired': 'आवश्यक: विद्यार्थी',
  'postResult.received':
    '{{paper_id}} के लिए {{type}} आवेदन {{app_id}} प्राप्त हुआ। कार्यालय इसे जाँचकर स्वीकार करेगा।',
  'postResult.receivedWithFee':
    '{{paper_id}} के लिए {{type}} आवेदन {{app_id}} प्राप्त हुआ; शुल्क ₹{{fee}}। कार्यालय इसे जाँचकर स्वीकार करेगा।',
  'postResult.internalPaper':
    '{{paper_id}} आंतरिक मूल्यांकन का प्रश्नपत्र है: केवल सैद्धांतिक प्रश्नपत्र की बाह्य (विश्वविद्यालय) उत्तर-पुस्तिका का पुनर्योग या पुनर्मूल्यांकन हो सकता है।',
  'postResult.practicalPaper':
    '{{paper_id}} प्रायोगिक प्रश्नपत्र है: केवल सैद्धांतिक प्रश्नपत्रों की बाह्य उत्तर-पुस्तिकाओं का पुनर्योग या पुनर्मूल्यांकन हो सकता है।',
  'postResult.notPublished':
    '{{exam_id}} ({{course_comb_id}} सेमेस्टर {{sem_id}}) का परिणाम अभी प्रकाशित नहीं हुआ है: प्रकाशन के बाद आवेदन करें।',
  'postResult.rulesetInvalid':
    'इस परिणाम के नियम-समूह {{ruleset_id}} संस्करण {{version}} के नियम अमान्य हैं; परिणाम अनुभाग से संपर्क करें।',
  'postResult.rulesetMissing':
    'इस परिणाम का नियम-समूह {{ruleset_id}} संस्करण {{version}} मौजूद नहीं है; परिणाम अनुभाग से संपर्क करें।',
  'postResult.noUsableRuleset': 'कोई उपयोग योग्य नियम-समूह नहीं',
  'postResult.attemptNotEligible':
    '{{paper_id}} {{attempt_type}} प्रयास था: नियम-समूह {{ruleset_id}} केवल नियमित और पूर्व-छात्र के सैद्धांतिक बाह्य प्रश्नपत्रों का {{type}} अनुमत करता है।',
  'postResult.noMarksToRecount': '{{paper_id}} के पुनर्गणना हेतु कोई बाह्य अंक नहीं हैं ({{marks}})।',
  'postResult.noMarksToRevalue': '{{paper_id}} के पुनर्मूल्यांकन हेतु कोई बाह्य अंक नहीं हैं ({{marks}})।',
  'postResult.windowClosed':
    '{{type}} की अवधि {{last_day}} को समाप्त हो गई (परिणाम के {{published_on}} को प्रकाशन से {{days}} दिन)।',
  'postResult.openApplication': '{{paper_id}} का एक {{type}} आवेदन पहले से खुला है, {{app_id}}।',
  'postResult.revaluedTooOften':
    '{{paper_id}} का {{times}} बार पुनर्मूल्यांकन हो चुका है; नियम-समूह {{ruleset_id}} {{max}} की अनुमति देता है।',
  'postResult.tooManyPapers':
    'दिए गए {{appeared}} सैद्धांतिक प्रश्नपत्रों में से अधिकतम {{limit}} प्रश्नपत्र {{type}} हेतु भेजे जा सकते हैं ({{percent}} %, भिन्न छोड़कर, कम से कम {{at_least}}); {{used}} के लिए पहले ही आवेदन हो चुका है।',

  'postResult.feePaid':
    'आवेदन {{app_id}} का शुल्क भुगतान के रूप में दर्ज हो गया ({{payment_ref}}); अब कार्यालय इसे स्वीकार करेगा।',
  'postResult.feeNotVerified':
    'आवेदन {{app_id}} का ₹{{fee}} शुल्क अभी सत्यापित नहीं हुआ है: पहले शुल्क सत्यापित करें (शुल्क सत्यापित करें)।',
  'postResult.accepted': 'आवेदन {{app_id}} स्वीकार हो गया; {{next}}।',
  'postResult.nextPhotocopy': 'फोटोप्रति सौंपने के बाद इसे बंद करें',
  'postResult.nextReval': 'इसे मूल्यांकन के लिए भेजें (नई कूट संख्या और दूसरा परीक्षक)',
  'postResult.nextRetotal': 'इसे पुनर्गणना के लिए भेजें',
  'postResult.recount':
    'आवेदन {{app_id}}: {{paper_id}} की उत्तर-पुस्तिका के अंकों की पुनर्गणना करें और योग दर्ज करें (पुनर्योग में पुनः कूटन नहीं होता)।',
  'postResult.examinerRequired': 'आवश्यक: पुस्तिका का पुनर्मूल्यांकन करने वाला परीक्षक',
  'postResult.noExaminer': 'कोई परीक्षक {{examiner_id}} नहीं है',
  'postResult.examinerMarkedBefore':
    '{{name}} ({{examiner_id}}) इस उत्तर-पुस्तिका का मूल्यांकन पहले ही कर चुके हैं; पुनर्मूल्यांकन के लिए दूसरा परीक्षक आवश्यक है',
  'postResult.sentToExaminer':
    'आवेदन {{app_id}}: उत्तर-पुस्तिका को नई कूट संख्या दी गई ({{paper_id}} की पुनर्मूल्यांकन अवार्ड सूची में) और {{name}} को भेजी गई।',
  'postResult.notSentYet': 'आवेदन {{app_id}} अभी मूल्यांकन के लिए नहीं भेजा गया है।',
  'postResult.fictRequired': 'आवश्यक: पुनर्मूल्यांकित उत्तर-पुस्तिका की कूट संख्या',
  'postResult.wrongFict': '{{fict_no}} इस पुनर्मूल्यांकित पुस्तिका की कूट संख्या नहीं है',
  'postResult.marksRequired': 'आवश्यक: पुनर्मूल्यांकन के अंक',
  'postResult.aboveMaximum': '{{value}} अधिकतम {{max}} से अधिक है',
  'postResult.retotalSame': 'पुनर्योग: गिने गए अंक {{marks}} हैं, जैसे दर्ज थे: कोई परिवर्तन नहीं',
  'postResult.retotalChanged': 'पुनर्योग: गिने गए अंक {{marks}} हैं, {{original}} नहीं: योग {{marks}} किया जाता है',
  'postResult.resultGone': 'जिस प्रकाशित परिणाम पर आवेदन {{app_id}} किया गया था, वह अब नहीं है।',
  'postResult.marksRecorded': '{{type}} अंक दर्ज हुए: {{outcome}}।',
  'postResult.marksRecordedThird': '{{type}} अंक {{marks}} दर्ज हुए; {{outcome}}। तृतीय मूल्यांकन दर्ज करें।',
  'postResult.noFinalMarks': 'आवेदन {{app_id}} के अभी अंतिम अंक नहीं हैं: पहले अंक दर्ज करें।',
  'postResult.marksUnchanged': 'आवेदन {{app_id}}: अंक {{marks}} ही रहते हैं ({{outcome}}); परिणाम नहीं बदलता।',
  'postResult.markChangedSince':
    '{{paper_id}} का बाह्य दर्ज अंक अब {{mark}} है, आवेदन के समय के {{original}} नहीं; अंक संशोधन लॉग देखें।',
  'postResult.correctionReason': '{{type}} आवेदन {{app_id}}: {{outcome}}',
  'postResult.outcomeComputed':
    'आवेदन {{app_id}}: {{paper_id}} के बाह्य अंक {{original}} → {{final}} बदलते हैं (संशोधन {{correction_id}}); परिणाम रन {{run_id}} परिणाम की पुनर्गणना करता है। इसे सत्यापित, अनुमोदित और प्रकाशित करें, फिर यह निष्कर्ष प्रकाशित करें।',
  'postResult.runHeld':
    '{{exam_id}} {{course_comb_id}} सेमेस्टर {{sem_id}} का परिणाम रन {{run_id}} {{status}} है: पहले इसे प्रकाशित करें (या पूरा होने दें), फिर यह निष्कर्ष लागू करें।',
  'postResult.outcomeOf': '{{paper_id}} का {{type}}: {{outcome}}।',
  'postResult.noticeNoChange': '{{what}} आपके अंक और परिणाम नहीं बदलते।',
  'postResult.publishedNoChange': 'आवेदन {{app_id}} का निष्कर्ष प्रकाशित हो गया: कोई परिवर्तन नहीं।',
  'postResult.recomputedNotPublished':
    '{{student_id}} का पुनर्गणित परिणाम अभी प्रकाशित नहीं हुआ है (परिणाम रन {{run_id}} {{status}} है): पहले रन को सत्यापित, अनुमोदित और प्रकाशित करें।',
  'postResult.noticeRevised':
    '{{what}} आपके बाह्य अंक अब {{final}} हैं (पहले {{original}} थे); आपका परिणाम संस्करण {{version}} ({{figures}}) के रूप में संशोधित हुआ है, जो संस्करण {{original_version}} का स्थान लेता है।',
  'postResult.publishedVersion': 'आवेदन {{app_id}} का निष्कर्ष प्रकाशित हो गया: परिणाम संस्करण {{version}}।',
  'postResult.noticeRejected': '{{paper_id}} के लिए आपका {{type}} आवेदन अस्वीकार हुआ: {{reason}}',

  'postResult.noBookWaiting': 'अंकों की प्रतीक्षा में कोई पुनर्मूल्यांकित पुस्तिका {{fict_no}} नहीं है',
  'postResult.bookChanged': 'इस पुस्तिका को अभी किसी और ने बदल दिया; सूची फिर से लोड करें और दोबारा दर्ज करें।',
  'postResult.bookMarksRecorded': '{{fict_no}} के {{type}} अंक: दर्ज हुए: {{outcome}}।',
  'postResult.bookMarksRecordedThird':
    '{{fict_no}} के {{type}} अंक: {{marks}} दर्ज हुए; {{outcome}}। तृतीय मूल्यांकन दर्ज करें।',
};
