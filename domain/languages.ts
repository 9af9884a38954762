/**
 * The 17 languages of account-platform.md section 9 and what each code is taken to be (README,
 * Languages): its native name, reading direction, HTML lang tag and the Intl locales that format
 * its numbers, dates and plurals. Three codes are not the ISO 639-1 code of the language:
 * cw is Papiamentu (Curaçao, where the operator is licensed), iq is Kurdish Sorani (section 4:
 * iq maps to Kurdish) and kr is Kurdish Kurmanji (section 7: kr is the Kurdish code of the slider call).
 */
export const LANGUAGES = ['aa', 'az', 'cw', 'de', 'el', 'en', 'es', 'fa', 'fr', 'iq', 'it', 'kr', 'nl', 'pt', 'ru', 'sq', 'tr'] as const;
export type Lang = (typeof LANGUAGES)[number];
/** The spec's default language (section 9); the site settings may choose another. */
export const DEFAULT_LANG: Lang = 'tr';

export interface LanguageInfo {
  /** The name in the language itself, as the Languages page lists it. */
  native: string;
  /** The English name (README, back office). */
  english: string;
  dir: 'ltr' | 'rtl';
  /** BCP 47 tag for the html lang attribute (screen readers, fonts, hyphenation). */
  tag: string;
  /** Intl locales in order of preference: the first one the runtime knows formats numbers, dates and plurals. */
  intl: readonly string[];
}

export const LANGUAGE_INFO: Readonly<Record<Lang, LanguageInfo>> = {
  aa: { native: 'Qafaraf', english: 'Afar', dir: 'ltr', tag: 'aa', intl: ['aa', 'en'] },
  az: { native: 'Azərbaycanca', english: 'Azerbaijani', dir: 'ltr', tag: 'az', intl: ['az'] },
  cw: { native: 'Papiamentu', english: 'Papiamentu', dir: 'ltr', tag: 'pap', intl: ['pap-CW', 'nl-CW', 'nl'] },
  de: { native: 'Deutsch', english: 'German', dir: 'ltr', tag: 'de', intl: ['de'] },
  el: { native: 'Ελληνικά', english: 'Greek', dir: 'ltr', tag: 'el', intl: ['el'] },
  en: { native: 'English', english: 'English', dir: 'ltr', tag: 'en', intl: ['en-GB', 'en'] },
  es: { native: 'Español', english: 'Spanish', dir: 'ltr', tag: 'es', intl: ['es'] },
  fa: { native: 'فارسی', english: 'Persian', dir: 'rtl', tag: 'fa', intl: ['fa'] },
  fr: { native: 'Français', english: 'French', dir: 'ltr', tag: 'fr', intl: ['fr'] },
  iq: { native: 'کوردی (سۆرانی)', english: 'Kurdish (Sorani)', dir: 'rtl', tag: 'ckb', intl: ['ckb-IQ', 'ckb', 'ar-IQ'] },
  it: { native: 'Italiano', english: 'Italian', dir: 'ltr', tag: 'it', intl: ['it'] },
  kr: { native: 'Kurdî (Kurmancî)', english: 'Kurdish (Kurmanji)', dir: 'ltr', tag: 'kmr', intl: ['kmr', 'ku', 'tr'] },
  nl: { native: 'Nederlands', english: 'Dutch', dir: 'ltr', tag: 'nl', intl: ['nl'] },
  pt: { native: 'Português', english: 'Portuguese', dir: 'ltr', tag: 'pt', intl: ['pt'] },
  ru: { native: 'Русский', english: 'Russian', dir: 'ltr', tag: 'ru', intl: ['ru'] },
  sq: { native: 'Shqip', english: 'Albanian', dir: 'ltr', tag: 'sq', intl: ['sq'] },
  tr: { native: 'Türkçe', english: 'Turkish', dir: 'ltr', tag: 'tr', intl: ['tr'] },
};

export const isLang = (code: string | undefined): code is Lang => !!code && (LANGUAGES as readonly string[]).includes(code);

/** Right to left: Persian and Kurdish Sorani. */
export const isRtl = (lang: string): boolean => isLang(lang) && LANGUAGE_INFO[lang].dir === 'rtl';

/** The Intl locales of a language code (English for an unknown one): pass the list, Intl picks the first it has. */
export function intlLocales(lang: string): string[] {
  return [...(isLang(lang) ? LANGUAGE_INFO[lang].intl : []), 'en'];
}

/** One row of the `languages` call (account-platform.md section 7). */
export interface LanguageRow {
  lang: Lang;
  /** The native name, as the Languages page lists it. */
  name: string;
  english: string;
  dir: 'ltr' | 'rtl';
  /** The site's default language (settings default_language, else the first offered). */
  default: boolean;
}

/** The languages a site offers (settings `languages`, in section 9 order; all when none is valid) and its default. */
export function offeredLanguages(settings: { languages?: readonly string[]; default_language?: string }): LanguageRow[] {
  const chosen = new Set(settings.languages ?? LANGUAGES);
  let offered = LANGUAGES.filter((l) => chosen.has(l));
  if (!offered.length) offered = [...LANGUAGES];
  const def = offered.find((l) => l === settings.default_language) ?? (offered.includes(DEFAULT_LANG) ? DEFAULT_LANG : offered[0]!);
  return offered.map((l) => ({ lang: l, name: LANGUAGE_INFO[l].native, english: LANGUAGE_INFO[l].english, dir: LANGUAGE_INFO[l].dir, default: l === def }));
}

/**
 * The language a visitor is shown (account-platform.md section 2: an unknown code goes to the
 * current language): `wanted` (the URL's, the active or the stored one) when the site offers it,
 * else the site's default language.
 */
export function siteLanguage(settings: { languages?: readonly string[]; default_language?: string }, ...wanted: Array<string | null | undefined>): Lang {
  const offered = offeredLanguages(settings);
  for (const w of wanted) if (offered.some((r) => r.lang === w)) return w as Lang;
  return offered.find((r) => r.default)!.lang;
}

const resolved = new Map<string, string>();
/** The one Intl locale a language resolves to in this runtime: the first of its intlLocales the runtime knows. */
export function intlLocale(lang: string): string {
  let hit = resolved.get(lang);
  if (!hit) {
    hit = new Intl.NumberFormat(intlLocales(lang)).resolvedOptions().locale;
    resolved.set(lang, hit);
  }
  return hit;
}

/**
 * A figure (amount, score, odd) kept reading left to right inside right-to-left text: wrapped in
 * Unicode isolates (LRI ... PDI, the text form of <bdi dir="ltr">) for fa and iq, as is otherwise.
 */
export function ltrFigure(text: string, lang: string): string {
  return isRtl(lang) ? `\u2066${text}\u2069` : text;
}
