import type { Catalogue } from '../catalogue.ts';
import type { jobs as english } from './jobs.en.ts';

/** Long work run as jobs, in Hindi (same codes and parameters as jobs.en.ts). */
export const jobs: Catalogue<typeof english> = {
  'jobs.notFound': 'ऐसा कोई कार्य नहीं है।',
  'jobs.unknownKind': 'इस संस्करण का कोई भी रनर {{kind}} प्रकार के कार्य नहीं जानता।',
  'jobs.failedOnServer': 'सर्वर पर एक त्रुटि के कारण कार्य विफल हुआ; इसे दर्ज कर लिया गया है।',
  'jobs.moreErrors': '… और {{count}} अन्य, जो सूचीबद्ध नहीं हैं।',
  'jobs.gaveUp': 'कार्य {{attempts}} बार पूरा हुए बिना रुका (हर बार उसकी प्रक्रिया समाप्त हो गई); उसे छोड़ दिया गया।',
};
