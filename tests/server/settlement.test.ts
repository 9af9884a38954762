/**
 * Settlement on both drivers: coupons placed through the API, results delivered through
 * settleMatch and the back-office entry, and the ledger checked after every step: each coupon paid
 * once, a replay or a late older revision changes nothing, a crash in the middle of a run is
 * resumed without paying twice or missing a coupon, and a corrected result resettles.
 */
import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../../domain/coupon/result.ts';
import { resumePending, runMatch, settleMatch } from '../../server/settlement/settle-match.ts';
import { ingestResults } from '../../server/settlement/ingest.ts';
import { drivers, pickOf, snapshot, tipOf as tip, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { boLogin, passwordOnlyAdmin } from './bo-helpers.ts';

const DRIVERS = await drivers();

const HOME_WIN: MatchResult = { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } };
const AWAY_WIN: MatchResult = { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } };

describe.each(DRIVERS)('settlement on %s', (driver) => {
  const h = useHarness(driver);
  /** Each test takes its own matches so results do not leak between tests. */
  const takeMatch = useFootballMatches(h, 30);


  async function place(cookie: string, picks: Pick[], stake: number, type: 'TK' | 'KK' | 'SK' = picks.length === 1 ? 'TK' : 'KK', sizes: number[] = []): Promise<number> {
    const combos = type === 'SK' ? sizes.reduce((s, k) => s + choose(picks.length, k), 0) : 1;
    const res = await h.call('createCoupon', {
      ticketType: type, oddChangeOk: true, systemTickets: sizes, totalStake: stake * combos, ticketStake: stake, tips: picks.map((p) => tip(p)),
    }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ticketId: number }>().ticketId;
  }

  const balance = async (userId: number) => (await snapshot(h.db, userId)).balance;
  const coupon = async (id: number) =>
    (await h.db.query<{ status: number; income: number; paid: number; settled_income: number }>('select status, income, paid, settled_income from coupons where id = $1', [id]))[0]!;
  const ledgerOf = async (id: number) =>
    h.db.query<{ kind: string; amount: number }>(`select kind, amount from ledger where ref_type = 'coupon' and ref_id = $1 order by id`, [id]);

  it('pays a won single once through the ledger; the same result again changes nothing', async () => {
    const u = await h.player('won');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const report = await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now);
    expect(report).toMatchObject({ version: 1, coupons: 1, changed: 1 });
    const win = Math.floor((1_000 * p.odd) / 1000);
    expect(await coupon(id)).toMatchObject({ status: 1, income: win, paid: 1 });
    expect(await balance(u.id)).toBe(100_000 - 1_000 + win);
    // Replays: the same result (keys in another order) and a plain re-run.
    await settleMatch(h.db, p.mid, { ht: { a: 0, h: 1 }, ft: { a: 0, h: 2 } }, h.clock.now);
    await runMatch(h.db, p.mid, h.clock.now);
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
    const [v] = await h.db.query<{ n: number }>('select count(*)::int as n from result_versions where match_id = $1', [p.mid]);
    expect(v!.n).toBe(1);
  });

  it('a combined coupon is lost at its first lost tip, and stays lost when the other result comes', async () => {
    const u = await h.player('kk');
    const a = pickOf(takeMatch());
    const b = pickOf(takeMatch());
    const id = await place(u.cookie, [a, b], 1_000);
    await settleMatch(h.db, a.mid, AWAY_WIN, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0, paid: 0 });
    const tips = await h.db.query<{ status: number; outcome: string }>('select status, outcome from coupon_tips where coupon_id = $1 order by match_id', [id]);
    expect(tips.map((t) => t.outcome).sort()).toEqual(['', 'lost']);
    await settleMatch(h.db, b.mid, HOME_WIN, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0 });
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }]);
  });

  it('waits for the last tip of a combined coupon, then pays the product of the odds', async () => {
    const u = await h.player('kkwon');
    const a = pickOf(takeMatch());
    const b = pickOf(takeMatch());
    const id = await place(u.cookie, [a, b], 1_000);
    await settleMatch(h.db, a.mid, HOME_WIN, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: 0, income: 0 });
    await settleMatch(h.db, b.mid, HOME_WIN, h.clock.now);
    const [row] = await h.db.query<{ max_pay: number }>('select max_pay from coupons where id = $1', [id]);
    const income = Math.min(Math.floor((1_000 * a.odd * b.odd) / 1_000_000), row!.max_pay);
    expect((await coupon(id)).status).toBe(1);
    // The server may add a bonus; never less than the plain product, never above max pay.
    expect((await coupon(id)).income).toBeGreaterThanOrEqual(income);
    expect((await coupon(id)).income).toBeLessThanOrEqual(row!.max_pay);
  });

  it('a system 2/3 coupon pays the columns that won, as an independent brute force counts them', async () => {
    const u = await h.player('sk');
    const picks = [pickOf(takeMatch()), pickOf(takeMatch()), pickOf(takeMatch())];
    const id = await place(u.cookie, picks, 1_000, 'SK', [2]);
    const results = [HOME_WIN, HOME_WIN, AWAY_WIN];
    for (const [i, p] of picks.entries()) await settleMatch(h.db, p.mid, results[i]!, h.clock.now);
    // Brute force: every pair of matches is a column; a column pays stake * odds when both won.
    let exact = 0n;
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) {
      if (results[i] === HOME_WIN && results[j] === HOME_WIN) exact += 1_000n * BigInt(picks[i]!.odd) * BigInt(picks[j]!.odd);
    }
    const base = Number(exact / 1_000_000n);
    const c = await coupon(id);
    expect(c.status).toBe(1);
    const [row] = await h.db.query<{ max_pay: number; bonus_pay: number }>('select max_pay, bonus_pay from coupons where id = $1', [id]);
    expect(c.income - row!.bonus_pay).toBe(Math.min(base, row!.max_pay));
  });

  it('a corrected result resettles: reversal and new payout in the ledger, balance of the final result only', async () => {
    const u = await h.player('fix');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 2_000);
    const win = Math.floor((2_000 * p.odd) / 1000);
    await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now);
    expect(await balance(u.id)).toBe(100_000 - 2_000 + win);
    // Corrected: the away side won. The win is reversed.
    await settleMatch(h.db, p.mid, AWAY_WIN, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0, paid: 0 });
    expect(await balance(u.id)).toBe(100_000 - 2_000);
    // Corrected again, back to the home win; then the match is cancelled (every tip void, stake back).
    await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now);
    expect(await balance(u.id)).toBe(100_000 - 2_000 + win);
    await settleMatch(h.db, p.mid, { ...HOME_WIN, status: 'cancelled' }, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: 1, income: 2_000 });
    expect(await balance(u.id)).toBe(100_000);
    expect(await ledgerOf(id)).toEqual([
      { kind: 'bet', amount: -2_000 },
      { kind: 'win', amount: win },
      { kind: 'reversal', amount: -win },
      { kind: 'win', amount: win },
      { kind: 'win', amount: 2_000 },
      { kind: 'reversal', amount: -win },
    ]);
    const settlements = await h.db.query('select id from coupon_settlements where coupon_id = $1', [id]);
    expect(settlements).toHaveLength(4);
  });

  it('an older source revision arriving late is ignored', async () => {
    const u = await h.player('rev');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    await settleMatch(h.db, p.mid, AWAY_WIN, h.clock.now, { revision: 2 });
    await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now, { revision: 1 });
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0 });
    expect(await balance(u.id)).toBe(99_000);
  });

  it('a crash in the middle of a run is resumed: every coupon paid exactly once, none missed', async () => {
    const p = pickOf(takeMatch());
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await h.player(`crash${i}`));
    const ids: number[] = [];
    for (const u of users) ids.push(await place(u.cookie, [p], 1_000));
    // Two coupons a transaction: the crash comes before the second chunk's commit.
    await expect(settleMatch(h.db, p.mid, HOME_WIN, h.clock.now, {
      chunk: 2,
      beforeCoupon: (_id, i) => { if (i === 2) throw new Error('crash'); },
    })).rejects.toThrow('crash');
    const statuses = await Promise.all(ids.map(async (id) => (await coupon(id)).status));
    expect(statuses).toEqual([1, 1, 0, 0, 0, 0]);
    const [state] = await h.db.query<{ result_version: number; settled_version: number }>('select result_version, settled_version from match_settlement where match_id = $1', [p.mid]);
    expect(state).toEqual({ result_version: 1, settled_version: 0 });

    // The settlement loop picks the unfinished run up; a second delivery of the result as well.
    await resumePending(h.db, h.clock.now);
    await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now);
    const win = Math.floor((1_000 * p.odd) / 1000);
    for (const [i, id] of ids.entries()) {
      expect(await coupon(id)).toMatchObject({ status: 1, income: win });
      expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
      expect(await balance(users[i]!.id)).toBe(99_000 + win);
    }
    const [after] = await h.db.query<{ settled_version: number }>('select settled_version from match_settlement where match_id = $1', [p.mid]);
    expect(after!.settled_version).toBe(1);
  });

  it('the same result delivered concurrently pays once', async () => {
    const u = await h.player('conc');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    await Promise.all([1, 2, 3].map(() => settleMatch(h.db, p.mid, HOME_WIN, h.clock.now)));
    const win = Math.floor((1_000 * p.odd) / 1000);
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
  });

  it('results written to match_results are picked up by the settlement loop, once', async () => {
    const u = await h.player('ingest');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    await h.db.query(
      `insert into match_results (match_id, ft_home, ft_away, ht_home, ht_away, status, goals, updated_at)
       values ($1, 2, 1, 1, 1, 'ended', '[{"minute":80,"team":"away"},{"minute":10,"team":"home"},{"minute":60,"team":"home"}]', $2)`,
      [p.mid, new Date(h.clock.now)],
    );
    const marks = await ingestResults(h.db, h.clock.now, { pre: h.clock.now - 1, live: Date.now() });
    expect(marks.settled).toBeGreaterThanOrEqual(1);
    await ingestResults(h.db, h.clock.now, { pre: 0, live: Date.now() });
    const win = Math.floor((1_000 * p.odd) / 1000);
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
    const [rv] = await h.db.query<{ result: MatchResult }>('select result from result_versions where match_id = $1', [p.mid]);
    expect(rv!.result.goals?.map((g) => g.side)).toEqual(['h', 'h', 'a']);
  });

  it('results entry: only through the back office\'s guarded bo/saveResult, refused to a player and to a password-only admin', async () => {
    const u = await h.player('bo');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, [p], 1_000);
    const payload = { matchId: p.mid, result: { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 } } };
    // The old unguarded door is gone.
    expect((await h.call('bo/enterResult', payload, { cookie: u.cookie })).statusCode).toBe(404);
    const refused = await h.call('bo/saveResult', payload, { cookie: u.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false });
    expect((await h.call('bo/saveResult', payload)).statusCode).toBe(401);
    // The admin's password alone (the player login, no second factor) settles nothing.
    const admin = await passwordOnlyAdmin(h);
    const noOtp = await h.call('bo/saveResult', payload, { cookie: admin.cookie });
    expect(noOtp.statusCode).toBe(401);
    expect(noOtp.json()).toMatchObject({ status: false, error: 'otpRequired' });
    expect((await coupon(id)).status).toBe(0);

    const cookie = await boLogin(h, admin.userName, 'demo1234');
    const bad = await h.call('bo/saveResult', { matchId: p.mid, result: { ft: { h: -1, a: 0 }, ht: { h: 0, a: 0 } } }, { cookie });
    expect(bad.statusCode).toBe(400);
    // Not before the match can have ended (kick-off plus the sport's minimum duration).
    const early = await h.call('bo/saveResult', payload, { cookie });
    expect(early.statusCode).toBe(409);
    expect((await coupon(id)).status).toBe(0);
    await h.db.query('update matches set match_date = $2 where id = $1', [p.mid, new Date(h.clock.now - 3 * 3_600_000)]);
    const ok = await h.call('bo/saveResult', payload, { cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: true, version: 1, added: true });
    expect((await coupon(id)).status).toBe(1);
    const audit = await h.db.query(`select 1 from audit_log where action = 'result.enter' and object_id = $1`, [String(p.mid)]);
    expect(audit).toHaveLength(1);
  });
});

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}
