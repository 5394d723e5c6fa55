import i18next from 'i18next';
import { isLabel, isList, isMessage, type Message, type MessageParam } from './message.ts';
import { englishMessages } from './messages-en.ts';

/** The languages messages and screens are written in; English is the default and the fallback. */
export type Language = 'en' | 'hi';
export const LANGUAGE_CODES = ['en', 'hi'] as const satisfies readonly Language[];

export interface MessageRenderer {
  /**
   * Adds a language: its messages (by code) and its screens' catalogue (English text -> text), for labels.
   */
  addLanguage(
    language: Language,
    messages: Readonly<Record<string, string>>,
    screens: Readonly<Record<string, string>>,
  ): void;
  /** The sentence of a message in a language (English where the language lacks it). */
  render(message: Message, language?: Language): string;
}

/** i18next's own options that a parameter name must not shadow: parameters travel in `replace`. */
const RESERVED = new Set(['lng', 'lngs', 'ns', 'defaultValue', 'context', 'replace', 'ordinal']);

/**
 * Renders messages with i18next (the library the screens use): `{{name}}` parameters, `_one`/`_other` plurals
 * by `count` (CLDR rules per language). Parameters are written as given and never interpreted (no nesting, no
 * HTML escaping: answers are JSON and screens escape). `strict` (tests) throws on a parameter a template
 * names but the message lacks, so a forgotten parameter fails a test instead of showing `{{name}}`.
 */
export function createMessageRenderer(options: { strict?: boolean } = {}): MessageRenderer {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: englishMessages } },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: {
      escapeValue: false,
      skipOnVariables: true,
      // Messages never nest; a value that looks like a nesting call stays text.
      nestingPrefix: '\u0000nest(',
      nestingSuffix: ')\u0000',
    },
    missingInterpolationHandler: options.strict
      ? (text: string, value: unknown) => {
          throw new Error(
            `Message parameter ${String((value as string[])?.[1] ?? value)} missing in "${text}"`,
          );
        }
      : undefined,
  });
  const screens: Partial<Record<Language, Readonly<Record<string, string>>>> = {};

  const param = (value: MessageParam, language: Language): string | number | boolean => {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return value.map((inner: Message) => render(inner, language)).join('; ');
    if (isList(value)) return value.list.map((item) => String(param(item, language))).join(value.separator);
    if (isLabel(value))
      return (language === 'en' ? undefined : screens[language]?.[value.label]) ?? value.label;
    if (isMessage(value)) return render(value, language);
    return value as string | number | boolean;
  };

  function render(message: Message, language: Language = 'en'): string {
    const replace: Record<string, string | number | boolean> = {};
    for (const [name, value] of Object.entries(message.params ?? {})) {
      if (RESERVED.has(name)) throw new Error(`Message parameter name ${name} is reserved by i18next`);
      replace[name] = param(value, language);
    }
    const count = typeof message.params?.count === 'number' ? message.params.count : undefined;
    return instance.t(message.code, { lng: language, replace, ...(count === undefined ? {} : { count }) });
  }

  return {
    addLanguage(language, messages, screensCatalogue) {
      instance.addResourceBundle(language, 'translation', messages, true, true);
      screens[language] = screensCatalogue;
    },
    render,
  };
}

let english: MessageRenderer | undefined;
/** English only, made on first use: for callers without a reader (logs, the English `fieldErrors`). */
export const renderEnglish = (message: Message) =>
  (english ??= createMessageRenderer()).render(message, 'en');
