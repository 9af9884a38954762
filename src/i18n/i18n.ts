import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANG, isLang, RTL, type Lang } from './languages.ts';

const STORED = 'lang';
// Catalogs that exist today; other languages fall back to English until translated.
const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  tr: () => import('./locales/tr/messages.po'),
  en: () => import('./locales/en/messages.po'),
};

/** The language to use when the URL has none or an unknown one. */
export function currentLang(): Lang {
  const active = i18n.locale;
  if (isLang(active)) return active;
  const stored = localStorage.getItem(STORED) ?? undefined;
  return isLang(stored) ? stored : DEFAULT_LANG;
}

/** Loads and activates a language, and mirrors the page for right-to-left ones. */
export async function activateLanguage(lang: Lang): Promise<void> {
  if (i18n.locale === lang) return;
  const { messages } = await (catalogs[lang] ?? catalogs.en!)();
  i18n.loadAndActivate({ locale: lang, messages });
  localStorage.setItem(STORED, lang);
  document.documentElement.lang = lang === 'iq' ? 'ckb' : lang;
  document.documentElement.dir = RTL.has(lang) ? 'rtl' : 'ltr';
}

export { i18n };
