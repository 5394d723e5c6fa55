import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMessageRenderer,
  englishMessages,
  fieldErrors,
  issueMessage,
  label,
  list,
  msg,
  plainParams,
  type MessageCode,
} from '../src/index.ts';
import hindiMessages from '../src/i18n/messages-hi.ts';
import hindiScreens from '../src/i18n/screens-hi.ts';

const parametersOf = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const codes = Object.keys(englishMessages) as Array<keyof typeof englishMessages>;

describe('the message catalogues', () => {
  it('give every code its Hindi, with the same parameters, and no Hindi without its code', () => {
    expect(Object.keys(hindiMessages).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const hindi = hindiMessages[code];
      expect(hindi.trim(), code).not.toBe('');
      // zod's own checks carry their sentence in each language as a parameter of that language.
      if (code !== 'validation.zod')
        expect(parametersOf(hindi), code).toEqual(parametersOf(englishMessages[code]));
      // A template made only of parameters and punctuation (`{{text}}`, ` ({{college_id}})`) is the same in
      // both; any other Hindi is written in Devanagari.
      if (/[A-Za-z]/.test(englishMessages[code].replace(/\{\{\w+\}\}/g, '')))
        expect(hindi, code).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('name each code after its module, and keep every code unique across modules', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z0-9]*(_(one|other))?$/);
  });
});

describe('rendering a message', () => {
  const renderer = createMessageRenderer({ strict: true });
  renderer.addLanguage('hi', hindiMessages, hindiScreens);

  it('fills the parameters in the reader language; English by default and for codes a language lacks', () => {
    const message = msg('platform.noSuchCall', { method: 'GET', path: '/api/nothing' });
    expect(renderer.render(message)).toBe('No such API call: GET /api/nothing');
    expect(renderer.render(message, 'hi')).toBe('ऐसी कोई API कॉल नहीं है: GET /api/nothing');
  });

  it('renders nested messages and labels in the same language, and never interprets a value', () => {
    const nested = msg('platform.checkWhetherSaved', { reason: msg('platform.busy') });
    expect(renderer.render(nested)).toBe(
      'The server is busy right now; please try again in a few seconds. If you were saving a change, ' +
        'reload first to see whether it was saved.',
    );
    expect(renderer.render(nested, 'hi')).toMatch(/^सर्वर अभी व्यस्त है/);
    expect(renderer.render(msg('platform.text', { text: label('Verified') }), 'hi')).toBe(
      hindiScreens['Verified'] ?? 'Verified',
    );
    expect(renderer.render(msg('platform.text', { text: '{{secret}} $t(platform.busy)' }))).toBe(
      '{{secret}} $t(platform.busy)',
    );
  });

  it('reads a list of items with its separator, each item in the language', () => {
    const choices = ['Verify', 'Return'].map((action) =>
      msg('records.actionChoice', { action: label(action), key: action.toLowerCase() }),
    );
    const now = msg('records.allowedNow', { actions: list(choices) });
    expect(renderer.render(now)).toBe('Allowed now: Verify (verify), Return (return).');
    expect(renderer.render(now, 'hi')).toBe(
      `अभी अनुमत: ${hindiScreens['Verify'] ?? 'Verify'} (verify), ${hindiScreens['Return'] ?? 'Return'} ` +
        `(return)।`,
    );
    expect(plainParams({ actions: list([label('Verify'), 'x']) })).toEqual({ actions: ['Verify', 'x'] });
  });

  it('refuses, under test, a template whose parameter the message lacks', () => {
    expect(() => renderer.render(msg('platform.noSuchCall', { method: 'GET' }))).toThrow(/path/);
  });

  it('refuses a parameter named like an option of i18next', () => {
    expect(() => renderer.render(msg('platform.text', { text: 'x', lng: 'hi' }))).toThrow(/reserved/);
  });
});

describe('field errors as messages', () => {
  const schema = z.object({
    name: z.string().max(3),
    count: z.number(),
    note: z.string({ error: 'Must be text' }),
    code: z.string({ error: 'platform.nulCharacter' satisfies MessageCode }),
  });
  const error = schema.safeParse({ name: 'abcd', count: 'x', note: 1, code: 2 }).error!;

  it('keep zod own sentences in English, and give zod own Hindi for them', () => {
    const [tooBig, wrongType] = [issueMessage(error.issues[0]!), issueMessage(error.issues[1]!)];
    expect(tooBig).toMatchObject({
      code: 'validation.zod',
      params: { en: 'Too big: expected string to have <=3 characters' },
    });
    expect(String(tooBig.params?.hi)).toMatch(/बहुत बड़ा/);
    expect(wrongType.params?.en).toBe('Invalid input: expected number, received string');
    expect(String(wrongType.params?.hi)).toMatch(/string/);
  });

  it('keep a schema sentence without a code as it is, and turn a schema code into its message', () => {
    expect(fieldErrors(error)).toEqual({
      name: ['Too big: expected string to have <=3 characters'],
      count: ['Invalid input: expected number, received string'],
      note: ['Must be text'],
      code: ['Must not contain the NUL character (\\u0000)'],
    });
    expect(issueMessage(error.issues[3]!)).toMatchObject({ code: 'platform.nulCharacter' });
  });
});
