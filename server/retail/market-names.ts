/**
 * Market and outcome names of a printed or checked ticket in the request's language:
 * the back office's catalogue (server/catalogue/markets.ts) when it names the type in that
 * language, else the player app's own translation of the English name (the Lingui catalogue
 * src/i18n/locales/{lang}/messages.po, where the app's market names live: src/ui/market-names.ts),
 * else English. The app's catalogue is read once per language; a missing one
 * leaves English.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CouponLine } from '../../domain/protocol/coupons.ts';
import { marketSettings, oddTypeOf } from '../catalogue/markets.ts';
import { marketOf } from '../../domain/market/catalogue.ts';
import type { Queryable } from '../db/client.ts';

// Beside the sources when run from them; under the working directory when bundled (dist-server/, the
// Dockerfile copies src/i18n/locales next to it).
const LOCALE_DIRS = [fileURLToPath(new URL('../../src/i18n/locales/', import.meta.url)), `${process.cwd()}/src/i18n/locales/`];
const appCatalogues = new Map<string, Map<string, string>>();

/** The app's translations of one language (msgid -> msgstr, single-line entries), cached. */
function appCatalogue(lang: string): Map<string, string> {
  let m = appCatalogues.get(lang);
  if (m) return m;
  m = new Map();
  if (/^[a-z]{2}$/.test(lang)) {
    for (const dir of LOCALE_DIRS) {
      try {
        const po = readFileSync(`${dir}${lang}/messages.po`, 'utf8');
        // An outcome's word has its own entry (context 'outcome': the 'Yes' of both teams to score is
        // not the 'Yes' of a question); it wins over a screen's entry of the same English word.
        const entries = [...po.matchAll(/^(?:msgctxt "(\w+)"\r?\n)?msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)];
        for (const [, ctx, id, str] of entries) if (!ctx && id && str) m.set(id, str);
        for (const [, ctx, id, str] of entries) if (ctx === 'outcome' && id && str) m.set(id, str);
        break;
      } catch { /* not in this folder: the next, else English */ }
    }
  }
  appCatalogues.set(lang, m);
  return m;
}

/** A name in a language: the catalogue's own, the app's translation of the English one, or English. */
function named(names: Partial<Record<string, string>> | undefined, lang: string, fallback: string): string {
  const en = names?.en || fallback;
  return names?.[lang] || appCatalogue(lang).get(en) || en;
}

/** A coupon line with its market and outcome named in a language (as stored for a type the catalogue does not know). */
export function lineIn(l: CouponLine, lang: string): CouponLine {
  const t = oddTypeOf(l.oddsType);
  if (!t) return l;
  return { ...l, typeName: named(t.names, lang, l.typeName), outComeName: named(t.outcomes[String(l.outcomeId)], lang, l.outComeName) };
}

/**
 * Lines of a feed's market types (beyond the built-in ones, which the app names itself) named in
 * the player's language, as receipts are.
 */
export async function linesIn(db: Queryable, lines: readonly CouponLine[], lang: string): Promise<CouponLine[]> {
  if (lines.every((l) => marketOf(l.oddsType))) return [...lines];
  await marketSettings(db);
  return lines.map((l) => (marketOf(l.oddsType) ? l : lineIn(l, lang)));
}
