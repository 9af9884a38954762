import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANG, intlLocales, isLang, LANGUAGE_INFO, type Lang } from './languages.ts';

const STORED = 'lang';
// One lazy chunk per language (the bundler splits each glob match): only the active one is fetched.
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/messages.po');
const catalogOf = (lang: string) => catalogs[`./locales/${lang}/messages.po`] ?? catalogs['./locales/en/messages.po']!;

/** The language to use when the URL has none or an unknown one. */
export function currentLang(): Lang {
  const active = i18n.locale;
  if (isLang(active)) return active;
  const stored = localStorage.getItem(STORED) ?? undefined;
  return isLang(stored) ? stored : DEFAULT_LANG;
}

/**
 * Loads and activates a language: its catalog, the Intl locales of its numbers, dates and plurals
 * (domain/languages.ts), the html lang tag, and the page mirrored for right-to-left ones (fa, iq).
 */
export async function activateLanguage(lang: Lang): Promise<void> {
  if (i18n.locale === lang) return;
  const { messages } = await catalogOf(lang)();
  i18n.loadAndActivate({ locale: lang, locales: intlLocales(lang), messages });
  localStorage.setItem(STORED, lang);
  const info = LANGUAGE_INFO[lang];
  document.documentElement.lang = info.tag;
  document.documentElement.dir = info.dir;
}

export { i18n };
