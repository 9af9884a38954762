/** The 17 language codes of account-platform.md section 9 (domain/languages.ts); Turkish is the default. */
export { DEFAULT_LANG, LANGUAGES, LANGUAGE_INFO, intlLocales, isLang, isRtl, siteLanguage, type Lang } from '../../domain/languages.ts';
import { LANGUAGES, LANGUAGE_INFO } from '../../domain/languages.ts';

/** Farsi and Kurdish Sorani (iq) read right to left; Kurmanji (kr) is written in Latin script. */
export const RTL = new Set<string>(LANGUAGES.filter((l) => LANGUAGE_INFO[l].dir === 'rtl'));
