import type { Catalogue } from '../catalogue.ts';
import type { server as english } from './server.en.ts';

/** What the server answers before it serves (start-up), in Hindi (same codes as server.en.ts). */
export const server: Catalogue<typeof english> = {
  'server.migrating': 'सर्वर डेटाबेस माइग्रेशन लागू होने की प्रतीक्षा कर रहा है; कुछ सेकंड में फिर प्रयास करें।',
  'server.starting': 'सर्वर आरंभ हो रहा है; कुछ सेकंड में फिर प्रयास करें।',
  'server.readyMigrating': 'डेटाबेस माइग्रेशन की प्रतीक्षा है।',
  'server.readyUnreachable': 'डेटाबेस अभी उपलब्ध नहीं है।',
};
