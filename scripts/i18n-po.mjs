#!/usr/bin/env node
/**
 * Translators' helper for the lingui .po catalogs (single-line msgid/msgstr, as lingui writes them).
 *   node scripts/i18n-po.mjs todo <file.po>          prints a JSON object {msgid: ""} of untranslated entries
 *   node scripts/i18n-po.mjs fill <file.po> <map.json> writes msgstr for every msgid in the map
 *   node scripts/i18n-po.mjs source <file.po>        prints a JSON object {msgid: msgstr} of every entry
 * The JSON holds plain strings; escaping for the .po format is done here.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const unescape = (s) => JSON.parse(`"${s}"`);
const escape = (s) => JSON.stringify(s).slice(1, -1);

function entries(text) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const id = /^msgid "(.*)"$/.exec(lines[i]);
    if (!id || id[1] === '') continue;
    const str = /^msgstr "(.*)"$/.exec(lines[i + 1] ?? '');
    if (!str) continue;
    out.push({ line: i + 1, id: unescape(id[1]), str: unescape(str[1]) });
  }
  return out;
}

const [cmd, file, mapFile] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
if (cmd === 'todo') {
  const todo = Object.fromEntries(entries(text).filter((e) => !e.str).map((e) => [e.id, '']));
  process.stdout.write(JSON.stringify(todo, null, 1) + '\n');
} else if (cmd === 'source') {
  process.stdout.write(JSON.stringify(Object.fromEntries(entries(text).map((e) => [e.id, e.str])), null, 1) + '\n');
} else if (cmd === 'fill') {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = text.split('\n');
  let filled = 0;
  for (const e of entries(text)) {
    const t = map[e.id];
    if (typeof t === 'string' && t !== '') { lines[e.line] = `msgstr "${escape(t)}"`; filled++; }
  }
  writeFileSync(file, lines.join('\n'));
  const left = entries(lines.join('\n')).filter((e) => !e.str).length;
  console.log(`${file}: filled ${filled}, still untranslated ${left}`);
} else {
  console.error('usage: i18n-po.mjs todo|source|fill <file.po> [map.json]');
  process.exit(2);
}
