/**
 * createCoupon as the authority (betting-core.md sections 3, 4, 5, 8 and 9), on every
 * driver: each case of the error catalogue with the spec's reply (Turkish, English with lang en),
 * live tips against a live state, and every coupon kind recomputed by the server. A refused coupon
 * must leave the database exactly as it was (snapshot), an accepted one is checked against numbers
 * computed here independently (brute-force combinations, BigInt).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { LiveState } from '../../server/feed/live-state.ts';
import { fixtureMatch } from '../../server/feed/test-fixtures.ts';
import type { LiveMatch } from '../../domain/protocol/feed.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { drivers, snapshot, useHarness, SEED_NOW } from './harness.ts';

const TR = {
  couponCreated: 'Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.',
  insufficientCredit: 'Kredi yetersiz',
  oddsChanged: 'Oranlar değişti: kuponu kontrol ediniz',
  tipClosed: 'Bu maç için tahmin kapalı',
  matchStarted: 'Maç başladı, kupondan çıkarınız',
  matchCancelled: 'Maç iptal edildi, kupon oluşturulamaz',
  matchStakeLimit: 'Bu maç için bahis limitine ulaşıldı',
  lockedMatches: 'Kilitli maçlar var, lütfen kontrol ediniz.',
  wrongCouponType: 'Kupon tipi seçimlerle uyuşmuyor',
  couponKindClosed: 'Bu kupon türü şu anda kapalı',
  sameCoupon: (n: number) => `Aynı kupon zaten ${n} kez yapıldı`,
  minTip: (n: number) => `En az ${n} maç daha gerekli`,
  betsClosed: (match: string) => `${match} için bahisler geçici olarak kapalı`,
};

interface Reply { status: boolean; msg: string; ticketId?: number; changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }>; login?: boolean; [k: string]: unknown }

/** An upcoming football match with its 1X2 odds, read from the database. */
interface Fixture { mid: number; name: string; odds: [number, number, number] }
/** One pick: match, market, outcome, special and the odd the player saw. */
interface Pick { mid: number; oddsType: number; outcomeId: number; special: string; odd: number; live?: boolean; banko?: boolean }

const DRIVERS = await drivers();

const pickOf = (f: Fixture, outcome: 1 | 2 | 3 = 1, over: Partial<Pick> = {}): Pick => ({ mid: f.mid, oddsType: 1, outcomeId: outcome, special: '', odd: f.odds[outcome - 1]!, ...over });

const tip = (p: Pick) => ({
  mid: p.mid, oddTypeId: p.oddsType, ttype: p.live ? 'L' : 'N', odd: p.odd, banko: p.banko ?? false, sid: 1,
  ktip: { outcomeid: p.outcomeId, special: p.special },
});

/** A payload as the worker builds it; ticketStake defaults to totalStake / combinations. */
function payload(type: 'TK' | 'KK' | 'CK' | 'SK', picks: Pick[], totalStake: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const sizes = (over.systemTickets as number[] | undefined) ?? [];
  return { lang: 'tr', ticketType: type, oddChangeOk: false, systemTickets: sizes, totalStake, ticketStake: totalStake, tips: picks.map(tip), ...over };
}

/** Exact payout of every combination if all win: floor(stake x sum of products / 1000^k). */
function bruteForcePayout(ticketStake: number, combos: number[][]): number {
  let num = 0n;
  let den = 1n;
  for (const c of combos) {
    const d = 1000n ** BigInt(c.length);
    const n = c.reduce((acc, o) => acc * BigInt(o), 1n);
    // common denominator (all combos of one coupon here have the same length except mixed sizes)
    num = num * d + n * den;
    den *= d;
  }
  return Number((BigInt(ticketStake) * num) / den);
}

function subsets<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [head!, ...s]), ...subsets(rest, k)];
}

const BIG = { minTip: 1, minStake: 100, maxStake: 1_000_000, maxPay: 1_000_000_000, status: 1 };

describe.each(DRIVERS)('createCoupon rules on %s', (driver) => {
  const h = useHarness(driver);
  let fixtures: Fixture[];
  let next = 0;
  /** Matches no other test of this file uses. */
  const take = (n: number): Fixture[] => {
    // the last fixture is kept out: the 'match started' case needs a match that starts later
    const out = fixtures.slice(next, next + n);
    next += n;
    if (next > fixtures.length - 1) throw new Error('out of fixtures');
    return out;
  };

  beforeAll(async () => {
    const rows = await h.db.query<{ mid: number; name: string; odds: number[] }>(
      `select m.id as mid, th.name || ' - ' || ta.name as name, array_agg(o.odd order by o.outcome_id) as odds
         from matches m join teams th on th.id = m.home_id join teams ta on ta.id = m.away_id
         join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id
        where m.sport_id = 1 and m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > $1
          and g.active = 1 and o.active = 1 and o.odd >= 1010 and m.min_tip <= 1
        group by m.id, th.name, ta.name having count(*) = 3
        order by m.match_date, m.id limit 121`,
      [new Date(SEED_NOW + 3_600_000)],
    );
    fixtures = rows.map((r) => ({ mid: r.mid, name: r.name, odds: r.odds.map(Number) as [number, number, number] }));
    expect(fixtures.length).toBeGreaterThanOrEqual(80);
  });


  const send = (cookie: string, body: unknown, app?: FastifyInstance, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    (app ?? h.app).inject({ method: 'POST', url: '/api/createCoupon', headers: { 'content-type': 'application/json', cookie, ...headers }, payload: JSON.stringify(body) });

  async function placed(cookie: string, body: unknown, app?: FastifyInstance): Promise<number> {
    const res = await send(cookie, body, app);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Reply>();
    expect(r).toMatchObject({ status: true, msg: TR.couponCreated, changed: [], couponErrors: [], login: true });
    return r.ticketId!;
  }

  /** Sends a coupon that must be refused and must change nothing; returns the reply. */
  async function refused(userId: number, cookie: string, body: unknown, code: number, msg: string, app?: FastifyInstance): Promise<Reply> {
    const before = await snapshot(h.db, userId);
    const res = await send(cookie, body, app);
    expect(res.statusCode, res.body).toBe(code);
    const r = res.json<Reply>();
    expect(r.status).toBe(false);
    expect(r.msg).toBe(msg);
    expect(await snapshot(h.db, userId)).toEqual(before);
    return r;
  }

  /** Runs sql (with $1 = match id) now and its undo after fn. */
  async function withMatch<T>(mid: number, sql: string, undo: string, fn: () => Promise<T>): Promise<T> {
    await h.db.query(sql, [mid]);
    try {
      return await fn();
    } finally {
      await h.db.query(undo, [mid]);
    }
  }
  const group1 = `(select id from odds_groups where match_id = $1 and odds_type = 1 and special = '')`;

  describe('odds changed', () => {
    it("oddChangeOk false: 409 'odds changed' with changed[] naming every moved match, nothing placed", async () => {
      const [a, b, c] = take(3);
      const u = await h.player('chg', 100_000);
      const picks = [pickOf(a!, 1, { odd: a!.odds[0] + 50 }), pickOf(b!), pickOf(c!, 2, { odd: c!.odds[1] - 10 })];
      const r = await refused(u.id, u.cookie, payload('KK', picks, 1_000), 409, TR.oddsChanged);
      expect(r.changed).toEqual([a!.mid, c!.mid]);
      expect(r.couponErrors).toEqual([]);
    });

    it('oddChangeOk true: accepted, booked at the server odds and paid on them', async () => {
      const [a, b] = take(2);
      const u = await h.player('chgok', 100_000);
      const picks = [pickOf(a!, 1, { odd: a!.odds[0] + 500 }), pickOf(b!, 3, { odd: 1_500 })];
      const id = await placed(u.cookie, payload('KK', picks, 1_000, { oddChangeOk: true }));
      const tips = await h.db.query<{ odd: number }>('select odd from coupon_tips where coupon_id = $1 order by id', [id]);
      expect(tips.map((t) => t.odd)).toEqual([a!.odds[0], b!.odds[2]]);
      const [cp] = await h.db.query<{ max_pay: number }>('select max_pay from coupons where id = $1', [id]);
      expect(cp!.max_pay).toBe(bruteForcePayout(1_000, [[a!.odds[0], b!.odds[2]]]));
    });

    it('the English reply with lang en', async () => {
      const [a] = take(1);
      const u = await h.player('chgen', 100_000);
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!, 1, { odd: a!.odds[0] + 1 })], 1_000, { lang: 'en' }), 409, 'odds changed: check the coupon');
    });
  });

  describe('match started', () => {
    it("the clock past the start: 'match started', couponErrors asks to remove it", async () => {
      const [a] = take(1);
      // the last fixture starts later than a: only a has started
      const b = fixtures.at(-1)!;
      const [row] = await h.db.query<{ at: Date }>('select match_date as at from matches where id = $1', [a!.mid]);
      const [late] = await h.db.query<{ at: Date }>('select match_date as at from matches where id = $1', [b.mid]);
      expect(late!.at.getTime()).toBeGreaterThan(row!.at.getTime());
      const u = await h.player('started', 100_000);
      h.clock.now = row!.at.getTime();
      const r = await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b)], 1_000), 422, TR.matchStarted);
      expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.matchStarted }]);
    });

    it('the database says the match is live (status 1p)', async () => {
      const [a] = take(1);
      const u = await h.player('started2', 100_000);
      await withMatch(a!.mid, `update matches set status = '1p' where id = $1`, `update matches set status = 'not_started' where id = $1`, async () => {
        const r = await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.matchStarted);
        expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.matchStarted }]);
      });
    });
  });

  describe('match cancelled', () => {
    it('a cancelled match: the coupon cannot be created', async () => {
      const [a, b] = take(2);
      const u = await h.player('cancel', 100_000);
      await withMatch(a!.mid, `update matches set status = 'cancelled' where id = $1`, `update matches set status = 'not_started' where id = $1`, async () => {
        const r = await refused(u.id, u.cookie, payload('KK', [pickOf(b!), pickOf(a!)], 1_000), 422, TR.matchCancelled);
        expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.matchCancelled }]);
        await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000, { lang: 'en' }), 422, 'the match was cancelled: the coupon cannot be created');
      });
    });
  });

  describe('tip closed', () => {
    const cases: Array<{ name: string; sql: string; undo: string }> = [
      { name: 'its odds group is closed', sql: `update odds_groups set active = 0 where id = ${group1}`, undo: `update odds_groups set active = 1 where id = ${group1}` },
      { name: 'its outcome is inactive', sql: `update outcomes set active = 0 where outcome_id = 1 and group_id = ${group1}`, undo: `update outcomes set active = 1 where outcome_id = 1 and group_id = ${group1}` },
    ];
    it.each(cases)("'the tip is closed for this match' when $name", async (c) => {
      const [a] = take(1);
      const u = await h.player('closed', 100_000);
      await withMatch(a!.mid, c.sql, c.undo, async () => {
        const r = await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.tipClosed);
        expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.tipClosed }]);
      });
    });

    it('an odd below 1.01 is suspended: tip closed', async () => {
      const [a] = take(1);
      const u = await h.player('closed2', 100_000);
      await withMatch(a!.mid, `update outcomes set odd = 1005 where outcome_id = 1 and group_id = ${group1}`,
        `update outcomes set odd = ${a!.odds[0]} where outcome_id = 1 and group_id = ${group1}`, async () => {
          await refused(u.id, u.cookie, payload('TK', [pickOf(a!, 1, { odd: 1005 })], 1_000), 422, TR.tipClosed);
        });
    });

    it('a market the match does not have (unknown special): tip closed, not match not found', async () => {
      const [a] = take(1);
      const u = await h.player('closed3', 100_000);
      const r = await refused(u.id, u.cookie, payload('TK', [pickOf(a!, 1, { special: '7.5' })], 1_000), 422, TR.tipClosed);
      expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.tipClosed }]);
    });

    it('English: the tip is closed for this match', async () => {
      const [a] = take(1);
      const u = await h.player('closed4', 100_000);
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!, 1, { special: '7.5' })], 1_000, { lang: 'en' }), 422, 'the tip is closed for this match');
    });
  });

  describe('bets closed', () => {
    it("bet status stopped: 'bets are temporarily closed for {match}' with the team names", async () => {
      const [a] = take(1);
      const u = await h.player('bclosed', 100_000);
      await withMatch(a!.mid, `update matches set bet_status = 'stopped' where id = $1`, `update matches set bet_status = 'started' where id = $1`, async () => {
        const r = await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.betsClosed(a!.name));
        expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.betsClosed(a!.name) }]);
        await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000, { lang: 'en' }), 422, `bets are temporarily closed for ${a!.name}`);
      });
    });

    it('an inactive match takes no bets either', async () => {
      const [a] = take(1);
      const u = await h.player('bclosed2', 100_000);
      await withMatch(a!.mid, 'update matches set active = 0 where id = $1', 'update matches set active = 1 where id = $1', async () => {
        await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.betsClosed(a!.name));
      });
    });
  });

  describe('locked selections', () => {
    it("several locked picks: 'Kilitli maçlar var, lütfen kontrol ediniz.' and each pick's own reason", async () => {
      const [a, b, c] = take(3);
      const u = await h.player('locked', 100_000);
      await withMatch(a!.mid, `update matches set bet_status = 'stopped' where id = $1`, `update matches set bet_status = 'started' where id = $1`, () =>
        withMatch(b!.mid, `update odds_groups set active = 0 where id = ${group1}`, `update odds_groups set active = 1 where id = ${group1}`, async () => {
          const r = await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000), 422, TR.lockedMatches);
          expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.betsClosed(a!.name) }, { mid: b!.mid, msg: TR.tipClosed }]);
          await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000, { lang: 'en' }), 422, 'There are locked matches, please check.');
        }));
    });
  });

  describe('stake limit per tip (betTotal 5000.00)', () => {
    it("counts the player's waiting stakes on the tip; over 500000 minor units is refused for that match", async () => {
      const [a, b, c, d] = take(4);
      const u = await h.player('betTotal', 2_000_000, { single: BIG, combine: BIG });
      const first = await placed(u.cookie, payload('TK', [pickOf(a!)], 499_900));
      // exactly at the limit is allowed: 499900 + 100
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 100));
      const r = await refused(u.id, u.cookie, payload('KK', [pickOf(c!), pickOf(a!)], 100), 422, TR.matchStakeLimit);
      expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: TR.matchStakeLimit }]);
      await refused(u.id, u.cookie, payload('KK', [pickOf(c!), pickOf(a!)], 100, { lang: 'en' }), 422, 'The stake limit for the match has been reached');
      // another tip of the same match has its own limit
      await placed(u.cookie, payload('TK', [pickOf(a!, 2)], 400_000));
      // another player has their own limit
      const v = await h.player('betTotal2', 1_000_000, { single: BIG });
      await placed(v.cookie, payload('TK', [pickOf(a!)], 500_000));
      // a settled coupon no longer counts
      await h.db.query('update coupons set status = -1 where id = $1', [first]);
      await placed(u.cookie, payload('KK', [pickOf(c!), pickOf(a!)], 100));
      await placed(u.cookie, payload('KK', [pickOf(d!), pickOf(a!)], 499_800));
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 100), 422, TR.matchStakeLimit);
    });

    it('a system counts on each pick only the combinations that hold it', async () => {
      const [a, b, c] = take(3);
      const u = await h.player('betTotalSk', 5_000_000, { system: BIG, single: BIG });
      // 2 of 3 at 250000 a combination: each pick is in 2 of the 3 combinations -> 500000 on each
      await placed(u.cookie, payload('SK', [pickOf(a!), pickOf(b!), pickOf(c!)], 750_000, { systemTickets: [2], ticketStake: 250_000 }));
      const tips = await h.db.query<{ stake: number }>('select stake from coupon_tips where user_id = $1 order by id', [u.id]);
      expect(tips.map((t) => Number(t.stake))).toEqual([500_000, 500_000, 500_000]);
      const r = await refused(u.id, u.cookie, payload('TK', [pickOf(b!)], 100), 422, TR.matchStakeLimit);
      expect(r.couponErrors).toEqual([{ mid: b!.mid, msg: TR.matchStakeLimit }]);
    });
  });

  describe('the same coupon made N times (N = 3)', () => {
    it('the fourth waiting coupon with the same picks is refused, in any order and at any stake', async () => {
      const [a, b, c] = take(3);
      const u = await h.player('same', 100_000);
      const ids = [
        await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000)),
        await placed(u.cookie, payload('KK', [pickOf(b!), pickOf(a!)], 2_000)),
        await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 500)),
      ];
      await refused(u.id, u.cookie, payload('KK', [pickOf(b!), pickOf(a!)], 700), 422, TR.sameCoupon(3));
      await refused(u.id, u.cookie, payload('KK', [pickOf(b!), pickOf(a!)], 700, { lang: 'en' }), 422, 'the same coupon has already been made 3 times');
      // other picks are another coupon
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000));
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!, 2)], 1_000));
      // once one of them is no longer waiting (cancelled), a new one may be made
      await h.db.query('update coupons set status = -2 where id = $1', [ids[0]]);
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000));
      // another player is not affected
      const v = await h.player('same2', 100_000);
      await placed(v.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000));
    });
  });

  describe('too few matches', () => {
    it("the user's minimum tip count: 'minimum N more matches are required'", async () => {
      const [a, b, c] = take(3);
      const u = await h.player('mintip', 100_000, { combine: { ...BIG, minTip: 3 } });
      await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000), 422, TR.minTip(1));
      await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000, { lang: 'en' }), 422, 'minimum 1 more matches are required');
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000));
    });

    it("a match's own minimum tip count (matches.min_tip) applies to every coupon holding it", async () => {
      const [a, b, c] = take(3);
      const u = await h.player('mintip2', 100_000);
      await withMatch(a!.mid, 'update matches set min_tip = 3 where id = $1', 'update matches set min_tip = 1 where id = $1', async () => {
        await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.minTip(2));
        await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 1_000), 422, TR.minTip(1));
        await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000));
        // a multiple counts matches, not picks
        await refused(u.id, u.cookie, payload('CK', [pickOf(a!, 1), pickOf(a!, 2), pickOf(b!)], 2_000, { ticketStake: 1_000 }), 422, TR.minTip(1));
      });
    });
  });

  describe('limits', () => {
    it("odds below the user's minimum: 'min limit: {amount}', the pick named for removal", async () => {
      const [a, b] = take(2);
      const fav = a!.odds.indexOf(Math.min(...a!.odds)) + 1 as 1 | 2 | 3;
      const limit = a!.odds[fav - 1]! + 10;
      const u = await h.player('minodds', 100_000, { minOddsCoupon: limit });
      const other = b!.odds.findIndex((o) => o >= limit) + 1 as 1 | 2 | 3;
      const r = await refused(u.id, u.cookie, payload('KK', [pickOf(a!, fav), pickOf(b!, other)], 1_000), 422, `min limit: ${(limit / 1000).toFixed(2)}`);
      expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: `min limit: ${(limit / 1000).toFixed(2)}` }]);
    });

    it("odds above the user's maximum: 'max limit: {amount}'", async () => {
      const [a] = take(1);
      const top = a!.odds.indexOf(Math.max(...a!.odds)) + 1 as 1 | 2 | 3;
      const u = await h.player('maxodds', 100_000, { maxOddsCoupon: 1_900 });
      const r = await refused(u.id, u.cookie, payload('TK', [pickOf(a!, top)], 1_000), 422, 'max limit: 1.90');
      expect(r.couponErrors).toEqual([{ mid: a!.mid, msg: 'max limit: 1.90' }]);
    });

    it('stake below the minimum and above the maximum of the kind', async () => {
      const [a, b] = take(2);
      const u = await h.player('stakes', 100_000, { combine: { ...BIG, minStake: 500, maxStake: 2_000 } });
      await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 499), 422, 'En az bahis: 5.00 TRY');
      await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 2_001), 422, 'En fazla bahis: 20.00 TRY');
      await placed(u.cookie, payload('KK', [pickOf(a!), pickOf(b!)], 2_000));
    });

    it("payout over the maximum: 'stake limited to' the largest stake that fits", async () => {
      const [a, b] = take(2);
      const u = await h.player('maxpay', 100_000, { combine: { ...BIG, maxPay: 10_000 } });
      const picks = [pickOf(a!), pickOf(b!)];
      // the largest stake s with floor(s x product / 10^6) <= 10000
      const product = BigInt(a!.odds[0]) * BigInt(b!.odds[0]);
      const limited = Number((10_001n * 1_000_000n - 1n) / product);
      await refused(u.id, u.cookie, payload('KK', picks, limited + 1), 422, `Bahis ${(limited / 100).toFixed(2)} TRY ile sınırlandı`);
      await placed(u.cookie, payload('KK', picks, limited));
    });

    it('a coupon kind the user may not play (status 0) is refused', async () => {
      const [a] = take(1);
      const u = await h.player('kindoff', 100_000, { single: { ...BIG, status: 0 } });
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.couponKindClosed);
    });

    it('a system of more than 10 free picks is refused (the rest must be bankers)', async () => {
      const picks = take(12).map((f) => pickOf(f));
      const u = await h.player('sk12', 1_000_000);
      const count = 66; // C(12, 2)
      await refused(u.id, u.cookie, payload('SK', picks, 100 * count, { systemTickets: [2], ticketStake: 100 }), 422, 'En fazla 10 seçim yapılabilir');
      // with two bankers: C(10, 2) = 45 combinations
      const withBankers = picks.map((p, i) => (i >= 10 ? { ...p, banko: true } : p));
      await placed(u.cookie, payload('SK', withBankers, 100 * 45, { systemTickets: [2], ticketStake: 100 }));
    });
  });

  describe('insufficient credit', () => {
    it("'Kredi yetersiz' (English 'Insufficient credit') when the balance is short by one minor unit", async () => {
      const [a] = take(1);
      const u = await h.player('poor', 999);
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.insufficientCredit);
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000, { lang: 'en' }), 422, 'Insufficient credit');
      await h.db.tx((q) => postLedger(q, { userId: u.id, amount: 1, kind: 'deposit', refType: 'test', refId: null }));
      await placed(u.cookie, payload('TK', [pickOf(a!)], 1_000));
      expect((await snapshot(h.db, u.id)).balance).toBe(0);
    });
  });

  describe('coupon kinds recomputed by the server', () => {
    async function coupon(id: number) {
      const [c] = await h.db.query<{ ticket_type: string; total_stake: number; ticket_stake: number; total_tickets: number; max_pay: number; system_combi: string; is_live: number }>(
        'select ticket_type, total_stake, ticket_stake, total_tickets, max_pay, system_combi, is_live from coupons where id = $1', [id]);
      const tips = await h.db.query<{ match_id: number; outcome_id: number; banko: number; stake: number; ttype: string; odd: number }>(
        'select match_id, outcome_id, banko, stake::int8 as stake, ttype, odd from coupon_tips where coupon_id = $1 order by id', [id]);
      return { ...c!, tips: tips.map((t) => ({ ...t, stake: Number(t.stake) })) };
    }

    it('TK: one pick, the stake at its odd', async () => {
      const [a] = take(1);
      const u = await h.player('tk', 100_000);
      const c = await coupon(await placed(u.cookie, payload('TK', [pickOf(a!, 2)], 1_234)));
      expect(c).toMatchObject({ ticket_type: 'TK', total_stake: 1_234, ticket_stake: 1_234, total_tickets: 1, system_combi: '0', is_live: 0 });
      expect(c.max_pay).toBe(bruteForcePayout(1_234, [[a!.odds[1]]]));
      expect(c.tips).toEqual([{ match_id: a!.mid, outcome_id: 2, banko: 0, stake: 1_234, ttype: 'N', odd: a!.odds[1] }]);
    });

    it('KK: banker flags mean nothing outside a system and are not stored', async () => {
      const [a, b, c] = take(3);
      const u = await h.player('kk', 100_000);
      const picks = [pickOf(a!), pickOf(b!, 2, { banko: true }), pickOf(c!, 3)];
      const k = await coupon(await placed(u.cookie, payload('KK', picks, 1_000)));
      expect(k).toMatchObject({ ticket_type: 'KK', total_tickets: 1, total_stake: 1_000 });
      expect(k.max_pay).toBe(bruteForcePayout(1_000, [[a!.odds[0], b!.odds[1], c!.odds[2]]]));
      expect(k.tips.map((t) => t.banko)).toEqual([0, 0, 0]);
    });

    it('CK: two picks of one match make a combination each; stakes per pick follow', async () => {
      const [a, b] = take(2);
      const u = await h.player('ck', 100_000);
      const picks = [pickOf(a!, 1), pickOf(a!, 2), pickOf(b!, 1)];
      const k = await coupon(await placed(u.cookie, payload('CK', picks, 2_000, { ticketStake: 1_000 })));
      expect(k).toMatchObject({ ticket_type: 'CK', total_tickets: 2, total_stake: 2_000, ticket_stake: 1_000 });
      expect(k.max_pay).toBe(bruteForcePayout(1_000, [[a!.odds[0], b!.odds[0]], [a!.odds[1], b!.odds[0]]]));
      expect(k.tips.map((t) => t.stake)).toEqual([1_000, 1_000, 2_000]);
      // the same picks claimed as a KK are refused
      await refused(u.id, u.cookie, payload('KK', picks, 1_000), 422, TR.wrongCouponType);
      // three picks of one match break the multiple rules
      await refused(u.id, u.cookie, payload('CK', [pickOf(a!, 1), pickOf(a!, 2), pickOf(a!, 3), pickOf(b!)], 3_000, { ticketStake: 1_000 }), 422, 'En fazla 2 seçim yapılabilir');
    });

    it('SK with a banker: 2 of 3 free picks, each combination with the banker', async () => {
      const [a, b, c, d] = take(4);
      const u = await h.player('sk', 100_000);
      const picks = [pickOf(a!), pickOf(b!, 3), pickOf(c!, 2), pickOf(d!, 1, { banko: true })];
      const k = await coupon(await placed(u.cookie, payload('SK', picks, 3_000, { systemTickets: [2], ticketStake: 1_000 })));
      expect(k).toMatchObject({ ticket_type: 'SK', total_tickets: 3, total_stake: 3_000, ticket_stake: 1_000, system_combi: '2' });
      const free = [a!.odds[0], b!.odds[2], c!.odds[1]];
      expect(k.max_pay).toBe(bruteForcePayout(1_000, subsets(free, 2).map((s) => [...s, d!.odds[0]])));
      expect(k.tips.map((t) => t.banko)).toEqual([0, 0, 0, 1]);
      expect(k.tips.map((t) => t.stake)).toEqual([2_000, 2_000, 2_000, 3_000]);
    });

    it('SK with several sizes: 1 and 3 of 4', async () => {
      const fs = take(4);
      const u = await h.player('sk2', 100_000);
      const picks = fs.map((f) => pickOf(f));
      const k = await coupon(await placed(u.cookie, payload('SK', picks, 500 * 8, { systemTickets: [3, 1], ticketStake: 500 })));
      expect(k).toMatchObject({ ticket_type: 'SK', total_tickets: 8, total_stake: 4_000, system_combi: '1,3' });
      const odds = fs.map((f) => f.odds[0]);
      expect(k.max_pay).toBe(bruteForcePayout(500, [...subsets(odds, 1), ...subsets(odds, 3)]));
    });

    it('SK with staketype 1: the stake entered is the coupon total, divided over the combinations', async () => {
      const fs = take(3);
      const u = await h.player('sk3', 100_000);
      await h.db.query('update users set staketype = 1 where id = $1', [u.id]);
      const picks = fs.map((f) => pickOf(f));
      const k = await coupon(await placed(u.cookie, payload('SK', picks, 3_000, { systemTickets: [2], ticketStake: 1_000 })));
      expect(k).toMatchObject({ total_stake: 3_000, ticket_stake: 1_000, total_tickets: 3 });
      // 3001 entered is split to 1000 a combination, 3000 in total: the payload must say so
      const res = await send(u.cookie, payload('SK', picks, 3_001, { systemTickets: [2], ticketStake: 1_000 }));
      expect(res.statusCode).toBe(400);
    });

    it('SK refused: a size the slip does not offer, too few free picks, a system holding two picks of one match', async () => {
      const [a, b, c] = take(3);
      const u = await h.player('sk4', 100_000);
      await refused(u.id, u.cookie, payload('SK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000, { systemTickets: [2, 5], ticketStake: 1_000 }), 422, TR.wrongCouponType);
      await refused(u.id, u.cookie, payload('SK', [pickOf(a!, 1, { banko: true }), pickOf(b!, 1, { banko: true }), pickOf(c!)], 1_000, { systemTickets: [1] }), 422, TR.wrongCouponType);
      await refused(u.id, u.cookie, payload('SK', [pickOf(a!, 1), pickOf(a!, 2), pickOf(b!)], 1_000, { systemTickets: [1] }), 422, TR.wrongCouponType);
      await refused(u.id, u.cookie, payload('KK', [pickOf(a!), pickOf(b!), pickOf(c!)], 1_000, { systemTickets: [2] }), 422, TR.wrongCouponType);
    });
  });

  describe('idempotency of a refused request', () => {
    it('a refused coupon does not keep its key: the same key and payload go through once the cause is gone', async () => {
      const [a] = take(1);
      const u = await h.player('idemRef', 500);
      const body = payload('TK', [pickOf(a!)], 1_000);
      const first = await send(u.cookie, body, undefined, { 'idempotency-key': 'retry-1' });
      expect(first.json<Reply>().msg).toBe(TR.insufficientCredit);
      await h.db.tx((q) => postLedger(q, { userId: u.id, amount: 1_000, kind: 'deposit', refType: 'test', refId: null }));
      const second = await send(u.cookie, body, undefined, { 'idempotency-key': 'retry-1' });
      expect(second.statusCode).toBe(200);
      const third = await send(u.cookie, body, undefined, { 'idempotency-key': 'retry-1' });
      expect(third.json()).toEqual(second.json());
      expect((await snapshot(h.db, u.id)).balance).toBe(500);
    });
  });

  describe('live tips', () => {
    const LIVE_ID = 9_000_001;
    let state: LiveState;
    let liveApp: FastifyInstance;
    const liveMatch = (over: Partial<LiveMatch> = {}): LiveMatch => ({ ...fixtureMatch(LIVE_ID, 1, SEED_NOW - 20 * 60_000), ...over });
    /** The live 1X2 pick of the fixture (home at 2.10). */
    const livePick = (over: Partial<Pick> = {}): Pick => ({ mid: LIVE_ID, oddsType: 1, outcomeId: 1, special: '', odd: 2_100, live: true, ...over });

    beforeAll(async () => {
      state = new LiveState();
      liveApp = await h.buildApp({ live: state });
    });

    it('without a live state the app refuses live tips as closed', async () => {
      state.reset([liveMatch()]);
      const u = await h.player('live0', 100_000);
      await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.tipClosed);
    });

    it('an open live odd is placed at the live price, with the live limits, and the match gets its catalogue row', async () => {
      state.reset([liveMatch()]);
      const [a] = take(1);
      const u = await h.player('live1', 100_000, { live: { ...BIG, maxStake: 5_000 } });
      // the live limits apply (5000), not the single's (25000)
      await refused(u.id, u.cookie, payload('TK', [livePick()], 6_000), 422, 'En fazla bahis: 50.00 TRY', liveApp);
      const id = await placed(u.cookie, payload('KK', [livePick(), pickOf(a!)], 5_000), liveApp);
      const [c] = await h.db.query<{ is_live: number; max_pay: number }>('select is_live, max_pay from coupons where id = $1', [id]);
      expect(c).toEqual({ is_live: 1, max_pay: bruteForcePayout(5_000, [[2_100, a!.odds[0]]]) });
      const tips = await h.db.query<{ match_id: number; ttype: string; odd: number }>('select match_id, ttype, odd from coupon_tips where coupon_id = $1 order by id', [id]);
      expect(tips).toEqual([{ match_id: LIVE_ID, ttype: 'L', odd: 2_100 }, { match_id: a!.mid, ttype: 'N', odd: a!.odds[0] }]);
      const [m] = await h.db.query<{ live_active: number }>('select live_active from matches where id = $1', [LIVE_ID]);
      expect(m!.live_active).toBe(1);
    });

    it('a live odd that moved: changed[], accepted with oddChangeOk at the live price', async () => {
      const moved = liveMatch();
      moved.odds[0]!.outcomes[0]!.odd = 2_250;
      state.reset([moved]);
      const u = await h.player('live2', 100_000);
      const r = await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 409, TR.oddsChanged, liveApp);
      expect(r.changed).toEqual([LIVE_ID]);
      const id = await placed(u.cookie, payload('TK', [livePick()], 1_000, { oddChangeOk: true }), liveApp);
      const [t] = await h.db.query<{ odd: number }>('select odd from coupon_tips where coupon_id = $1', [id]);
      expect(t!.odd).toBe(2_250);
    });

    it('a suspended live market or odd: tip closed', async () => {
      const u = await h.player('live3', 100_000);
      const suspended = liveMatch();
      suspended.odds[0]!.iss = 1;
      state.reset([suspended]);
      const r = await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.tipClosed, liveApp);
      expect(r.couponErrors).toEqual([{ mid: LIVE_ID, msg: TR.tipClosed }]);
      const inactive = liveMatch();
      inactive.odds[0]!.outcomes[0]!.active = 0;
      state.reset([inactive]);
      await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.tipClosed, liveApp);
      const gone = liveMatch();
      gone.odds = gone.odds.slice(1);
      state.reset([gone]);
      await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.tipClosed, liveApp);
    });

    it("a stopped live match: 'bets are temporarily closed for' its teams", async () => {
      state.reset([liveMatch({ bs: 'stopped' })]);
      const u = await h.player('live4', 100_000);
      const name = `Home ${LIVE_ID} - Away ${LIVE_ID}`;
      await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.betsClosed(name), liveApp);
    });

    it('an interrupted live match is a cancelled match', async () => {
      state.reset([liveMatch({ ms: 'interrupted' })]);
      const u = await h.player('live5', 100_000);
      await refused(u.id, u.cookie, payload('TK', [livePick()], 1_000), 422, TR.matchCancelled, liveApp);
    });

    it('a pre-match tip on a match the live state holds: match started', async () => {
      const [a] = take(1);
      state.reset([{ ...fixtureMatch(a!.mid, 1, SEED_NOW), h: 'x', a: 'y' }]);
      const u = await h.player('live6', 100_000);
      await refused(u.id, u.cookie, payload('TK', [pickOf(a!)], 1_000), 422, TR.matchStarted, liveApp);
      state.reset([]);
      await placed(u.cookie, payload('TK', [pickOf(a!)], 1_000), liveApp);
    });
  });
});
