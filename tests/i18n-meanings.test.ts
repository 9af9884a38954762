import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * One catalog entry, one meaning. An English word can carry two meanings that other languages
 * tell apart: 'Yes' as the outcome of both teams to score is 'Var' in Turkish, 'Yes' as the answer
 * to a question is 'Evet'. A label of the odds vocabulary (market and outcome names) therefore
 * never shares its entry with a screen's words: it carries its own context.
 */

interface Entry { ctx: string; id: string; str: string; files: string[] }

/** The entries of a .po catalog with their source files (lingui writes them without line numbers). */
function entries(path: string): Entry[] {
  const out: Entry[] = [];
  let files: string[] = [];
  let ctx = '';
  let id: string | null = null;
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    // An entry ends at a blank line (an obsolete '#~' entry keeps its references, not its place).
    if (line.trim() === '') { files = []; ctx = ''; id = null; continue; }
    const ref = /^#: (.+)$/.exec(line);
    if (ref) { files.push(...ref[1]!.split(' ').map((f) => f.replace(/:\d+$/, ''))); continue; }
    const m = /^(msgctxt|msgid|msgstr) "(.*)"$/.exec(line);
    if (!m) continue;
    if (m[1] === 'msgctxt') ctx = unquote(m[2]!);
    else if (m[1] === 'msgid') id = unquote(m[2]!);
    else if (id !== null) {
      if (id !== '') out.push({ ctx, id, str: unquote(m[2]!), files });
      files = []; ctx = ''; id = null;
    }
  }
  return out;
}

/** Files whose strings name the odds on offer (markets, outcomes): a vocabulary of their own. */
const ODDS_VOCABULARY = ['src/ui/market-names.ts'];

describe('one catalog entry per meaning', () => {
  const tr = entries('src/i18n/locales/tr/messages.po');

  it('reads the catalog with its sources', () => {
    expect(tr.length).toBeGreaterThan(500);
    expect(tr.some((e) => e.files.includes('src/ui/market-names.ts'))).toBe(true);
  });

  it('never shares an odds label (market or outcome) with a word of a screen', () => {
    const shared = tr
      .filter((e) => e.files.some((f) => ODDS_VOCABULARY.includes(f)) && e.files.some((f) => !ODDS_VOCABULARY.includes(f)))
      .map((e) => `${e.id} (${e.files.join(', ')})`);
    expect(shared).toEqual([]);
  });

  it('answers a question with Evet / Hayır in Turkish, and the both-teams-to-score outcome with Var / Yok', () => {
    const get = (ctx: string, id: string) => tr.find((e) => e.ctx === ctx && e.id === id)?.str;
    expect([get('', 'Yes, cancel'), get('', 'No, keep it')]).toEqual(['Evet, iptal et', 'Hayır, kalsın']);
    expect([get('outcome', 'Yes'), get('outcome', 'No')]).toEqual(['Var', 'Yok']);
    // A plain 'Yes' or 'No' of a screen, if one comes back, is the answer, never the outcome's word.
    for (const id of ['Yes', 'No']) expect(['Var', 'Yok']).not.toContain(get('', id));
  });
});

/** Every file under a folder, recursively, with its text. */
function sources(dir: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|sql)$/.test(e.name) && !e.name.endsWith('.test.ts')) out.push({ path, text: readFileSync(path, 'utf8') });
  }
  return out;
}

describe('no raw ledger or product code reaches a player', () => {
  const ledgerText = readFileSync('src/ui/ledger-text.ts', 'utf8');
  const named = (table: string) => new Set([...(new RegExp(`export const ${table}[^{]*\\{([^}]*)\\}`).exec(ledgerText)?.[1] ?? '').matchAll(/(\w+): msg/g)].map((m) => m[1]!));

  it('names every movement the server writes to the ledger', () => {
    const server = sources('server');
    const kinds = new Set<string>();
    for (const { text } of server) {
      for (const m of text.matchAll(/postLedger\w*\([^)]*?kind: '(\w+)'/g)) kinds.add(m[1]!);
      for (const m of text.matchAll(/v_kind := case when \w+ then '(\w+)' else '(\w+)' end/g)) { kinds.add(m[1]!); kinds.add(m[2]!); }
    }
    expect(kinds.size).toBeGreaterThan(5);
    // A terminal's ticket movements are the terminal's, never on a player's list.
    const missing = [...kinds].filter((k) => !named('LEDGER_KIND').has(k) && !k.startsWith('ticket'));
    expect(missing).toEqual([]);
  });

  it('names every product of the transactions call', () => {
    const money = readFileSync('server/http/routes/money.ts', 'utf8');
    const wallet = readFileSync('server/casino/wallet.ts', 'utf8');
    const products = new Set(['sport', 'live', 'payment', 'account']);
    for (const m of (/LEDGER_REF[^{]*\{([^}]*)\}/.exec(wallet)?.[1] ?? '').matchAll(/'(\w+)'/g)) products.add(m[1]!);
    expect(money).toContain("'live' : 'sport'");
    const missing = [...products].filter((p) => !named('LEDGER_PRODUCT').has(p));
    expect(missing).toEqual([]);
  });

  it('has no catalog text that carries a code or the wire\'s arrow', () => {
    for (const lang of ['tr', 'en']) {
      const bad = entries(`src/i18n/locales/${lang}/messages.po`).filter((e) => /\b[a-z]+->[a-z]+\b|\b(sport|slot|livecasino) \/ \w+/.test(e.str)).map((e) => e.id);
      expect(bad, lang).toEqual([]);
    }
  });
});
