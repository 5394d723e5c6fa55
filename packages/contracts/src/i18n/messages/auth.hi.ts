import type { Catalogue } from '../catalogue.ts';
import type { auth as english } from './auth.en.ts';

/** Sign-in and sessions in Hindi (same codes and parameters as auth.en.ts). */
export const auth: Catalogue<typeof english> = {
  'auth.loginFailed': 'अमान्य ईमेल या पासवर्ड।',
  'auth.tooManyFailedSignIns': 'साइन इन के बहुत अधिक असफल प्रयास। {{minutes}} मिनट बाद फिर प्रयास करें।',
  'auth.loginSuccessful': 'लॉगिन सफल रहा।',
  'auth.signedOut': 'आप साइन आउट हो गए हैं।',
  'auth.signInFirst': 'पहले साइन इन करें: इस कॉल के लिए बेयरर टोकन आवश्यक है।',
  'auth.tooManyRequests': 'आपके एक साथ बहुत अधिक अनुरोध चल रहे हैं; उनके पूरे होने की प्रतीक्षा करें, फिर प्रयास करें।',
  'auth.signedOutAlready': 'आप साइन आउट कर चुके हैं; कृपया फिर से साइन इन करें।',
  'auth.accountGone': 'यह खाता अब मौजूद नहीं है या निष्क्रिय कर दिया गया है।',
  // A role without a capability (identity/capabilities.ts): `{{what}}` is the capability's description.
  'auth.roleMayNot': '{{role}} भूमिका यह नहीं कर सकती: {{what}}।',
  'auth.noMasterData': '{{role}} भूमिका की मूल आँकड़ों तक पहुँच नहीं है।',
  'auth.masterDataReadOnly':
    '{{role}} भूमिका मूल आँकड़े देख सकती है, पर उन्हें बदल नहीं सकती; परीक्षा कार्यालय से संपर्क करें।',
  'auth.noColleges': '{{role}} भूमिका की महाविद्यालयों तक पहुँच नहीं है।',
};
