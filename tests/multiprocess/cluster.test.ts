/**
 * Surviving the loss of a process, with three real server processes on one fresh
 * PostgreSQL database and one Redis bus:
 * 1. started at once on the empty database: one migration run, one demo seed, one leader, no crash;
 * 2. kill -9 of the feed leader while players keep betting live on the followers: a follower
 *    takes the feed over within 10 s, going on with the same matches, and no live bet is accepted
 *    on a price older than the freshness limit in between (the gap is measured and printed);
 * 3. every database connection killed (pg_terminate_backend) during a burst of placements: no
 *    process dies, and the retries with the same Idempotency-Keys place each coupon exactly once.
 * The three share the processes (starting them is the slow part); they run in order.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { call, clusterAvailable, freshDatabase, login, startProcess, REDIS_URL, type Proc } from './cluster.ts';
import { DEMO_SPORTS } from '../../server/demo/catalogue.ts';
import type { LiveMatch } from '../../domain/protocol/feed.ts';

const UP = await clusterAvailable();
/** The freshness limit of this run: shorter than a takeover (lease 5 s + a beat), so the gap shows. */
const STALE_SEC = 3;
const MIGRATIONS = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql')).length;

interface LivePick { mid: number; sid: number; oddsType: number; outcomeId: number; special: string; odd: number }

/** Every outcome of the live list that takes bets now. */
function openPicks(matches: LiveMatch[]): LivePick[] {
  const out: LivePick[] = [];
  for (const m of matches) {
    if (m.bs !== 'started' || m.ac !== 1) continue;
    for (const g of m.odds) {
      if (g.active !== 1 || g.iss === 1) continue;
      for (const o of g.outcomes) if (o.active === 1 && o.odd > 1000) out.push({ mid: m.id, sid: m.sid, oddsType: g.oddstype, outcomeId: o.outcomeid, special: g.special, odd: o.odd });
    }
  }
  return out;
}

const single = (p: LivePick, live: boolean, stake = 100) => ({
  lang: 'tr', ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake,
  tips: [{ mid: p.mid, oddTypeId: p.oddsType, ttype: live ? 'L' : 'N', odd: p.odd, banko: false, sid: p.sid, ktip: { outcomeid: p.outcomeId, special: p.special } }],
});

describe.skipIf(!UP)('three server processes on PostgreSQL and Redis', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let procs: Proc[] = [];
  const prefix = `mp-${Date.now().toString(36)}`;
  const env = () => ({
    DATABASE_URL: db.url, REDIS_URL, FEED_BUS_PREFIX: prefix, FEED_STALE_SEC: String(STALE_SEC),
    FEED_LIVE_COUNT: '12', FEED_ROLE: 'auto', PG_POOL_MAX: '6',
  });
  const leaderOf = () => procs.find((p) => p.alive() && /cluster: leading/.test(p.output()) && !/no longer leading/.test(p.output()));

  beforeAll(async () => {
    if (!UP) return;
    db = await freshDatabase();
  });

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill('SIGKILL')));
    await db?.drop().catch(() => undefined);
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}:*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  it('start together on an empty database: one migration run, one seed, one leader, no crash', async () => {
    const t0 = Date.now();
    procs = await Promise.all(['p1', 'p2', 'p3'].map((n) => startProcess(n, env())));
    await Promise.all(procs.map((p) => p.ready()));
    console.log(`[cluster] three processes up on an empty database in ${Date.now() - t0} ms`);
    const inDb = new pg.Client({ connectionString: db.url });
    await inDb.connect();
    try {
      const n = async (sql: string) => Number((await inDb.query<{ n: string }>(sql)).rows[0]!.n);
      expect(await n('select count(*) as n from schema_migrations')).toBe(MIGRATIONS);
      expect(await n('select count(*) as n from sports')).toBe(DEMO_SPORTS.length);
      expect(await n(`select count(*) as n from users where username = 'demo'`)).toBe(1);
      // seeded once: no payment category twice, and some at all
      expect(await n(`select count(*) as n from (select cat_name, transfer_type from pay_categories group by 1, 2 having count(*) > 1) x`)).toBe(0);
      expect(await n('select count(*) as n from pay_categories')).toBeGreaterThan(0);
    } finally {
      await inDb.end();
    }
    const all = procs.map((p) => p.output()).join('\n');
    expect(all.match(/demo data loaded/g) ?? []).toHaveLength(1);
    expect(all.match(/demo account content loaded/g) ?? []).toHaveLength(1);
    expect(all).not.toMatch(/duplicate key|Unhandled|uncaught/i);
    expect(procs.filter((p) => /cluster: leading/.test(p.output()))).toHaveLength(1);
    expect(procs.every((p) => p.alive())).toBe(true);
  }, 120_000);

  it('kill -9 of the leader: a follower takes the feed over within 10 s, and no live bet is taken on a stale price meanwhile', async () => {
    const leader = leaderOf()!;
    expect(leader).toBeDefined();
    const followers = procs.filter((p) => p !== leader);
    // every follower hears the feed before the test starts
    for (const f of followers) {
      for (let i = 0; i < 50 && (await fetch(`${f.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 200));
      expect((await fetch(`${f.url}/readyz`)).status).toBe(200);
    }
    const users: Array<[string, string]> = [['demo', 'demo1234'], ['ayse', 'ayse1234']];
    const cookies = await Promise.all(followers.map((f, i) => login(f.url, ...users[i]!)));
    const idsBefore = new Set(((await call(followers[0]!.url, 'liveMatches', { lang: 'tr' })).body!.data as { matches: LiveMatch[] }).matches.map((m) => m.id));

    /** t: just before the bet; fresh: /readyz before it; after: /readyz right after it. */
    interface Sample { t: number; fresh: boolean; accepted: boolean; msg: string; after: boolean }
    const samples: Sample[][] = followers.map(() => []);
    let killedAt = Infinity;
    const run = { on: true };
    const bettor = async (i: number) => {
      const f = followers[i]!;
      let known: LivePick[] = [];
      while (run.on) {
        const t = Date.now();
        const fresh = (await fetch(`${f.url}/readyz`)).status === 200;
        const live = await call(f.url, 'liveMatches', { lang: 'tr' });
        const open = openPicks((live.body?.data as { matches: LiveMatch[] } | undefined)?.matches ?? []);
        // while the feed is stale nothing reads open: keep betting on what was open before
        if (open.length) known = open;
        if (known.length) {
          const pick = known[Math.floor(Math.random() * known.length)]!;
          const tBet = Date.now();
          const r = await call(f.url, 'createCoupon', single(pick, true), { cookie: cookies[i]! });
          const after = (await fetch(`${f.url}/readyz`)).status === 200;
          samples[i]!.push({ t: Math.max(t, tBet), fresh, accepted: r.body?.status === true, msg: String(r.body?.msg ?? r.code), after });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const loops = followers.map((_, i) => bettor(i));
    await new Promise((r) => setTimeout(r, 2000));
    killedAt = Date.now();
    await leader.kill('SIGKILL');
    // until every follower has been fresh again for a moment (at most 20 s)
    const resumedAt = (i: number) => {
      const after = samples[i]!.filter((s) => s.t >= killedAt);
      const staleIdx = after.findIndex((s) => !s.fresh);
      const back = after.slice(Math.max(0, staleIdx)).find((s) => s.fresh);
      return staleIdx >= 0 && back ? back.t : null;
    };
    for (let w = 0; w < 200 && !followers.every((_, i) => resumedAt(i) !== null && Date.now() - resumedAt(i)! > 1500); w++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    run.on = false;
    await Promise.all(loops);

    const newLeader = leaderOf();
    expect(newLeader, followers.map((f) => f.output()).join('\n---\n')).toBeDefined();
    expect(followers).toContain(newLeader);
    for (const [i, f] of followers.entries()) {
      const back = resumedAt(i);
      const after = samples[i]!.filter((s) => s.t >= killedAt);
      const lastEarly = after.filter((s) => s.accepted && s.t - killedAt < STALE_SEC * 1000).at(-1);
      const refusedStale = after.filter((s) => !s.accepted && s.t < (back ?? Infinity) && /bahisler geçici olarak kapalı/.test(s.msg)).length;
      console.log(`[cluster] ${f.name}${f === newLeader ? ' (new leader)' : ''}: feed back ${back === null ? 'never' : `${back - killedAt} ms`} after kill -9; ` +
        `live bets in the gap: ${after.filter((s) => s.t < (back ?? Infinity)).length} tried, ${refusedStale} refused as stale, ` +
        `last accepted at +${lastEarly ? lastEarly.t - killedAt : '-'} ms (limit ${STALE_SEC * 1000} ms); ${after.filter((s) => s.accepted && s.t >= (back ?? Infinity)).length} accepted after`);
      expect(back).not.toBeNull();
      expect(back! - killedAt).toBeLessThan(10_000);
      // The old leader's last frame was no later than the kill, so a bet taken later than the limit
      // after it was priced on a stale feed, unless the new leader's feed had reached the process:
      // then its /readyz right after the bet says fresh (a process taking bets while stale would
      // still be stale a moment later).
      for (const s of after) if (s.accepted && s.t - killedAt >= STALE_SEC * 1000) expect(s.after, JSON.stringify(s)).toBe(true);
      expect(refusedStale).toBeGreaterThan(0);
      expect(after.some((s) => s.accepted && s.t >= back!)).toBe(true);
    }
    // the new leader went on from the old one's checkpoint: the same matches are still live
    const idsAfter = ((await call(followers[0]!.url, 'liveMatches', { lang: 'tr' })).body!.data as { matches: LiveMatch[] }).matches.map((m) => m.id);
    expect(idsAfter.filter((id) => idsBefore.has(id)).length).toBeGreaterThanOrEqual(idsBefore.size - 2);
    procs = followers;
  }, 60_000);

  it('database connections killed during a burst of placements: no process dies, retries with the same keys place each coupon once', async () => {
    const inDb = new pg.Client({ connectionString: db.url });
    await inDb.connect();
    const rows = (await inDb.query<{ mid: number; sid: number; gid: number; oid: number; odd: number }>(
      `select m.id as mid, m.sport_id as sid, o.odd from matches m
         join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id and o.outcome_id = 1
        where m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > now() + interval '2 hours'
          and g.active = 1 and o.active = 1 and o.odd >= 1010 and m.min_tip <= 1
        order by m.match_date, m.id limit 40`,
    )).rows;
    await inDb.end();
    expect(rows.length).toBe(40);
    const cookies = await Promise.all(procs.map((p) => login(p.url, 'mehmet', 'mehmet1234')));
    const jobs = rows.map((r, i) => ({
      key: `burst-${prefix}-${i}`, proc: i % procs.length,
      body: single({ mid: r.mid, sid: r.sid, oddsType: 1, outcomeId: 1, special: '', odd: Number(r.odd) }, false),
    }));
    const send = (j: (typeof jobs)[number]) => call(procs[j.proc]!.url, 'createCoupon', j.body, { cookie: cookies[j.proc]!, 'idempotency-key': j.key })
      .catch((err: Error) => ({ code: 0, body: { status: false, msg: err.message } as Record<string, unknown> }));

    const admin = await db.admin();
    const terminate = async () => (await admin.query('select pg_terminate_backend(pid) as k from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db.name])).rowCount ?? 0;
    const burst = jobs.map((j) => send(j));
    // again and again while the burst runs: statements in flight, then the reconnected pools
    let killed = 0;
    for (let k = 0; k < 6; k++) {
      await new Promise((r) => setTimeout(r, 10));
      killed += await terminate();
    }
    await admin.end();
    const first = await Promise.all(burst);
    const failed = first.filter((r) => r.body?.status !== true);
    console.log(`[cluster] burst of ${jobs.length} placements, ${killed} database connections killed: ${jobs.length - failed.length} placed, ${failed.length} failed (${[...new Set(failed.map((f) => `${f.code} ${String(f.body?.msg)}`))].join('; ')})`);
    // a failure is the spec's technical failure, never a crash
    for (const f of failed) expect(f.body?.msg).toBe('Teknik bir arıza nedeniyle işleminiz gerçekleştirilemedi.');
    expect(procs.every((p) => p.alive())).toBe(true);

    // retries with the same keys until every coupon has its answer
    const done = new Map<string, number>();
    for (const [i, r] of first.entries()) if (r.body?.status === true) done.set(jobs[i]!.key, Number(r.body.ticketId));
    for (let round = 0; round < 40 && done.size < jobs.length; round++) {
      await new Promise((r) => setTimeout(r, 250));
      const todo = jobs.filter((j) => !done.has(j.key));
      const replies = await Promise.all(todo.map((j) => send(j)));
      for (const [i, r] of replies.entries()) if (r.body?.status === true) done.set(todo[i]!.key, Number(r.body.ticketId));
    }
    expect(done.size).toBe(jobs.length);
    // once each: as many coupons as keys, every key pointing at its own coupon
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const coupons = (await check.query<{ n: string }>(`select count(*) as n from coupons c join users u on u.id = c.user_id where u.username = 'mehmet'`)).rows[0]!.n;
    await check.end();
    expect(Number(coupons)).toBe(jobs.length);
    expect(new Set(done.values()).size).toBe(jobs.length);
    expect(procs.every((p) => p.alive())).toBe(true);
    for (const p of procs) expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
    // the failures were logged as failed calls, never as an unhandled error event
    for (const p of procs) expect(p.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
  }, 60_000);
  it('a leader frozen past its lease (SIGSTOP) is replaced, and steps down when it wakes (SIGCONT)', async () => {
    const leader = leaderOf()!;
    const other = procs.find((p) => p !== leader)!;
    const mark = leader.output().length;
    const markOther = other.output().length;
    leader.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    let tookOver = -1;
    for (let i = 0; i < 100 && tookOver < 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      if (/cluster: leading/.test(other.output().slice(markOther))) tookOver = Date.now() - stoppedAt;
    }
    leader.child.kill('SIGCONT');
    // the woken process finds its lease gone: it says so and follows the new leader's feed
    for (let i = 0; i < 50 && !/no longer leading/.test(leader.output().slice(mark)); i++) await new Promise((r) => setTimeout(r, 100));
    console.log(`[cluster] ${other.name} leads ${tookOver} ms after ${leader.name} froze; ${leader.name} woke and stepped down`);
    expect(tookOver).toBeGreaterThan(0);
    expect(tookOver).toBeLessThan(10_000);
    expect(leader.output().slice(mark)).toMatch(/no longer leading/);
    // both serve the same feed again, fresh
    for (let i = 0; i < 50; i++) {
      const ready = await Promise.all(procs.map(async (p) => (await fetch(`${p.url}/readyz`)).status === 200));
      if (ready.every(Boolean)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const ids = await Promise.all(procs.map(async (p) => ((await call(p.url, 'liveMatches', { lang: 'tr' })).body!.data as { matches: LiveMatch[] }).matches.map((m) => m.id).sort()));
    expect(ids[0]).toEqual(ids[1]);
    expect(procs.filter((p) => p === leaderOf())).toEqual([other]);
    expect(procs.every((p) => p.alive())).toBe(true);
  }, 40_000);
});
