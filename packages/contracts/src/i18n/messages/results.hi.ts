import type { Catalogue } from '../catalogue.ts';
import type { results as english } from './results.en.ts';

/** The results module's messages in Hindi (same codes and parameters as results.en.ts). */
export const results: Catalogue<typeof english> = {
  'results.noCourseLink':
    'परीक्षा {{exam_id}} का {{course_comb_id}} सेमेस्टर {{sem_id}} ({{session_id}}) से कोई पाठ्यक्रम संबंध नहीं है।',
  'results.noCourseLinkField': 'ऐसा कोई परीक्षा × पाठ्यक्रम-सेमेस्टर (examccinfo) नहीं है',
  'results.noCandidates':
    'परीक्षा {{exam_id}} में {{course_comb_id}} सेमेस्टर {{sem_id}} का कोई परीक्षार्थी नहीं है: गणना के लिए कुछ नहीं है।',
  'results.noCandidatesField': 'इस परीक्षा × पाठ्यक्रम-सेमेस्टर में कोई प्रयास नहीं है',
  'results.otherSchemes': '{{groups}}, {{scheme}} नहीं: इसे योजना {{suggested}} से चलाएँ।',
  'results.studentsWithScheme_one': 'इस पाठ्यक्रम-सेमेस्टर के {{count}} विद्यार्थी का नियम-समूह {{scheme}} है',
  'results.studentsWithScheme_other': 'इस पाठ्यक्रम-सेमेस्टर के {{count}} विद्यार्थियों का नियम-समूह {{scheme}} है',
  'results.otherSchemesField': 'विद्यार्थियों के नियम-समूह {{schemes}} हैं',
  'results.inputsNotLocked':
    '{{exam_id}} {{course_comb_id}} सेमेस्टर {{sem_id}} के सभी इनपुट लॉक नहीं हैं: {{items}}{{more}}। इन्हें लॉक करें, या इन प्रश्नपत्रों को RL दिखाने के लिए "परिणाम बाद में" के साथ चलाएँ।',
  'results.andMore': '; और {{count}} अन्य',
  'results.batchNotLocked': '{{paper_id}} का {{component}} बैच {{batch_id}}{{college}}{{packet}} {{status}} है',
  'results.batchCollege': ' ({{college_id}})',
  'results.batchPacket': ' पैकेट {{packet_no}}',
  'results.marksMissing_one': '{{paper_id}} {{component}}: {{count}} परीक्षार्थी के लॉक किए गए अंक नहीं हैं',
  'results.marksMissing_other': '{{paper_id}} {{component}}: {{count}} परीक्षार्थियों के लॉक किए गए अंक नहीं हैं',
  'results.componentInternal': 'आंतरिक',
  'results.componentExternal': 'बाह्य/प्रायोगिक',
  'results.inputsNotLockedField': '{{batches}} लॉक नहीं, {{marks}} अनुपस्थित',
  'results.entryBatches_one': '{{count}} प्रविष्टि बैच',
  'results.entryBatches_other': '{{count}} प्रविष्टि बैच',
  'results.marks_one': '{{count}} अंक',
  'results.marks_other': '{{count}} अंक',
  'results.runComputing': 'इस पाठ्यक्रम-सेमेस्टर का परिणाम रन {{run_id}} अभी गणना में है; इसके पूरा होने की प्रतीक्षा करें।',
  'results.runHeld':
    'इस पाठ्यक्रम-सेमेस्टर का परिणाम रन {{run_id}} {{status}} है: पुनः रन सत्यापन पर समाप्त होते हैं। पहले इसे प्रकाशित करें; फिर बाद का रन बदले हुए परिणामों के नए संस्करण बनाता है।',
  'results.runStarted_one': 'परिणाम रन {{run_id}} {{count}} प्रयास के लिए आरंभ हुआ{{supersedes}}।',
  'results.runStarted_other': 'परिणाम रन {{run_id}} {{count}} प्रयासों के लिए आरंभ हुआ{{supersedes}}।',
  'results.runSupersedes': '; यह रन {{run_id}} का स्थान लेता है',
  'results.noSuchVersion': '{{exam_id}} में {{student_id}} का परिणाम संस्करण {{version}} नहीं है।',
  'results.noSuchRun': 'कोई परिणाम रन {{run_id}} नहीं है।',
  'results.runNotImported': 'परिणाम रन POST /api/resultrun (एक जॉब) से आरंभ होते हैं; इनका आयात नहीं होता।',
  'results.runNotEditable':
    'परिणाम रन {{run_id}} संपादित नहीं हो सकता: इसे फिर से चलाएँ, या इसकी कार्रवाइयों (सत्यापन, अनुमोदन, प्रकाशन, वापसी) से आगे बढ़ाएँ।',
  'results.runNotDeletable':
    'परिणाम रन {{run_id}} हटाया नहीं जा सकता: रन रखे जाते हैं (बाद का रन इसका स्थान लेता है)।',
  'results.componentPractical': 'प्रायोगिक',
  'results.componentExternalOnly': 'बाह्य',
  'results.schemeNotNumber': '{{paper_id}}: {{field}} "{{value}}" संख्या नहीं है (प्रश्नपत्र की अंक योजना जाँचें)',
  'results.schemeNoMax': '{{paper_id}}: अंक योजना में अधिकतम अंक नहीं हैं',
  'results.schemePaperType': '{{paper_id}}: प्रश्नपत्र प्रकार {{paper_type}} 0, 1 या 2 नहीं है',
  'results.intAboveMax':
    '{{paper_id}}: आंतरिक {{value}} अधिकतम {{max}} से अधिक है; सुधार होने तक प्रश्नपत्र का परिणाम बाद में',
  'results.extAboveMax':
    '{{paper_id}}: {{component}} {{value}} अधिकतम {{max}} से अधिक है; सुधार होने तक प्रश्नपत्र का परिणाम बाद में',
  'results.absentWithMarks': '{{paper_id}}: उपस्थिति पत्रक में अनुपस्थित, पर {{value}} अंक दर्ज हैं',
  'results.presentMarkedAbsent': '{{paper_id}}: उपस्थिति पत्रक में उपस्थित, पर अभिलेख के अंकों में अनुपस्थित',
  'results.presentWithoutMarks': '{{paper_id}}: उपस्थिति पत्रक में उपस्थित, पर अभिलेख के अंकों में कोई अंक नहीं',
  'results.extNotLocked': '{{paper_id}}: {{component}} के लॉक किए गए अंक नहीं: परिणाम बाद में',
  'results.internalMissing': '{{paper_id}}: आंतरिक अंक नहीं हैं: परिणाम बाद में',
  'results.ufmPending': '{{paper_id}}: अनुचित साधन का मामला लंबित है: प्रश्नपत्र का परिणाम रोका गया है',
  'results.findingOfStudent': '{{student_id}}: {{reason}}',
  'results.findingNoEnrolment':
    '{{student_id}} का {{session_id}} के {{course_comb_id}} सेमेस्टर {{sem_id}} में नामांकन (studentccinfo) नहीं है: गणना के लिए कोई नियम-समूह नहीं',
  'results.rulesetInvalid': 'नियम-समूह {{ruleset}} के नियम अमान्य हैं',
  'results.rulesetMissing': 'नियम-समूह {{ruleset}} मौजूद नहीं है',
  'results.notPaperOfCourse': '{{paper_id}} {{course_comb_id}} सेमेस्टर {{sem_id}} का प्रश्नपत्र नहीं है',
  'results.backWithoutOriginal':
    'बैक प्रश्नपत्र {{papers}}, पर संशोधन के लिए {{course_comb_id}} सेमेस्टर {{sem_id}} का कोई प्रकाशित परिणाम नहीं',
  'results.runVanished': 'परिणाम रन {{run_id}} मौजूद नहीं है।',
  'results.runFailed': 'परिणाम रन {{run_id}} विफल रहा: {{reason}}',
  'results.runVerified': 'परिणाम रन {{run_id}} सत्यापित हो गया; अब परीक्षा नियंत्रक (admin) इसे अनुमोदित करेंगे।',
  'results.runApproved':
    'परिणाम रन {{run_id}} अनुमोदित हो गया; परिणाम अनुभाग इसे अधिसूचना संख्या के साथ प्रकाशित करेगा।',
  'results.runPublished':
    'परिणाम रन {{run_id}} अधिसूचना {{no}} दिनांक {{date}} के अंतर्गत प्रकाशित हो गया; विद्यार्थी अपने परिणाम देख सकते हैं।',
};
