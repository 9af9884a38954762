import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANG, intlLocales, isLang, LANGUAGE_INFO, siteLanguage, type Lang } from './languages.ts';

const STORED = 'lang';
// One lazy chunk per language (the bundler splits each glob match): only the active one is fetched.
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/messages.po');
const catalogOf = (lang: string) => catalogs[`./locales/${lang}/messages.po`] ?? catalogs['./locales/en/messages.po']!;

/** The site's offered languages and default (settings `languages`, `default_language`), once the worker has them. */
let site: { languages?: readonly string[]; default_language?: string } = {};
export function setSiteLanguages(view: { languages?: readonly string[]; defaultLanguage?: string }): void {
  site = { languages: view.languages, default_language: view.defaultLanguage ?? DEFAULT_LANG };
}
/** The site offers this code (any known code until the settings are in). */
export const offersLang = (code: string | undefined): code is Lang => isLang(code) && siteLanguage(site, code) === code;

/** The language to use when the URL has none, an unknown or an unoffered one: the active, the stored, else the site's default. */
export function currentLang(): Lang {
  return siteLanguage(site, i18n.locale, localStorage.getItem(STORED));
}

/**
 * Loads and activates a language: its catalog, the Intl locales of its numbers, dates and plurals
 * (domain/languages.ts), the html lang tag, and the page mirrored for right-to-left ones (fa, iq).
 */
export async function activateLanguage(lang: Lang, remember = true): Promise<void> {
  // Stored once a route has accepted it (the boot's guess may be a language the site does not offer).
  if (remember) localStorage.setItem(STORED, lang);
  if (i18n.locale === lang) return;
  const { messages } = await catalogOf(lang)();
  i18n.loadAndActivate({ locale: lang, locales: intlLocales(lang), messages });
  const info = LANGUAGE_INFO[lang];
  document.documentElement.lang = info.tag;
  document.documentElement.dir = info.dir;
}

export { i18n };
