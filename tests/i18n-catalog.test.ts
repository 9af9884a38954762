import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { LANGUAGES, intlLocales } from '../domain/languages.ts';
import { en as enMessages, type MessageKey } from '../domain/messages/en.ts';
import { MESSAGES } from '../domain/messages.ts';

/**
 * Every language of account-platform.md section 9 complete in every catalog, the player's
 * and the back office's (.po, lingui) and the server's messages (domain/messages/<lang>.ts), with
 * the placeholders, tags and plural structure of the English source. Red until the translators
 * finish; each failure lists the entries to fix (`npx vitest run tests/i18n-catalog.test.ts -t de`).
 */

/**
 * msgid -> msgstr of a .po catalog (single-line entries, as lingui writes them; obsolete #~ entries
 * left out). An entry with a context is keyed 'context\u0004msgid', as gettext does: 'Yes' as an
 * outcome and 'Yes' as an answer are two entries.
 */
function readPo(path: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | null = null;
  let ctx: string | null = null;
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^(msgctxt|msgid|msgstr) "(.*)"$/.exec(line);
    if (!m) continue;
    if (m[1] === 'msgctxt') ctx = unquote(m[2]!);
    else if (m[1] === 'msgid') id = ctx === null ? unquote(m[2]!) : `${ctx}\u0004${unquote(m[2]!)}`;
    else if (id !== null) { out.set(id, unquote(m[2]!)); id = null; ctx = null; }
  }
  out.delete('');
  return out;
}

/** The shape a translation must keep: arguments, plural/select arguments with their cases, JSX tags. */
interface Shape { args: Set<string>; plurals: Map<string, Set<string>>; selects: Map<string, Set<string>>; tags: string[] }

function shapeOf(text: string): Shape {
  const shape: Shape = { args: new Set(), plurals: new Map(), selects: new Map(), tags: [] };
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'content') shape.tags.push(...(t.value.match(/<\/?\d+\/?>/g) ?? []));
      else if (t.type === 'argument' || t.type === 'function') shape.args.add(t.arg);
      else if (t.type === 'plural' || t.type === 'selectordinal' || t.type === 'select') {
        shape.args.add(t.arg);
        const into = t.type === 'select' ? shape.selects : shape.plurals;
        const keys = into.get(t.arg) ?? new Set<string>();
        for (const c of t.cases) { keys.add(c.key); walk(c.tokens); }
        into.set(t.arg, keys);
      }
    }
  };
  walk(parse(text));
  shape.tags.sort();
  return shape;
}

const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** What is wrong with a translation of `source` in `lang`, or '' when its structure is kept. */
function structureError(source: string, translation: string, lang: string): string {
  let src: Shape;
  let out: Shape;
  try { src = shapeOf(source); } catch { return ''; } // a source lingui itself could not compile is not the translator's
  try { out = shapeOf(translation); } catch (e) { return `not a valid ICU message (${(e as Error).message.split('\n')[0]})`; }
  if (!same(src.args, out.args)) return `placeholders {${[...out.args].join('} {')}} instead of {${[...src.args].join('} {')}}`;
  if (src.tags.join() !== out.tags.join()) return `tags ${out.tags.join('') || 'none'} instead of ${src.tags.join('')}`;
  const categories = new Set(new Intl.PluralRules(intlLocales(lang)).resolvedOptions().pluralCategories as string[]);
  for (const arg of src.plurals.keys()) if (!out.plurals.has(arg)) return `{${arg}} must stay a plural`;
  for (const [arg, keys] of out.plurals) {
    if (!keys.has('other')) return `plural {${arg}} without an 'other' case`;
    const odd = [...keys].filter((k) => !k.startsWith('=') && !categories.has(k));
    if (odd.length) return `plural {${arg}} has case ${odd.join(', ')}, not a plural category of ${lang} (${[...categories].join(', ')})`;
  }
  for (const [arg, keys] of src.selects) if (!same(keys, out.selects.get(arg) ?? new Set())) return `select {${arg}} must keep the cases ${[...keys].join(', ')}`;
  return '';
}

// A sentence of three or more words left as in the source (English) or in Turkish is untranslated;
// short labels ('Casino', 'Live TV', 'OK') may rightly read the same in another language.
const words = (s: string) => s.replace(/\{[^}]*\}|<\/?\d+\/?>/g, ' ').split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
const leftAsIs = (text: string, ...others: (string | undefined)[]) => words(text) >= 3 && others.includes(text);

const OTHERS = LANGUAGES.filter((l) => l !== 'en');
const CATALOGS = [
  { name: 'player', dir: 'src/i18n/locales' },
  { name: 'back office', dir: 'src/features/backoffice/locales' },
] as const;

/** The problems of one .po catalog against the English source, one line each. */
function poProblems(dir: string, lang: string): string[] {
  const source = readPo(`${dir}/en/messages.po`);
  const tr = readPo(`${dir}/tr/messages.po`);
  const cat = readPo(`${dir}/${lang}/messages.po`);
  const out: string[] = [];
  for (const id of source.keys()) {
    const str = cat.get(id);
    const message = id.slice(id.indexOf('\u0004') + 1); // without its context
    if (str === undefined) out.push(`missing (run the extract): ${id}`);
    else if (str === '') out.push(`untranslated: ${id}`);
    else if (leftAsIs(str, message, lang === 'tr' ? undefined : tr.get(id))) out.push(`left in English/Turkish: ${id}`);
    else {
      const err = structureError(message, str, lang);
      if (err) out.push(`${err}: ${id} -> ${str}`);
    }
  }
  return out;
}

/** The problems of one language's server messages (domain/messages/<lang>.ts) against en.ts. */
function serverProblems(lang: string): string[] {
  const path = `domain/messages/${lang}.ts`;
  const text = readFileSync(path, 'utf8');
  const table = MESSAGES[lang] ?? {};
  const out: string[] = [];
  if (/^\/\/ untranslated\s*$/m.test(text)) out.push(`${path} still starts with '// untranslated' (delete the line when done)`);
  // A text that truly reads as in English says so on its line: `key: '...', // same as en`.
  const sameOk = new Set([...text.matchAll(/^\s*(\w+):.*\/\/ same as en\s*$/gm)].map((m) => m[1]));
  const holes = (s: string) => new Set(s.match(/\{\w+\}/g) ?? []);
  for (const key of Object.keys(enMessages) as MessageKey[]) {
    const str = table[key];
    const source = enMessages[key];
    if (str === undefined) out.push(`missing: ${key}`);
    else if (str.trim() === '') out.push(`empty: ${key}`);
    else if (lang !== 'en' && !sameOk.has(key) && (str === source || (lang !== 'tr' && str === MESSAGES.tr?.[key]))) out.push(`left in English/Turkish: ${key}`);
    else if (!same(holes(source), holes(str))) out.push(`placeholders of ${key}: ${[...holes(str)].join(' ')} instead of ${[...holes(source)].join(' ')}`);
  }
  for (const key of Object.keys(table)) if (!(key in enMessages)) out.push(`not a key of en.ts: ${key}`);
  return out;
}

describe('UI catalogs', () => {
  it('have the English source of every string (extracted)', () => {
    for (const c of CATALOGS) expect(readPo(`${c.dir}/en/messages.po`).size, c.name).toBeGreaterThan(50);
  });

  for (const c of CATALOGS) {
    describe(c.name, () => {
      for (const lang of OTHERS) {
        it(`${lang}: every string translated, placeholders and plurals kept`, () => {
          expect(poProblems(c.dir, lang)).toEqual([]);
        });
      }
    });
  }
});

describe('server messages', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every key of en.ts translated, placeholders kept`, () => {
      expect(serverProblems(lang)).toEqual([]);
    });
  }
});

describe('the structure check itself', () => {
  it('accepts kept placeholders, tags and plurals, and a plural a language needs for a count', () => {
    expect(structureError('{0} coupons', '{0} kupon', 'tr')).toBe('');
    expect(structureError('{0} coupons', '{0, plural, one {# купон} few {# купона} many {# купонов} other {# купона}}', 'ru')).toBe('');
    expect(structureError('Read <0>the rules</0> first', 'Önce <0>kuralları</0> okuyun', 'tr')).toBe('');
    expect(structureError('{n, plural, one {# match} other {# matches}}', '{n, plural, one {# maç} other {# maç}}', 'tr')).toBe('');
  });

  it('refuses a lost or renamed placeholder, a lost tag, a lost plural and a wrong plural category', () => {
    expect(structureError('min stake: {amount}', 'en az bahis', 'tr')).toMatch(/placeholders/);
    expect(structureError('min stake: {amount}', 'en az bahis: {tutar}', 'tr')).toMatch(/placeholders/);
    expect(structureError('Read <0>the rules</0> first', 'Önce kuralları okuyun', 'tr')).toMatch(/tags/);
    expect(structureError('{n, plural, one {# match} other {# matches}}', '{n} maç', 'tr')).toMatch(/plural/);
    expect(structureError('{0} coupons', '{0, plural, one {# Kupon} few {# Kupons} other {# Kupons}}', 'de')).toMatch(/category/);
    expect(structureError('{0} coupons', '{0, plural, one {# Kupon}}', 'de')).toMatch(/other/);
    expect(structureError('{0} coupons', '{0, plural, one {# Kupon} other {# Kupons}', 'de')).toMatch(/ICU/);
  });

  it('takes a three-word sentence left in English as untranslated, not a short label', () => {
    expect(leftAsIs('Place the bet now', 'Place the bet now')).toBe(true);
    expect(leftAsIs('Live TV', 'Live TV')).toBe(false);
    expect(leftAsIs('Casino', 'Casino')).toBe(false);
  });
});
