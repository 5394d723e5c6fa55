import type { Catalogue } from '../catalogue.ts';
import type { platform as english } from './platform.en.ts';

/** The platform's messages in Hindi (same codes and parameters as platform.en.ts). */
export const platform: Catalogue<typeof english> = {
  'platform.notFound': 'नहीं मिला।',
  'platform.noSuchCall': 'ऐसी कोई API कॉल नहीं है: {{method}} {{path}}',
  'platform.recordMissing': 'यह अभिलेख मौजूद नहीं है।',
  'platform.duplicateKey': 'इस कुंजी का अभिलेख पहले से मौजूद है।',
  'platform.dependedOn': 'दूसरे अभिलेख इस पर निर्भर हैं, या जिस अभिलेख की ओर यह इंगित करता है वह मौजूद नहीं है।',
  'platform.invalidData': 'दिया गया डेटा अमान्य था।',
  'platform.notJson': 'अनुरोध का मुख्य भाग मान्य JSON नहीं है।',
  'platform.bodyTooLarge': 'अनुरोध का मुख्य भाग बहुत बड़ा है।',
  'platform.notUtf8Json': 'अनुरोध का मुख्य भाग UTF-8 JSON में भेजें।',
  'platform.brokenEscape': 'अनुरोध का पता त्रुटिपूर्ण है (एक टूटा हुआ %-एस्केप)।',
  'platform.tookTooLong':
    'डेटाबेस ने उत्तर देने में बहुत समय लिया और अनुरोध रोक दिया गया। थोड़ी देर में फिर प्रयास करें, या खोज को सीमित करें।',
  'platform.busy': 'सर्वर अभी व्यस्त है; कृपया कुछ सेकंड में फिर प्रयास करें।',
  'platform.databaseUnreachable': 'डेटाबेस अभी उपलब्ध नहीं है; कृपया एक मिनट में फिर प्रयास करें।',
  'platform.databaseRestarting': 'डेटाबेस पुनः आरंभ हो रहा है; कृपया कुछ सेकंड में फिर प्रयास करें।',
  'platform.checkWhetherSaved':
    '{{reason}} यदि आप कोई परिवर्तन सहेज रहे थे, तो पहले पृष्ठ फिर से लोड करके देखें कि वह सहेजा गया या नहीं।',
  'platform.internal': 'सर्वर पर कुछ गड़बड़ हुई। इसे दर्ज कर लिया गया है; कृपया फिर प्रयास करें।',
  'platform.sessionInvalid': 'आपका सत्र समाप्त हो गया है या अमान्य है; कृपया फिर से साइन इन करें।',
  'platform.roleMayNot': 'आपकी भूमिका यह कार्य नहीं कर सकती।',
  'platform.nulCharacter': 'इसमें NUL वर्ण (\\u0000) नहीं होना चाहिए',
  'platform.text': '{{text}}',
  'platform.methodNotAllowed': '{{method}} यहाँ समर्थित नहीं है; {{allowed}} का उपयोग करें।',
  'platform.sendJson': 'अनुरोध का मुख्य भाग JSON में भेजें (Content-Type: application/json)।',
  'platform.headersTooLong': 'अनुरोध का पता या उसके हेडर बहुत लंबे हैं।',
  'platform.requestTooSlow': 'अनुरोध आने में बहुत समय लगा।',
  'platform.malformedRequest': 'अनुरोध त्रुटिपूर्ण है।',
};
