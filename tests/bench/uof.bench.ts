/**
 * Unified Odds Feed bench: `npx tsx tests/bench/uof.bench.ts`
 *
 * 1. Throughput of one process: odds_change messages of a live match with 30 markets (76 outcomes,
 *    every price moving), parsed (syntax check + fast-xml-parser) and applied (ids, names, events,
 *    the leader's live state and the hub's fan-out), in messages a second; beside it, in the same
 *    run, the simulator's path for the same changes: the very adapter events the feed made, given
 *    to a live state and hub of their own (what the simulator's events go through), and the
 *    simulator itself (FeedSimulator at FEED_RATE, odd changes a second on that path).
 * 2. Lag at BENCH_RATE messages a second (default 1,000) over the local RabbitMQ: messages stamped
 *    when published, the lag is the time from that stamp to the message being applied, p50 and p99
 *    (skipped with a note when RabbitMQ is not reachable).
 * Options: BENCH_MS (default 3000 per variant), BENCH_LAG_SECONDS (default 8), BENCH_RATE.
 */
import { loadavg } from 'node:os';
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { manualScheduler, systemScheduler } from '../../server/feed/clock.ts';
import { LiveState } from '../../server/feed/live-state.ts';
import { FeedHub } from '../../server/feed/hub.ts';
import { FeedSimulator } from '../../server/feed/simulator.ts';
import type { FeedEvent } from '../../server/feed/adapter.ts';
import { UofApi } from '../../server/feed/uof/api.ts';
import { UofFeedAdapter } from '../../server/feed/uof/adapter.ts';
import { parseMessage } from '../../server/feed/uof/messages.ts';
import { rabbitAvailable, startApiStub, startPublisher, until, message } from '../server/uof-stub.ts';

const measureMs = Number(process.env.BENCH_MS ?? 3000);
const lagSeconds = Number(process.env.BENCH_LAG_SECONDS ?? 8);
const lagRate = Number(process.env.BENCH_RATE ?? 1000);

/** The 30 markets of a football match in play: main markets, lines of totals and handicaps. */
const MARKETS: Array<[number, string, string[]]> = [
  [1, '', ['1', '2', '3']], [10, '', ['9', '10', '11']], [29, '', ['74', '76']], [60, '', ['1', '2', '3']], [83, '', ['1', '2', '3']], [47, '',
    ['418', '420', '426']],
  ...[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5].map((t) => [18, `total=${t}`, ['12', '13']] as [number, string, string[]]),
  ...['0:1', '0:2', '1:0', '2:0'].map((h) => [14, `hcp=${h}`, ['1711', '1712', '1713']] as [number, string, string[]]),
  ...[-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].map((h) => [16, `hcp=${h}`, ['1714', '1715']] as [number, string, string[]]),
  ...[0.5, 1.5, 2.5, 3.5].map((t) => [68, `total=${t}`, ['12', '13']] as [number, string, string[]]),
];
const OUTCOMES = MARKETS.reduce((s, m) => s + m[2].length, 0);

/** A live odds_change of the 30 markets, prices moved by `k`. */
function oddsChange(event: string, k: number, timestamp: number): string {
  const markets = MARKETS.map(([id, spec, outs], i) => `<market id="${id}"${spec ? ` specifiers="${spec}"` : ''} status="1">${
    outs.map((o, j) => `<outcome id="${o}" odds="${(1.2 + ((i + j + k) % 40) / 10).toFixed(2)}" active="1"/>`).join('')}</market>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><odds_change event_id="${event}" product="1" timestamp="${timestamp}">`
    + `<sport_event_status status="1" match_status="6" home_score="1" away_score="0"><clock match_time="${10 + (k % 30)}:00"/></sport_event_status>`
    + `<odds>${markets}</odds></odds_change>`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (xs: number[], p: number) => xs.length ? xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]! : NaN;

console.log(`uof bench: ${MARKETS.length} markets, ${OUTCOMES} outcomes a message; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// ---------------------------------------------------------------- 1. throughput
const db = await openDb({ dataDir: '' });
await migrate(db);
const stub = await startApiStub();
const start = Date.now() + 3600_000;
for (let i = 0; i < 20; i++) stub.events.set(`sr:match:${5000 + i}`, start);
const state = new LiveState();
const hub = new FeedHub({ state, clock: systemScheduler });
const captured: FeedEvent[][] = [];
let capturing = false;
const adapter = new UofFeedAdapter({
  db, scheduler: manualScheduler(Date.now()), log: () => undefined, api: new UofApi({ baseUrl: stub.apiUrl, token: stub.token }),
  config: {
    amqpUrl: 'amqp://127.0.0.1:1/', exchange: 'none', apiUrl: stub.apiUrl, token: stub.token, languages: ['en', 'tr'], producers: [], aliveTimeoutMs: 20_000,
  },
});
adapter.processor.setEmit((events, at) => {
  if (capturing) captured.push(events);
  hub.publish(state.apply(events, at), at);
});
// the match goes live with its 30 markets (rows and ids made once)
await adapter.processor.handle((parseMessage(oddsChange('sr:match:5000', 0, 1)) as { message: never }).message, '');
let ts = 2;
const messages = Array.from({ length: 200 }, (_, k) => oddsChange('sr:match:5000', k + 1, 0));

let n = 0;
let tParse = 0;
let tApply = 0;
let t0 = performance.now();
capturing = true;
while (performance.now() - t0 < measureMs) {
  const xml = messages[n % messages.length]!.replace('timestamp="0"', `timestamp="${ts++}"`);
  const a = performance.now();
  const parsed = parseMessage(xml);
  if ('error' in parsed || !parsed.message) throw new Error('not parsed');
  const b = performance.now();
  await adapter.processor.handle(parsed.message, xml);
  tParse += b - a;
  tApply += performance.now() - b;
  n++;
}
capturing = false;
const split = { parse: tParse / n, apply: tApply / n };
const uofPerSec = (n * 1000) / (performance.now() - t0);
const oddsPerMsg = captured.reduce((s, evs) => s + evs.reduce((x, e) => x + (e.type === 'odds' ? e.odds.length : 0), 0), 0) / captured.length;

// parse alone
n = 0;
t0 = performance.now();
while (performance.now() - t0 < measureMs / 2) {
  parseMessage(messages[n % messages.length]!);
  n++;
}
const parsePerSec = (n * 1000) / (performance.now() - t0);

// the simulator's path: the same adapter events into a live state and hub of their own
const simState = new LiveState();
const simHub = new FeedHub({ state: simState, clock: systemScheduler });
simState.reset(state.snapshot({ includeEnded: true }));
n = 0;
t0 = performance.now();
while (performance.now() - t0 < measureMs) {
  const events = captured[n % captured.length]!;
  simHub.publish(simState.apply(events, 1), 1);
  n++;
}
const pathPerSec = (n * 1000) / (performance.now() - t0);

// the simulator itself, at its load-test rate, on its own path (odd changes a second of CPU)
const clock = manualScheduler(Date.UTC(2026, 0, 1, 18));
const sim = new FeedSimulator({ seed: 1, clock, liveCount: 40, rate: 20_000, tickMs: 100, idBase: 1_000_000 });
const sState = new LiveState();
const sHub = new FeedHub({ state: sState, clock });
let simOdds = 0;
sim.start((events, at) => {
  for (const e of events) if (e.type === 'odds') simOdds += e.odds.length;
  sHub.publish(sState.apply(events, at), at);
});
sim.advanceTo(clock.now());
simOdds = 0;
t0 = performance.now();
while (performance.now() - t0 < measureMs) {
  clock.advance(100);
  sim.advanceTo(clock.now());
}
const simOddsPerSec = (simOdds * 1000) / (performance.now() - t0);

console.log(`\nthroughput, one process (${OUTCOMES} outcomes a message, ${oddsPerMsg.toFixed(1)} price changes applied a message):`);
console.log(`  uof odds_change parsed + applied:        ${fmt(uofPerSec)} messages/s (${fmt(uofPerSec * oddsPerMsg)} odd changes/s);`
  + ` per message ${split.parse.toFixed(2)} ms parsing, ${split.apply.toFixed(2)} ms applying`);
console.log(`  uof parse alone (syntax check + parse):  ${fmt(parsePerSec)} messages/s`);
console.log(`  the same events on the simulator's path: ${fmt(pathPerSec)} messages/s -> uof at ${(uofPerSec / pathPerSec).toFixed(3)}x of it`
  + ` (XML, ids and names cost ${(pathPerSec / uofPerSec).toFixed(1)}x)`);
const simRatio = (uofPerSec * oddsPerMsg / simOddsPerSec).toFixed(2);
console.log(`  FeedSimulator at 20,000 changes/s:       ${fmt(simOddsPerSec)} odd changes/s of CPU -> uof ${simRatio}x of it`);
sim.stop();
await adapter.close();

// ---------------------------------------------------------------- 2. lag over RabbitMQ
if (await rabbitAvailable()) {
  const pub = await startPublisher();
  const lagState = new LiveState();
  const lagHub = new FeedHub({ state: lagState, clock: systemScheduler });
  const live = new UofFeedAdapter({
    db, scheduler: systemScheduler, log: () => undefined,
    config: {
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672/', exchange: pub.exchange, apiUrl: stub.apiUrl, token: stub.token,
      languages: ['en', 'tr'], producers: [1], aliveTimeoutMs: 60_000,
    },
  });
  const lags: number[] = [];
  let measuring = false;
  const handle = live.processor.handle.bind(live.processor);
  live.processor.handle = async (msg, body) => {
    await handle(msg, body);
    if (measuring && msg.type === 'odds_change') lags.push(Date.now() - msg.timestamp);
  };
  live.start((events, at) => lagHub.publish(lagState.apply(events, at), at));
  await live.ready;
  await new Promise((r) => setTimeout(r, 500));
  // the producer up through its recovery
  pub.send(message('alive', { product: 1, timestamp: Date.now(), subscribed: 1 }));
  const req = await until(() => live.producers?.health()[0]?.recovery?.requestId, 5000, 'recovery');
  pub.send(message('snapshot_complete', { product: 1, request_id: req!, timestamp: Date.now() }));
  await until(() => live.producers?.isUp(1), 5000, 'producer up');
  // ten matches live first
  for (let i = 0; i < 10; i++) pub.send(oddsChange(`sr:match:${5010 + i}`, 0, Date.now()));
  await until(() => lagState.size >= 10, 20_000, 'ten live matches');
  measuring = true;
  const total = lagSeconds * lagRate;
  const begin = Date.now();
  let sent = 0;
  let aliveAt = 0;
  while (sent < total) {
    const due = Math.floor(((Date.now() - begin) * lagRate) / 1000);
    for (; sent < Math.min(due, total); sent++) pub.send(oddsChange(`sr:match:${5010 + (sent % 10)}`, sent + 1, Date.now()));
    if (Date.now() - aliveAt > 5000) { aliveAt = Date.now(); pub.send(message('alive', { product: 1, timestamp: aliveAt, subscribed: 1 })); }
    await new Promise((r) => setTimeout(r, 5));
  }
  await until(() => lags.length >= total, 60_000, 'every message applied');
  const took = (Date.now() - begin) / 1000;
  console.log(`\nlag at ${fmt(lagRate)} messages/s over RabbitMQ`
    + ` (${fmt(total)} odd_change messages of ${OUTCOMES} outcomes, 10 live matches, ${took.toFixed(1)} s):`);
  console.log(`  p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${Math.max(...lags)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await live.close();
  await pub.close();
}
await stub.close();
await db.close();
process.exit(0);
