/**
 * Wallet invariants of coupon placement under concurrent requests, through a real
 * listening server and fetch, on PostgreSQL (and on PGlite, which runs one transaction at a time):
 * - 200 coupons at once from one player who can afford exactly some of them: exactly that many are
 *   placed, the rest answer 'Kredi yetersiz', the final balance is exact, the ledger sums to it and
 *   no balance ever went below zero;
 * - the same Idempotency-Key 50 times at once: one coupon, one debit, and every reply is the first.
 */
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SITE_SETTINGS } from '../../server/settings/site-settings.ts';
import { drivers, ledgerViolations, listeningApps, snapshot, useHarness, SEED_NOW } from './harness.ts';

const DRIVERS = await drivers();

interface Reply { status: boolean; msg: string; ticketId?: number; [k: string]: unknown }
interface Single { mid: number; outcomeId: number; odd: number }

describe.each(DRIVERS)('coupon placement invariants on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  /**
   * Three listening apps on one database, as a site's server processes: requests go round-robin,
   * so one player's placements meet both in a process's placement queue (which runs them one
   * after the other, batched with other players') and in the database (the wallet row lock).
   */
  let bases: string[];
  let sent = 0;
  /** 240 distinct single picks: (match, 1X2 outcome) of upcoming football matches. */
  let singles: Single[];

  beforeAll(async () => {
    bases = await listeningApps(h, 3);
    singles = await h.db.query<Single>(
      `select m.id as mid, o.outcome_id as "outcomeId", o.odd
         from matches m join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id
        where m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > $1 and m.min_tip <= 1
          and g.active = 1 and o.active = 1 and o.odd >= 1010
        order by m.match_date, m.id, o.outcome_id limit 240`,
      [new Date(SEED_NOW + 3_600_000)],
    );
    expect(singles.length).toBe(240);
  });

  const body = (s: Single, stake: number) => JSON.stringify({
    lang: 'tr', ticketType: 'TK', oddChangeOk: false, systemTickets: [], totalStake: stake, ticketStake: stake,
    tips: [{ mid: s.mid, oddTypeId: 1, ttype: 'N', odd: s.odd, banko: false, ktip: { outcomeid: s.outcomeId, special: '' } }],
  });

  async function post(cookie: string, payload: string, key?: string): Promise<{ code: number; reply: Reply }> {
    const res = await fetch(`${bases[sent++ % bases.length]}/api/createCoupon`, {
      method: 'POST', body: payload,
      headers: { 'content-type': 'application/json', cookie, ...(key ? { 'idempotency-key': key } : {}) },
    });
    return { code: res.status, reply: (await res.json()) as Reply };
  }


  const bets = (userId: number) => h.db.query<{ amount: number; balance_after: number; ref_id: number }>(
    `select amount, balance_after, ref_id from ledger where user_id = $1 and kind = 'bet' order by id`, [userId]);

  it('200 coupons at once on a balance that covers 73: exactly 73 placed, balance and ledger exact', async () => {
    const stake = 1_000;
    const affordable = 73;
    const opening = affordable * stake + 999;
    const u = await h.player('inv200', opening);
    const replies = await Promise.all(singles.slice(0, 200).map((s, i) => post(u.cookie, body(s, stake), `inv-${i}`)));

    const accepted = replies.filter((r) => r.code === 200);
    expect(accepted).toHaveLength(affordable);
    for (const r of accepted) expect(r.reply).toMatchObject({ status: true, changed: [], couponErrors: [] });
    for (const r of replies.filter((x) => x.code !== 200)) expect(r).toEqual({ code: 422, reply: expect.objectContaining({ status: false, msg: 'Kredi yetersiz' }) });

    expect((await snapshot(h.db, u.id)).balance).toBe(opening - affordable * stake);
    const rows = await bets(u.id);
    expect(rows).toHaveLength(affordable);
    expect(rows.every((b) => b.amount === -stake && b.balance_after >= 0)).toBe(true);
    // one debit per placed coupon, and every placed coupon is one of the accepted replies
    const coupons = await h.db.query<{ id: number; total_stake: number }>('select id, total_stake from coupons where user_id = $1 order by id', [u.id]);
    expect(coupons.map((c) => c.id)).toEqual(rows.map((b) => Number(b.ref_id)).sort((a, b) => a - b));
    expect(new Set(accepted.map((r) => r.reply.ticketId))).toEqual(new Set(coupons.map((c) => c.id)));
    // the ledger sums to the balance; the running balance never went below zero
    const [sum] = await h.db.query<{ total: number }>('select sum(amount)::int8 as total from ledger where user_id = $1', [u.id]);
    expect(Number(sum!.total)).toBe(opening - affordable * stake);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('200 coupons of mixed stakes at once: what was taken is exactly what was placed, and each refusal was short of credit', async () => {
    const opening = 100_000;
    const u = await h.player('invMix', opening);
    const stakes = singles.slice(0, 200).map((_, i) => 100 + ((i * 7919) % 24_900));
    const replies = await Promise.all(singles.slice(0, 200).map((s, i) => post(u.cookie, body(s, stakes[i]!), `mix-${i}`)));
    expect(replies.filter((r) => r.code >= 500)).toEqual([]);
    const placed = stakes.filter((_, i) => replies[i]!.code === 200);
    const refusedStakes = stakes.filter((_, i) => replies[i]!.code !== 200);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r.reply.msg).toBe('Kredi yetersiz');
    const balance = (await snapshot(h.db, u.id)).balance;
    expect(balance).toBe(opening - placed.reduce((a, b) => a + b, 0));
    expect(balance).toBeGreaterThanOrEqual(0);
    // a refused coupon saw a balance at least the final one and still could not pay
    expect(refusedStakes.every((s) => s > balance)).toBe(true);
    expect((await bets(u.id)).map((b) => -b.amount).sort((a, b) => a - b)).toEqual(placed.sort((a, b) => a - b));
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('the same coupon 20 times at once: exactly 3 placed (the same-coupon rule holds under concurrency)', async () => {
    const u = await h.player('invSame', 100_000);
    const payload = body(singles[210]!, 1_000);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(u.cookie, payload, `same-${i}`)));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(3);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r).toEqual({ code: 422, reply: expect.objectContaining({ msg: 'Aynı kupon zaten 3 kez yapıldı' }) });
    expect((await snapshot(h.db, u.id)).balance).toBe(97_000);
  });

  it('20 coupons at once on one tip at 1000.00: exactly 5 placed (the stake limit per tip holds under concurrency)', async () => {
    const big = { minTip: 1, minStake: 100, maxStake: 1_000_000, maxPay: 1_000_000_000, status: 1 };
    const u = await h.addUser('invTip', 3_000_000, { single: big, combine: big });
    const cookie = await h.login(u.userName, u.password);
    const tip = singles[220]!;
    // The book's liability limit (trading) stays out of it: this is the stake limit per tip.
    const limit = SITE_SETTINGS.liability_market_limit;
    SITE_SETTINGS.liability_market_limit = 0;
    onTestFinished(() => { SITE_SETTINGS.liability_market_limit = limit; });
    // a KK of the tip with a different second match each time, so the same-coupon rule stays out of it
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => {
      const other = singles[3 * i]!;
      return post(cookie, JSON.stringify({
        lang: 'tr', ticketType: 'KK', oddChangeOk: false, systemTickets: [], totalStake: 100_000, ticketStake: 100_000,
        tips: [tip, other].map((s) => ({ mid: s.mid, oddTypeId: 1, ttype: 'N', odd: s.odd, banko: false, ktip: { outcomeid: s.outcomeId, special: '' } })),
      }), `tip-${i}`);
    }));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(5);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r.reply.msg).toBe('Bu maç için bahis limitine ulaşıldı');
    const [staked] = await h.db.query<{ total: number }>(
      `select sum(t.stake)::int8 as total from coupon_tips t join coupons c on c.id = t.coupon_id
        where c.user_id = $1 and t.match_id = $2 and t.outcome_id = $3`, [u.id, tip.mid, tip.outcomeId]);
    expect(Number(staked!.total)).toBe(500_000);
  });

  it('the same Idempotency-Key 50 times at once: one coupon, one debit, every reply the first reply', async () => {
    const u = await h.player('invKey', 50_000);
    const payload = body(singles[200]!, 2_500);
    const replies = await Promise.all(Array.from({ length: 50 }, () => post(u.cookie, payload, 'same-key-50')));
    expect(replies.map((r) => r.code)).toEqual(Array(50).fill(200));
    const first = replies[0]!.reply;
    expect(first).toMatchObject({ status: true, msg: 'Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.' });
    for (const r of replies) expect(r.reply).toEqual(first);
    const coupons = await h.db.query<{ id: number }>('select id from coupons where user_id = $1', [u.id]);
    expect(coupons).toEqual([{ id: first.ticketId }]);
    expect(await bets(u.id)).toEqual([{ amount: -2_500, balance_after: 47_500, ref_id: first.ticketId }]);
    expect((await snapshot(h.db, u.id)).balance).toBe(47_500);
  });

  it('the same key 50 times at once for a coupon the player cannot pay: all refused, nothing kept, the key still usable', async () => {
    const u = await h.player('invKey2', 2_000);
    const payload = body(singles[201]!, 2_500);
    const replies = await Promise.all(Array.from({ length: 50 }, () => post(u.cookie, payload, 'poor-key')));
    expect(replies.every((r) => r.code === 422 && r.reply.msg === 'Kredi yetersiz')).toBe(true);
    const [keys] = await h.db.query<{ n: number }>('select count(*)::int as n from idempotency_keys where user_id = $1', [u.id]);
    expect(keys!.n).toBe(0);
    expect((await snapshot(h.db, u.id)).balance).toBe(2_000);
    const cheaper = await post(u.cookie, body(singles[201]!, 2_000), 'poor-key');
    expect(cheaper.code).toBe(200);
    expect((await snapshot(h.db, u.id)).balance).toBe(0);
  });
});
