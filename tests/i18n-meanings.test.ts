import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

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
