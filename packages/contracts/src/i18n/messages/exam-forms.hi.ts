import type { Catalogue } from '../catalogue.ts';
import type { examForms as english } from './exam-forms.en.ts';

/** The exam-forms module's messages in Hindi (same codes and parameters as exam-forms.en.ts). */
export const examForms: Catalogue<typeof english> = {
  // Filling a form (exam-form-rules.ts, exam-form-service.ts).
  'examForms.fillOwnOnly': 'आप केवल अपना परीक्षा आवेदन पत्र भर सकते हैं (विद्यार्थी {{student_id}})।',
  'examForms.noStudent': 'कोई नहीं',
  'examForms.noSuchStudent': 'विद्यार्थी {{student_id}} मौजूद नहीं है।',
  'examForms.noSuchForm': 'परीक्षा आवेदन पत्र {{form_id}} मौजूद नहीं है।',
  'examForms.noCourseLink':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) परीक्षा {{exam_id}} में सम्मिलित नहीं है; परीक्षा कार्यालय इसे "परीक्षा पाठ्यक्रम-संयोजन विवरण सूची" में जोड़ता है।',
  'examForms.formsNotOpen':
    '{{exam_id}} में {{course_comb_id}} {{sem_id}} ({{session_id}}) के परीक्षा आवेदन खुले नहीं हैं: परीक्षा {{phase_label}} ({{phase}}) है। आवेदन केवल "आवेदन खुले" रहने पर ही भरे जा सकते हैं।',
  'examForms.formsOpenOn':
    '{{exam_id}} में {{course_comb_id}} {{sem_id}} ({{session_id}}) के परीक्षा आवेदन {{at}} UTC को खुलेंगे।',
  'examForms.formsClosedOn':
    '{{exam_id}} में {{course_comb_id}} {{sem_id}} ({{session_id}}) के परीक्षा आवेदन {{at}} UTC को बंद हो गए (विलंब शुल्क अवधि का अंत); अब कोई आवेदन भरा या प्रस्तुत नहीं किया जा सकता।',
  'examForms.typeNotTaken': 'यह परीक्षा पाठ्यक्रम-सेमेस्टर {{types}} परीक्षार्थी लेता है, {{candidate}} नहीं।',
  'examForms.formExists':
    'विद्यार्थी {{student_id}} का {{exam_id}} में {{course_comb_id}} {{sem_id}} के लिए परीक्षा आवेदन पत्र {{form_id}} ({{status}}) पहले से है; प्रति सेमेस्टर एक आवेदन पत्र।',
  'examForms.formExistsRace':
    'विद्यार्थी {{student_id}} का {{exam_id}} में {{course_comb_id}} {{sem_id}} के लिए परीक्षा आवेदन पत्र पहले से है; प्रति सेमेस्टर एक आवेदन पत्र।',
  'examForms.formSavedDraft':
    'परीक्षा आवेदन पत्र {{form_id}} प्रारूप के रूप में सहेजा गया; प्रश्नपत्र लॉक करने के लिए इसे प्रस्तुत करें।',
  'examForms.staleForm':
    'आपके खोलने के बाद परीक्षा आवेदन पत्र {{form_id}} किसी और ने बदला है। इसे फिर से लोड करें और अपना परिवर्तन दोबारा करें।',
  'examForms.formNotEditable':
    'परीक्षा आवेदन पत्र {{form_id}} {{status}} है; केवल प्रारूप या लौटाया गया आवेदन पत्र बदला जा सकता है (बाद वालों को परीक्षा कार्यालय कारण सहित सुधारता है)।',
  'examForms.formSaved': 'परीक्षा आवेदन पत्र {{form_id}} सहेजा गया।',

  // Eligibility and papers (exam-form-rules.ts).
  'examForms.ruleSet': 'नियम-समूह {{ruleset_id}} v{{version}}',
  'examForms.defaultRules': 'डिफ़ॉल्ट नियम',
  'examForms.attemptsUsed': 'सभी {{max}} प्रयास उपयोग हो चुके ({{source}})',
  'examForms.beyondDuration':
    'विद्यार्थी {{student_id}} (बैच {{admission_session_id}}) {{course_comb_id}} की अधिकतम अवधि {{allowed}} वर्ष ({{nominal}} निर्धारित + {{extra}}, {{source}}) से आगे है; परीक्षा सत्र {{session_id}}।',
  'examForms.notEnrolled':
    'विद्यार्थी {{student_id}} {{course_comb_id}} {{sem_id}} ({{session_id}}) में नामांकित नहीं है; {{kind}} आवेदन पत्र के लिए वह नामांकन आवश्यक है (बैक परीक्षार्थी बैक-प्रश्नपत्र आवेदन भरते हैं)।',
  'examForms.kindExStudent': 'भूतपूर्व विद्यार्थी का',
  'examForms.kindRegular': 'नियमित',
  'examForms.noActivePapers':
    '{{student_id}} के नामांकन {{course_comb_id}} {{sem_id}} ({{session_id}}) में कोई सक्रिय प्रश्नपत्र नहीं है।',
  'examForms.needsEligiblePaper': '{{kind}} आवेदन पत्र में पात्र सूची से कम से कम एक प्रश्नपत्र आवश्यक है।',
  'examForms.kindBackPaper': 'बैक-प्रश्नपत्र',
  'examForms.kindImprovement': 'श्रेणी सुधार',
  'examForms.paperTwice': '{{paper}} आवेदन पत्र में दो बार है।',
  'examForms.paperNotEligible':
    '{{paper}} {{student_id}} की पात्र सूची में नहीं है: यह खुला बैक प्रश्नपत्र नहीं है (उत्तीर्ण प्रश्नपत्र फिर से बैक प्रश्नपत्र के रूप में नहीं लिया जा सकता)।',
  'examForms.paperOnlyAs': '{{paper}} केवल {{as}} के रूप में लिया जा सकता है।',
  'examForms.asBack': 'बैक प्रश्नपत्र (BACK)',
  'examForms.asImprovement': 'श्रेणी सुधार (IMPROVEMENT)',
  'examForms.paperIneligible': '{{paper}}: {{why}}।',
  'examForms.attendanceNotRecorded':
    '{{course_comb_id}} {{sem_id}} ({{session_id}}) में {{student_id}} की उपस्थिति दर्ज नहीं है; महाविद्यालय इसे दर्ज करता है (कम से कम {{min}} %, {{source}})।',
  'examForms.attendanceBelow': 'उपस्थिति {{attendance}} % आवश्यक {{min}} % से कम है ({{source}})।',

  // The form workflow (exam-form-effects.ts, exam-form-rules.ts).
  'examForms.formsNotImported':
    'परीक्षा आवेदन पत्र एक-एक करके (परीक्षा आवेदन पत्र प्रविष्टि, POST /api/examform) अपने प्रश्नपत्रों सहित भरे जाते हैं; इनका आयात नहीं होता।',
  'examForms.formNotDeletable':
    'परीक्षा आवेदन पत्र {{form_id}} {{status}} है; केवल प्रारूप हटाया जा सकता है (इसके बजाय इसे अस्वीकार या निरस्त करें)।',
  'examForms.onlyHead':
    'महाविद्यालय {{college_id}} के परीक्षा आवेदन पत्रों का सत्यापन, वापसी या अस्वीकृति केवल उसके प्राचार्य करते हैं; प्राचार्य कार्यालय से संपर्क करें।',
  'examForms.formReturned': 'परीक्षा आवेदन पत्र {{form_id}} लौटाया गया: {{reason}}',
  'examForms.submittedWithClashes_one':
    'परीक्षा आवेदन पत्र {{form_id}} अब प्रस्तुत है, एक समय-सारणी टकराव के साथ (एक तिथि और पाली में दो प्रश्नपत्र): {{clashes}}। परीक्षा कार्यालय इसे विशेष स्लॉट से सुलझाता है।',
  'examForms.submittedWithClashes_other':
    'परीक्षा आवेदन पत्र {{form_id}} अब प्रस्तुत है, {{count}} समय-सारणी टकरावों के साथ (एक तिथि और पाली में दो प्रश्नपत्र): {{clashes}}। परीक्षा कार्यालय इन्हें विशेष स्लॉट से सुलझाता है।',
  'examForms.paymentKept':
    'परीक्षा आवेदन पत्र {{form_id}} पुनः प्रस्तुत और शुल्क-भुगतान युक्त है: पहले दर्ज भुगतान (₹{{paid}}, संदर्भ {{ref}}) ₹{{fee}} का शुल्क पूरा करता है।',
  'examForms.paymentShortNow':
    'परीक्षा आवेदन पत्र {{form_id}} पुनः प्रस्तुत है; पहले दर्ज भुगतान (₹{{paid}}, संदर्भ {{ref}}) अब के शुल्क ₹{{fee}} से कम है: पूरे शुल्क का भुगतान दर्ज करें।',
  'examForms.feeShort': '₹{{amount}} आवेदन पत्र {{form_id}} के शुल्क ₹{{fee}} से कम है; पूरा शुल्क आवश्यक है।',
  'examForms.notCancellable':
    'परीक्षा आवेदन पत्र {{form_id}} निरस्त नहीं हो सकता: {{course_comb_id}} {{sem_id}} के लिए {{exam_id}} पहले से {{phase}} है। संचालन के बाद निर्णय UFM/RW होता है, निरस्तीकरण नहीं।',

  // Exam course links and attempts (exam-link-rules.ts).
  'examForms.linkFieldsLocked': 'परीक्षा पाठ्यक्रम संबंध के {{phase}} रहते {{fields}} नहीं बदल सकते{{open}}।',
  'examForms.onlyFieldsMay': '; केवल {{fields}} बदल सकते हैं',
  'examForms.linkNotDeletable':
    'परीक्षा पाठ्यक्रम संबंध {{exam_id}} / {{course_comb_id}} {{sem_id}} {{phase}} है; केवल नियोजित (Planned) संबंध हटाया जा सकता है।',
  'examForms.attemptsNotAdded': 'प्रयास परीक्षा आवेदन पत्र के अनुमोदन पर बनते हैं; इन्हें हाथ से नहीं जोड़ा जा सकता।',
  'examForms.attemptsReadOnly': 'प्रयास केवल पठनीय हैं: वे अपने परीक्षा आवेदन पत्र का अनुसरण करते हैं।',
  'examForms.attemptsNotDeleted': 'प्रयास केवल संचालन से पहले अपने परीक्षा आवेदन पत्र को निरस्त करके हटाए जाते हैं।',

  // Roll numbers (roll-rules.ts).
  'examForms.formsStillOpen':
    'आवेदन खुले रहते परीक्षा {{exam_id}} के अनुक्रमांक आवंटित नहीं हो सकते: पहले {{links}}{{more}} के आवेदन बंद करें।',
  'examForms.andMore': ' और {{more}} अन्य',
  'examForms.noCentre': 'कोई महाविद्यालय परीक्षा केंद्र नहीं है (is_centre = 1): पहले केंद्र चिह्नित करें।',

  // Admit cards (admit-card-rules.ts, admit-card-service.ts).
  'examForms.cardsNotAdded':
    'प्रवेश पत्र अनुक्रमांक आवंटन से (या प्रवेश पत्र स्क्रीन पर "बनाएँ" से) बनते हैं; इन्हें हाथ से नहीं जोड़ा जा सकता।',
  'examForms.cardFollowsForm':
    'प्रवेश पत्र अपने परीक्षा आवेदन पत्र का अनुसरण करता है: इसे प्रकाशित करें या रोकें, या आवेदन पत्र सुधारें।',
  'examForms.cardsNotDeleted': 'प्रवेश पत्र हटाए नहीं जाते: इसके बजाय पत्र को (कारण सहित) रोकें।',
  'examForms.noAdmitCard': 'परीक्षा {{exam_id}} के लिए {{student_id}} का कोई प्रवेश पत्र नहीं है।',
  'examForms.cardWithheld':
    '{{exam_id}} के लिए आपका प्रवेश पत्र रोका गया है: {{reason}}। अपने महाविद्यालय या परीक्षा कार्यालय से संपर्क करें।',
  'examForms.noReasonRecorded': 'कोई कारण दर्ज नहीं',
  'examForms.cardNotPublished':
    '{{exam_id}} के लिए आपका प्रवेश पत्र अभी प्रकाशित नहीं हुआ है; परीक्षा कार्यालय इसे पहले प्रश्नपत्र से पहले प्रकाशित करता है।',
  'examForms.collegeHasNoCards':
    'महाविद्यालय {{college_id}} के पास परीक्षा {{exam_id}} के कोई प्रवेश पत्र नहीं हैं; पहले अनुक्रमांक आवंटित करें।',
  'examForms.cardsGenerated_one': 'परीक्षा {{exam_id}} के लिए {{count}} प्रवेश पत्र बनाया गया।',
  'examForms.cardsGenerated_other': 'परीक्षा {{exam_id}} के लिए {{count}} प्रवेश पत्र बनाए गए।',
  'examForms.everyFormHasCard': 'परीक्षा {{exam_id}} के अनुक्रमांक वाले प्रत्येक आवेदन पत्र का प्रवेश पत्र पहले से है।',
  'examForms.withholdReasonRequired': 'आवश्यक: बताएँ कि पत्र क्यों रोके गए हैं (विद्यार्थी इसे देखते हैं)।',
  'examForms.chooseCollegeOrStudents': 'कोई महाविद्यालय चुनें, या विद्यार्थियों की सूची दें।',
  'examForms.cardsPublished_one': '{{count}} प्रवेश पत्र प्रकाशित हुआ।',
  'examForms.cardsPublished_other': '{{count}} प्रवेश पत्र प्रकाशित हुए।',
  'examForms.cardsWithheld_one': '{{count}} प्रवेश पत्र रोका गया।',
  'examForms.cardsWithheld_other': '{{count}} प्रवेश पत्र रोके गए।',
  'examForms.noCardPublished': 'कोई प्रवेश पत्र प्रकाशित नहीं हो सका (किसी की स्थिति इसकी अनुमति नहीं देती)।',
  'examForms.noCardWithheld': 'कोई प्रवेश पत्र रोका नहीं जा सका (किसी की स्थिति इसकी अनुमति नहीं देती)।',

  // The timetable (timetable-rules.ts, timetable-service.ts).
  'examForms.courseListedTwice': '{{course}} दो बार सूचीबद्ध है।',
  'examForms.courseWithoutPaper':
    '{{course}} में प्रश्नपत्र {{paper_id}} नहीं है (उस पाठ्यक्रम-सेमेस्टर में कोई प्रश्नपत्र संबंध नहीं)।',
  'examForms.paperHasSlot':
    'परीक्षा {{exam_id}} में {{course}} के प्रश्नपत्र {{paper_id}} का स्लॉट {{slot_id}} पहले से है; इसके बजाय वह स्लॉट बदलें।',
  'examForms.sameDay':
    '{{course}} का प्रश्नपत्र {{paper_id}} {{date}} को पहले से है (स्लॉट {{slot_id}}); एक पाठ्यक्रम-सेमेस्टर के प्रश्नपत्र अलग-अलग दिनों में होते हैं।',
  'examForms.noCurrentExam': 'आवश्यक: कोई परीक्षा वर्तमान चिह्नित नहीं है; परीक्षा बताएँ।',
  'examForms.noSuchExam': 'परीक्षा {{exam_id}} मौजूद नहीं है।',
  'examForms.noSlots': 'परीक्षा {{exam_id}} के{{course}} अभी कोई समय-सारणी स्लॉट नहीं हैं।',
  'examForms.forCourse': ' ({{course_comb_id}} के लिए)',
};
