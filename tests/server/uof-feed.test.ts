/**
 * The Unified Odds Feed end to end on both databases: real messages published to a topic exchange
 * of the local RabbitMQ (a unique one per run), the REST calls answered by a local stand-in from
 * the fixture files, the adapter run as the feed's leader on the simulator's own path (live state,
 * hub, memory bus, trading outbox), and the player's calls asked what they show:
 * a match announced by fixture_change is listed with its names in tr and en; odds_change prices it
 * before kick-off (database) and moves its odds live (LiveBets' call); bet_stop locks it; coupons
 * are paid by bet_settlement (won, half refunded, dead heat), reversed by the rollback, voided by a
 * bet_cancel whose window covers their placement and restored by its rollback; a redelivered
 * message changes nothing; the producers going quiet suspend every market, and a recovery from the
 * stored timestamp reopens them only after its snapshot_complete. Skipped with a note without RabbitMQ.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { systemScheduler } from '../../server/feed/clock.ts';
import { createMemoryBus } from '../../server/feed/bus.ts';
import { FeedHub } from '../../server/feed/hub.ts';
import { LiveState } from '../../server/feed/live-state.ts';
import { startFeedService, type FeedService } from '../../server/feed/service.ts';
import { startTradingFeed } from '../../server/trading/feed-outbox.ts';
import { UofFeedAdapter } from '../../server/feed/uof/adapter.ts';
import { UofApi, UofApiError } from '../../server/feed/uof/api.ts';
import type { LiveMatch } from '../../domain/protocol/feed.ts';
import type { MatchListItem } from '../../domain/protocol/entities.ts';
import type { CouponLine } from '../../domain/protocol/coupons.ts';
import { drivers, useHarness } from './harness.ts';
import { message, rabbitAvailable, startApiStub, startPublisher, until, type FeedPublisher, type UofStub } from './uof-stub.ts';

const DRIVERS = (await rabbitAvailable()) ? await drivers() : [];
const EVENT = 'sr:match:1001';

describe.skipIf(!DRIVERS.length)('Unified Odds Feed over RabbitMQ', () => {
  describe.each(DRIVERS)('on %s', (driver) => {
    const h = useHarness(driver);
    let stub: UofStub;
    let pub: FeedPublisher;
    let adapter: UofFeedAdapter;
    let state: LiveState;
    let service: FeedService;
    let trading: { stop(): void };
    let app: FastifyInstance;
    let start: number;
    const coupons: Record<string, number> = {};
    let preCookie = '';
    let alive = true;
    let aliveTimer: NodeJS.Timeout | undefined;

    const call = async (name: string, payload: Record<string, unknown>, cookie?: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/${name}`, payload: JSON.stringify({ lang: 'tr', ...payload }),
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });
      return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
    };
    const listed = async (lang: string): Promise<MatchListItem | undefined> => {
      const { body } = await call('matches', { lang, sportId: 1, limit: 1000, odds: [1, 47] });
      const id = await matchId();
      return (body.data as { results: MatchListItem[] }).results.find((m) => m.id === id);
    };
    const matchId = async () => (await h.db.query<{ our_id: number }>(`select our_id from provider_ids where kind = 'match' and ext_id = $1`,
      [EVENT]))[0]?.our_id;
    const live = async (): Promise<LiveMatch | undefined> => {
      const { body } = await call('liveMatches', {});
      const id = await matchId();
      return (body.data as { matches: LiveMatch[] }).matches.find((m) => m.id === id);
    };
    const producer = (id: number) => adapter.producers?.health().find((p) => p.id === id);
    /** Publishes and waits until the adapter applied everything received. */
    const send = async (xml: string) => {
      pub.send(xml);
      await new Promise((r) => setTimeout(r, 150));
      await adapter.idle();
    };
    /** Answers the recovery each producer asked for (the alive timer makes them ask) with its snapshot_complete. */
    const recoverAll = async () => {
      const asked = (await until(() => {
        const list = [1, 3].map((id) => producer(id)?.recovery?.requestId);
        return list.every((x) => x !== undefined) ? (list as number[]) : undefined;
      }, 10_000, 'recovery requests'))!;
      for (const [i, p] of [1, 3].entries()) pub.send(message('snapshot_complete', { product: p, request_id: asked[i]!, timestamp: Date.now() }));
      await until(() => producer(1)?.state === 'up' && producer(3)?.state === 'up', 10_000, 'producers up');
      return stub.recoveries.filter((r) => asked.includes(r.requestId));
    };
    const couponRow = async (id: number) =>
      (await h.db.query<{ status: number; income: number }>('select status, income::int as income from coupons where id = $1', [id]))[0]!;
    const ledger = async (id: number) =>
      (await h.db.query<{ kind: string;
        amount: number }>(`select kind, amount::int as amount from ledger where ref_type = 'coupon' and ref_id = $1 order by id`, [id]));
    const place = async (cookie: string, oddTypeId: number, outcomeid: number, special: string, odd: number, ttype: 'N' | 'L' = 'N') => {
      const mid = await matchId();
      const res = await call('createCoupon', {
        ticketType: 'TK', couponType: 3, oddChangeOk: true, systemTickets: [], totalStake: 1000, ticketStake: 1000,
        tips: [{ mid, oddTypeId, ttype, odd, banko: false, sid: 1, ktip: { outcomeid, special } }],
      }, cookie);
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      return res.body.ticketId as number;
    };

    beforeAll(async () => {
      start = Date.now();
      h.clock.now = start;
      stub = await startApiStub();
      stub.events.set(EVENT, start + 3 * 3600_000);
      pub = await startPublisher();
      state = new LiveState({ clock: systemScheduler, staleMs: 2000 });
      const hub = new FeedHub({ state, clock: systemScheduler });
      adapter = new UofFeedAdapter({
        db: h.db, scheduler: systemScheduler, log: () => undefined,
        config: {
          amqpUrl: 'amqp://guest:guest@127.0.0.1:5672/', exchange: pub.exchange, apiUrl: stub.apiUrl, token: stub.token,
          languages: ['en', 'tr'], producers: [1, 3], aliveTimeoutMs: 2500,
        },
        publish: (changes) => service.inject(changes),
      });
      service = await startFeedService({ state, hub, bus: createMemoryBus(), scheduler: systemScheduler, adapter });
      trading = startTradingFeed(h.db, service, systemScheduler);
      // the producers speak every second (the feed: every 10 s) until a test makes them quiet
      aliveTimer = setInterval(() => {
        if (!alive) return;
        for (const p of [1, 3]) pub.send(message('alive', { product: p, timestamp: Date.now(), subscribed: 1 }));
      }, 1000);
      app = await h.buildApp({ live: state });
      await adapter.ready;
      await until(() => stub.requests.some((r) => r.includes('producers.xml')), 5000, 'producers.xml');
      // the queue is bound once the consumer runs
      await new Promise((r) => setTimeout(r, 500));
    }, 60_000);

    // the harness puts its clock back after each test: this suite runs on the wall clock (AMQP timers)
    beforeEach(() => { h.clock.now = Date.now(); });

    afterAll(async () => {
      clearInterval(aliveTimer);
      await adapter?.close();
      trading?.stop();
      await service?.stop();
      await pub?.close();
      await stub?.close();
    });

    it('refuses a stranger: a wrong access token gets no fixture, descriptions or recovery', async () => {
      const stranger = new UofApi({ baseUrl: stub.apiUrl, token: 'not-the-token' });
      await expect(stranger.fixture(EVENT, 'en')).rejects.toBeInstanceOf(UofApiError);
      await expect(stranger.whoami()).rejects.toMatchObject({ status: 403 });
      expect(await new UofApi({ baseUrl: stub.apiUrl, token: stub.token }).whoami()).toMatchObject({ bookmakerId: 12345 });
    });

    it('recovers every producer at start (full state: no timestamp stored yet) and is up after snapshot_complete', async () => {
      expect(producer(1)?.state).not.toBe('up');
      const asked = await recoverAll();
      expect(asked.map((r) => r.product).sort()).toEqual(['liveodds', 'pre']);
      expect(asked.every((r) => r.after === undefined && Number.isSafeInteger(r.requestId))).toBe(true);
      // stored just after the state changes in memory
      const stored = () => h.db.query<{ id: number; state: string }>(`select id, state from feed_producers where provider = 'uof' order by id`);
      await until(async () => ((await stored()).every((r) => r.state === 'up') ? true : undefined), 5000, 'stored up');
      expect(await stored()).toEqual([{ id: 1, state: 'up' }, { id: 3, state: 'up' }]);
    });

    it('a match announced by fixture_change appears in the lists with its names in tr and en', async () => {
      await send(message('fixture_change', { timestamp: Date.now(), start_time: start + 3 * 3600_000 }));
      const tr = await until(() => listed('tr'), 5000, 'listed match');
      expect(tr).toMatchObject({ homeTeam: 'Galatasaray', awayTeam: 'Fenerbahçe', categoryName: 'Türkiye', tournamentName: 'Süper Lig', sportId: 1 });
      expect(await listed('en')).toMatchObject({ awayTeam: 'Fenerbahce', categoryName: 'Turkey', tournamentName: 'Super Lig' });
      const ids = await h.db.query<{ kind: string;
        ext_id: string }>(`select kind, ext_id from provider_ids where kind in ('sport', 'country', 'league', 'team', 'match') order by kind, ext_id`);
      expect(ids.map((r) => `${r.kind} ${r.ext_id}`)).toEqual([
        'country sr:category:46', 'league sr:tournament:52', `match ${EVENT}`, 'sport sr:sport:1', 'team sr:competitor:3050', 'team sr:competitor:3061',
      ]);
    });

    it('odds_change prices it before kick-off, decimal strings exactly, markets beyond the catalogue named per language', async () => {
      await send(message('odds_change_prematch', { timestamp: Date.now() }));
      const m = (await listed('tr'))!;
      const result = m.odds.find((g) => g.oddstype === 1)!;
      expect(result.outcomes.map((o) => [o.outcomeid, o.odd])).toEqual([[1, 2150], [2, 3400], [3, 3250]]);
      const { body } = await call('odds', { matchId: m.id });
      const groups = body.results as MatchListItem['odds'];
      expect(groups.find((g) => g.oddstype === 14)).toMatchObject({ special: '0:1' });
      expect(groups.find((g) => g.oddstype === 14)!.outcomes.map((o) => o.outcomeid)).toEqual([1, 2, 3]);
      expect(groups.find((g) => g.oddstype === 47)).toMatchObject({ typeName: 'İlk yarı/maç sonucu' });
      expect(groups.find((g) => g.oddstype === 47)!.outcomes.map((o) => o.outcome)).toEqual(['1/1', '1/2', '2/2']);
      const en = (await call('odds', { matchId: m.id, lang: 'en' })).body.results as MatchListItem['odds'];
      expect(en.find((g) => g.oddstype === 47)).toMatchObject({ typeName: 'Halftime/fulltime' });
      // a late copy of an older message takes no price back
      await send(message('odds_change_prematch', { timestamp: 1 }).replace('odds="2.15"', 'odds="9.99"'));
      expect((await listed('tr'))!.odds.find((g) => g.oddstype === 1)!.outcomes[0]!.odd).toBe(2150);
    });

    it('a variant market (correct score) is listed with its outcomes named from the variant descriptions, per language', async () => {
      const cs = '<market id="199" specifiers="variant=sr:correct_score:max:6" status="1">'
        + '<outcome id="sr:correct_score:max:6:1302" odds="9.50" active="1"/><outcome id="sr:correct_score:max:6:1317" odds="8.00" active="1"/></market>';
      await send(message('odds_change_prematch', { timestamp: Date.now() }).replace('<odds>', `<odds>${cs}`));
      const id = (await matchId())!;
      const group = async (lang: string) => ((await call('odds', { matchId: id, lang })).body.results as MatchListItem['odds']).find((g) => g.oddstype === 199);
      const tr = (await until(async () => ((await group('tr'))?.outcomes[0]?.outcome ? group('tr') : undefined), 5000, 'variant names'))!;
      expect(tr).toMatchObject({ typeName: 'Skor', special: 'sr:correct_score:max:6' });
      expect(tr.outcomes.map((o) => [o.outcome, o.odd])).toEqual([['0:0', 9500], ['2:1', 8000]]);
      expect(tr.outcomes.every((o) => o.outcomeid >= 1_000_000)).toBe(true);
      const en = (await group('en'))!;
      expect(en.typeName).toBe('Correct score');
      expect(en.outcomes.map((o) => o.outcome)).toEqual(['0:0', '2:1']);
    });

    it('coupons are placed on it at the feed\'s prices', async () => {
      const u = await h.player('uofpre');
      coupons.user = u.id;
      preCookie = u.cookie;
      coupons.won = await place(u.cookie, 1, 1, '', 2150);
      coupons.half = await place(u.cookie, 18, 12, '2.5', 1850);
      coupons.deadHeat = await place(u.cookie, 47, 418, '', 3700);
    });

    it('odds_change of the live producer takes it live: LiveBets shows it and its odds move', async () => {
      await send(message('odds_change_live', { timestamp: Date.now() }));
      const m = (await until(() => live(), 5000, "live match"))!;
      expect(m).toMatchObject({ h: 'Galatasaray', ms: '1p', bs: 'started', scr: { h: 1, a: 0 }, ti: 13, corners: { h: 2, a: 1 }, cards: { yh: 1,
        ya: 0, rh: 0, ra: 0 } });
      expect(m.odds.find((g) => g.oddstype === 1)!.outcomes[0]!.odd).toBe(1550);
      expect(m.odds.find((g) => g.oddstype === 29)).toMatchObject({ active: 1, iss: 1 });
      expect(await listed('tr')).toBeUndefined();
      await send(message('odds_change_live', { timestamp: Date.now() }).replace('odds="1.55"', 'odds="1.48"'));
      const moved = (await live())!;
      expect(moved.odds.find((g) => g.oddstype === 1)!.outcomes[0]!.odd).toBe(1480);
      const u = await h.player('uoflive');
      coupons.live = await place(u.cookie, 1, 1, '', 1480, 'L');
    });

    it("live names follow the player's language: the frames carry one language, liveNames gives the player's", async () => {
      // a market beyond the built-in ones joins the live match (named in the feed's first language on the wire)
      const ht = '<market id="47" status="1"><outcome id="418" odds="3.50" active="1"/><outcome id="426" odds="15.00" active="1"/></market>';
      await send(message('odds_change_live', { timestamp: Date.now() }).replace('<odds>', `<odds>${ht}`));
      const m = (await until(async () => {
        const x = await live();
        return x?.odds.some((g) => g.oddstype === 47) ? x : undefined;
      }, 5000, 'market 47 live'))!;
      // the live state (hence the frames) holds the feed's first language
      const held = state.getMatch(m.id)!;
      expect(held).toMatchObject({ a: 'Fenerbahce', cn: 'Turkey' });
      expect(held.odds.find((g) => g.oddstype === 47)).toMatchObject({ typeName: 'Halftime/fulltime' });
      // the HTTP calls answer in the player's language (Home's live list, a match's live odds)
      expect(m).toMatchObject({ h: 'Galatasaray', a: 'Fenerbahçe', cn: 'Türkiye', tn: 'Süper Lig' });
      expect(m.odds.find((g) => g.oddstype === 47)).toMatchObject({ typeName: 'İlk yarı/maç sonucu' });
      expect(m.odds.find((g) => g.oddstype === 47)!.outcomes.map((o) => o.outcome)).toEqual(['1/1', '2/2']);
      const en = await call('liveoddsnew', { matchid: m.id, lang: 'en' });
      expect(en.body).toMatchObject({ status: true, match: { a: 'Fenerbahce', cn: 'Turkey' } });
      const ask = { teams: [m.hid, m.aid], categories: [m.cid], tournaments: [m.tid], types: [1, 47] };
      const tr = (await call('liveNames', { ...ask, lang: 'tr' })).body;
      expect(tr).toMatchObject({
        status: true, teams: { [m.hid]: 'Galatasaray', [m.aid]: 'Fenerbahçe' }, categories: { [m.cid]: 'Türkiye' }, tournaments: { [m.tid]: 'Süper Lig' },
        types: { 47: { name: 'İlk yarı/maç sonucu', outcomes: expect.objectContaining({ 418: '1/1' }) } },
      });
      const enNames = (await call('liveNames', { ...ask, lang: 'en' })).body;
      expect(enNames).toMatchObject({ teams: { [m.aid]: 'Fenerbahce' }, categories: { [m.cid]: 'Turkey' }, types: { 47: { name: 'Halftime/fulltime' } } });
      // a bad payload is refused in the spec's shape
      expect((await call('liveNames', { teams: ['x'] })).body).toMatchObject({ status: false });
    });

    it('bet_stop locks its markets', async () => {
      await send(message('bet_stop', { timestamp: Date.now() }));
      const m = (await live())!;
      expect(m.bs).toBe('stopped');
      expect(m.odds.every((g) => g.iss === 1)).toBe(true);
      const id = (await matchId())!;
      expect(state.currentOdd(id, 1, 1, '')).toMatchObject({ open: false, locked: true });
      // the next odds_change with active markets opens them again
      await send(message('odds_change_live', { timestamp: Date.now() }));
      expect((await live())!.bs).toBe('started');
    });

    it('bet_settlement pays won, half refunded and dead-heat outcomes once; a redelivery changes nothing', async () => {
      const xml = message('bet_settlement', { timestamp: Date.now() });
      await send(xml);
      expect(await couponRow(coupons.won!)).toEqual({ status: 1, income: 2150 });
      // half the stake back, half won at 1.85: 500 + 925
      expect(await couponRow(coupons.half!)).toEqual({ status: 1, income: 1425 });
      // half the stake wins at 3.70
      expect(await couponRow(coupons.deadHeat!)).toEqual({ status: 1, income: 1850 });
      // its coupon line says so, with the factor (the other lines have none)
      const detail = async (id: number) => ((await call('getCouponDetail', { ticketId: id }, preCookie)).body.results as CouponLine[])[0]!;
      expect(await detail(coupons.deadHeat!)).toMatchObject({ outcome: 'won', deadHeat: '0.5' });
      // a market beyond the built-in ones is named on the coupon in the player's language
      expect(await detail(coupons.deadHeat!)).toMatchObject({ oddsType: 47, typeName: 'İlk yarı/maç sonucu', outComeName: '1/1' });
      expect((await detail(coupons.won!)).deadHeat).toBeUndefined();
      // the live coupon (1 at 1.48) is settled by the same market
      expect(await couponRow(coupons.live!)).toEqual({ status: 1, income: 1480 });
      await send(xml);
      await send(xml.replace('certainty="2"', 'certainty="2" request_id="99"'));
      expect(await ledger(coupons.won!)).toEqual([{ kind: 'bet', amount: -1000 }, { kind: 'win', amount: 2150 }]);
      const [inbox] = await h.db.query<{ n: number }>(`select count(*)::int as n from feed_inbox where kind = 'bet_settlement'`);
      expect(inbox!.n).toBe(1);
    });

    it('rollback_bet_settlement reverses the payout; bet_cancel voids a coupon placed in its window; its rollback restores it', async () => {
      await send(message('rollback_bet_settlement', { timestamp: Date.now() }));
      expect(await couponRow(coupons.won!)).toEqual({ status: 0, income: 0 });
      expect(await ledger(coupons.won!)).toEqual([{ kind: 'bet', amount: -1000 }, { kind: 'win', amount: 2150 }, { kind: 'reversal', amount: -2150 }]);
      // the other markets stay settled
      expect(await couponRow(coupons.half!)).toEqual({ status: 1, income: 1425 });
      const window = { start_time: start - 60_000, end_time: start + 60_000 };
      await send(message('bet_cancel', { timestamp: Date.now(), ...window }));
      expect(await couponRow(coupons.won!)).toEqual({ status: 1, income: 1000 });
      await send(message('rollback_bet_cancel', { timestamp: Date.now(), ...window }));
      expect(await couponRow(coupons.won!)).toEqual({ status: 0, income: 0 });
      // a cancel whose window ended before the placement leaves the coupon alone
      await send(message('bet_cancel', { timestamp: Date.now(), start_time: start - 120_000, end_time: start - 60_000 }));
      expect(await couponRow(coupons.won!)).toEqual({ status: 0, income: 0 });
      const money = await h.db.query<{ sum: number }>(
        `select coalesce(sum(amount), 0)::int as sum from ledger where ref_type = 'coupon' and ref_id = $1`, [coupons.won]);
      expect(money[0]!.sum).toBe(-1000);
    });

    it('the producers going quiet suspend every market; recovery from the stored timestamp reopens them after snapshot_complete', async () => {
      alive = false;
      await new Promise((r) => setTimeout(r, 300));
      await adapter.idle();
      const lastAlive = producer(1)!.lastAliveTs!;
      // no alive for longer than the limit
      await until(() => producer(1)?.state === 'down' && producer(3)?.state === 'down', 8000, 'producers down');
      await until(() => !state.isFresh(), 5000, 'the live state stale');
      expect((await live())!.bs).toBe('stopped');
      const id = (await matchId())!;
      expect(state.currentOdd(id, 1, 1, '')).toMatchObject({ open: false });
      // the producer speaks again: recovery from the last alive heard while up; markets stay shut until its snapshot_complete
      const seen = stub.recoveries.length;
      alive = true;
      const r = await until(() => stub.recoveries.slice(seen).find((x) => x.product === 'liveodds'), 5000, 'recovery request');
      expect(r!).toMatchObject({ product: 'liveodds', after: lastAlive });
      await send(message('odds_change_live', { timestamp: Date.now(), request_id: r!.requestId }));
      expect((await live())!.bs).toBe('stopped');
      pub.send(message('snapshot_complete', { product: 1, request_id: r!.requestId, timestamp: Date.now() }));
      await until(async () => (await live())?.bs === 'started', 5000, 'reopened');
      expect(state.isFresh()).toBe(true);
      expect(state.currentOdd(id, 1, 1, '')).toMatchObject({ open: true });
    }, 30_000);

    it('malformed and unknown messages are dropped without harm', async () => {
      await send('<odds_change product="1" event_id="sr:match:1001" timestamp="1"><odds><market id="1"');
      await send('<something_new product="1"/>');
      await send('<bet_settlement product="3" event_id="sr:match:1001"><outcomes/></bet_settlement>');
      expect((await live())?.h).toBe('Galatasaray');
    });
  });
});
