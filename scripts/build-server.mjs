// `npm run build:server`: the production server, compiled ahead of time: esbuild
// bundles server/main.ts and everything it imports from server/ and domain/ into one ES module,
// dist-server/main.mjs, with the npm packages left as imports of node_modules (native and
// WebAssembly packages such as PGlite and argon2 load their own files). The SQL migrations and
// functions are copied beside it: server/db/migrate.ts reads ./migrations/ and ./functions/ next to its module.
// Run it with `npm run start:prod` (node dist-server/main.mjs): no TypeScript at run time.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

// BUILD_SERVER_OUT: another folder (the test that boots the build uses a temporary one)
const OUT = process.env.BUILD_SERVER_OUT || 'dist-server';
rmSync(OUT, { recursive: true, force: true });
const result = await build({
  // The server, and the one-time first-admin command (server/ops/create-admin-cli.ts) beside it.
  entryPoints: { main: 'server/main.ts', 'create-admin': 'server/ops/create-admin-cli.ts' },
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
cpSync('server/db/migrations', `${OUT}/migrations`, { recursive: true, filter: (src) => !src.endsWith('.ts') });
cpSync('server/db/functions', `${OUT}/functions`, { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`${OUT}/main.mjs and create-admin.mjs built (${Math.round(bytes / 1024)} KiB with its source map), migrations and functions copied`);
