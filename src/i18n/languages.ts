/** The 17 language codes of account-platform.md section 9; Turkish is the default. */
export const LANGUAGES = ['aa', 'az', 'cw', 'de', 'el', 'en', 'es', 'fa', 'fr', 'iq', 'it', 'kr', 'nl', 'pt', 'ru', 'sq', 'tr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'tr';

/** Farsi and Kurdish Sorani (iq, kr) read right to left. */
export const RTL = new Set<string>(['fa', 'iq', 'kr']);

export const isLang = (code: string | undefined): code is Lang => !!code && (LANGUAGES as readonly string[]).includes(code);
