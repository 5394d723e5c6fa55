import { LANGUAGES, setLanguage, useT } from '../lib/i18n.ts';

/**
 * English | हिन्दी in the header, on every screen (the sign-in one too): a group of two toggle buttons, the
 * chosen one pressed. The choice is remembered in this browser and sets `<html lang>`.
 */
export function LanguageSwitch() {
  const { t, language } = useT();
  return (
    <div className="language-switch no-print" role="group" aria-label={`${t('Language')} / Language`}>
      {LANGUAGES.map(({ code, name }) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-button"
          aria-pressed={language === code}
          onClick={() => void setLanguage(code)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
