import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGES } from '../../i18n/languages.ts';
import { PageHeader } from './PageHeader.tsx';

/** Native names of the 17 codes of section 9; iq (Iraq) is Kurdish. */
const NAMES: Record<string, string> = {
  aa: 'Afaraf', az: 'Azərbaycanca', cw: 'Chichewa', de: 'Deutsch', el: 'Ελληνικά', en: 'English', es: 'Español', fa: 'فارسی', fr: 'Français',
  iq: 'کوردی (عێراق)', it: 'Italiano', kr: 'کوردی', nl: 'Nederlands', pt: 'Português', ru: 'Русский', sq: 'Shqip', tr: 'Türkçe',
};

/** Choosing a language sets it and goes Home (section 2); the language cookie lasts 365 days. */
export function LanguagesPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const choose = (code: string) => {
    document.cookie = `lang=${code}; path=/; max-age=${365 * 86_400}; samesite=lax`;
    localStorage.setItem('lang', code);
    void navigate({ to: '/$lang', params: { lang: code } });
  };
  return (
    <div className="acc-page">
      <PageHeader title={t`Languages`} />
      <ul className="acc-choices" data-testid="languages">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <button type="button" aria-pressed={code === lang} onClick={() => choose(code)} lang={code === 'iq' || code === 'kr' ? 'ckb' : code}>
              <span>{NAMES[code]}</span><small>{code}</small>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
