import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import Fastify from 'fastify';
import { ensureDeploymentSecrets } from './casino/signature.ts';
import { serveMetrics } from './ops/metrics.ts';
import { ensureUpcomingMatches, seedDemo } from './demo/seed.ts';
import { DEMO_USERS } from './demo/catalogue.ts';
import { seedAccountDemo } from './content/demo-seed.ts';
import { seedBackOfficeDemo } from './demo/backoffice-seed.ts';
import { scheduleAuditCheck } from './backoffice/audit.ts';
import { buildApp } from './http/app.ts';
import { reconcileOpenRounds } from './casino/reconcile.ts';
import { hub88Outbound, loadHub88Config } from './casino/hub88/config.ts';
import { hub88Client } from './casino/hub88/client.ts';
import { syncHub88Games } from './casino/hub88/sync.ts';
import { writeOffExpired } from './retail/liability.ts';
import { startAutoSellWatcher } from './betting-lifecycle/auto-sell.ts';
import { DEMO_SETTINGS, SITE_SETTINGS, startSettingsSync } from './settings/site-settings.ts';
import { startSettlementLoop } from './settlement/ingest.ts';
import { createFeedFromEnv } from './feed/service.ts';
import { feedProviderFromEnv } from './feed/uof/index.ts';
import { readFeedHealth } from './feed/uof/health.ts';
import { startTradingFeed } from './trading/feed-outbox.ts';
import { registerFeedSocket } from './feed/ws.ts';
import { registerSitePush } from './settings/site-push.ts';
import { startLiveCatalogue } from './feed/live-catalogue.ts';
import { systemScheduler } from './feed/clock.ts';
import { LIABILITY_FOLD_MS, foldLiability } from './trading/liability.ts';
import { fixedLeadership, sqlLeaseStore, startLeadership, whileLeading } from './cluster/lease.ts';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
// A production site never signs provider calls with the public development secret.
await ensureDeploymentSecrets(db);

// Who runs the work that must run once in a deployment (the feed, the stale sweep, settlement,
// the scheduled jobs): on PostgreSQL the holder of a lease (server/cluster/lease.ts), taken over
// by another process within seconds when it dies; on PGlite the one process. FEED_ROLE overrides.
// The lease has a pool of its own (one connection in practice): a burst of placements that takes
// every connection of the main pool must not delay the renewal and make the leader step down.
const leaseDb = config.feedRole === 'auto' && db.driver === 'pg' ? await openDb({ databaseUrl: config.databaseUrl }) : null;
const leadership = leaseDb
  ? await startLeadership({ store: sqlLeaseStore(leaseDb), scheduler: systemScheduler, ttlMs: config.leaseTtlSec * 1000 })
  : fixedLeadership(config.feedRole !== 'follower');
if (config.demo) {
  Object.assign(SITE_SETTINGS, DEMO_SETTINGS);
  if (await seedDemo(db, Date.now())) console.log('demo data loaded');
  else await ensureUpcomingMatches(db, Date.now());
  if (await seedAccountDemo(db, Date.now())) console.log('demo account content loaded');
  if (await seedBackOfficeDemo(db, Date.now())) console.log('demo back-office network loaded');
  // Keep the demo stocked with upcoming matches while the server runs (the leader does it).
  whileLeading(leadership, () => systemScheduler.every(3_600_000, () => void ensureUpcomingMatches(db, Date.now()).catch((err: unknown) => console.error(err))));
}

// The site settings stored by the back office, over the defaults; changes made by any process
// follow within a moment (announced on Redis when REDIS_URL is set, the stored revision checked too).
const stopSettingsSync = await startSettingsSync(db, { redisUrl: process.env.REDIS_URL || undefined, checkEveryMs: 10_000 });

// The live feed: the simulator as leader on the in-process bus, or Redis when REDIS_URL is set
// (the elected leader runs it, the others follow). Live fixtures are written to the catalogue so
// coupon tips on them keep their teams, date, sport and result.
// FEED_SOURCE=uof: the Unified Odds Feed instead of the simulator; it writes its own catalogue rows.
const provider = feedProviderFromEnv(db, process.env, systemScheduler);
const feed = await createFeedFromEnv(process.env, systemScheduler, leadership, provider?.make);
// the provider's changes of matches not started go out on the feed's path in order with its live events
provider?.attach((changes) => feed.service.inject(changes));
// Every process keeps the feed's health figures for /metrics (the leader writes them every few seconds).
if (provider) systemScheduler.every(5000, () => void readFeedHealth(db, Date.now()).catch(() => undefined));
const liveCatalogue = provider ? null : await startLiveCatalogue(db, feed.state, systemScheduler, (err) => console.error('live catalogue:', err));
// Trading changes made in the back office (prices, suspensions) go out on the feed's own path.
const tradingFeed = startTradingFeed(db, feed.service, systemScheduler, (err) => console.error('trading feed:', err));

// Settlement: results from match_results and live_results settle coupons; unfinished runs resume.
const stopSettlement = whileLeading(leadership, () => startSettlementLoop(db, Date.now));
// Casino rounds a provider left open for a day are rolled back or closed, hourly, by the leader.
whileLeading(leadership, () => systemScheduler.every(3_600_000, () => void reconcileOpenRounds(db, Date.now()).catch((err: unknown) => console.error('casino reconcile:', err))));
// Hub88's game list into the catalogue, by the leader, every HUB88_SYNC_MINUTES (the back office syncs on demand too).
const hub88 = loadHub88Config();
if (hub88Outbound(hub88) && hub88.syncMinutes > 0) {
  const syncHub88 = () => void syncHub88Games(db, hub88Client(hub88), Date.now())
    .then((r) => { if (r.error) console.error('hub88 sync:', r.error); }, (err: unknown) => console.error('hub88 sync:', err));
  whileLeading(leadership, () => { syncHub88(); return systemScheduler.every(hub88.syncMinutes * 60_000, syncHub88); });
}
// The book's liability: the deltas placements and settlements append are folded by the leader every second.
whileLeading(leadership, () => systemScheduler.every(LIABILITY_FOLD_MS, () => void foldLiability(db).catch((err: unknown) => console.error('liability fold:', err))));
// Expired unpaid shop tickets: their liability goes to the shop as unclaimed winnings, hourly, by the leader.
whileLeading(leadership, () => systemScheduler.every(3_600_000, () => void writeOffExpired(db, Date.now()).catch((err: unknown) => console.error('ticket write-off:', err))));

// Auto cash-out rules: every process checks those a feed change touches; the database picks one seller.
const autoSell = await startAutoSellWatcher(db, feed.state, Date.now, { redisUrl: process.env.REDIS_URL || undefined });

const app = await buildApp({
  metricsToken: config.metricsToken,
  db,
  live: feed.state,
  autoSell: autoSell.watcher,
  bus: feed.bus,
  ...(provider ? { feedHealth: () => readFeedHealth(db, Date.now()) } : {}),
  staticDir: config.staticDir,
  sessionTtl: config.sessionTtl,
  cookieSecure: config.cookieSecure,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  hub88,
});
await registerFeedSocket(app, feed.hub);
// Settings and content revisions pushed to every open app (server/settings/site-push.ts).
const stopSitePush = await registerSitePush(app);
await app.listen({ port: config.port, host: config.host });
// The metrics on a port of their own, which the public entry never routes to.
if (config.metricsPort) {
  const metricsApp = Fastify({ logger: false });
  serveMetrics(metricsApp);
  await metricsApp.listen({ port: config.metricsPort, host: config.host });
}
// The audit chain is checked once a day; a broken chain is logged as an error naming the first bad row.
const stopAuditCheck = scheduleAuditCheck(db, app.log);

console.log(`\n  Betting site on http://localhost:${config.port}/tr/  (database: ${db.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
if (config.demo) console.log(`  Demo logins: ${DEMO_USERS.map((u) => `${u.username} / ${u.password}`).join(', ')}\n`);

const stop = async () => {
  stopSettlement();
  stopAuditCheck();
  await stopSettingsSync();
  stopSitePush();
  liveCatalogue?.stop();
  tradingFeed.stop();
  await autoSell.stop();
  await feed.stop();
  // given up at once: another process takes over without waiting for the lease to run out
  await leadership.stop();
  await leaseDb?.close();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
