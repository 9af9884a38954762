/**
 * Server reply messages (betting-core.md and account-platform.md section 8) by key, in the
 * languages the server answers in: one file per language under domain/messages/ (en.ts is the
 * reference, tr.ts the default language). The client translates a key it knows and shows others as is.
 */
import { aa } from './messages/aa.ts';
import { az } from './messages/az.ts';
import { cw } from './messages/cw.ts';
import { de } from './messages/de.ts';
import { el } from './messages/el.ts';
import { en, type MessageKey, type MessageTexts } from './messages/en.ts';
import { es } from './messages/es.ts';
import { fa } from './messages/fa.ts';
import { fr } from './messages/fr.ts';
import { iq } from './messages/iq.ts';
import { it } from './messages/it.ts';
import { kr } from './messages/kr.ts';
import { nl } from './messages/nl.ts';
import { pt } from './messages/pt.ts';
import { ru } from './messages/ru.ts';
import { sq } from './messages/sq.ts';
import { tr } from './messages/tr.ts';
import { isTechnicalNotice } from './notice-title.ts';

export type { MessageKey, MessageTexts };

/** Every language's texts by its code (account-platform.md section 9). */
export const MESSAGES: Readonly<Record<string, Partial<MessageTexts>>> = { aa, az, cw, de, el, en, es, fa, fr, iq, it, kr, nl, pt, ru, sq, tr };

// Kurdish content is asked for under 'ku' by some calls (domain/wire-lang.ts): the same texts as iq.
const ALIASES: Readonly<Record<string, string>> = { ku: 'iq', ckb: 'iq', kmr: 'kr', pap: 'cw' };

/** The texts of a language, or undefined for a code the server does not know. */
export function messagesOf(lang: string): Partial<MessageTexts> | undefined {
  return MESSAGES[ALIASES[lang] ?? lang];
}

/**
 * The message of a key in a language, with {args} filled: Turkish (the site's default) when no
 * language is given, English when the language has no text for the key or is unknown.
 */
export function message(key: MessageKey, lang: string | undefined, args: Record<string, string | number> = {}): string {
  const text = (lang === undefined ? tr[key] : messagesOf(lang)?.[key]) ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));
}

/**
 * The title a notice is shown under: the technical failure has one ('İşlem Sırasında Hata !').
 * Recognised by its key or by its body in any language, since most screens pass the server's msg as is.
 */
export function noticeTitle(n: { key?: string; text?: string | undefined }, lang: string | undefined): string {
  return isTechnicalNotice(n, Object.values(MESSAGES)) ? message('technicalTitle', lang) : '';
}
