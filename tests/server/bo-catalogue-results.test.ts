/**
 * Results entered in the back office on both databases: the preview lists the coupons a
 * result settles with each tip's outcome and changes nothing; the save records the result with its
 * audit row and settles once (a repeat moves nothing); a correction reverses the payout; bad input,
 * an unknown match or a caller without the permission change nothing. A score before kick-off plus
 * the sport's minimum duration is refused unless overridden with a reason (audited); the queue lists
 * the matches past their end with no result, oldest first, with their open coupons.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, ledgerViolations, pickOf, SEED_NOW, tipOf, useFootballMatches, useHarness, type Pick } from './harness.ts';
import { checkResultTime } from '../../server/backoffice/results.ts';
import type { BoResultQueueRow } from '../../domain/backoffice/catalogue-calls.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';

const DRIVERS = await drivers();
const HOME_WIN = { ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 }, corners: { h: 6, a: 2 }, cards: { h: 1, a: 3 }, goals: [{ side: 'h', minute: 12 }, { side: 'h', minute: 70 }] };
const AWAY_WIN = { ft: { h: 0, a: 1 }, ht: { h: 0, a: 0 } };

describe.each(DRIVERS)('back-office results on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const takeMatch = useFootballMatches(h, 3);
  const who = useTeamAndDealer(h);
  let admin = '';
  let dealer = '';
  beforeAll(() => { admin = who.admin(); dealer = who.dealer(); });

  async function place(cookie: string, p: Pick, stake: number): Promise<number> {
    const res = await h.call('createCoupon', { ticketType: 'TK', oddChangeOk: true, systemTickets: [], totalStake: stake, ticketStake: stake, tips: [tipOf(p)] }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ticketId: number }>().ticketId;
  }
  // The match was played: its kick-off moved back (the admin's session would lapse if the clock jumped hours).
  const playedAt = async (matchId: number, at: number) => { await h.db.query('update matches set match_date = $2 where id = $1', [matchId, new Date(at)]); };
  const coupon = async (id: number) => (await h.db.query<{ status: number; income: string }>('select status, income from coupons where id = $1', [id]))[0]!;
  const state = async (matchId: number) => ({
    versions: (await h.db.query<{ n: number }>('select count(*)::int as n from result_versions where match_id = $1', [matchId]))[0]!.n,
    audits: (await h.db.query<{ n: number }>("select count(*)::int as n from audit_log where object_type = 'match' and object_id = $1", [String(matchId)]))[0]!.n,
    ledger: (await h.db.query<{ n: number }>('select count(*)::int as n from ledger'))[0]!.n,
  });

  it('previews the coupons a result settles, saves it once with its audit row, and corrects by reversal', async () => {
    const u = await h.player('res', 100_000);
    const p = pickOf(takeMatch(), 1);
    const id = await place(u.cookie, p, 1_000);
    await playedAt(p.mid, SEED_NOW - 3 * 3_600_000);
    const before = await state(p.mid);

    const preview = json(await h.call('bo/resultPreview', { matchId: p.mid, result: HOME_WIN }, { cookie: admin }));
    expect(preview).toMatchObject({ status: true, current: null, totalCount: 1, tooEarly: false });
    expect(preview.coupons).toEqual([expect.objectContaining({ couponId: id, stake: 1_000, oddsType: 1, outcomeId: 1, outcome: 'won' })]);
    expect(await state(p.mid)).toEqual(before);
    expect((await coupon(id)).status).toBe(0);

    const saved = json(await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN }, { cookie: admin }));
    const win = Math.floor(1_000 * p.odd / 1000);
    expect(saved).toMatchObject({ status: true, added: true, version: 1, coupons: 1, changed: 1 });
    expect(await coupon(id)).toMatchObject({ status: 1 });
    expect(Number((await coupon(id)).income)).toBeGreaterThanOrEqual(win - 1);
    const after = await state(p.mid);
    expect(after.audits).toBe(before.audits + 1);
    const [audit] = await h.db.query<{ action: string; after: { version: number; result: { corners: unknown } } }>("select action, after from audit_log where object_type = 'match' and object_id = $1 order by id desc limit 1", [String(p.mid)]);
    expect(audit).toMatchObject({ action: 'result.enter', after: { version: 1, result: { corners: { h: 6, a: 2 } } } });

    // The same result again: no new version, no audit row, no money moved.
    expect(json(await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN }, { cookie: admin }))).toMatchObject({ status: true, added: false, changed: 0, paid: 0 });
    expect(await state(p.mid)).toEqual(after);

    // A correction: the preview shows the tip lost against the stored result; the save reverses the payout.
    expect(json(await h.call('bo/resultPreview', { matchId: p.mid, result: AWAY_WIN }, { cookie: admin }))).toMatchObject({ current: { version: 1 }, coupons: [{ couponId: id, outcome: 'lost' }] });
    const corrected = json(await h.call('bo/saveResult', { matchId: p.mid, result: AWAY_WIN }, { cookie: admin }));
    expect(corrected).toMatchObject({ status: true, added: true, version: 2, changed: 1 });
    expect(corrected.paid as number).toBeLessThan(0);
    expect(await coupon(id)).toMatchObject({ status: -1, income: expect.anything() });
    expect(Number((await coupon(id)).income)).toBe(0);
    const [last] = await h.db.query<{ action: string }>("select action from audit_log where object_type = 'match' and object_id = $1 order by id desc limit 1", [String(p.mid)]);
    expect(last!.action).toBe('result.correct');
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('refuses a score before kick-off plus the minimum duration, and saves it with an override whose reason is audited', async () => {
    const u = await h.player('early', 100_000);
    const p = pickOf(takeMatch(), 1);
    const id = await place(u.cookie, p, 1_000);
    const before = await state(p.mid);
    const earliest = new Date(p.matchDate + 105 * 60_000).toISOString();
    expect(json(await h.call('bo/resultPreview', { matchId: p.mid, result: HOME_WIN }, { cookie: admin }))).toMatchObject({ tooEarly: true, earliestAt: earliest });
    const refused = await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN }, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ status: false, error: 'resultTooEarly', earliestAt: earliest });
    // Kicked off 100 minutes ago: a football match cannot have ended either.
    await playedAt(p.mid, SEED_NOW - 100 * 60_000);
    expect((await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN }, { cookie: admin })).statusCode).toBe(409);
    // An override without a real reason is bad input.
    expect((await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN, override: { reason: ' ' } }, { cookie: admin })).statusCode).toBe(400);
    expect(await state(p.mid)).toEqual(before);
    expect((await coupon(id)).status).toBe(0);

    const reason = 'Referee report received by phone';
    const saved = json(await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN, override: { reason } }, { cookie: admin }));
    expect(saved).toMatchObject({ status: true, added: true, changed: 1 });
    expect((await coupon(id)).status).toBe(1);
    const [audit] = await h.db.query<{ action: string; after: { override?: { reason: string; earliestAt: string } } }>(
      "select action, after from audit_log where object_type = 'match' and object_id = $1 order by id desc limit 1", [String(p.mid)]);
    expect(audit).toMatchObject({ action: 'result.enter', after: { override: { reason, earliestAt: new Date(SEED_NOW + 5 * 60_000).toISOString() } } });
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it('lets a match called off be recorded at any time, and the override only to a caller allowed to give it', async () => {
    const p = pickOf(takeMatch(), 1);
    expect(json(await h.call('bo/saveResult', { matchId: p.mid, result: { ft: { h: 0, a: 0 }, status: 'cancelled' } }, { cookie: admin }))).toMatchObject({ status: true, added: true });
    const m = { sport_id: 1, match_date: new Date(SEED_NOW + 3_600_000) };
    expect(() => checkResultTime(m, { ft: { h: 1, a: 0 } }, SEED_NOW, { reason: 'because I say so' }, false)).toThrow('forbidden');
    expect(checkResultTime(m, { ft: { h: 1, a: 0 } }, SEED_NOW + 4 * 3_600_000, undefined, false)).toBeNull();
  });

  it('queues the matches past their end with no result, oldest first, with their open coupons and the fields their markets need', async () => {
    const u = await h.player('queue', 100_000);
    const p = pickOf(takeMatch(), 1);
    await place(u.cookie, p, 2_500);
    await place(u.cookie, p, 1_500);
    await playedAt(p.mid, Date.parse('2001-01-01T12:00:00Z'));
    const queue = json(await h.call('bo/resultQueue', { sportId: 1, limit: 200 }, { cookie: admin })) as unknown as { status: true; totalCount: number; results: BoResultQueueRow[] };
    expect(queue.status).toBe(true);
    expect(queue.results[0]).toMatchObject({ matchId: p.mid, sportId: 1, openCoupons: 2, openStakes: 4_000, earliestAt: '2001-01-01T13:45:00.000Z' });
    expect(queue.results[0]!.fields.ht).toBe(true);
    const dates = queue.results.map((r) => r.matchDate);
    expect(dates).toEqual([...dates].sort());
    expect(queue.results.every((r) => Date.parse(r.earliestAt) <= SEED_NOW)).toBe(true);
    expect((await h.call('bo/resultQueue', {}, { cookie: dealer })).statusCode).toBe(403);

    // Only a score: no half time needed for the 1X2 tips, which settle; the match leaves the queue.
    const saved = json(await h.call('bo/saveResult', { matchId: p.mid, result: { ft: { h: 1, a: 0 } } }, { cookie: admin }));
    expect(saved).toMatchObject({ status: true, added: true, changed: 2 });
    const after = json(await h.call('bo/resultQueue', { sportId: 1, limit: 200 }, { cookie: admin })) as unknown as { results: BoResultQueueRow[] };
    expect(after.results.some((r) => r.matchId === p.mid)).toBe(false);
  });

  it.each([
    ['a negative score', { ft: { h: -1, a: 0 }, ht: { h: 0, a: 0 } }],
    ['no full time', { ht: { h: 1, a: 0 } }],
    ['an unknown status', { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 }, status: 'abandoned' }],
    ['a goal of a third side', { ft: { h: 1, a: 0 }, ht: { h: 0, a: 0 }, goals: [{ side: 'x', minute: 3 }] }],
  ])('refuses %s and changes nothing', async (_what, result) => {
    const p = pickOf(takeMatch(), 1);
    const before = await state(p.mid);
    const res = await h.call('bo/saveResult', { matchId: p.mid, result }, { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(json(res).status).toBe(false);
    expect(await state(p.mid)).toEqual(before);
  });

  it('refuses an unknown match, a dealer and a visitor', async () => {
    expect(json(await h.call('bo/saveResult', { matchId: 2_000_000_000, result: HOME_WIN }, { cookie: admin }))).toMatchObject({ status: false });
    expect(json(await h.call('bo/resultPreview', { matchId: 2_000_000_000, result: HOME_WIN }, { cookie: admin }))).toMatchObject({ status: false });
    const p = pickOf(takeMatch(), 1);
    const before = await state(p.mid);
    expect((await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN }, { cookie: dealer })).statusCode).toBe(403);
    expect((await h.call('bo/resultPreview', { matchId: p.mid, result: HOME_WIN }, { cookie: dealer })).statusCode).toBe(403);
    expect((await h.call('bo/saveResult', { matchId: p.mid, result: HOME_WIN })).statusCode).toBe(401);
    expect(await state(p.mid)).toEqual(before);
  });
});
