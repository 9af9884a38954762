/**
 * Back-office money calls (/api/bo/*): a back-office session approves or rejects players' deposit
 * and withdrawal requests; a player's session is refused; a repeated decision changes nothing.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { drivers, SEED_NOW, useHarness } from './harness.ts';
import { boLogin } from './bo-helpers.ts';

type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
const DRIVERS = await drivers();

const deposit = (amount: number) => ({
  payId: 1, payCatId: 1, amount,
  values: [{ name: 'amount', value: String(amount / 100) }, { name: 'senderName', value: 'Ali Veli' }, { name: 'transferDate', value: '01.06.2026 10:30' }],
});
const withdrawal = (amount: number) => ({
  payId: 5, payCatId: 4, amount, transferType: '1',
  values: [
    { name: 'amount', value: String(amount / 100) }, { name: 'firstName', value: 'Test' }, { name: 'lastName', value: 'User' },
    { name: 'iban', value: 'TR330006100519786457841326' }, { name: 'bankName', value: 'Ziraat' },
  ],
});

describe.each(DRIVERS)('back office money on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  let admin = '';
  beforeAll(async () => {
    await seedAccountDemo(h.db, SEED_NOW);
    // The back office asks the admin for the second factor (TOTP) too.
    admin = await boLogin(h, 'admin', 'admin1234');
  });

  const balance = async (id: number) => (await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [id]))[0]!.balance;
  const ledgerRows = async (id: number) => (await h.db.query<{ n: number }>('select count(*)::int as n from ledger where user_id = $1', [id]))[0]!.n;

  it('approving a deposit credits it once through the ledger; a repeat answers the same and credits nothing', async () => {
    const u = await h.addUser('boDep', 0);
    const cookie = await h.login(u.userName, u.password);
    const req = json(await h.call('depositRequest', deposit(20_000), { cookie }));
    const waiting = json(await h.call('bo/transferRequests', {}, { cookie: admin }));
    expect(waiting.results).toEqual(expect.arrayContaining([expect.objectContaining({ id: req.requestId, userName: u.userName, transferType: 0, amount: 20_000, status: 0 })]));
    const first = await h.call('bo/approveTransferReq', { requestId: req.requestId }, { cookie: admin });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toMatchObject({ status: true, requestId: req.requestId, requestStatus: 1, changed: true });
    expect(await balance(u.id)).toBe(20_000);
    const rows = await ledgerRows(u.id);
    const again = json(await h.call('bo/approveTransferReq', { requestId: req.requestId }, { cookie: admin }));
    expect(again).toMatchObject({ status: true, changed: false });
    expect(await balance(u.id)).toBe(20_000);
    expect(await ledgerRows(u.id)).toBe(rows);
    // Once approved, it cannot be rejected any more.
    const reject = await h.call('bo/rejectTransferReq', { requestId: req.requestId, reason: 'late' }, { cookie: admin });
    expect(reject.statusCode).toBe(409);
    expect(json(reject)).toMatchObject({ status: false, error: 'notWaiting' });
    expect(await balance(u.id)).toBe(20_000);
    const mine = json(await h.call('transferRequests', {}, { cookie }));
    expect(mine.results).toEqual([expect.objectContaining({ status: 1 })]);
  });

  it('rejecting a withdrawal gives the reservation back once, with the reason shown to the player', async () => {
    const u = await h.addUser('boWd', 30_000);
    const cookie = await h.login(u.userName, u.password);
    const req = json(await h.call('setTransferReq', withdrawal(20_000), { cookie }));
    expect(await balance(u.id)).toBe(10_000);
    const [first, second] = await Promise.all([1, 2].map(() => h.call('bo/rejectTransferReq', { requestId: req.requestId, reason: 'IBAN mismatch' }, { cookie: admin })));
    expect([json(first!).status, json(second!).status]).toEqual([true, true]);
    expect([json(first!).changed, json(second!).changed].sort()).toEqual([false, true]);
    expect(await balance(u.id)).toBe(30_000);
    const mine = json(await h.call('transferRequests', {}, { cookie }));
    expect(mine.results).toEqual([expect.objectContaining({ status: 2, reqResult: 'IBAN mismatch' })]);
    // Approving a withdrawal keeps the reserved money off the wallet; nothing moves at approval.
    const next = json(await h.call('setTransferReq', withdrawal(30_000), { cookie }));
    expect(json(await h.call('bo/approveTransferReq', { requestId: next.requestId }, { cookie: admin })).status).toBe(true);
    expect(await balance(u.id)).toBe(0);
  });

  it("refuses a player's session (403, status false) and a visitor (401); nothing moves", async () => {
    const u = await h.addUser('boPl', 0);
    const cookie = await h.login(u.userName, u.password);
    const req = json(await h.call('depositRequest', deposit(10_000), { cookie }));
    for (const call of ['bo/approveTransferReq', 'bo/rejectTransferReq', 'bo/transferRequests']) {
      const r = await h.call(call, { requestId: req.requestId }, { cookie });
      expect(r.statusCode, call).toBe(403);
      expect(json(r)).toMatchObject({ status: false, error: 'forbidden' });
      const v = await h.call(call, { requestId: req.requestId });
      expect(v.statusCode, call).toBe(401);
      expect(json(v).status).toBe(false);
    }
    expect(await balance(u.id)).toBe(0);
    const [row] = await h.db.query<{ status: number }>('select status from transfer_requests where id = $1', [req.requestId]);
    expect(row!.status).toBe(0);
  });

  it('an unknown request is not found', async () => {
    const r = await h.call('bo/approveTransferReq', { requestId: 9_999_999 }, { cookie: admin });
    expect(r.statusCode).toBe(404);
    expect(json(r).status).toBe(false);
  });
});
