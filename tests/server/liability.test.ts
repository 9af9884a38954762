/**
 * The book's liability on both drivers: after 10,000 random placements (singles, combinations,
 * multiples, systems), sells, cancels, settlements (and corrections: a settled match settled
 * again) and folds, the book (migration 255's triggers, folded or not) equals a recomputation from
 * scratch of every waiting coupon's tips with domain/trading/liability.ts; and bo/liability answers
 * the grid sorted by the worst case with its filters. LIABILITY_OPS changes the number of steps.
 */
import { describe, expect, it } from 'vitest';
import { createCouponPayload } from '../../domain/protocol/calls.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import { legPayouts } from '../../domain/trading/liability.ts';
import { stakeOnPicks } from '../../domain/betslip/tip-stake.ts';
import type { CouponKind } from '../../domain/betslip/types.ts';
import { placeAlone, placementRequest } from '../../server/betting/create-coupon.ts';
import { cancelCoupon, sellCoupon } from '../../server/betting-lifecycle/sell.ts';
import { settleMatch, systemSizesOf } from '../../server/settlement/settle-match.ts';
import { bookFigures, foldLiability, type OutcomeFigures } from '../../server/trading/liability.ts';
import { SITE_SETTINGS } from '../../server/settings/site-settings.ts';
import { tr as TR } from '../../domain/messages/tr.ts';
import type { Db } from '../../server/db/client.ts';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { BoLiabilityReply } from '../../domain/trading/calls.ts';
import { drivers, footballWith1x2, ledgerViolations, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';

interface WsClient { on(e: 'message', fn: (d: unknown) => void): void; on(e: 'error', fn: () => void): void; close(): void }
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, opts: { headers: Record<string, string> }) => WsClient;

const DRIVERS = await drivers();
const OPS = Number(process.env.LIABILITY_OPS ?? 10_000);

/** A small deterministic generator (mulberry32), so a failure replays with the same seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The book recomputed from the waiting coupons alone: their tips, the stakes and payouts per leg redone with domain/. */
async function recompute(db: Db): Promise<OutcomeFigures[]> {
  const rows = await db.query<{
    coupon_id: number; ticket_type: CouponKind; ticket_stake: string; max_pay: string; system_combi: string;
    match_id: number; odds_type: number; special: string; outcome_id: number; odd: number; banko: number;
  }>(`select c.id as coupon_id, c.ticket_type, c.ticket_stake, c.max_pay, c.system_combi, t.match_id, t.odds_type, t.special, t.outcome_id, t.odd, t.banko
        from coupons c join coupon_tips t on t.coupon_id = c.id where c.status = 0 order by c.id, t.id`);
  const byCoupon = new Map<number, typeof rows>();
  for (const r of rows) byCoupon.set(r.coupon_id, [...(byCoupon.get(r.coupon_id) ?? []), r]);
  const book = new Map<string, OutcomeFigures>();
  for (const tips of byCoupon.values()) {
    const c = tips[0]!;
    const legs = tips.map((t) => ({ matchId: t.match_id, odd: t.odd, banko: t.banko === 1 }));
    const sizes = c.ticket_type === 'SK' ? systemSizesOf(c.system_combi) : [];
    const stakes = stakeOnPicks(c.ticket_type, legs, sizes, Number(c.ticket_stake));
    const pays = legPayouts(c.ticket_type, legs, sizes, Number(c.ticket_stake), Number(c.max_pay));
    tips.forEach((t, j) => {
      const key = `${t.match_id}|${t.odds_type}|${t.special}|${t.outcome_id}`;
      const f = book.get(key) ?? { matchId: t.match_id, oddsType: t.odds_type, special: t.special, outcomeId: t.outcome_id, singleStake: 0, singlePay: 0, comboStake: 0, comboPay: 0, tips: 0 };
      if (c.ticket_type === 'TK') { f.singleStake += stakes[j]!; f.singlePay += pays[j]!; } else { f.comboStake += stakes[j]!; f.comboPay += pays[j]!; }
      f.tips += 1;
      book.set(key, f);
    });
  }
  return [...book.values()].sort((a, b) => a.matchId - b.matchId || a.oddsType - b.oddsType || (a.special < b.special ? -1 : a.special > b.special ? 1 : 0) || a.outcomeId - b.outcomeId);
}

describe.each(DRIVERS)('book liability on %s', (driver) => {
  const h = useHarness(driver);
  const who = useTeamAndDealer(h);

  it(`equals a recomputation after ${OPS} random placements, sells, cancels, settlements and folds`, async () => {
    const big = { minTip: 1, minStake: 100, maxStake: 1_000_000, maxPay: 1_000_000_000, status: 1 };
    const limits = { single: big, combine: big, multiple: big, system: big, live: big };
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => h.addUser(`liab${i}`, 50_000_000, limits)));
    const matches = (await footballWith1x2(h, 60)).slice(0, 40);
    expect(matches.length).toBeGreaterThanOrEqual(30);
    const picksOf = matches.map((m) => {
      const g = m.odds.find((x) => x.oddstype === 1)!;
      return g.outcomes.map((o) => ({ mid: m.id, outcomeId: o.outcomeid, special: g.special, odd: o.odd }));
    });
    const random = rng(20261128);
    const int = (n: number) => Math.floor(random() * n);
    const open: Array<{ id: number; userId: number }> = [];
    const done = { placed: 0, refused: 0, sold: 0, cancelled: 0, settled: 0, folds: 0, checks: 0 };
    const results: MatchResult[] = [
      { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } }, { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } }, { ft: { h: 1, a: 1 }, ht: { h: 0, a: 1 } },
    ];
    const tip = (p: { mid: number; outcomeId: number; special: string; odd: number }, banko = false) =>
      ({ mid: p.mid, oddTypeId: 1, ttype: 'N', odd: p.odd, banko, ktip: { outcomeid: p.outcomeId, special: p.special } });
    const check = async () => {
      expect(await bookFigures(h.db)).toEqual(await recompute(h.db));
      done.checks++;
    };

    for (let step = 0; step < OPS; step++) {
      const r = random();
      const now = h.clock.now;
      if (r < 0.6) {
        const u = players[int(players.length)]!;
        const kind = (['TK', 'TK', 'KK', 'CK', 'SK'] as const)[int(5)]!;
        const n = kind === 'TK' ? 1 : kind === 'SK' ? 3 + int(2) : 2 + int(2);
        const ms = new Set<number>();
        while (ms.size < n) ms.add(int(matches.length));
        const chosen = [...ms].map((m) => picksOf[m]![int(3)]!);
        // CK: a second outcome of the first match
        if (kind === 'CK') chosen.push(picksOf[[...ms][0]!]!.find((p) => p.outcomeId !== chosen[0]!.outcomeId)!);
        const sizes = kind === 'SK' ? [2] : [];
        const count = kind === 'SK' ? (n * (n - 1)) / 2 : kind === 'CK' ? 2 : 1;
        const stake = 100 * (1 + int(20));
        const banko = kind === 'SK' && n === 4 && random() < 0.5;
        const p = createCouponPayload.parse({
          lang: 'en', ticketType: kind, oddsChange: 'any', systemTickets: sizes, totalStake: stake * count, ticketStake: stake,
          tips: chosen.map((c, j) => tip(c, banko && j === 0)),
        });
        try {
          const reply = await placeAlone(h.db, placementRequest(p, { userId: u.id, now, lang: 'en' }));
          open.push({ id: reply.ticketId, userId: u.id });
          done.placed++;
        } catch {
          done.refused++; // a settled match, a rule of the slip: nothing was written
        }
      } else if (r < 0.75 && open.length) {
        const [c] = open.splice(int(open.length), 1);
        await sellCoupon(h.db, c!.userId, c!.id, now, 'en').then(() => done.sold++, () => undefined);
      } else if (r < 0.9 && open.length) {
        const [c] = open.splice(int(open.length), 1);
        await cancelCoupon(h.db, c!.userId, c!.id, now, 'en').then(() => done.cancelled++, () => undefined);
      } else if (r < 0.915) {
        // a result, or a corrected one for a match settled before (it reopens and resettles its coupons)
        await settleMatch(h.db, matches[int(matches.length)]!.id, results[int(results.length)]!, now);
        done.settled++;
      } else if (r < 0.95) {
        await foldLiability(h.db);
        done.folds++;
      }
      if (step % 2_500 === 2_499) await check();
    }
    await check();
    await foldLiability(h.db);
    await check();
    // the folded table holds only outcomes with open tips
    const [empty] = await h.db.query<{ n: number }>('select count(*)::int as n from book_liability where tips = 0');
    expect(empty!.n).toBe(0);
    expect(await ledgerViolations(h.db)).toEqual([]);
    console.log(`[liability ${driver}] ${JSON.stringify(done)}`);
    expect(done.placed).toBeGreaterThan(OPS / 10);
    expect(done.sold + done.cancelled).toBeGreaterThan(0);
    expect(done.settled).toBeGreaterThan(0);
  }, 900_000);

  it('bo/liability: the grid of a market, worst case first, with its filters; /ws/bo tells the screen when it moves', async () => {
    const cookie = who.admin();
    const m = (await footballWith1x2(h, 60)).at(-1)!;
    const g = m.odds.find((x) => x.oddstype === 1)!;
    const [o1, o2] = g.outcomes;
    const u = await h.player('liabgrid', 10_000_000);
    const app = await h.buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/bo`, { headers: { cookie } });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(String(d)));
    ws.on('error', () => undefined);
    const until = async (ok: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error('timed out');
    };
    try {
      await until(() => frames.includes('{"event":"hello"}'), 5_000);
      const single = (o: typeof o1, stake: number) => h.call('createCoupon', {
        ticketType: 'TK', oddsChange: 'any', systemTickets: [], totalStake: stake, ticketStake: stake,
        tips: [{ mid: m.id, oddTypeId: 1, ttype: 'N', odd: o!.odd, banko: false, ktip: { outcomeid: o!.outcomeid, special: g.special } }],
      }, { cookie: u.cookie });
      expect((await single(o1, 10_000)).statusCode).toBe(200);
      expect((await single(o2, 2_000)).statusCode).toBe(200);
      await until(() => frames.includes('{"event":"liability"}'), 5_000);
      const res = await h.call('bo/liability', { matchId: m.id }, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<BoLiabilityReply>();
      expect(body.totalCount).toBe(1);
      const market = body.markets[0]!;
      const pay1 = Math.floor((10_000 * o1!.odd) / 1000);
      expect(market).toMatchObject({ matchId: m.id, oddsType: 1, stakes: 12_000, worst: pay1 - 12_000, live: false });
      expect(market.outcomes[0]).toMatchObject({ outcomeId: o1!.outcomeid, singleStake: 10_000, singlePay: pay1, pay: pay1, net: pay1 - 12_000, tips: 1 });
      // the filters: a pre-match match is not in play, nor in another sport
      expect(json(await h.call('bo/liability', { matchId: m.id, live: true }, { cookie }))).toMatchObject({ status: true, totalCount: 0 });
      expect(json(await h.call('bo/liability', { matchId: m.id, sportId: 2 }, { cookie }))).toMatchObject({ status: true, totalCount: 0 });
      // the whole book, worst case first
      const all = (await h.call('bo/liability', { limit: 500 }, { cookie })).json<BoLiabilityReply>();
      expect(all.markets.map((x) => x.worst)).toEqual([...all.markets.map((x) => x.worst)].sort((a, b) => b - a));
      // bad input and a player's session: refused in the spec's shape
      expect(json(await h.call('bo/liability', { limit: 0 }, { cookie }))).toMatchObject({ status: false });
      expect((await h.call('bo/liability', {}, { cookie: u.cookie })).statusCode).toBe(403);
      expect((await h.call('bo/liability', {}, { cookie: who.dealer() })).statusCode).toBe(403);
    } finally {
      ws.close();
      await app.close();
    }
  }, 60_000);

  it('automatic protection: a coupon past a market limit is refused with the reason, a hedge is taken, overrides win, and the market can be suspended with an audit row', async () => {
    const cookie = who.admin();
    const list = await footballWith1x2(h, 60);
    const m = list.at(-2)!;
    const g = m.odds.find((x) => x.oddstype === 1)!;
    const [o1, o2] = g.outcomes;
    const u = await h.player('liabguard', 10_000_000);
    const single = (o: typeof o1, stake: number) => h.call('createCoupon', {
      ticketType: 'TK', oddsChange: 'any', systemTickets: [], totalStake: stake, ticketStake: stake,
      tips: [{ mid: m.id, oddTypeId: 1, ttype: 'N', odd: o!.odd, banko: false, ktip: { outcomeid: o!.outcomeid, special: g.special } }],
    }, { cookie: u.cookie });
    const saved = { ...SITE_SETTINGS };
    try {
      // this match's own market limit: just above one 100.00 single on outcome 1
      const first = Math.floor((10_000 * o1!.odd) / 1000) - 10_000;
      const set = await h.call('bo/setLiabilityLimit', { scope: 'match', refId: m.id, marketLimit: first + 100, matchLimit: null }, { cookie });
      expect(json(set)).toMatchObject({ status: true });
      expect((await single(o1, 10_000)).statusCode).toBe(200);
      const refused = await single(o1, 1_000);
      expect(refused.statusCode).toBe(422);
      expect(json(refused)).toMatchObject({ status: false, msg: TR.liabilityLimit, couponErrors: [{ mid: m.id, msg: TR.liabilityLimit }] });
      // a bet on the other side lowers the worst case: taken
      expect((await single(o2, 1_000)).statusCode).toBe(200);
      // removing the override: the site's default (far above) applies again
      expect(json(await h.call('bo/setLiabilityLimit', { scope: 'match', refId: m.id, marketLimit: null, matchLimit: null }, { cookie }))).toMatchObject({ status: true });
      expect((await single(o1, 1_000)).statusCode).toBe(200);
      // the site's limit with automatic suspension: the refusal suspends the market, audited as the system's
      SITE_SETTINGS.liability_market_limit = 1;
      SITE_SETTINGS.liability_auto_suspend = 1;
      expect((await single(o1, 1_000)).statusCode).toBe(422);
      const [grp] = await h.db.query<{ active: number }>('select active from odds_groups where match_id = $1 and odds_type = 1 and special = $2', [m.id, g.special]);
      expect(grp!.active).toBe(0);
      const audit = await h.db.query<{ role: string; action: string; actor_id: number | null }>(
        `select role, action, actor_id from audit_log where object_type = 'match' and object_id = $1 order by id`, [String(m.id)]);
      expect(audit.map((a) => a.action)).toEqual(['liability.limit', 'liability.limit', 'market.autoSuspend']);
      expect(audit[2]).toMatchObject({ role: 'system', actor_id: null });
      const limits = json(await h.call('bo/liabilityLimits', {}, { cookie }));
      expect(limits).toMatchObject({ status: true, site: { market: 1, autoSuspend: 1 } });
      // bad input changes nothing
      expect(json(await h.call('bo/setLiabilityLimit', { scope: 'match', refId: 2_000_000_000, marketLimit: 5, matchLimit: null }, { cookie }))).toMatchObject({ status: false });
      expect(json(await h.call('bo/setLiabilityLimit', { scope: 'planet', refId: m.id, marketLimit: 5, matchLimit: null }, { cookie }))).toMatchObject({ status: false });
    } finally {
      Object.assign(SITE_SETTINGS, saved);
    }
  }, 60_000);
});
