/**
 * Player protection on both drivers: limits with their 24-hour cooling-off (injected
 * clock), refusals that move nothing, 100 concurrent bets against a loss limit, and an excluded
 * player refused by every call that would let them play or pay in, while they may still withdraw.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { approveTransferRequest } from '../../server/payments/transfers.ts';
import { assertCanPlay } from '../../server/protection/enforce.ts';
import { drivers, ledgerViolations, listeningApps, snapshot, useHarness, SEED_NOW } from './harness.ts';
import { boLogin, boMoney, branch, create, uname } from './bo-helpers.ts';

const DRIVERS = await drivers();
type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
interface Single { mid: number; outcomeId: number; odd: number }
const HOUR = 3_600_000;

const deposit = (amount: number) => ({
  payId: 1, payCatId: 1, amount, transferType: 0,
  values: [{ name: 'amount', value: String(amount / 100) }, { name: 'senderName', value: 'Ali Veli' }, { name: 'transferDate', value: '01.06.2026 10:30' }],
});
const withdraw = (amount: number) => ({
  payId: 5, payCatId: 4, amount, transferType: '1',
  values: [
    { name: 'amount', value: String(amount / 100) }, { name: 'firstName', value: 'Test' }, { name: 'lastName', value: 'User' },
    { name: 'iban', value: 'TR330006100519786457841326' }, { name: 'bankName', value: 'Ziraat' },
  ],
});

describe.each(DRIVERS)('player protection on %s', (driver) => {
  const h = useHarness(driver);
  let singles: Single[];
  let next = 0;
  const single = () => singles[next++]!;
  const coupon = (s: Single, stake: number) => ({
    lang: 'tr', ticketType: 'TK', oddChangeOk: false, systemTickets: [], totalStake: stake, ticketStake: stake,
    tips: [{ mid: s.mid, oddTypeId: 1, ttype: 'N', odd: s.odd, banko: false, ktip: { outcomeid: s.outcomeId, special: '' } }],
  });

  beforeAll(async () => {
    await seedAccountDemo(h.db, SEED_NOW);
    singles = await h.db.query<Single>(
      `select m.id as mid, o.outcome_id as "outcomeId", o.odd
         from matches m join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id
        where m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > $1 and m.min_tip <= 1
          and g.active = 1 and o.active = 1 and o.odd >= 1010
        order by m.match_date, m.id, o.outcome_id limit 200`, [new Date(SEED_NOW + 3 * HOUR)]);
    expect(singles.length).toBe(200);
  });

  const state = async (cookie: string) => json(await h.call('protection', {}, { cookie })) as Body & {
    state: string; limits: Array<{ kind: string; period: string; amount: number; used: number }>; pending: Array<{ kind: string; amount: number; effectiveAt: string }>;
    breakUntil: string | null; excludedUntil: string | null; realityCheck: number;
  };

  it('a lower limit applies at once; a higher one or a removal only after 24 hours', async () => {
    const { cookie } = await h.player('lim', 0);
    expect(json(await h.call('setLimit', { kind: 'deposit', period: 'day', amount: 50_000 }, { cookie }))).toMatchObject({ status: true, applied: true });
    expect(json(await h.call('setLimit', { kind: 'deposit', period: 'day', amount: 20_000 }, { cookie }))).toMatchObject({ status: true, applied: true });
    let s = await state(cookie);
    expect(s.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', amount: 20_000, used: 0 })]);

    const raise = json(await h.call('setLimit', { kind: 'deposit', period: 'day', amount: 80_000 }, { cookie }));
    expect(raise).toMatchObject({ status: true, applied: false, effectiveAt: new Date(SEED_NOW + 24 * HOUR).toISOString() });
    s = await state(cookie);
    expect(s.limits[0]!.amount).toBe(20_000);
    expect(s.pending).toEqual([expect.objectContaining({ kind: 'deposit', amount: 80_000 })]);

    h.clock.now = SEED_NOW + 24 * HOUR - 1;
    expect((await state(cookie)).limits[0]!.amount).toBe(20_000);
    h.clock.now = SEED_NOW + 24 * HOUR;
    s = await state(cookie);
    expect(s.limits[0]!.amount).toBe(80_000);
    expect(s.pending).toEqual([]);

    // A removal waits too; a session limit has its own period.
    expect(json(await h.call('setLimit', { kind: 'deposit', period: 'day', amount: 0 }, { cookie }))).toMatchObject({ applied: false });
    expect((await state(cookie)).limits).toHaveLength(1);
    h.clock.now += 24 * HOUR;
    expect((await state(cookie)).limits).toEqual([]);
    expect(json(await h.call('setLimit', { kind: 'loss', period: 'bet', amount: 100 }, { cookie }))).toMatchObject({ status: false, error: 'invalidPeriod' });
    expect(json(await h.call('setLimit', { kind: 'session', amount: 60 }, { cookie }))).toMatchObject({ status: true, applied: true });
    expect(json(await h.call('setRealityCheck', { minutes: 30 }, { cookie }))).toMatchObject({ status: true });
    expect(json(await h.call('setRealityCheck', { minutes: 20 }, { cookie }))).toMatchObject({ status: false, error: 'badRequest' });
    expect((await state(cookie)).realityCheck).toBe(30);
  });

  it('a deposit request past the deposit limit is refused and records nothing; approval checks again', async () => {
    const { id, cookie } = await h.player('dep', 0);
    await h.call('setLimit', { kind: 'deposit', period: 'week', amount: 30_000 }, { cookie, headers: {} });
    const first = json(await h.call('depositRequest', deposit(20_000), { cookie }));
    expect(first).toMatchObject({ status: true });
    const before = await snapshot(h.db, id);
    const [reqs] = await h.db.query<{ n: number }>('select count(*)::int as n from transfer_requests where user_id = $1', [id]);
    // The waiting 200.00 counts: 200 + 150 > 300.
    const over = await h.call('depositRequest', deposit(15_000), { cookie });
    expect(over.statusCode).toBe(422);
    expect(json(over)).toMatchObject({ status: false, error: 'limitReached', limit: { kind: 'deposit', period: 'week', amount: 30_000, used: 20_000 } });
    expect(json(over).msg).toContain('haftalık para yatırma');
    expect(await snapshot(h.db, id)).toEqual(before);
    expect((await h.db.query<{ n: number }>('select count(*)::int as n from transfer_requests where user_id = $1', [id]))[0]!.n).toBe(reqs!.n);

    // Lowered below what waits: the approval is refused and credits nothing.
    await h.call('setLimit', { kind: 'deposit', period: 'week', amount: 10_000 }, { cookie });
    await expect(h.db.tx((q) => approveTransferRequest(q, Number(first.requestId), h.clock.now))).rejects.toMatchObject({ key: 'limitReached' });
    expect((await snapshot(h.db, id)).balance).toBe(0);
  });

  it('a bet past the stake-per-bet or the loss limit is refused and moves nothing', async () => {
    const { id, cookie } = await h.player('bet', 100_000);
    await h.call('setLimit', { kind: 'stake', period: 'bet', amount: 2_000 }, { cookie });
    await h.call('setLimit', { kind: 'loss', period: 'day', amount: 5_000 }, { cookie });
    const before = await snapshot(h.db, id);
    const big = await h.call('createCoupon', coupon(single(), 2_500), { cookie });
    expect(json(big)).toMatchObject({ status: false, error: 'limitReached', limit: { kind: 'stake', period: 'bet' } });
    expect(await snapshot(h.db, id)).toEqual(before);

    for (let i = 0; i < 2; i++) expect(json(await h.call('createCoupon', coupon(single(), 2_000), { cookie }))).toMatchObject({ status: true });
    const before2 = await snapshot(h.db, id);
    const third = await h.call('createCoupon', coupon(single(), 2_000), { cookie });
    expect(json(third)).toMatchObject({ status: false, error: 'limitReached', limit: { kind: 'loss', period: 'day', amount: 5_000, used: 4_000 } });
    expect(json(third).msg).toBe('Limitinize ulaştınız: günlük kayıp (40.00 / 50.00)');
    expect(await snapshot(h.db, id)).toEqual(before2);
    // What is left under the limit still goes.
    expect(json(await h.call('createCoupon', coupon(single(), 1_000), { cookie }))).toMatchObject({ status: true });
    expect((await state(cookie)).limits.find((l) => l.kind === 'loss')).toMatchObject({ used: 5_000 });
  });

  describe('under concurrency', () => {
    let bases: string[];
    let sent = 0;
    beforeAll(async () => {
      // Three listening apps on one database, as a site's server processes behind a load balancer.
      bases = await listeningApps(h, 3);
    });

    it('100 bets at once against a daily loss limit of 75.00 at 10.00 each: exactly 7 placed', async () => {
      const { id, cookie } = await h.player('conc', 100_000);
      await h.call('setLimit', { kind: 'loss', period: 'day', amount: 7_500 }, { cookie });
      const picks = Array.from({ length: 100 }, single);
      const replies = await Promise.all(picks.map(async (s, i) => {
        const res = await fetch(`${bases[sent++ % bases.length]}/api/createCoupon`, {
          method: 'POST', body: JSON.stringify(coupon(s, 1_000)),
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `conc-${i}` },
        });
        return { code: res.status, body: (await res.json()) as Body };
      }));
      expect(replies.filter((r) => r.code === 200)).toHaveLength(7);
      for (const r of replies.filter((x) => x.code !== 200)) expect(r.body).toMatchObject({ status: false, error: 'limitReached' });
      const [bets] = await h.db.query<{ n: number; total: string }>(`select count(*)::int as n, coalesce(-sum(amount), 0)::int8 as total from ledger where user_id = $1 and kind = 'bet'`, [id]);
      expect(bets).toMatchObject({ n: 7 });
      expect(Number(bets!.total)).toBe(7_000);
      expect((await snapshot(h.db, id)).balance).toBe(93_000);
      expect(await ledgerViolations(h.db)).toEqual([]);
    });
  });

  it('a self-excluded player cannot bet, deposit, request a bonus nor play; may log in, withdraw and read history; gets no marketing', async () => {
    const u = await h.addUser('excl', 50_000);
    let cookie = await h.login(u.userName, u.password);
    const r = json(await h.call('selfExclude', { months: 6, confirm: true }, { cookie }));
    expect(r).toMatchObject({ status: true, excludedUntil: '2026-12-01T12:00:00.000Z' });
    expect((await state(cookie))).toMatchObject({ state: 'excluded', excludedUntil: '2026-12-01T12:00:00.000Z' });
    const before = await snapshot(h.db, u.id);

    const bet = await h.call('createCoupon', coupon(single(), 1_000), { cookie });
    expect(bet.statusCode).toBe(403);
    expect(json(bet)).toMatchObject({ status: false, error: 'selfExcluded' });
    expect(json(await h.call('createCoupon', coupon(single(), 1_000), { cookie, headers: { 'idempotency-key': 'ex-1' } }))).toMatchObject({ error: 'selfExcluded' });
    expect(json(await h.call('depositRequest', deposit(10_000), { cookie }))).toMatchObject({ status: false, error: 'selfExcluded' });
    const [bonus] = await h.db.query<{ id: number }>('select id from bonuses where status = 1 order by id limit 1');
    expect(json(await h.call('requestBonus', { bonusId: bonus!.id }, { cookie }))).toMatchObject({ status: false, error: 'selfExcluded' });
    expect(await h.db.tx((q) => assertCanPlay(q, u.id, h.clock.now, 100))).toMatchObject({ ok: false, code: 'PLAYER_EXCLUDED' });
    expect(await snapshot(h.db, u.id)).toEqual(before);

    // Marketing stops.
    for (const call of ['getNotifs', 'getPopups', 'promotions']) expect(json(await h.call(call, {}, { cookie }))).toMatchObject({ status: true, results: [] });
    // A shorter break does not shorten it; the exclusion cannot be undone early.
    await h.call('takeBreak', { days: 1 }, { cookie });
    expect((await state(cookie)).state).toBe('excluded');
    expect(json(await h.call('requestReopen', {}, { cookie }))).toMatchObject({ status: false, error: 'reopenNotYet' });

    // Still a customer for their money.
    cookie = await h.login(u.userName, u.password);
    expect(json(await h.call('setTransferReq', withdraw(10_000), { cookie }))).toMatchObject({ status: true });
    expect(json(await h.call('transactions', {}, { cookie }))).toMatchObject({ status: true });

    // After its end the account stays closed until the player asks, and 24 hours more.
    h.clock.now = Date.parse('2026-12-01T12:00:00Z');
    cookie = await h.login(u.userName, u.password);
    expect((await state(cookie))).toMatchObject({ state: 'excluded', canReopen: true });
    expect(json(await h.call('requestReopen', {}, { cookie }))).toMatchObject({ status: true });
    h.clock.now += 24 * HOUR - 1;
    expect((await state(cookie)).state).toBe('excluded');
    h.clock.now += 1;
    expect((await state(cookie)).state).toBe('active');
  });

  it('an excluded player cannot pay in by a prepaid card; the card stays unused', async () => {
    const u = await h.addUser('excard', 0);
    const cookie = await h.login(u.userName, u.password);
    expect(json(await h.call('selfExclude', { months: 6, confirm: true }, { cookie })).status).toBe(true);
    const before = await snapshot(h.db, u.id);
    const [house] = await h.db.query<{ id: number }>(`select id from users where user_type = 'A' order by id limit 1`);
    const code = `EXCL-${String(u.id).padStart(4, '0')}-CARD-TEST`.slice(0, 24);
    await h.db.query('insert into cards (code, dealer_id, amount, currency) values ($1, $2, 2500, $3)', [code, house!.id, 'TRY']);
    expect(json(await h.call('redeemCard', { code }, { cookie }))).toMatchObject({ status: false, error: 'selfExcluded' });
    expect((await h.db.query<{ status: number }>('select status from cards where code = $1', [code]))[0]!.status).toBe(0);
    expect(await snapshot(h.db, u.id)).toEqual(before);
  });

  it('the back office cannot load credit to a player on a break, but can withdraw it', async () => {
    const u = await h.addUser('exload', 5_000);
    const cookie = await h.login(u.userName, u.password);
    expect(json(await h.call('takeBreak', { days: 1 }, { cookie })).status).toBe(true);
    const before = await snapshot(h.db, u.id);
    const admin = await boLogin(h, 'admin', 'admin1234');
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: u.id, amount: 1_000 }, admin))).toMatchObject({ status: false, error: 'onBreak' });
    expect(await snapshot(h.db, u.id)).toEqual(before);
    expect(json(await boMoney(h, 'bo/withdrawCredit', { targetId: u.id, amount: 1_000 }, admin))).toMatchObject({ status: true, targetBalance: 4_000 });
  });

  it('credit the back office loads counts as a deposit: a load past the deposit limit is refused and moves nothing', async () => {
    const u = await h.addUser('limload', 0);
    const cookie = await h.login(u.userName, u.password);
    expect(json(await h.call('setLimit', { kind: 'deposit', period: 'day', amount: 10_000 }, { cookie })).status).toBe(true);
    const admin = await boLogin(h, 'admin', 'admin1234');
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: u.id, amount: 6_000 }, admin)).status).toBe(true);
    const before = await snapshot(h.db, u.id);
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: u.id, amount: 4_001 }, admin))).toMatchObject({ status: false, error: 'limitReached' });
    expect(await snapshot(h.db, u.id)).toEqual(before);
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: u.id, amount: 4_000 }, admin)).status).toBe(true);
    // a deposit request now finds the day's limit used up by the loads
    expect(json(await h.call('depositRequest', deposit(5_000), { cookie }))).toMatchObject({ status: false, error: 'limitReached' });
  });

  it('a break closes betting and deposits until it ends', async () => {
    const u = await h.addUser('brk', 50_000);
    const id = u.id;
    let cookie = await h.login(u.userName, u.password);
    expect(json(await h.call('takeBreak', { days: 7 }, { cookie }))).toMatchObject({ status: true, breakUntil: new Date(SEED_NOW + 7 * 24 * HOUR).toISOString() });
    expect(json(await h.call('takeBreak', { days: 3 }, { cookie }))).toMatchObject({ status: false, error: 'badRequest' });
    expect(json(await h.call('createCoupon', coupon(single(), 1_000), { cookie }))).toMatchObject({ status: false, error: 'onBreak' });
    expect(json(await h.call('depositRequest', deposit(10_000), { cookie }))).toMatchObject({ status: false, error: 'onBreak' });
    expect(await h.db.tx((q) => assertCanPlay(q, id, h.clock.now))).toMatchObject({ ok: false, code: 'PLAYER_ON_BREAK' });
    h.clock.now = SEED_NOW + 7 * 24 * HOUR;
    cookie = await h.login(u.userName, u.password);
    expect((await state(cookie)).state).toBe('active');
    expect(await h.db.tx((q) => assertCanPlay(q, id, h.clock.now, 100))).toEqual({ ok: true });
  });

  it('account closure is refused while money remains', async () => {
    const { id, cookie } = await h.player('close', 1_000);
    expect(json(await h.call('closeAccount', { confirm: true }, { cookie }))).toMatchObject({ status: false, error: 'closeWithdrawFirst', balance: 1_000 });
    await h.db.tx(async (q) => {
      const { postLedger } = await import('../../server/wallet/ledger.ts');
      await postLedger(q, { userId: id, amount: -1_000, kind: 'withdraw', refType: 'test', refId: null });
    });
    expect(json(await h.call('closeAccount', { confirm: true }, { cookie }))).toMatchObject({ status: true });
    expect((await state(cookie)).state).toBe('closed');
    expect(json(await h.call('createCoupon', coupon(single(), 1_000), { cookie }))).toMatchObject({ status: false, error: 'accountClosed' });
  });

  it('back office: a dealer sees its player\'s state and applies a time-out, audited; never a shorter one, never on a foreign player', async () => {
    const admin = await boLogin(h, 'admin', 'admin1234');
    const operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('pop') });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin)).status).toBe(true);
    const mine = await branch(h, admin, operatorId, 'pa');
    const other = await branch(h, admin, operatorId, 'pb');
    const dealer = await boLogin(h, mine.names.dealer, 'pass1234');

    expect(json(await h.call('bo/playerProtection', { playerId: mine.player }, { cookie: dealer }))).toMatchObject({ status: true, state: 'active', playerId: mine.player, blocks: [] });
    const applied = json(await h.call('bo/applyProtection', { playerId: mine.player, kind: 'break', days: 7, reason: 'asked by phone' }, { cookie: dealer }));
    expect(applied).toMatchObject({ status: true, endsAt: new Date(SEED_NOW + 7 * 24 * HOUR).toISOString() });
    const seen = json(await h.call('bo/playerProtection', { playerId: mine.player }, { cookie: dealer }));
    expect(seen).toMatchObject({ state: 'break', breakUntil: new Date(SEED_NOW + 7 * 24 * HOUR).toISOString() });
    expect(seen.blocks).toEqual([expect.objectContaining({ kind: 'break', reason: 'asked by phone' })]);
    const [audit] = await h.db.query<{ action: string; object_id: string; after: { kind: string; reason: string } }>(
      `select action, object_id, after from audit_log where action like 'protection.%' order by id desc limit 1`);
    expect(audit).toMatchObject({ action: 'protection.break', object_id: String(mine.player), after: { kind: 'break', reason: 'asked by phone' } });

    // Shorter than what holds: refused, nothing added.
    expect(json(await h.call('bo/applyProtection', { playerId: mine.player, kind: 'break', days: 1, reason: 'x' }, { cookie: dealer }))).toMatchObject({ status: false, error: 'protectionNotShorter' });
    // Longer is fine: an exclusion on top.
    expect(json(await h.call('bo/applyProtection', { playerId: mine.player, kind: 'exclusion', months: 6, reason: 'problem gambling' }, { cookie: dealer }))).toMatchObject({ status: true });
    expect(json(await h.call('bo/playerProtection', { playerId: mine.player }, { cookie: dealer }))).toMatchObject({ state: 'excluded' });
    // Another dealer's player, a dealer, a player's own session: refused.
    expect(json(await h.call('bo/applyProtection', { playerId: other.player, kind: 'break', days: 42, reason: 'x' }, { cookie: dealer }))).toMatchObject({ status: false, error: 'notYourDealer' });
    expect(json(await h.call('bo/playerProtection', { playerId: mine.sub, kind: 'break' }, { cookie: dealer }))).toMatchObject({ status: false, error: 'notYourDealer' });
    const { cookie: player } = await h.player('bop');
    expect((await h.call('bo/playerProtection', { playerId: mine.player }, { cookie: player })).statusCode).toBe(403);
  });
});
