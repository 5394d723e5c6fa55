import type { Catalogue } from '../catalogue.ts';
import type { records as english } from './records.en.ts';

/** The platform's record services in Hindi (same codes and parameters as records.en.ts). */
export const records: Catalogue<typeof english> = {
  'records.notFound': '{{record}} {{key}} मौजूद नहीं है।',
  'records.addFirst': '{{record}} {{key}} मौजूद नहीं है; पहले उसे जोड़ें।',
  'records.keyNotChangeable': 'इसे यहाँ नहीं बदला जा सकता; यह फ़ॉर्म {{field}} {{value}} को संपादित करता है।',
  'records.giveOneValue': 'एक ही मान दें',
  'records.noneWithKey': 'किसी {{record}} का {{field}} "{{value}}" नहीं है।',
  'records.exists': '{{record}} {{key}} पहले से मौजूद है।',
  'records.changedSinceOpened':
    '{{record}} {{key}} को आपके खोलने के बाद किसी और ने बदल दिया। इसे फिर से लोड करें और अपना परिवर्तन दोबारा करें।',
  'records.changedSinceOpenedTryAgain':
    '{{record}} {{key}} को आपके खोलने के बाद किसी और ने बदल दिया। इसे फिर से लोड करें और दोबारा प्रयास करें।',
  'records.changedJustNow':
    '{{record}} {{key}} को अभी-अभी किसी और ने बदल दिया। इसे फिर से लोड करें और दोबारा प्रयास करें।',
  'records.usedBy':
    '{{record}} {{key}} हटाया नहीं जा सकता: इसका उपयोग {{users}} करते हैं। पहले उन्हें हटाएँ या स्थानांतरित करें।',
  'records.inUse': '{{record}} {{key}} उपयोग में है और हटाया नहीं जा सकता।',
  'records.outsideScope': '{{record}} {{key}} आपके दायरे से बाहर होगा; आप केवल अपने अभिलेख जोड़ सकते हैं।',
  'records.onlyYourOwn': 'आप केवल {{field}} {{value}} (अपना) उपयोग कर सकते हैं।',
  'records.accountLacks': 'आपके खाते में {{field}} नहीं है; परीक्षा कार्यालय से इसे सेट करने को कहें।',
  'records.sortBy': 'इनमें से किसी एक से क्रमबद्ध करें: {{fields}}',
  'records.nowStatus': '{{record}} {{key}} अब {{status}} है।',
  'records.transitionRefused': '{{record}} {{key}} {{status}} ({{code}}) है; {{why}}। {{now}}',
  'records.actionNeeds': '{{action}} के लिए आवश्यक है: {{condition}}',
  'records.actionNeedsUnnamed': '{{action}} के लिए एक शर्त आवश्यक है जो पूरी नहीं होती',
  'records.actionNotFromStatus': 'इस स्थिति से {{action}} की अनुमति नहीं है',
  'records.allowedNow': 'अभी अनुमत: {{actions}}।',
  'records.noActionNow': 'अभी कोई कार्रवाई अनुमत नहीं है।',
  'records.actionChoice': '{{action}} ({{key}})',
  'records.reasonRequired': 'आवश्यक: कारण बताएँ ({{action}} उसके कारण के साथ दर्ज होता है)',
  'records.created': '{{record}} सफलतापूर्वक बनाया गया।',
  'records.updated': '{{record}} सफलतापूर्वक अद्यतन किया गया।',
  'records.deleted': '{{record}} सफलतापूर्वक हटाया गया।',
};
