import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, LANGUAGE_INFO } from '../../i18n/languages.ts';
import { PageHeader } from './PageHeader.tsx';

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
            <button type="button" aria-pressed={code === lang} onClick={() => choose(code)} lang={LANGUAGE_INFO[code].tag} dir={LANGUAGE_INFO[code].dir}>
              <span>{LANGUAGE_INFO[code].native}</span><small>{code}</small>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
