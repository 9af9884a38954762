/**
 * Trading and live betting settings in the back office on both databases: a fixture
 * made by hand with markets from the catalogue takes coupons at its prices; a price change, a
 * suspended market or match and the per-match stake limit are what createCoupon honours next;
 * every action is audited and queued for the feed, and the feed's leader publishes it on the same
 * path as the simulator (hub and bus, so a follower process's sockets get it too); bad input and
 * callers without the permission change nothing; the IP permissions refuse live tips from a denied
 * range (IPv4 and IPv6) and leave pre-match tips alone; odd types hidden live are refused live.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { drivers, ledgerViolations, SEED_NOW, useHarness } from './harness.ts';
import { json, type Body } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { tr as TR } from '../../domain/messages/tr.ts';
import { LiveState } from '../../server/feed/live-state.ts';
import { FeedHub } from '../../server/feed/hub.ts';
import { createMemoryBus } from '../../server/feed/bus.ts';
import { manualScheduler } from '../../server/feed/clock.ts';
import { startFeedService } from '../../server/feed/service.ts';
import { fixtureMatch } from '../../server/feed/test-fixtures.ts';
import { upsertLiveMatch } from '../../server/feed/live-catalogue.ts';
import { startTradingFeed, OUTBOX_POLL_MS } from '../../server/trading/feed-outbox.ts';
import { createFeedCodec } from '../../domain/protocol/feed-codec.ts';
import type { FeedChange, FeedFrame, MarketsChange } from '../../domain/protocol/feed.ts';

const DRIVERS = await drivers();
const HOUR = 3_600_000;

describe.each(DRIVERS)('back-office trading on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const who = useTeamAndDealer(h);
  let admin = '';
  let dealer = '';
  let league = 0;
  let teams: number[] = [];
  beforeAll(async () => {
    admin = who.admin();
    dealer = who.dealer();
    const [t] = await h.db.query<{ id: number }>('select id from tournaments where sport_id = 1 and feed_id is null order by id limit 1');
    league = t!.id;
    teams = (await h.db.query<{ id: number }>('select id from teams where sport_id = 1 and feed_id is null order by id limit 12')).map((r) => r.id);
  });

  const bo = async (name: string, payload: unknown, cookie = admin): Promise<Body> => json(await h.call(name, payload, { cookie }));
  let pair = 0;
  /** A hand-made fixture two days ahead with a 1X2 market at 2.00 / 3.20 / 3.50; its id and the outcomes' row ids. */
  async function fixture(stakeLimit?: number): Promise<{ id: number; oddsId: number; odds: Record<number, number> }> {
    const [home, away] = [teams[(2 * pair) % teams.length]!, teams[(2 * pair++ + 1) % teams.length]!];
    const made = await bo('bo/createFixture', { tournamentId: league, homeTeamId: home, awayTeamId: away, matchDate: new Date(SEED_NOW + 48 * HOUR).toISOString(), ...(stakeLimit ? { stakeLimit } : {}) });
    expect(made, JSON.stringify(made)).toMatchObject({ status: true });
    const id = made.id as number;
    const opened = await bo('bo/openMarket', { matchId: id, oddsType: 1, outcomes: [{ outcomeId: 1, odd: 2_000 }, { outcomeId: 2, odd: 3_200 }, { outcomeId: 3, odd: 3_500 }] });
    expect(opened, JSON.stringify(opened)).toMatchObject({ status: true });
    const detail = await bo('bo/tradingFixture', { matchId: id });
    const market = (detail.markets as Array<{ oddsId: number; outcomes: Array<{ oddId: number; outcomeId: number }> }>)[0]!;
    return { id, oddsId: market.oddsId, odds: Object.fromEntries(market.outcomes.map((o) => [o.outcomeId, o.oddId])) };
  }
  const coupon = (mid: number, odd: number, stake: number, outcomeId = 1, ttype = 'N', oddsType = 1) => ({
    ticketType: 'TK', systemTickets: [], totalStake: stake, ticketStake: stake,
    tips: [{ mid, oddTypeId: oddsType, ttype, odd, banko: false, ktip: { outcomeid: outcomeId, special: '' } }],
  });
  const place = async (cookie: string, body: unknown, opts: { app?: FastifyInstance; ip?: string } = {}) => {
    const res = await (opts.app ?? h.app).inject({
      method: 'POST', url: '/api/createCoupon', headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    return { code: res.statusCode, body: res.json<Body & { changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }> }>() };
  };
  const counts = async (matchId?: number) => ({
    matches: (await h.db.query<{ n: number }>('select count(*)::int as n from matches'))[0]!.n,
    groups: (await h.db.query<{ n: number }>('select count(*)::int as n from odds_groups'))[0]!.n,
    outcomes: (await h.db.query<{ n: number; s: number }>('select count(*)::int as n, coalesce(sum(odd), 0)::int as s from outcomes'))[0],
    audit: (await h.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n,
    outbox: (await h.db.query<{ n: number }>('select count(*)::int as n from trading_feed_outbox'))[0]!.n,
    rules: (await h.db.query<{ n: number }>('select count(*)::int as n from live_ip_rules'))[0]!.n,
    match: matchId ? (await h.db.query('select bet_status, stake_limit::int as stake_limit from matches where id = $1', [matchId]))[0] : null,
  });
  const audits = async (matchId: number) => (await h.db.query<{ action: string; before: unknown; after: unknown }>(
    "select action, before, after from audit_log where object_type = 'match' and object_id = $1 order by id", [String(matchId)]));

  it('a hand-made fixture takes coupons at its prices; a price change is what the next coupon sees', async () => {
    const f = await fixture();
    const list = await bo('bo/tradingFixtures', { manual: true, limit: 200 });
    expect((list.results as Array<{ id: number; manual: boolean; markets: number }>).find((x) => x.id === f.id)).toMatchObject({ manual: true, markets: 1 });
    // the player's pre-match lists show it with its market
    const listed = json(await h.call('matches', { tournamentId: league, limit: 200 }));
    expect(JSON.stringify(listed)).toContain(`"id":${f.id}`);

    const u = await h.player('trd1', 100_000);
    expect((await place(u.cookie, coupon(f.id, 2_000, 1_000))).body).toMatchObject({ status: true });

    expect(await bo('bo/setPrice', { matchId: f.id, oddId: f.odds[1], odd: 2_250 })).toMatchObject({ status: true });
    // the old price is refused as changed; the new one is taken
    const stale = await place(u.cookie, coupon(f.id, 2_000, 1_000));
    expect(stale.code).toBe(409);
    expect(stale.body).toMatchObject({ status: false, msg: TR.oddsChanged, changed: [f.id] });
    const ok = await place(u.cookie, coupon(f.id, 2_250, 1_000));
    expect(ok.body).toMatchObject({ status: true });
    const [tip] = await h.db.query<{ odd: number }>('select odd from coupon_tips where coupon_id = $1', [ok.body.ticketId]);
    expect(tip!.odd).toBe(2_250);

    // audited: creation, the market, the price with before and after
    const rows = await audits(f.id);
    expect(rows.map((r) => r.action)).toEqual(['fixture.create', 'market.open', 'price.set']);
    expect(rows[2]).toMatchObject({ before: { odd: 2_000, outcomeId: 1 }, after: { odd: 2_250, outcomeId: 1 } });
    // queued for the feed: the market with its new price
    const [last] = await h.db.query<{ changes: FeedChange[] }>('select changes from trading_feed_outbox order by id desc limit 1');
    const gs = last!.changes.find((c): c is MarketsChange => c.k === 'gs')!;
    expect(gs.m).toBe(f.id);
    expect(gs.odds[0]!.outcomes.find((o) => o.outcomeid === 1)).toMatchObject({ odd: 2_250, active: 1 });
  });

  it('a suspended market or match refuses the tip until it is reopened', async () => {
    const f = await fixture();
    const u = await h.player('trd2', 100_000);
    expect(await bo('bo/setMarketStatus', { matchId: f.id, oddsId: f.oddsId, active: 0 })).toMatchObject({ status: true });
    expect((await place(u.cookie, coupon(f.id, 2_000, 500))).body).toMatchObject({ status: false, msg: TR.tipClosed });
    expect(await bo('bo/setMarketStatus', { matchId: f.id, oddsId: f.oddsId, active: 1 })).toMatchObject({ status: true });
    expect((await place(u.cookie, coupon(f.id, 2_000, 500))).body).toMatchObject({ status: true });

    expect(await bo('bo/setMatchStatus', { matchId: f.id, open: false })).toMatchObject({ status: true });
    const closed = await place(u.cookie, coupon(f.id, 2_000, 500, 2));
    expect(closed.body.status).toBe(false);
    expect(closed.body.msg).toContain(TR.betsClosed.split(' ').slice(1).join(' '));
    // the feed hears the whole match stopped: every outcome inactive
    const [last] = await h.db.query<{ changes: FeedChange[] }>('select changes from trading_feed_outbox order by id desc limit 1');
    expect(last!.changes.find((c) => c.k === 's')).toMatchObject({ m: f.id, bs: 'stopped' });
    expect((last!.changes.find((c): c is MarketsChange => c.k === 'gs')!).odds[0]!.outcomes.every((o) => o.active === 0)).toBe(true);
    expect(await bo('bo/setMatchStatus', { matchId: f.id, open: true })).toMatchObject({ status: true });
    expect((await place(u.cookie, coupon(f.id, 3_200, 500, 2))).body).toMatchObject({ status: true });
    expect((await audits(f.id)).map((r) => r.action)).toEqual(['fixture.create', 'market.open', 'market.suspend', 'market.reopen', 'match.suspend', 'match.reopen']);
  });

  it('the per-match stake limit replaces the default per tip, over the player\'s waiting coupons', async () => {
    const f = await fixture();
    const u = await h.player('trd3', 100_000);
    expect(await bo('bo/setStakeLimit', { matchId: f.id, stakeLimit: 1_000 })).toMatchObject({ status: true });
    const over = await place(u.cookie, coupon(f.id, 2_000, 1_500));
    expect(over.body).toMatchObject({ status: false, msg: TR.matchStakeLimit, couponErrors: [{ mid: f.id, msg: TR.matchStakeLimit }] });
    expect((await place(u.cookie, coupon(f.id, 2_000, 800))).body).toMatchObject({ status: true });
    expect((await place(u.cookie, coupon(f.id, 2_000, 300))).body).toMatchObject({ status: false, msg: TR.matchStakeLimit });
    // another outcome is another tip
    expect((await place(u.cookie, coupon(f.id, 3_500, 300, 3))).body).toMatchObject({ status: true });
    expect((await audits(f.id)).at(-1)).toMatchObject({ action: 'match.stakeLimit', before: { stakeLimit: 0 }, after: { stakeLimit: 1_000 } });
    // back to the default (5,000.00 per tip)
    expect(await bo('bo/setStakeLimit', { matchId: f.id, stakeLimit: 0 })).toMatchObject({ status: true });
    expect((await place(u.cookie, coupon(f.id, 2_000, 300))).body).toMatchObject({ status: true });
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it.each([
    ['createFixture: the same team twice', 'bo/createFixture', () => ({ tournamentId: league, homeTeamId: teams[0], awayTeamId: teams[0], matchDate: new Date(SEED_NOW + HOUR).toISOString() })],
    ['createFixture: a date gone by', 'bo/createFixture', () => ({ tournamentId: league, homeTeamId: teams[0], awayTeamId: teams[1], matchDate: new Date(SEED_NOW - HOUR).toISOString() })],
    ['createFixture: an unknown league', 'bo/createFixture', () => ({ tournamentId: 999_999, homeTeamId: teams[0], awayTeamId: teams[1], matchDate: new Date(SEED_NOW + HOUR).toISOString() })],
    ['createFixture: not a date', 'bo/createFixture', () => ({ tournamentId: league, homeTeamId: teams[0], awayTeamId: teams[1], matchDate: 'tomorrow' })],
    ['openMarket: an outcome missing', 'bo/openMarket', (id: number) => ({ matchId: id, oddsType: 10, outcomes: [{ outcomeId: 9, odd: 1_500 }] })],
    ['openMarket: an odd of 1.00', 'bo/openMarket', (id: number) => ({ matchId: id, oddsType: 186, outcomes: [{ outcomeId: 4, odd: 1_000 }, { outcomeId: 5, odd: 2_000 }] })],
    ['openMarket: an unknown odd type', 'bo/openMarket', (id: number) => ({ matchId: id, oddsType: 9_999, outcomes: [{ outcomeId: 1, odd: 2_000 }] })],
    ['openMarket: a line without its special', 'bo/openMarket', (id: number) => ({ matchId: id, oddsType: 18, outcomes: [{ outcomeId: 12, odd: 1_900 }, { outcomeId: 13, odd: 1_900 }] })],
    ['openMarket: the same market twice', 'bo/openMarket', (id: number) => ({ matchId: id, oddsType: 1, outcomes: [{ outcomeId: 1, odd: 2_000 }, { outcomeId: 2, odd: 3_000 }, { outcomeId: 3, odd: 4_000 }] })],
    ['setPrice: an outcome of another match', 'bo/setPrice', (id: number) => ({ matchId: id, oddId: 1, odd: 2_000 })],
    ['setPrice: a negative odd', 'bo/setPrice', (id: number, f: { odds: Record<number, number> }) => ({ matchId: id, oddId: f.odds[1], odd: -5 })],
    ['setMarketStatus: a status of 2', 'bo/setMarketStatus', (id: number, f: { oddsId: number }) => ({ matchId: id, oddsId: f.oddsId, active: 2 })],
    ['setStakeLimit: a negative limit', 'bo/setStakeLimit', (id: number) => ({ matchId: id, stakeLimit: -1 })],
    ['setMatchStatus: an unknown match', 'bo/setMatchStatus', () => ({ matchId: 2_000_000_000, open: false })],
    ['addIpRule: not a range', 'bo/addIpRule', () => ({ cidr: '10.0.0.0/33', action: 'deny' })],
    ['addIpRule: an unknown action', 'bo/addIpRule', () => ({ cidr: '10.0.0.0/8', action: 'block' })],
    ['setLiveOddTypes: an unknown type', 'bo/setLiveOddTypes', () => ({ sportId: 1, oddsTypes: [9_999] })],
  ])('refuses %s and changes nothing', async (_what, name, payload) => {
    const f = await fixture();
    const before = await counts(f.id);
    const r = await h.call(name, (payload as (id: number, f: unknown) => unknown)(f.id, f), { cookie: admin });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(json(r)).toMatchObject({ status: false, msg: expect.any(String) });
    expect(await counts(f.id)).toEqual(before);
  });

  it('a dealer without the permission is refused every trading call, and nothing changes', async () => {
    const f = await fixture();
    const before = await counts(f.id);
    for (const [name, payload] of [
      ['bo/createFixture', { tournamentId: league, homeTeamId: teams[0], awayTeamId: teams[1], matchDate: new Date(SEED_NOW + HOUR).toISOString() }],
      ['bo/setPrice', { matchId: f.id, oddId: f.odds[1], odd: 5_000 }], ['bo/setMatchStatus', { matchId: f.id, open: false }],
      ['bo/setStakeLimit', { matchId: f.id, stakeLimit: 1 }], ['bo/addIpRule', { cidr: '0.0.0.0/0', action: 'deny' }],
      ['bo/tradingFixtures', {}], ['bo/liveSettings', {}],
    ] as const) {
      const r = await h.call(name, payload, { cookie: dealer });
      expect(r.statusCode, name).toBe(403);
      expect(json(r)).toMatchObject({ status: false, error: 'forbidden' });
    }
    expect(await counts(f.id)).toEqual(before);
  });

  it('a hand-made fixture is never written by the live catalogue, even under the same id', async () => {
    const f = await fixture();
    const before = await h.db.query('select home_id, away_id, match_date, status, bet_status, active, live_active, manual from matches where id = $1', [f.id]);
    await h.db.tx((q) => upsertLiveMatch(q, { ...fixtureMatch(f.id, 1, SEED_NOW), ms: '2p', bs: 'stopped', ac: 0 }));
    expect(await h.db.query('select home_id, away_id, match_date, status, bet_status, active, live_active, manual from matches where id = $1', [f.id])).toEqual(before);
  });

  it('the feed leader publishes queued trading changes on the hub and the bus; a follower process relays them', async () => {
    const f = await fixture();
    const sched = manualScheduler(SEED_NOW);
    const bus = createMemoryBus();
    const codec = createFeedCodec();
    const idle = { name: 'idle', start: () => undefined, stop: () => undefined, current: () => [] };
    const lead = { state: new LiveState(), hub: null as unknown as FeedHub };
    lead.hub = new FeedHub({ state: lead.state, clock: sched });
    const leader = await startFeedService({ state: lead.state, hub: lead.hub, bus, scheduler: sched, adapter: idle });
    const fstate = new LiveState();
    const fhub = new FeedHub({ state: fstate, clock: sched });
    const follower = await startFeedService({ state: fstate, hub: fhub, bus, scheduler: sched });
    const heard = (hub: FeedHub) => {
      const frames: FeedFrame[] = [];
      hub.connect({ send: (b) => frames.push(codec.decodeFrame(b)), buffered: () => 0, close: () => undefined }).receive({ op: 'sub', matches: [f.id] });
      return frames;
    };
    const onLeader = heard(lead.hub);
    const onFollower = heard(fhub);
    const trading = startTradingFeed(h.db, leader, sched);
    await trading.poll();
    expect(await bo('bo/setPrice', { matchId: f.id, oddId: f.odds[3], odd: 3_900 })).toMatchObject({ status: true });
    sched.advance(OUTBOX_POLL_MS);
    await trading.poll();
    const priceOf = (frames: FeedFrame[]) => frames.flatMap((x) => (x.kind === 'delta' ? x.changes : []))
      .filter((c): c is MarketsChange => c.k === 'gs' && c.m === f.id).at(-1)?.odds[0]?.outcomes.find((o) => o.outcomeid === 3)?.odd;
    expect(priceOf(onLeader)).toBe(3_900);
    expect(priceOf(onFollower)).toBe(3_900);
    trading.stop();
    await follower.stop();
    await leader.stop();
  });

  describe('live betting settings', () => {
    const LIVE_ID = 9_100_001;
    let state: LiveState;
    let liveApp: FastifyInstance;
    beforeAll(async () => {
      state = new LiveState();
      state.reset([fixtureMatch(LIVE_ID, 1, SEED_NOW - 20 * 60_000)]);
      liveApp = await h.buildApp({ live: state });
    });
    const clear = async () => {
      const s = await bo('bo/liveSettings', {});
      for (const r of s.rules as Array<{ id: number }>) expect(await bo('bo/removeIpRule', { ruleId: r.id })).toMatchObject({ status: true });
    };

    it('a denied range refuses live tips with the spec-shaped message and lets pre-match tips through (IPv4 and IPv6)', async () => {
      const u = await h.player('trd4', 100_000);
      const pre = await fixture();
      const denied = await bo('bo/addIpRule', { cidr: '10.1.2.3/16', action: 'deny', note: 'test' });
      expect(denied).toMatchObject({ status: true });
      const v6 = await bo('bo/addIpRule', { cidr: '2001:db8::/32', action: 'deny' });
      expect(v6).toMatchObject({ status: true });
      const s = await bo('bo/liveSettings', {});
      expect((s.rules as Array<{ cidr: string; action: string }>).map((r) => [r.cidr, r.action])).toEqual([['10.1.0.0/16', 'deny'], ['2001:db8::/32', 'deny']]);
      // the same range in another spelling is the same rule
      expect((await h.call('bo/addIpRule', { cidr: '10.1.0.0/16', action: 'allow' }, { cookie: admin })).statusCode).toBe(422);

      for (const ip of ['10.1.200.7', '::ffff:10.1.0.1', '2001:db8:1::5']) {
        const r = await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp, ip });
        expect(r.code, ip).toBe(403);
        expect(r.body).toMatchObject({ status: false, msg: TR.liveIpDenied });
      }
      expect((await place(u.cookie, coupon(pre.id, 2_000, 500), { app: liveApp, ip: '10.1.200.7' })).body).toMatchObject({ status: true });
      expect((await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp, ip: '10.2.0.1' })).body).toMatchObject({ status: true });

      // an allow range: only addresses inside it bet live
      expect(await bo('bo/addIpRule', { cidr: '192.168.0.0/24', action: 'allow' })).toMatchObject({ status: true });
      expect((await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp, ip: '10.2.0.1' })).code).toBe(403);
      expect((await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp, ip: '192.168.0.9' })).body).toMatchObject({ status: true });
      const [a] = await h.db.query<{ action: string; after: { cidr: string } }>("select action, after from audit_log where object_type = 'ipRule' order by id limit 1");
      expect(a).toMatchObject({ action: 'live.ipRule.add', after: { cidr: '10.1.0.0/16' } });
      await clear();
      expect((await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp, ip: '10.1.200.7' })).body).toMatchObject({ status: true });
    });

    it('odd types hidden live for a sport are refused live; an empty list shows every type again', async () => {
      const u = await h.player('trd5', 100_000);
      expect(await bo('bo/setLiveOddTypes', { sportId: 1, oddsTypes: [18] })).toMatchObject({ status: true });
      const s = await bo('bo/liveSettings', {});
      expect((s.sports as Array<{ id: number; oddsTypes: number[]; custom: boolean }>).find((x) => x.id === 1)).toMatchObject({ oddsTypes: [18], custom: true });
      const r = await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp });
      expect(r.body).toMatchObject({ status: false, msg: TR.tipClosed });
      // the players' worker reads the list without a login (it keeps only these groups live)
      expect(json(await h.call('liveOddTypes', {}))).toEqual({ status: true, sports: { 1: [18] } });
      expect(await bo('bo/setLiveOddTypes', { sportId: 1, oddsTypes: [] })).toMatchObject({ status: true });
      expect(json(await h.call('liveOddTypes', {}))).toEqual({ status: true, sports: {} });
      expect((await place(u.cookie, coupon(LIVE_ID, 2_100, 500, 1, 'L'), { app: liveApp })).body).toMatchObject({ status: true });
      const rows = await h.db.query<{ action: string }>("select action from audit_log where object_type = 'sport' and object_id = '1' order by id");
      expect(rows.map((x) => x.action)).toEqual(['live.oddTypes', 'live.oddTypes']);
    });
  });
});

