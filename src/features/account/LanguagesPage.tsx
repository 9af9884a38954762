import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { LANGUAGE_INFO, isLang } from '../../i18n/languages.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

const languages = () => core.languages();

/**
 * The languages the site offers (the `languages` call of section 7, from the site settings), each
 * in its own name and script. Choosing one sets it and goes Home (section 2); the language cookie
 * lasts 365 days.
 */
export function LanguagesPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { load } = useLoad(languages);
  const choose = (code: string) => {
    document.cookie = `lang=${code}; path=/; max-age=${365 * 86_400}; samesite=lax`;
    localStorage.setItem('lang', code);
    void navigate({ to: '/$lang', params: { lang: code } });
  };
  return (
    <div className="acc-page">
      <PageHeader title={t`Languages`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 17 * 52 }} aria-busy="true" />}
      {load.state === 'ready' && (
        <ul className="acc-choices" data-testid="languages">
          {load.data.filter((l) => isLang(l.lang)).map((l) => (
            <li key={l.lang}>
              <button type="button" aria-pressed={l.lang === lang} onClick={() => choose(l.lang)} data-lang={l.lang}>
                <span lang={LANGUAGE_INFO[l.lang].tag} dir={l.dir}>{l.name}</span>
                {/* The language's own code (KMR for Kurmancî, CKB for Sorani), upper-cased in the script's own
                    rules: a Turkish page would turn 'it' into 'İT'. */}
                <small>{l.default ? <><Trans>default</Trans> · </> : null}<span className="lang-code" lang="en" data-testid="lang-code">{displayCode(l.lang)}</span></small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A language's code as shown: its language tag (the site's codes iq, kr and cw are not ISO 639-1), in capitals. */
function displayCode(lang: string): string {
  return (isLang(lang) ? LANGUAGE_INFO[lang].tag : lang).toUpperCase();
}
