import type { Catalogue } from '../catalogue.ts';
import type { masterData as english } from './master-data.en.ts';

/** The master-data module's messages in Hindi (same codes and parameters as master-data.en.ts). */
export const masterData: Catalogue<typeof english> = {
  'masterData.noSuchSession': 'सत्र {{session_id}} मौजूद नहीं है।',
  'masterData.noSuchRecord': '{{title}} {{key}} मौजूद नहीं है।',

  'masterData.copyFromItself': 'जिस सत्र में प्रतिलिपि बनानी है, उससे भिन्न कोई सत्र चुनें जिससे प्रतिलिपि ली जाए।',
  'masterData.copyPreview': '{{from}} की {{to}} में प्रतिलिपि से {{made}} बनेंगे ({{kept}})।',
  'masterData.copyDone': '{{from}} की {{to}} में प्रतिलिपि बनी: {{made}} बनाए गए ({{kept}}, जैसे थे वैसे छोड़े गए)।',
  'masterData.copyMade': '{{links}} पाठ्यक्रम-सेमेस्टर संबंध और {{schemes}} प्रश्नपत्र योजनाएँ',
  'masterData.copyKept': '{{kept}} पहले से {{to}} में',
  'masterData.copiedFrom': 'सत्र {{from}} से प्रतिलिपि',
  'masterData.copyRace':
    'सत्र {{to}} में उसी समय कोई और प्रतिलिपि बना रहा था; कुछ भी प्रतिलिपि नहीं हुआ। पूर्वावलोकन फिर से चलाएँ।',

  'masterData.rulesetLocked':
    'नियम-समूह {{ruleset_id}} संस्करण {{version}} लॉक है: इससे एक प्रकाशित परिणाम की गणना हुई है, इसलिए यह बदल नहीं सकता। इसके बजाय नया संस्करण बनाएँ।',

  'masterData.starterCannotSignIn': 'यह जॉब आरंभ करने वाला उपयोगकर्ता अब साइन इन नहीं कर सकता।',
  'masterData.starterMayNotPrint': 'यह जॉब आरंभ करने वाला उपयोगकर्ता अब संबद्धता पत्र मुद्रित नहीं कर सकता।',
  'masterData.noCollege': 'कोई महाविद्यालय {{college_id}} नहीं है।',
  'masterData.noChosenCollege': 'चुने गए महाविद्यालयों में से कोई मौजूद नहीं है; कोई पत्र मुद्रित नहीं हुआ।',
};
