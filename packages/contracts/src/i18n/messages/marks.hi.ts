import type { Catalogue } from '../catalogue.ts';
import type { marks as english } from './marks.en.ts';

/** The marks module's messages in Hindi (same codes and parameters as marks.en.ts). */
export const marks: Catalogue<typeof english> = {
  // A typed cell (entry-rules.ts).
  'marks.openOnlyInternal':
    'ये बैच केवल परीक्षा कार्यालय खोलता है; शिक्षक अपने महाविद्यालय और विभाग के आंतरिक बैच खोलते हैं।',
  'marks.openWithoutScope':
    'आपके खाते में कोई महाविद्यालय या विभाग नहीं है, इसलिए इसके लिए खोलने को कोई आंतरिक बैच नहीं है; परीक्षा कार्यालय से संपर्क करें।',
  'marks.marksOrStatus': 'अंक या स्थिति दें, दोनों नहीं',
  'marks.unknownStatus': 'अज्ञात स्थिति "{{status}}"; {{allowed}} का प्रयोग करें',
  'marks.statusNotUsed': '{{status}} इन अंकों के लिए प्रयुक्त नहीं होता; {{allowed}} का प्रयोग करें',
  'marks.negative': 'अंक ऋणात्मक नहीं हो सकते',
  'marks.twoDecimals': 'अधिकतम दो दशमलव स्थान',
  'marks.notAMark': 'अंक (0 से {{max}}) या {{allowed}}',
  'marks.aboveMaximum': '{{value}} अधिकतम {{max}} से अधिक है',
  'marks.markStep': 'अंक {{step}} के चरणों में दिए जाते हैं',
  'marks.noValidPattern': 'इस बैच का कोई मान्य CIA पैटर्न नहीं है',
  'marks.namedCell': '{{name}}: {{reason}}',
  'marks.noSuchComponent': 'पैटर्न {{pattern_id}} में कोई CIA घटक {{code}} नहीं है',

  // The rows of a save (entry-rules.ts, entry-rows.ts).
  'marks.enterByFictNo': 'कूटबद्ध अवार्ड सूची काल्पनिक संख्या (fict_no) से भरी जाती है',
  'marks.enterByAttempt': 'यह बैच प्रयास (attempt_id) से भरा जाता है',
  'marks.fictNoTwice': 'काल्पनिक संख्या {{name}} दो बार दी गई है; प्रत्येक उत्तर पुस्तिका का एक ही मान',
  'marks.attemptTwice': 'प्रयास {{name}} दो बार दिया गया है; प्रत्येक परीक्षार्थी का एक ही मान',
  'marks.fictNoNotInBatch': 'काल्पनिक संख्या {{name}} बैच {{batch_id}} में नहीं है',
  'marks.attemptNotInBatch': 'प्रयास {{name}} बैच {{batch_id}} में नहीं है',
  'marks.noPattern': 'इस बैच का कोई CIA पैटर्न नहीं है; आंतरिक अंक स्वयं भरें',
  'marks.absentByAttendance':
    'उपस्थिति के अनुसार {{name}} {{attendance}} है: कोई अंक नहीं भरे जा सकते ({{preset}})। पहले उपस्थिति में सुधार आवश्यक है।',
  'marks.statusByAttendance': 'उपस्थिति के अनुसार {{name}} {{preset}} है',
  'marks.noSuchBatch': 'अंक बैच {{batch_id}} मौजूद नहीं है।',
  'marks.batchLockedNoEdit':
    'अंक बैच {{batch_id}} LOCKED है: इसके अंक संपादित नहीं हो सकते। अब परिवर्तन के लिए कारण और अनुमोदक सहित अंक सुधार आवश्यक है (POST /api/markcorrection)।',
  'marks.batchAwaitsReturn':
    'अंक बैच {{batch_id}} {{status}} है: जब तक सत्यापनकर्ता इसे सुधार के लिए वापस नहीं करता, इसमें कोई संपादन नहीं होता।',
  'marks.staleSave':
    'आपके खोलने के बाद अंक बैच {{batch_id}} किसी और ने सहेजा है। इसे फिर से लोड करें; तब से आपकी प्रविष्टि सहेजी नहीं गई।',
  'marks.raceSave':
    'अंक बैच {{batch_id}} अभी-अभी किसी और ने सहेजा है (या यह आगे बढ़ गया है)। इसे फिर से लोड करें; तब से आपकी प्रविष्टि सहेजी नहीं गई।',
  'marks.rowsSaved_one': '{{count}} पंक्ति सहेजी गई; {{pending}} अभी शेष हैं।',
  'marks.rowsSaved_other': '{{count}} पंक्तियाँ सहेजी गईं; {{pending}} अभी शेष हैं।',
  'marks.nothingChanged': 'कुछ नहीं बदला।',

  // Opening batches (batch-rules.ts).
  'marks.noCourseLink':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) परीक्षा {{exam_id}} में सम्मिलित नहीं है (कोई परीक्षा पाठ्यक्रम संबंध नहीं)।',
  'marks.collegeRequired': 'आंतरिक अंक महाविद्यालयवार भरे जाते हैं: महाविद्यालय बताएँ',
  'marks.practicalDateRequired': 'आवश्यक: प्रायोगिक बैच की तिथि',
  'marks.practicalShiftRequired': 'आवश्यक: FN या AN',
  'marks.labRequired': 'आवश्यक: प्रयोगशाला',
  'marks.patternInternalOnly': 'CIA पैटर्न केवल आंतरिक अंकों पर लागू होता है',
  'marks.codedExternal':
    '{{exam_id}} में {{course_comb_id}} {{sem_id}} की उत्तर पुस्तिकाएँ कूटबद्ध हैं (कोडिंग ON): बाह्य अंक पैकेटवार काल्पनिक संख्या से अवार्ड सूची के रूप में भरे जाते हैं, जो पैकेटों (कोडिंग) के साथ खुलती हैं, अनुक्रमांक से नहीं।',
  'marks.noSuchPattern': 'CIA पैटर्न {{pattern_id}} मौजूद नहीं है।',
  'marks.noCandidates':
    '{{exam_id}} का कोई परीक्षार्थी {{course_comb_id}} {{sem_id}} का प्रश्नपत्र {{paper_id}} नहीं दे रहा{{college}}{{named}}।',
  'marks.inCollege': ' (महाविद्यालय {{college_id}} में)',
  'marks.amongNamed': ' (बताए गए प्रयासों में)',
  'marks.notCandidates': 'बताए गए प्रयासों में से {{unknown}} इस प्रश्नपत्र के परीक्षार्थी नहीं हैं{{college}}।',
  'marks.batchExists':
    'प्रश्नपत्र {{paper_id}} का {{exam_id}} में {{college}} के लिए {{component}} बैच{{practical}} पहले से है।',
  'marks.allColleges': 'सभी महाविद्यालयों',
  'marks.practicalSession': ' ({{practical_date}} {{practical_shift}}, {{lab}} में)',
  'marks.batchOpened': 'अंक बैच {{batch_id}} {{row_count}} परीक्षार्थियों के साथ खोला गया।',
  'marks.batchesOpened': '{{exam_id}} के लिए {{created}} {{kind}} बैच खोले गए{{existing}}{{skipped}}।',
  'marks.kindInternal': 'आंतरिक',
  'marks.kindExternalRoll': 'बाह्य (अनुक्रमांक)',
  'marks.batchesExisted': '; {{existing}} पहले से थे',
  'marks.papersSkipped': '; बिना संख्यात्मक {{field}} वाले प्रश्नपत्र छोड़े गए: {{papers}}',
  'marks.batchesNotImported':
    'अंक बैच POST /api/entrybatch या /api/entrybatch-open से अपने परीक्षार्थियों सहित खोले जाते हैं; इनका आयात नहीं होता।',
  'marks.lockedBatchDetails':
    'अंक बैच {{batch_id}} LOCKED है; इसका विवरण बदलने के लिए इसे फिर से खोलें (व्यवस्थापक, कारण सहित)।',
  'marks.batchNotDeletable':
    'अंक बैच {{batch_id}} {{status}} है; केवल वही OPEN बैच हटाया जा सकता है जिसमें कुछ न भरा गया हो।',

  // The entry-batch workflow (workflow-rules.ts).
  'marks.rowsEmpty_one':
    '{{count}} पंक्ति में न अंक हैं न स्थिति ({{labels}}): अंतिम प्रस्तुति से पहले अंक भरें, या अनुपस्थित परीक्षार्थी के लिए AB।',
  'marks.rowsEmpty_other':
    '{{count}} पंक्तियों में न अंक हैं न स्थिति ({{labels}}): अंतिम प्रस्तुति से पहले अंक भरें, या अनुपस्थित परीक्षार्थी के लिए AB।',
  'marks.marksAgainstAttendance':
    'उपस्थिति में {{labels}} अनुपस्थित या UFM हैं: अंतिम प्रस्तुति से पहले उनकी स्थिति भरें, अंक नहीं।',
  'marks.batchCounts': '{{rows}} पंक्तियाँ: {{entered}} में अंक (कुल {{total}}), {{absent}} अनुपस्थित{{others}}',
  'marks.otherStatuses': ', {{others}} अन्य स्थितियाँ',
  'marks.batchSubmitted': 'अंक बैच {{batch_id}} प्रस्तुत हो गया: {{counts}}।',
  'marks.ownSubmission': 'अंक बैच {{batch_id}} आपने प्रस्तुत किया था; इसका सत्यापन कोई दूसरा व्यक्ति करता है।',
  'marks.batchVerified': 'अंक बैच {{batch_id}} सत्यापित हो गया: {{counts}}।',
  'marks.noSecondEntry': 'पैकेट {{packet_no}} की तुलना के लिए कोई दूसरी प्रविष्टि नहीं है।',
  'marks.otherEntryNotSubmitted':
    'पैकेट {{packet_no}} की प्रविष्टि {{entry_no}} {{status}} है; तुलना से पहले दोनों प्रविष्टियाँ प्रस्तुत होनी चाहिए।',
  'marks.otherEntryKeyedByYou':
    'पैकेट {{packet_no}} की प्रविष्टि {{entry_no}} आपने भरी थी; दोनों प्रविष्टियों का सत्यापन कोई तीसरा व्यक्ति करता है।',
  'marks.entriesDiffer_one': 'प्रविष्टि 1 और 2 में {{count}} पुस्तिका में अंतर है: {{list}}',
  'marks.entriesDiffer_other': 'प्रविष्टि 1 और 2 में {{count}} पुस्तिकाओं में अंतर है: {{list}}',
  'marks.mismatch': '{{fict_no}}: {{entry_1}} बनाम {{entry_2}}',
  'marks.emptyEntry': 'रिक्त',
  'marks.entriesReturned':
    '{{reason}}{{more}}। दोनों प्रविष्टियाँ फिर DRAFT में हैं: अवार्ड सूची जाँचें और गलत प्रविष्टि सुधारें, फिर दोबारा प्रस्तुत करें।',
  'marks.entriesAgree':
    'पैकेट {{packet_no}} की प्रविष्टि 1 और 2 सभी {{rows}} पुस्तिकाओं पर मेल खाती हैं; दोनों सत्यापित हो गईं।',
  'marks.otherEntryNotVerified':
    'पैकेट {{packet_no}} की प्रविष्टि {{entry_no}} {{status}} है; दोनों प्रविष्टियाँ सत्यापित होने पर ही पैकेट लॉक होता है।',

  // Award lists and the marks scheme (award-list-rules.ts).
  'marks.notInScheme':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) का प्रश्नपत्र {{paper_id}} अंक योजना (paperinfosem) में नहीं है।',
  'marks.noNumericMax':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) के प्रश्नपत्र {{paper_id}} का {{field}} संख्यात्मक नहीं है ("{{text}}"); अंक भरने से पहले इसकी अंक योजना सुधारें (scheme-check)।',
  'marks.emptyPacket': 'पैकेट {{packet_no}} में कोई उत्तर पुस्तिका नहीं है।',
  'marks.fictNoRepeated': 'काल्पनिक संख्या {{fict_nos}} पैकेट {{packet_no}} में दो बार है।',
  'marks.packetHasBatches': 'पैकेट {{packet_no}} के अवार्ड सूची बैच पहले से हैं।',
  'marks.markAndStatus': 'प्रयास {{attempt_id}}: अंक या स्थिति दें, दोनों नहीं।',
  'marks.markNorStatus': 'प्रयास {{attempt_id}}: अंक या स्थिति में से एक दें।',

  // Marks corrections (correction-rules.ts).
  'marks.correctionsNotImported':
    'अंक सुधार एक-एक करके (POST /api/markcorrection), जिस अभिलिखित अंक को वे बदलते हैं उसके साथ, माँगे जाते हैं; इनका आयात नहीं होता।',
  'marks.correctionNotDeletable': 'अंक सुधार {{correction_id}} सुधार-अभिलेख का भाग है; इसे हटाने के बजाय अस्वीकार करें।',
  'marks.noSuchAttempt': 'प्रयास {{attempt_id}} मौजूद नहीं है।',
  'marks.noLockedMark':
    'प्रयास {{attempt_id}} का अभी कोई लॉक किया गया {{component}} अंक नहीं है: इसे इसके बैच में भरें; सुधार किसी अंक को उसके बैच के LOCKED होने के बाद ही बदलता है।',
  'marks.blankIsZero': 'रिक्त उत्तर पुस्तिका 0 अंक के रूप में दर्ज होती है',
  'marks.alreadyThatMark': 'अभिलिखित अंक पहले से {{mark}} है',
  'marks.correctionRequested':
    'अंक सुधार {{correction_id}} का अनुरोध किया गया ({{old}} → {{new}}); यह अनुमोदन पर लागू होगा।',
  'marks.ownCorrection': 'अंक सुधार {{correction_id}} का अनुरोध आपने किया था; इसका अनुमोदन कोई दूसरा व्यक्ति करता है।',
  'marks.markMoved':
    '{{attempt_id}} ({{component}}) का अभिलिखित अंक अब {{mark}} है, सुधार के अनुरोध के समय के अनुसार {{old}} नहीं; इसे अस्वीकार करें और फिर से अनुरोध करें।',
  'marks.noMark': 'कोई नहीं',
  'marks.correctionApproved':
    'अंक सुधार {{correction_id}} अनुमोदित: {{attempt_id}} {{component}} अब {{new}} है (पहले {{old}})।',
};
