import i18next from 'i18next';
import { createMessageRenderer, type Message } from '@exam/contracts';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readPref, writePref } from './prefs.ts';

/**
 * The screens' language: English (the spec's texts, exactly as written) by default, Hindi on request. The
 * English text is the key (no separate English catalogue to drift from the spec); the Hindi catalogue maps
 * each English text to its Hindi, and loads only when Hindi is chosen, so English pages carry none of it. A
 * text the catalogue lacks shows in English. The choice is kept in this browser (it outlives a sign-out) and
 * sets `<html lang>`.
 */
export type Language = 'en' | 'hi';
export const LANGUAGES: { code: Language; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
];
const PREF = 'language';
/** Kept for the whole browser (not per user): the sign-in screen shows in it too. */
const PREF_USER = 'browser';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: {} } },
  // English sentences are the keys: they hold dots and colons.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

const loaded = new Set<Language>(['en']);

/** Messages by code (a form's own field errors; the server renders its own in the language the app sends). */
const messages = createMessageRenderer();

/** A message in the screens' language. */
export const renderMessage = (message: Message) =>
  messages.render(message, i18n.language === 'hi' ? 'hi' : 'en');

/** Switches the screens to a language (loading its catalogue first), remembers it and sets `<html lang>`. */
export async function setLanguage(language: Language) {
  if (!loaded.has(language)) {
    const [{ default: catalogue }, { default: hindiMessages }] = await Promise.all([
      import('@exam/contracts/i18n/screens-hi'),
      import('@exam/contracts/i18n/messages-hi'),
    ]);
    i18n.addResourceBundle(language, 'translation', catalogue);
    messages.addLanguage(language, hindiMessages, catalogue);
    loaded.add(language);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  writePref(PREF, language, PREF_USER);
}

export const storedLanguage = (): Language => (readPref(PREF, PREF_USER) === 'hi' ? 'hi' : 'en');

/** At start: the remembered language (English when none). */
export function startLanguage() {
  const language = storedLanguage();
  document.documentElement.lang = language;
  if (language !== 'en') void setLanguage(language);
}

/** The locale for `Intl` formats of the current language (dates in Indian style either way). */
export const intlLocale = () => (i18n.language === 'hi' ? 'hi-IN' : 'en-IN');

/** `t` of the screens' language, and the language; components re-render when it changes. */
export function useT() {
  const { t, i18n: instance } = useTranslation();
  return { t, language: (instance.language === 'hi' ? 'hi' : 'en') as Language };
}
