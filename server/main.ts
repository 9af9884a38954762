import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ensureUpcomingMatches, seedDemo } from './demo/seed.ts';
import { DEMO_USERS } from './demo/catalogue.ts';
import { buildApp } from './http/app.ts';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
if (config.demo) {
  if (await seedDemo(db, Date.now())) console.log('demo data loaded');
  else await ensureUpcomingMatches(db, Date.now());
  // Keep the demo stocked with upcoming matches while the server runs.
  setInterval(() => void ensureUpcomingMatches(db, Date.now()).catch((err: unknown) => console.error(err)), 3_600_000).unref();
}

const app = await buildApp({
  db,
  staticDir: config.staticDir,
  sessionTtl: config.sessionTtl,
  cookieSecure: config.cookieSecure,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
});
await app.listen({ port: config.port, host: config.host });

console.log(`\n  Betting site on http://localhost:${config.port}/tr/  (database: ${db.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
if (config.demo) console.log(`  Demo logins: ${DEMO_USERS.map((u) => `${u.username} / ${u.password}`).join(', ')}\n`);

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
