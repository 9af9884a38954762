/**
 * The settlement loop's review fixes (exactly once), on both drivers:
 * - results are queued by the database in the writer's transaction (settlement_inbox), so a result
 *   committed late, or stamped older than what the loop has already read, is still settled;
 * - a coupon that cannot be booked (a correction's reversal above the balance) is recorded in
 *   settlement_problems and retried by every tick until it settles, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MatchListItem } from '../../domain/protocol/entities.ts';
import type { MatchResult } from '../../domain/coupon/result.ts';
import { settleMatch } from '../../server/settlement/settle-match.ts';
import { settlementTick } from '../../server/settlement/ingest.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { drivers, footballWith1x2, ledgerViolations, pickOf, snapshot, tipOf, useHarness, type Pick } from './harness.ts';

const DRIVERS = await drivers();

const HOME_WIN: MatchResult = { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } };
const AWAY_WIN: MatchResult = { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } };
const HOUR = 3_600_000;

describe.each(DRIVERS)('settlement loop on %s', (driver) => {
  const h = useHarness(driver);
  let football: MatchListItem[];
  let next = 0;
  const takeMatch = () => football[next++]!;
  const warnings: string[] = [];
  const tick = () => settlementTick(h.db, h.clock.now, { warn: (m) => warnings.push(m), log: (err) => { throw err; } });

  beforeAll(async () => {
    football = await footballWith1x2(h, 30);
    expect(football.length).toBeGreaterThanOrEqual(10);
    // Work off the seeded results first, as a running server would have.
    await tick();
  });

  async function place(cookie: string, p: Pick, stake: number): Promise<number> {
    const res = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)] }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ticketId: number }>().ticketId;
  }
  const coupon = async (id: number) =>
    (await h.db.query<{ status: number; income: number }>('select status, income from coupons where id = $1', [id]))[0]!;
  const ledgerOf = async (id: number) =>
    h.db.query<{ kind: string; amount: number }>(`select kind, amount from ledger where ref_type = 'coupon' and ref_id = $1 order by id`, [id]);
  const saveResult = (matchId: number, at: number, q: { query: typeof h.db.query } = h.db) =>
    q.query(
      `insert into match_results (match_id, ft_home, ft_away, ht_home, ht_away, status, updated_at) values ($1, 2, 0, 1, 0, 'ended', $2)`,
      [matchId, new Date(at)],
    );
  const queued = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from settlement_inbox'))[0]!.n;

  it('a result stamped older than what the loop already read is still settled by the next tick, once', async () => {
    const u = await h.player('late');
    const a = pickOf(takeMatch());
    const b = pickOf(takeMatch());
    const idA = await place(u.cookie, a, 1_000);
    const idB = await place(u.cookie, b, 1_000);
    await saveResult(a.mid, h.clock.now);
    await tick();
    expect((await coupon(idA)).status).toBe(1);
    // Written after the loop read a's result, but stamped an hour earlier: a watermark on
    // updated_at would have skipped it until a restart.
    await saveResult(b.mid, h.clock.now - HOUR);
    expect(await queued()).toBe(1);
    await tick();
    const win = Math.floor((1_000 * b.odd) / 1000);
    expect(await coupon(idB)).toMatchObject({ status: 1, income: win });
    await tick();
    expect(await ledgerOf(idB)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
    expect(await ledgerOf(idA)).toHaveLength(2);
    expect(await queued()).toBe(0);
  });

  // Two transactions at once need two connections: PGlite runs one at a time.
  it.runIf(driver === 'pg')('a result whose transaction commits after the loop has read newer results is settled', async () => {
    const u = await h.player('race');
    const a = pickOf(takeMatch());
    const b = pickOf(takeMatch());
    const idA = await place(u.cookie, a, 1_000);
    const idB = await place(u.cookie, b, 1_000);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => { commit = resolve; });
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => { written = resolve; });
    // b's writer begins first and stamps its row first, but commits last.
    const slow = h.db.tx(async (q) => {
      await saveResult(b.mid, h.clock.now - 1_000, q);
      written();
      await held;
    });
    await inserted;
    await saveResult(a.mid, h.clock.now);
    await tick();
    expect((await coupon(idA)).status).toBe(1);
    expect((await coupon(idB)).status).toBe(0);
    commit();
    await slow;
    await tick();
    const win = Math.floor((1_000 * b.odd) / 1000);
    expect(await coupon(idB)).toMatchObject({ status: 1, income: win });
    expect(await ledgerOf(idB)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }]);
  });

  it('a result rewritten with a correction is settled again by the loop, and the same row again changes nothing', async () => {
    const u = await h.player('rewrite');
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, p, 1_000);
    await saveResult(p.mid, h.clock.now);
    await tick();
    const win = Math.floor((1_000 * p.odd) / 1000);
    expect(await coupon(id)).toMatchObject({ status: 1, income: win });
    // Rewritten with the same content (a replay) and then with the away side winning.
    await h.db.query('update match_results set updated_at = $2 where match_id = $1', [p.mid, new Date(h.clock.now - HOUR)]);
    await tick();
    expect(await ledgerOf(id)).toHaveLength(2);
    await h.db.query('update match_results set ft_home = 0, ft_away = 1, ht_home = 0 where match_id = $1', [p.mid]);
    await tick();
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0 });
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -1_000 }, { kind: 'win', amount: win }, { kind: 'reversal', amount: -win }]);
  });

  it('a reversal above the balance is recorded and retried; after a deposit the next tick settles it once', async () => {
    const u = await h.player('problem', 10_000);
    const p = pickOf(takeMatch());
    const id = await place(u.cookie, p, 2_000);
    const win = Math.floor((2_000 * p.odd) / 1000);
    await settleMatch(h.db, p.mid, HOME_WIN, h.clock.now);
    expect(await coupon(id)).toMatchObject({ status: 1, income: win });
    // The player takes everything out: the win can no longer be reversed.
    const all = (await snapshot(h.db, u.id)).balance;
    await h.db.tx((q) => postLedger(q, { userId: u.id, amount: -all, kind: 'withdraw', refType: 'test', refId: null }));

    warnings.length = 0;
    const report = await settleMatch(h.db, p.mid, AWAY_WIN, h.clock.now, { warn: (m) => warnings.push(m) });
    expect(report.problems).toEqual([id]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`coupon ${id}`);
    const open = async () =>
      h.db.query<{ match_id: number; reason: string; attempts: number; resolution: string | null; resolved: boolean }>(
        'select match_id, reason, attempts, resolution, resolved_at is not null as resolved from settlement_problems where coupon_id = $1 order by id', [id],
      );
    expect(await open()).toEqual([{ match_id: p.mid, reason: 'reversal exceeds the balance', attempts: 1, resolution: null, resolved: false }]);
    // Left as it was, never half booked.
    expect(await coupon(id)).toMatchObject({ status: 1, income: win });
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -2_000 }, { kind: 'win', amount: win }]);

    // Still short: the tick retries, counts the attempt, does not warn again, books nothing.
    await h.db.tx((q) => postLedger(q, { userId: u.id, amount: win - 1, kind: 'deposit', refType: 'test', refId: null }));
    const still = await tick();
    expect(still.problemsOpen).toBeGreaterThanOrEqual(1);
    expect((await open())[0]).toMatchObject({ attempts: 2, resolved: false });
    expect(warnings).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(2);

    // Enough now: the next tick settles the correction.
    await h.db.tx((q) => postLedger(q, { userId: u.id, amount: 1, kind: 'deposit', refType: 'test', refId: null }));
    const done = await tick();
    expect(done.problemsSettled).toBeGreaterThanOrEqual(1);
    expect(await coupon(id)).toMatchObject({ status: -1, income: 0 });
    expect(await open()).toEqual([{ match_id: p.mid, reason: 'reversal exceeds the balance', attempts: 2, resolution: 'settled', resolved: true }]);
    expect((await snapshot(h.db, u.id)).balance).toBe(0);

    // Once: more ticks and the same correction again move nothing.
    await tick();
    await settleMatch(h.db, p.mid, AWAY_WIN, h.clock.now);
    await tick();
    expect(await ledgerOf(id)).toEqual([{ kind: 'bet', amount: -2_000 }, { kind: 'win', amount: win }, { kind: 'reversal', amount: -win }]);
    const [n] = await h.db.query<{ n: number }>('select count(*)::int as n from coupon_settlements where coupon_id = $1', [id]);
    expect(n!.n).toBe(2);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
