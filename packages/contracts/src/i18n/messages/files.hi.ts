import type { Catalogue } from '../catalogue.ts';
import type { files as english } from './files.en.ts';

/** The file platform's messages in Hindi (same codes and parameters as files.en.ts). */
export const files: Catalogue<typeof english> = {
  // The upload
  'files.sendMultipart': 'फ़ाइल को multipart/form-data के रूप में, "file" नाम के फ़ॉर्म फ़ील्ड में भेजें।',
  'files.tooLarge': 'फ़ाइल {{megabytes}} MB से बड़ी है, जो एक आयात की अधिकतम सीमा है। इसे छोटी फ़ाइलों में बाँटें।',
  'files.sendOneFile': '"file" नाम के फ़ॉर्म फ़ील्ड में एक ही फ़ाइल भेजें।',
  'files.tooManyFields': 'अपलोड में बहुत अधिक फ़ॉर्म फ़ील्ड हैं।',
  'files.uploadMalformed': 'अपलोड त्रुटिपूर्ण है या बीच में कट गया; फ़ाइल फिर से भेजें।',
  'files.noFile': 'अनुरोध के साथ कोई फ़ाइल नहीं आई: उसे "file" नाम के फ़ॉर्म फ़ील्ड में भेजें।',
  // The table reader
  'files.saveAs':
    "Excel में File > Save As चुनें और 'CSV UTF-8 (Comma delimited)' या 'Excel Workbook (.xlsx)' चुनें।",
  'files.empty': 'फ़ाइल खाली है।',
  'files.oldExcel': 'यह फ़ाइल पुरानी Excel 97-2003 वर्कबुक (.xls) है, जिसे पढ़ा नहीं जा सकता। {{how}}',
  'files.notAWorkbook':
    'फ़ाइल का नाम .xlsx है, पर यह Excel वर्कबुक नहीं है (यह क्षतिग्रस्त हो सकती है या इसका नाम बदला गया हो सकता है)।',
  'files.utf16': "फ़ाइल 'Unicode Text' (UTF-16) के रूप में सहेजी गई है। {{how}}",
  'files.neitherCsvNorXlsx': 'फ़ाइल न CSV है, न XLSX। {{how}}',
  'files.notUtf8':
    "फ़ाइल UTF-8 पाठ नहीं है (संभवतः इसे 'CSV (Comma delimited)' के रूप में सहेजा गया था, जो Windows कोड पेज का उपयोग करता है और हिन्दी नहीं रख सकता)। {{how}}",
  'files.csvMalformed': 'CSV फ़ाइल त्रुटिपूर्ण है: {{reason}}',
  'files.csvMalformedNearLine': 'CSV फ़ाइल पंक्ति {{line}} के आसपास त्रुटिपूर्ण है: {{reason}}',
  'files.unevenRows': 'पंक्तियों में स्तंभों की संख्या अलग-अलग है',
  'files.xlsxUnreadable':
    "Excel फ़ाइल पढ़ी नहीं जा सकती ({{reason}})। इसे फिर से 'Excel Workbook (.xlsx)' के रूप में सहेजें।",
  'files.noWorksheet': 'Excel फ़ाइल में कोई वर्कशीट नहीं है।',
  'files.columnTwice': 'स्तंभ {{column}} दो बार आया है (स्तंभ {{first}} और {{second}})।',
  'files.namedColumn': '"{{name}}" (स्तंभ {{letter}})',
  'files.unknownColumns_one':
    'अज्ञात स्तंभ {{columns}}। स्तंभ ये हैं: {{expected}}। सही शीर्ष पंक्ति से आरंभ करने के लिए टेम्पलेट डाउनलोड करें।',
  'files.unknownColumns_other':
    'अज्ञात स्तंभ {{columns}}। स्तंभ ये हैं: {{expected}}। सही शीर्ष पंक्ति से आरंभ करने के लिए टेम्पलेट डाउनलोड करें।',
  'files.missingColumns_one': 'स्तंभ अनुपस्थित है: {{columns}}। स्तंभ ये हैं: {{expected}}।',
  'files.missingColumns_other': 'स्तंभ अनुपस्थित हैं: {{columns}}। स्तंभ ये हैं: {{expected}}।',
  'files.headerNotFirst': 'पंक्ति 1 शीर्ष पंक्ति (टेम्पलेट के स्तंभों के नाम) होनी चाहिए; फ़ाइल पंक्ति {{row}} से आरंभ होती है।',
  'files.valueWithoutHeader': 'पंक्ति {{row}} में स्तंभ {{column}} में एक मान है, जिसका कोई शीर्षक नहीं है।',
  'files.tooManyRows': 'फ़ाइल में {{max}} से अधिक पंक्तियाँ हैं, जो एक आयात की अधिकतम सीमा है। इसे छोटी फ़ाइलों में बाँटें।',
  'files.noRows': 'फ़ाइल में कोई पंक्ति नहीं है।',
  'files.noDataRows': 'फ़ाइल में शीर्ष पंक्ति है, पर कोई डेटा पंक्ति नहीं है।',
  // The rows of an import
  'files.lostLetters':
    "जहाँ अक्षर थे वहाँ प्रश्नचिह्न हैं: फ़ाइल ऐसे कोड पेज में सहेजी गई थी जो हिन्दी नहीं रख सकता। इसे 'CSV UTF-8' के रूप में सहेजकर फिर से आयात करें।",
  'files.sameKeyAs': 'पंक्ति {{row}} जैसी ही कुंजी ({{key}}); प्रत्येक अभिलेख एक ही बार आ सकता है।',
  'files.existsOutsideScope': '{{record}} {{key}} आपके दायरे के बाहर पहले से मौजूद है; आप इसे नहीं बदल सकते।',
  // The import as a whole
  'files.reachesNone':
    'आपका खाता किसी भी {{record}} अभिलेख तक नहीं पहुँचता ({{scope}} दायरा), इसलिए यह कुछ भी आयात नहीं कर सकता; परीक्षा कार्यालय से संपर्क करें।',
  'files.rowsOutsideScope':
    'फ़ाइल की कुछ पंक्तियाँ (पंक्ति {{first}} से {{last}}) आपके दायरे के बाहर होंगी; आप केवल अपने ही अभिलेख जोड़ सकते हैं। कुछ भी आयात नहीं हुआ।',
  'files.rowChangedMeanwhile':
    'आयात के दौरान पंक्ति {{row}} ({{key}}) को किसी और ने बदल दिया। कुछ भी आयात नहीं हुआ; फ़ाइल फिर से आयात करें।',
  'files.changedMeanwhile':
    'आयात के दौरान फ़ाइल के कुछ अभिलेख किसी और ने जोड़े, बदले या हटाए। कुछ भी आयात नहीं हुआ; फ़ाइल फिर से आयात करें।',
  'files.rows_one': '{{count}} पंक्ति',
  'files.rows_other': '{{count}} पंक्तियों',
  'files.rowsFailed_one':
    'कुछ भी आयात नहीं हुआ: {{rows}} में से {{count}} में त्रुटियाँ हैं। उन्हें ठीक करके फ़ाइल फिर से आयात करें।',
  'files.rowsFailed_other':
    'कुछ भी आयात नहीं हुआ: {{rows}} में से {{count}} में त्रुटियाँ हैं। उन्हें ठीक करके फ़ाइल फिर से आयात करें।',
  'files.validDryRun':
    'फ़ाइल मान्य है ({{created}} बनाने हैं, {{updated}} बदलने हैं, {{unchanged}} अपरिवर्तित)। यह केवल परीक्षण था: कुछ भी सहेजा नहीं गया।',
  'files.imported_one':
    '{{count}} पंक्ति आयात हुई: {{created}} बनाई गई, {{updated}} बदली गई, {{unchanged}} अपरिवर्तित।',
  'files.imported_other':
    '{{count}} पंक्तियाँ आयात हुईं: {{created}} बनाई गईं, {{updated}} बदली गईं, {{unchanged}} अपरिवर्तित।',
  // An import run as a job
  'files.uploadGone': 'अपलोड की गई फ़ाइल अब रखी नहीं गई है (अपलोड कुछ ही दिन रखे जाते हैं); उसे फिर से अपलोड करें।',
  'files.importerGone': 'यह आयात आरंभ करने वाला उपयोगकर्ता अब मौजूद नहीं है; कुछ भी आयात नहीं हुआ।',
  // Stored files
  'files.fileGone': 'ऐसी कोई फ़ाइल नहीं है: हो सकता है उसकी अवधि समाप्त हो गई हो; कार्य फिर से चलाएँ।',
};
