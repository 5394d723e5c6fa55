import type { IncomingMessage } from 'node:http';
import {
  LANGUAGE_CODES,
  createMessageRenderer,
  plainParams,
  type Language,
  type Message,
} from '@exam/contracts';
import hindiMessages from '@exam/contracts/i18n/messages-hi';
import hindiScreens from '@exam/contracts/i18n/screens-hi';

/**
 * The API's messages: every language loaded at start (a few hundred kB of text), rendered per request in the
 * reader's language. Under test a message whose template names a parameter the message lacks throws (a 500 in
 * the test), so a forgotten parameter cannot reach a user as `{{name}}`.
 */
const renderer = createMessageRenderer({ strict: process.env.NODE_ENV === 'test' });
renderer.addLanguage('hi', hindiMessages, hindiScreens);

/**
 * The reader's language: the first of `Accept-Language` that we write (`hi`, `hi-IN` → Hindi), English
 * otherwise. The web app sends the language its screens are in.
 */
export function languageOf(req: Pick<IncomingMessage, 'headers'>): Language {
  const header = req.headers['accept-language'];
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    ranked
      .map((entry) => entry.base)
      .find((base): base is Language => (LANGUAGE_CODES as readonly string[]).includes(base)) ?? 'en'
  );
}

export const renderMessage = (message: Message, language: Language = 'en') =>
  renderer.render(message, language);

/**
 * A notice in an answer, for its reader: the sentence as `message`, its code and parameters beside it
 * (`res.json({ record, ...notice(req, msg('…', {…})) })`).
 */
export function notice(req: Pick<IncomingMessage, 'headers'>, message: Message) {
  const params = plainParams(message.params);
  return {
    message: renderer.render(message, languageOf(req)),
    message_code: message.code,
    ...(params ? { params } : {}),
  };
}
