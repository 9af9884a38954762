import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

/** msgid -> msgstr of a .po catalog (single-line entries, as lingui writes them). */
function readPo(path: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | null = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^(msgid|msgstr) "(.*)"$/.exec(line);
    if (!m) continue;
    if (m[1] === 'msgid') id = m[2]!;
    else if (id !== null) { out.set(id, m[2]!); id = null; }
  }
  out.delete('');
  return out;
}

describe('UI catalogs', () => {
  const en = readPo('src/i18n/locales/en/messages.po');
  const tr = readPo('src/i18n/locales/tr/messages.po');

  it('has every source string in the Turkish catalog, translated', () => {
    expect(en.size).toBeGreaterThan(50);
    const missing = [...en.keys()].filter((id) => !tr.get(id));
    expect(missing).toEqual([]);
  });

  it('keeps every placeholder of the source in the translation', () => {
    const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',');
    const broken = [...tr].filter(([id, str]) => holes(id) !== holes(str)).map(([id]) => id);
    expect(broken).toEqual([]);
  });
});
