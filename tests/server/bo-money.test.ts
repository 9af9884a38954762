/**
 * Back-office money: credit load and withdraw as ledger transfers (exact under 200 concurrent
 * requests), transfers blocked by the team, limits, prepaid cards redeemed once under concurrency,
 * cut-offs that never overlap and are reverted by the one above, and the audit chain check.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { boLogin, boMoney, branch, create, json, uname, type Branch } from './bo-helpers.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('back-office money on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  let admin = '';
  let operatorId = 0;
  let a: Branch;
  let b: Branch;
  let dealerA = '';
  let subA = '';
  beforeAll(async () => {
    const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
    await ensureDemoAdmin(h.db);
    admin = await boLogin(h, 'admin', 'admin1234');
    operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('op') });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin)).status).toBe(true);
    a = await branch(h, admin, operatorId, 'a');
    b = await branch(h, admin, operatorId, 'b');
    dealerA = await h.login(a.names.dealer, 'pass1234');
    subA = await h.login(a.names.sub, 'pass1234');
  }, 60_000);

  const balance = async (id: number) => Number((await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [id]))[0]!.balance);

  it('a dealer loads and withdraws credit in its subtree: two ledger rows each, idempotent on the key, never below zero', async () => {
    const before = [await balance(a.dealer), await balance(a.player)];
    const first = await boMoney(h, 'bo/loadCredit', { targetId: a.player, amount: 1_234 }, dealerA, 'k-load-1');
    expect(json(first)).toMatchObject({ status: true, targetBalance: before[1]! + 1_234, balance: before[0]! - 1_234 });
    const again = await boMoney(h, 'bo/loadCredit', { targetId: a.player, amount: 1_234 }, dealerA, 'k-load-1');
    expect(json(again)).toEqual(json(first));
    expect([await balance(a.dealer), await balance(a.player)]).toEqual([before[0]! - 1_234, before[1]! + 1_234]);
    const rows = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where ref_type = 'credit_transfer' and ref_id = $1`, [json(first).transferId]);
    expect(rows[0]!.n).toBe(2);
    const tooMuch = await boMoney(h, 'bo/withdrawCredit', { targetId: a.player, amount: 1_000_000_000 }, dealerA);
    expect(json(tooMuch)).toMatchObject({ status: false, error: 'insufficientCredit' });
    expect(json(await boMoney(h, 'bo/withdrawCredit', { targetId: a.player, amount: 1_234 }, dealerA)).status).toBe(true);
    expect([await balance(a.dealer), await balance(a.player)]).toEqual(before);
    // Another branch's player: the same refusal as a user that does not exist.
    const foreign = await boMoney(h, 'bo/loadCredit', { targetId: b.player, amount: 100 }, dealerA);
    const missing = await boMoney(h, 'bo/loadCredit', { targetId: 99_999_999, amount: 100 }, dealerA);
    expect([foreign.statusCode, json(foreign).error]).toEqual([404, 'notYourDealer']);
    expect(missing.body).toBe(foreign.body);
  });

  it('200 concurrent loads out of a dealer that can afford 37 of them: exactly 37 succeed, balances and ledger exact', async () => {
    const dealer = await create(h, admin, 'bo/createDealer', { role: 'dealer', parentId: operatorId, userName: uname('dc') });
    const player = await create(h, admin, 'bo/createUser', { kind: 'player', dealerId: dealer, userName: uname('pc') });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: dealer, amount: 37 * 500 + 499 }, admin)).status).toBe(true);
    const cookie = await h.login((await h.db.query<{ username: string }>('select username from users where id = $1', [dealer]))[0]!.username, 'pass1234');
    const replies = await Promise.all(Array.from({ length: 200 }, () => boMoney(h, 'bo/loadCredit', { targetId: player, amount: 500 }, cookie)));
    const ok = replies.filter((r) => json(r).status);
    expect(ok.length).toBe(37);
    expect(replies.filter((r) => !json(r).status).every((r) => json(r).error === 'insufficientCredit')).toBe(true);
    expect(await balance(dealer)).toBe(499);
    expect(await balance(player)).toBe(37 * 500);
    const [sums] = await h.db.query<{ d: number; p: number; n: number }>(
      `select sum(amount) filter (where user_id = $1)::int8 as d, sum(amount) filter (where user_id = $2)::int8 as p, count(*)::int as n
         from ledger where user_id in ($1, $2) and ref_type = 'credit_transfer'`, [dealer, player]);
    expect([Number(sums!.d), Number(sums!.p), sums!.n]).toEqual([499, 37 * 500, 1 + 2 * 37]);
  }, 60_000);

  it('the operator team blocks a dealer\'s transfers; limits: users, sub-dealers', async () => {
    expect(json(await h.call('bo/blockTransfers', { dealerId: a.sub, blocked: true }, { cookie: admin })).status).toBe(true);
    const subLoad = await boMoney(h, 'bo/loadCredit', { targetId: a.player, amount: 100 }, subA);
    expect(json(subLoad)).toMatchObject({ status: false, error: 'transfersBlocked' });
    // A dealer cannot unblock its own sub-dealer: it is the team's call.
    expect((await h.call('bo/blockTransfers', { dealerId: a.sub, blocked: false }, { cookie: dealerA })).statusCode).toBe(403);
    expect(json(await h.call('bo/blockTransfers', { dealerId: a.sub, blocked: false }, { cookie: admin })).status).toBe(true);
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: a.player, amount: 100 }, subA)).status).toBe(true);

    const users = await h.db.query<{ n: number }>(`select count(*)::int as n from users where parent_id = $1 and user_type in ('U', 'T', 'F')`, [a.sub]);
    expect(json(await h.call('bo/setDealerLimits', { dealerId: a.sub, userLimit: users[0]!.n, dealerLimit: 1, casinoLimit: 50_000 }, { cookie: admin })).status).toBe(true);
    const full = await h.call('bo/createUser', { kind: 'player', userName: uname('lim'), password: 'pass1234' }, { cookie: subA });
    expect(json(full)).toMatchObject({ status: false, error: 'userLimitReached' });
    expect(json(await h.call('bo/setDealerLimits', { dealerId: a.dealer, userLimit: 0, dealerLimit: 2, casinoLimit: 0 }, { cookie: admin })).status).toBe(true);
    // bo/createDealer: the dealer has a sub-dealer and a partner already (2 of 2).
    const dfull = await h.call('bo/createDealer', { role: 'subDealer', userName: uname('sd'), password: 'pass1234' }, { cookie: dealerA });
    expect(json(dfull)).toMatchObject({ status: false, error: 'dealerLimitFull' });
    expect(json(await h.call('bo/setDealerLimits', { dealerId: a.dealer, userLimit: 0, dealerLimit: 0, casinoLimit: 0 }, { cookie: admin })).status).toBe(true);
    expect(json(await h.call('bo/setDealerLimits', { dealerId: a.sub, userLimit: 0, dealerLimit: 0, casinoLimit: 0 }, { cookie: admin })).status).toBe(true);
  });

  it('a card is redeemed once under 20 concurrent redeems; a voided card returns its credit', async () => {
    const before = await balance(a.dealer);
    const issued = json(await boMoney(h, 'bo/issueCard', { amount: 2_500, count: 2 }, dealerA));
    expect(issued.status).toBe(true);
    const cards = issued.cards as { id: number; code: string }[];
    expect(await balance(a.dealer)).toBe(before - 5_000);
    const players = await Promise.all(Array.from({ length: 20 }, (_, i) => h.player(`rc${i}`, 0)));
    const replies = await Promise.all(players.map((p) => h.call('redeemCard', { code: cards[0]!.code }, { cookie: p.cookie })));
    expect(replies.filter((r) => json(r).status).length).toBe(1);
    const totals = await Promise.all(players.map((p) => balance(p.id)));
    expect(totals.reduce((s, x) => s + x, 0)).toBe(2_500);
    expect(json(await h.call('bo/voidCard', { cardId: cards[0]!.id }, { cookie: dealerA }))).toMatchObject({ status: false, error: 'cardUsed' });
    expect(json(await h.call('bo/voidCard', { cardId: cards[1]!.id }, { cookie: dealerA })).status).toBe(true);
    expect(await balance(a.dealer)).toBe(before - 2_500);
    // The other branch's dealer sees neither card.
    const dealerB = await h.login(b.names.dealer, 'pass1234');
    expect(json(await h.call('bo/cards', {}, { cookie: dealerB })).totalCount).toBe(0);
  }, 60_000);

  it('credit moves only between wallets of one currency: a dealer cannot load its sub-dealer of another currency', async () => {
    const sub = await create(h, dealerA, 'bo/createDealer', { role: 'subDealer', userName: uname('eursd'), currency: 'EUR' });
    const before = await balance(a.dealer);
    const r = json(await boMoney(h, 'bo/loadCredit', { targetId: sub, amount: 1_000 }, dealerA));
    expect(r).toMatchObject({ status: false, error: 'invalidField' });
    expect([await balance(a.dealer), await balance(sub)]).toEqual([before, 0]);
  });

  it('a card pays in only to a wallet of its currency', async () => {
    const p = await h.player('eurcard', 0);
    await h.db.query(`update users set currency = 'EUR' where id = $1`, [p.id]);
    await h.db.query(`update wallets set currency = 'EUR' where user_id = $1`, [p.id]);
    const issued = json(await boMoney(h, 'bo/issueCard', { amount: 1_000, count: 1 }, dealerA));
    const card = (issued.cards as { code: string; currency: string }[])[0]!;
    expect(card.currency).toBe('TRY');
    expect(json(await h.call('redeemCard', { code: card.code }, { cookie: p.cookie }))).toMatchObject({ status: false, error: 'cardUsed' });
    expect(await balance(p.id)).toBe(0);
    expect((await h.db.query<{ status: number }>('select status from cards where code = $1', [card.code]))[0]!.status).toBe(0);
  });

  it('cut-offs: only own dealers, never overlapping, reverted by the one above', async () => {
    const first = await h.call('bo/createCutoff', { dealerId: a.sub, period: 'weekly', from: '2026-05-25' }, { cookie: dealerA });
    expect(json(first)).toMatchObject({ status: true, cutoff: { from: '2026-05-25', to: '2026-05-31', commissionPercent: 10, status: 1 } });
    const overlap = await h.call('bo/createCutoff', { dealerId: a.sub, period: 'monthly', from: '2026-05-01' }, { cookie: dealerA });
    expect(json(overlap)).toMatchObject({ status: false, error: 'cutoffOverlap' });
    // The sub-dealer cannot cut itself off nor revert its own cut-off; another branch cannot either.
    expect(json(await h.call('bo/createCutoff', { dealerId: a.sub, period: 'weekly', from: '2026-06-01' }, { cookie: subA })).error).toBe('forbidden');
    const dealerB = await h.login(b.names.dealer, 'pass1234');
    expect(json(await h.call('bo/createCutoff', { dealerId: a.sub, period: 'weekly', from: '2026-06-01' }, { cookie: dealerB })).error).toBe('notYourDealer');
    const id = (json(first).cutoff as { id: number }).id;
    expect(json(await h.call('bo/revertCutoff', { cutoffId: id }, { cookie: dealerB })).error).toBe('notYourDealer');
    expect(json(await h.call('bo/revertCutoff', { cutoffId: id }, { cookie: dealerA })).status).toBe(true);
    expect(json(await h.call('bo/revertCutoff', { cutoffId: id }, { cookie: dealerA })).error).toBe('cutoffNotActive');
    expect(json(await h.call('bo/createCutoff', { dealerId: a.sub, period: 'monthly', from: '2026-05-01' }, { cookie: dealerA })).status).toBe(true);
    // The admin (team) cuts off a first-level dealer.
    expect(json(await h.call('bo/createCutoff', { dealerId: a.dealer, period: 'weekly', from: '2026-05-25' }, { cookie: admin })).status).toBe(true);
  });

  it('cut-offs are idempotent: a repeat with its key gets the first reply, the key on another body is refused', async () => {
    const body = { dealerId: b.dealer, period: 'weekly', from: '2026-04-06' };
    const first = json(await boMoney(h, 'bo/createCutoff', body, admin, 'co-key-1'));
    expect(first).toMatchObject({ status: true, cutoff: { from: '2026-04-06' } });
    expect(json(await boMoney(h, 'bo/createCutoff', body, admin, 'co-key-1'))).toEqual(first);
    expect(json(await boMoney(h, 'bo/createCutoff', { ...body, from: '2026-04-13' }, admin, 'co-key-1'))).toMatchObject({ status: false, error: 'idempotencyKeyReused' });
    const cutoffId = (first.cutoff as { id: number }).id;
    const reverted = json(await boMoney(h, 'bo/revertCutoff', { cutoffId }, admin, 'co-key-2'));
    expect(reverted.status).toBe(true);
    expect(json(await boMoney(h, 'bo/revertCutoff', { cutoffId }, admin, 'co-key-2'))).toEqual(reverted);
  });

  it('the audit chain holds; one altered row breaks it at that row', async () => {
    const ok = json(await h.call('bo/auditCheck', {}, { cookie: admin }));
    expect(ok).toMatchObject({ status: true, ok: true, brokenId: null });
    expect(ok.checked as number).toBeGreaterThan(10);
    const rows = await h.db.query<{ id: number }>('select id from audit_log order by id');
    const victim = Number(rows[Math.floor(rows.length / 2)]!.id);
    await h.db.query(`update audit_log set after = '{"amount": 1}'::jsonb where id = $1`, [victim]);
    const broken = json(await h.call('bo/auditCheck', {}, { cookie: admin }));
    expect(broken).toMatchObject({ status: true, ok: false, brokenId: victim });
    // A dealer has no audit log.
    expect((await h.call('bo/auditCheck', {}, { cookie: dealerA })).statusCode).toBe(403);
  });
});
