/**
 * Writes name.br and name.gz beside every text file of the build (dist/), so the server sends
 * assets compressed without spending CPU per request (@fastify/static `preCompressed`).
 * Maximum quality: this runs once per build. A file whose compressed form is not smaller is skipped.
 *
 *   node scripts/precompress.mjs [dir]      (default dist)
 */
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const TEXT = /\.(js|mjs|css|html|svg|webmanifest|json|txt|xml|map)$/;
// Below this the headers of a compressed reply weigh about as much as the saving.
const MIN_BYTES = 512;

/** Every file under `dir`, recursively. */
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses the text files of `dir`; returns the totals for the log line. */
export function precompress(dir) {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    if (!TEXT.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    total.files += 1; total.raw += raw.length; total.br += br.length; total.gz += gz.length;
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dist');
  const t = precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`precompress: ${t.files} files in ${dir}: ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
}
