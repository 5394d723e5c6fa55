import type { Catalogue } from '../catalogue.ts';
import type { students as english } from './students.en.ts';

/** The students module's messages in Hindi (same codes and parameters as students.en.ts). */
export const students: Catalogue<typeof english> = {
  'students.noSuchStudent': 'विद्यार्थी {{student_id}} मौजूद नहीं है।',
  'students.abcIdTaken': 'ABC/APAAR आईडी {{abc_id}} पहले से विद्यार्थी {{student_id}} की आईडी है।',
  'students.abcIdTwice': 'ABC/APAAR आईडी {{abc_id}} दो बार दी गई है (विद्यार्थी {{student_id}} के लिए भी)।',

  'students.alreadyEnrolled':
    'विद्यार्थी {{student_id}} सत्र {{session_id}} के सेमेस्टर {{sem_id}} में पहले से नामांकित है ({{course_comb_id}}); प्रति सेमेस्टर एक नामांकन।',
  'students.noRulesetForBatch':
    'बैच {{batch}} पर कोई सक्रिय नियम-समूह लागू नहीं होता (किसी का w.e.f. सत्र उसके समान या पहले का नहीं है); List Rule Sets में किसी को w.e.f. सत्र दें।',
  'students.noSuchEnrolment': 'नामांकन {{key}} मौजूद नहीं है।',
  'students.enrolmentNamed': 'नामांकन {{key}}',
  'students.studentNamed': 'विद्यार्थी {{student_id}}',
  'students.choicesClosed':
    '{{what}} के प्रश्नपत्र विकल्प {{date}} को बंद हो गए, जब सेमेस्टर का परीक्षा फ़ॉर्म जमा हुआ; परीक्षा कार्यालय पहले फ़ॉर्म लौटा सकता है।',

  'students.semesterOf': '{{course_comb_id}} सेमेस्टर {{sem_id}}, {{session_id}}',
  'students.notElective': '{{paper_id}} {{semester}} का वैकल्पिक प्रश्नपत्र नहीं है।',
  'students.groupNeeds_one':
    'समूह {{group}} में {{members}} में से ठीक {{count}} प्रश्नपत्र चुनना है; {{chosen}} चुने गए।',
  'students.groupNeeds_other':
    'समूह {{group}} में {{members}} में से ठीक {{count}} प्रश्नपत्र चुनने हैं; {{chosen}} चुने गए।',
  'students.groupWouldMake_one':
    'समूह {{group}} में {{members}} में से ठीक {{count}} प्रश्नपत्र चुनना है; इससे {{chosen}} हो जाएँगे। इसके बजाय Change choices से विकल्प बदलें।',
  'students.groupWouldMake_other':
    'समूह {{group}} में {{members}} में से ठीक {{count}} प्रश्नपत्र चुनने हैं; इससे {{chosen}} हो जाएँगे। इसके बजाय Change choices से विकल्प बदलें।',
  'students.compulsoryStays':
    '{{paper_id}} नामांकन का अनिवार्य प्रश्नपत्र है और बना रहता है; इसके बजाय इसकी स्थिति Dropped करें।',
  'students.electiveStays':
    '{{paper_id}} समूह {{group}} का विकल्प है, जिसमें ठीक {{required}} चाहिए; इसके बजाय Change choices से विकल्प बदलें।',
  'students.givePaperIds': 'चुने गए प्रश्नपत्रों की आईडी दें, जैसे "HIS102"',
  'students.electivesSaved': 'वैकल्पिक विकल्प सहेजे गए: {{papers}}।',
  'students.electivesSavedNone': 'वैकल्पिक विकल्प सहेजे गए: कोई नहीं।',

  'students.photo': 'फ़ोटो',
  'students.signature': 'हस्ताक्षर',
  'students.sendMultipart': '{{kind}} को multipart/form-data के रूप में "file" नाम के फ़ॉर्म फ़ील्ड में भेजें।',
  'students.imageTooLarge': '{{kind}} {{kb}} KB से बड़ा है; इसे छोटा सहेजें (कम गुणवत्ता का JPEG) और फिर से अपलोड करें।',
  'students.uploadMalformed': 'अपलोड त्रुटिपूर्ण है या बीच में कट गया; फ़ाइल फिर से भेजें।',
  'students.noImageYet': 'विद्यार्थी {{student_id}} का अभी कोई {{kind}} नहीं है।',
  'students.chooseImageFile': '{{kind}} की फ़ाइल चुनें (JPEG या PNG)।',
  'students.notJpegOrPng': '{{kind}} JPEG या PNG चित्र होना चाहिए।',
  'students.imageDimensions':
    '{{kind}} {{width}}×{{height}} पिक्सेल का है; इसकी चौड़ाई {{min_width}}–{{max_width}} और ऊँचाई {{min_height}}–{{max_height}} होनी चाहिए।',
  'students.imageSaved': 'विद्यार्थी {{student_id}} का {{kind}} सहेजा गया।',
};
