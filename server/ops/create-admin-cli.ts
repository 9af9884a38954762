/**
 * `npm run create-admin -- --username NAME [--force]` (in the image: `node dist-server/create-admin.mjs
 * --username NAME`): creates the first admin on the configured database (DATABASE_URL, else PGlite in
 * DATA_DIR) and prints its password and TOTP enrolment URI once.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createAdmin, CreateAdminError } from './create-admin.ts';

const { values } = parseArgs({ options: { username: { type: 'string' }, force: { type: 'boolean', default: false } } });
if (!values.username) {
  console.error('usage: create-admin --username NAME [--force]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  await migrate(db);
  const a = await createAdmin(db, { username: values.username, force: values.force, now: Date.now() });
  console.log([
    `Admin ${a.username} created (id ${a.userId}). Shown once, keep them now:`,
    `  password: ${a.password}`,
    `  TOTP enrolment URI (scan or paste into an authenticator app): ${a.otpauthUri}`,
    `  TOTP secret: ${a.totpSecret}`,
  ].join('\n'));
} catch (err) {
  if (!(err instanceof CreateAdminError)) throw err;
  console.error(`create-admin: ${err.message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
