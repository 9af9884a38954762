// `npm run bench`: runs every tests/bench/*.bench.ts one after another (each prints its own
// figures and ratios against a baseline measured in the same run). `npm run bench -- name` runs
// the benchmarks whose file name contains `name`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';

const filter = process.argv[2] ?? '';
const files = readdirSync('tests/bench').filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}) ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `tests/bench/${file}`], { stdio: 'inherit', timeout: 15 * 60_000 });
  if (r.status !== 0) { failed++; console.log(`${file} exited with ${r.status ?? r.signal}`); }
}
process.exit(failed ? 1 : 0);
