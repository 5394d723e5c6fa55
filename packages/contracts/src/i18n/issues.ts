import type { z } from 'zod';
import englishZod from 'zod/v4/locales/en.js';
import hindiZod from 'zod/v4/locales/hi.js';
import { label, msg, type Message, type MessageCode, type MessageParams } from './message.ts';
import { englishMessages } from './messages-en.ts';

type Issue = z.core.$ZodIssue;

const zodEnglish = englishZod().localeError;
const zodHindi = hindiZod().localeError;
const sentence = (text: ReturnType<typeof zodEnglish>) => (typeof text === 'string' ? text : text?.message);

/**
 * Whether a text is a code of the catalogue (a schema's own message is one: `{ error: 'validation.required'
 * }`).
 */
export const isMessageCode = (text: string): text is MessageCode =>
  Object.hasOwn(englishMessages, text) || Object.hasOwn(englishMessages, `${text}_one`);

/**
 * The numbers and words of a zod issue, as parameters: `maximum`, `minimum`, `expected`, `format`, `origin`.
 */
function issueParams(issue: Issue): MessageParams {
  const params: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(issue)) {
    if (name === 'message' || name === 'path' || name === 'code' || name === 'input') continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      params[name] = value;
    else if (typeof value === 'bigint') params[name] = value.toString();
    else if (Array.isArray(value) && value.every((v) => ['string', 'number'].includes(typeof v)))
      params[name] = value.join(', ');
  }
  return params;
}

/** A value of the type zod's sentence names as received (the issue no longer carries the input itself). */
const received: Record<string, unknown> = {
  number: 0,
  string: '',
  boolean: false,
  undefined: undefined,
  null: null,
  array: [],
  object: {},
  nan: Number.NaN,
};

/**
 * Recomputes zod's own sentence of an issue in a locale: equal to the issue's message when it is zod's own.
 */
function zodSentence(issue: Issue, locale: typeof zodEnglish) {
  const type = issue.code === 'invalid_type' ? / received (\w+)$/.exec(issue.message)?.[1] : undefined;
  const withInput =
    type !== undefined && Object.hasOwn(received, type) ? { ...issue, input: received[type] } : issue;
  return sentence(locale(withInput as never));
}

/**
 * A field error as a message: the schema's own code with the issue's numbers; zod's own check with zod's
 * sentence in each language; a schema text not yet given a code as that text (translated like a screen text).
 */
export function issueMessage(issue: Issue): Message {
  if (isMessageCode(issue.message)) return msg(issue.message, issueParams(issue));
  if (zodSentence(issue, zodEnglish) === issue.message)
    return msg('validation.zod', { en: issue.message, hi: zodSentence(issue, zodHindi) ?? issue.message });
  return msg('validation.text', { text: label(issue.message) });
}

/**
 * A zod error as the `errors` collection of messages: field name (dotted path, `_` for the whole) ->
 * messages.
 */
export function fieldMessages(error: z.ZodError): Record<string, Message[]> {
  const out: Record<string, Message[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[field] ??= []).push(issueMessage(issue));
  }
  return out;
}
