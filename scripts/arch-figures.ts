/**
 * Prints the figures of the code's shape: the largest import cycle in server/ (every import, and
 * value imports only), SQL functions defined in more than one file, lines over 160 characters and
 * comments that name an issue number. `npx tsx scripts/arch-figures.ts`
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, cycles, importEdges, sourceFiles } from '../tests/import-graph.ts';
import { sqlFunctionDefinitions } from '../tests/sql-functions.ts';

const serverEdges = importEdges(['server', 'domain']);
const all = cycles(serverEdges).filter((c) => c.some((f) => f.startsWith('server/')));
const values = cycles(serverEdges.filter((e) => !e.typeOnly)).filter((c) => c.some((f) => f.startsWith('server/')));
const everyCycle = cycles(importEdges(['server', 'domain', 'workers', 'src']));

const defs = sqlFunctionDefinitions();
const repeated = [...defs].filter(([, files]) => new Set(files).size > 1);

const codeFolders = ['server', 'domain', 'workers', 'src', 'tests', 'scripts'];
let long = 0;
let longServer = 0;
let issueComments = 0;
for (const folder of codeFolders) {
  for (const file of sourceFiles(folder)) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    const n = lines.filter((l) => l.length > 160).length;
    long += n;
    if (folder === 'server') longServer += n;
    issueComments += lines.filter((l) => /(\/\/|\/\*|^\s*\*).*\bissues?\s+#?\d+/i.test(l)).length;
  }
}
const sqlDirs = ['server/db/migrations', 'server/db/functions'].filter((d) => existsSync(join(ROOT, d)));
for (const d of sqlDirs) {
  for (const f of readdirSync(join(ROOT, d))) {
    const lines = readFileSync(join(ROOT, d, f), 'utf8').split('\n');
    issueComments += lines.filter((l) => /--.*\bissues?\s+#?\d+/i.test(l)).length;
  }
}

console.log(`largest server cycle, every import: ${all[0]?.length ?? 0} files (${all.length} cycles)`);
console.log(`largest server cycle, value imports only: ${values[0]?.length ?? 0} files (${values.length} cycles)`);
console.log(`cycles in server/ domain/ workers/ src/: ${everyCycle.length}`);
console.log(`SQL functions defined in more than one file: ${repeated.length}${repeated.length ? ' (' + repeated.map(([n]) => n).join(', ') + ')' : ''}`);
console.log(`lines over 160 characters: ${long} (server/: ${longServer})`);
console.log(`comments naming an issue number: ${issueComments}`);
