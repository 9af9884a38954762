/**
 * Deposits and withdrawals (account-platform.md sections 3, 4, 5, 7): requests wait for approval,
 * a withdrawal reserves its amount through the ledger, approve / reject, history lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { approveTransferRequest, rejectTransferRequest } from '../../server/payments/transfers.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { drivers, SEED_NOW, useHarness } from './harness.ts';

type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
const DRIVERS = await drivers();

const deposit = (amount: number, over: Record<string, unknown> = {}) => ({
  payId: 1, payCatId: 1, amount, transferType: 0,
  values: [{ name: 'amount', value: String(amount / 100) }, { name: 'senderName', value: 'Ali Veli' }, { name: 'transferDate', value: '01.06.2026 10:30' }],
  ...over,
});

describe.each(DRIVERS)('money on %s', (driver) => {
  const h = useHarness(driver);
  beforeAll(async () => { await seedAccountDemo(h.db, SEED_NOW); });

  const balance = async (id: number) => (await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [id]))[0]!.balance;

  it('lists deposit categories with their methods, info fields, form fields and limits', async () => {
    const u = await h.addUser('cats', 0);
    const cookie = await h.login(u.userName, u.password);
    const r = json(await h.call('payCategories', { transferType: 0 }, { cookie }));
    const cats = r.results as Array<{ catName: string; paytypes: Array<{ payType: string; minAmount: number; maxAmount: number; infofields: unknown[]; fields: Array<{ name: string }> }> }>;
    expect(cats.map((c) => c.catName)).toEqual(['Banka Havalesi', 'Kredi Kartı', 'Papara']);
    expect(cats[0]!.paytypes.map((p) => p.payType)).toEqual(['FORM', 'COMMUNITY_BANK']);
    expect(cats[0]!.paytypes[0]).toMatchObject({ minAmount: 5_000, maxAmount: 5_000_000 });
    expect(cats[0]!.paytypes[0]!.fields.map((f) => f.name)).toEqual(['amount', 'senderName', 'transferDate']);
    expect(cats[0]!.paytypes[0]!.infofields.length).toBe(2);
  });

  it('a deposit request waits; the balance moves only when it is approved', async () => {
    const u = await h.addUser('dep', 0);
    const cookie = await h.login(u.userName, u.password);
    const r = await h.call('depositRequest', deposit(20_000), { cookie });
    expect(r.statusCode, r.body).toBe(200);
    const body = json(r);
    expect(body).toMatchObject({ status: true, key: 'depositRequestSuccess', msg: 'Yatırım talebiniz alınmıştır', iframe: 0 });
    expect(await balance(u.id)).toBe(0);
    const [row] = await h.db.query<{ status: number; form_values: Array<{ name: string; value: string }> }>('select status, form_values from transfer_requests where id = $1', [body.requestId]);
    expect(row!.status).toBe(0);
    // datetime is stored as day.month.year hour:minute (section 5).
    expect(row!.form_values.find((v) => v.name === 'transferDate')!.value).toBe('1.6.2026 10:30');
    await h.db.tx((q) => approveTransferRequest(q, body.requestId as number, SEED_NOW));
    expect(await balance(u.id)).toBe(20_000);
    await expect(h.db.tx((q) => approveTransferRequest(q, body.requestId as number, SEED_NOW))).rejects.toThrow();
    expect(await balance(u.id)).toBe(20_000);
    const list = json(await h.call('transferRequests', {}, { cookie }));
    expect(list.results).toEqual([expect.objectContaining({ catName: 'Banka Havalesi', payTag: 'Havale / EFT', transferType: 0, amount: 20_000, status: 1 })]);
  });

  it('a card deposit answers its payment frame (iframe 2, 640x480 popup on the client)', async () => {
    const u = await h.addUser('card', 0);
    const cookie = await h.login(u.userName, u.password);
    const r = json(await h.call('depositRequest', { payId: 3, payCatId: 2, amount: 5_000, values: [{ name: 'amount', value: '50' }] }, { cookie }));
    expect(r).toMatchObject({ status: true, iframe: 2 });
    expect(String(r.paymenturl)).toMatch(/^\/pay\/demo\?ref=\d+$/);
  });

  it.each([
    ['an empty required field', { values: [{ name: 'amount', value: '200' }, { name: 'senderName', value: '' }, { name: 'transferDate', value: '01.06.2026 10:30' }] }, 'isRequiredArea|Gönderen Adı||'],
    ['a name too short', { values: [{ name: 'amount', value: '200' }, { name: 'senderName', value: 'Al' }, { name: 'transferDate', value: '01.06.2026 10:30' }] }, 'minLengthMaxLength|Gönderen Adı|3|40'],
    ['a bad datetime', { values: [{ name: 'amount', value: '200' }, { name: 'senderName', value: 'Ali Veli' }, { name: 'transferDate', value: '2026-06-01' }] }, 'datetimeRequired|Gönderim Tarihi||'],
    ['an amount with letters', { values: [{ name: 'amount', value: '2a0' }, { name: 'senderName', value: 'Ali Veli' }, { name: 'transferDate', value: '01.06.2026 10:30' }] }, 'numberRequired|Tutar||'],
    ['an amount under the minimum', { amount: 4_999 }, 'amountMin|50.00'],
    ['an amount over the maximum', { amount: 5_000_001 }, 'amountMax|50000.00'],
  ])('refuses %s with a key|arg error and records nothing', async (_n, over, error) => {
    const u = await h.addUser('bad', 0);
    const cookie = await h.login(u.userName, u.password);
    const [before] = await h.db.query<{ n: number }>('select count(*)::int as n from transfer_requests');
    const r = await h.call('depositRequest', deposit(20_000, over), { cookie });
    expect(r.statusCode).toBe(422);
    expect(json(r)).toMatchObject({ status: false, error });
    expect(await h.db.query('select count(*)::int as n from transfer_requests')).toEqual([before]);
  });

  it('community bank: banks with amount options; a deposit must pick one of them', async () => {
    const u = await h.addUser('comm', 0);
    const cookie = await h.login(u.userName, u.password);
    const b = json(await h.call('banks', { payId: 2, payCatId: 1 }, { cookie }));
    const banks = b.banks as Array<{ id: number; name: string; amounts: Array<{ amount: number; activeAmountId: number; currency: string }> }>;
    expect(banks.map((x) => x.name)).toEqual(['Ziraat', 'Garanti', 'Akbank']);
    expect(banks[0]!.amounts[0]).toEqual({ amount: 10_000, activeAmountId: 1, currency: 'TRY' });
    expect(banks[2]!.amounts).toEqual([]);
    const bad = await h.call('depositRequest', { payId: 2, payCatId: 1, amount: 12_345, values: [], bankId: banks[0]!.id }, { cookie });
    expect(bad.statusCode).toBe(422);
    const ok = await h.call('depositRequest', { payId: 2, payCatId: 1, amount: 25_000, values: [], bankId: banks[0]!.id }, { cookie });
    expect(json(ok).status).toBe(true);
  });

  it('a withdrawal reserves the amount at once: it cannot be bet or withdrawn twice; rejection gives it back', async () => {
    const u = await h.addUser('wd', 30_000);
    const cookie = await h.login(u.userName, u.password);
    const first = json(await h.call('setTransferReq', withdrawal(20_000), { cookie }));
    expect(first).toMatchObject({ status: true, key: 'withdrawRequestSuccess', msg: 'Çekim talebiniz alınmıştır' });
    expect(await balance(u.id)).toBe(10_000);
    const again = await h.call('setTransferReq', withdrawal(20_000), { cookie });
    expect(json(again)).toMatchObject({ status: false, error: 'insufficientCredit' });
    expect(await balance(u.id)).toBe(10_000);
    await h.db.tx((q) => rejectTransferRequest(q, first.requestId as number, 'IBAN mismatch', SEED_NOW));
    expect(await balance(u.id)).toBe(30_000);
    const list = json(await h.call('transferRequests', { status: 2 }, { cookie }));
    expect(list.results).toEqual([expect.objectContaining({ transferType: 1, status: 2, reqResult: 'IBAN mismatch' })]);
    // An approved withdrawal keeps the money off the wallet.
    const second = json(await h.call('setTransferReq', withdrawal(30_000), { cookie }));
    await h.db.tx((q) => approveTransferRequest(q, second.requestId as number, SEED_NOW));
    expect(await balance(u.id)).toBe(0);
  });

  it('a player cancels their own waiting withdrawal and gets the amount back', async () => {
    const u = await h.addUser('wdc', 30_000);
    const cookie = await h.login(u.userName, u.password);
    const w = json(await h.call('setTransferReq', withdrawal(10_000), { cookie }));
    expect(json(await h.call('cancelTransferReq', { requestId: w.requestId }, { cookie })).status).toBe(true);
    expect(await balance(u.id)).toBe(30_000);
    expect((await h.call('cancelTransferReq', { requestId: w.requestId }, { cookie })).statusCode).toBe(409);
  });

  it('a repeated Idempotency-Key records one request and reserves once', async () => {
    const u = await h.addUser('idem', 50_000);
    const cookie = await h.login(u.userName, u.password);
    const headers = { 'idempotency-key': 'wd-1' };
    const replies = await Promise.all([1, 2, 3].map(() => h.call('setTransferReq', withdrawal(10_000), { cookie, headers })));
    const ids = new Set(replies.map((r) => json(r).requestId));
    expect(ids.size).toBe(1);
    expect(await balance(u.id)).toBe(40_000);
    const other = await h.call('setTransferReq', withdrawal(20_000), { cookie, headers });
    expect(other.statusCode).toBe(422);
  });

  it('transactions: income and expense, 50 a page with the total, dates with slashes', async () => {
    const u = await h.addUser('tx', 0);
    await h.db.tx(async (q) => {
      for (let i = 0; i < 60; i++) await postLedger(q, { userId: u.id, amount: 1_000, kind: 'deposit', refType: 'test', refId: null });
      for (let i = 0; i < 5; i++) await postLedger(q, { userId: u.id, amount: -500, kind: 'bet', refType: 'coupon', refId: null });
    });
    const cookie = await h.login(u.userName, u.password);
    const page1 = json(await h.call('transactions', {}, { cookie }));
    expect(page1.totalCount).toBe(65);
    expect((page1.results as unknown[]).length).toBe(50);
    const page2 = json(await h.call('transactions', { order: 1 }, { cookie }));
    expect((page2.results as unknown[]).length).toBe(15);
    const expense = json(await h.call('transactions', { transactionType: 'e' }, { cookie }));
    expect(expense.totalCount).toBe(5);
    expect((expense.results as Array<{ transType: number; amount: number; type: string }>)[0]).toMatchObject({ transType: 0, amount: 500 });
    expect((expense.results as Array<{ type: string }>)[0]!.type).toMatch(/->/);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
    const ranged = json(await h.call('transactions', { startDate: '2000/01/01', endDate: today }, { cookie }));
    expect(ranged.totalCount).toBe(65);
    expect((await h.call('transactions', { startDate: '2000-01-01' }, { cookie })).statusCode).toBe(400);
  });

  describe('content', () => {
    it('bonus request: waiting with requestedExists after a request; a second request is refused', async () => {
      const u = await h.addUser('bonus', 0);
      const cookie = await h.login(u.userName, u.password);
      const before = json(await h.call('getBonus', {}, { cookie })).data as Array<{ id: number; status: number; requestedExists: number }>;
      expect(before.length).toBe(3);
      expect(before[0]).toMatchObject({ status: 0, requestedExists: 0 });
      const r = json(await h.call('requestBonus', { bonusId: before[0]!.id }, { cookie }));
      expect(r).toMatchObject({ status: true, message: 'Talebiniz işleme alınmıştır' });
      const after = json(await h.call('getBonus', {}, { cookie })).data as Array<{ status: number; requestedExists: number }>;
      expect(after[0]).toMatchObject({ status: 0, requestedExists: 1 });
      expect(json(await h.call('requestBonus', { bonusId: before[0]!.id }, { cookie }))).toMatchObject({ status: false, error: 'requestedExists' });
    });

    it('promotions list and detail are public; static pages 5-10 and 15 load; an unknown page is 404', async () => {
      const list = json(await h.call('promotions', {})).results as Array<{ bonusId: number; bannerTitle: string }>;
      expect(list.length).toBe(3);
      const d = json(await h.call('promotionDetail', { bonusId: list[1]!.bonusId }));
      expect(d.results).toMatchObject({ bonusId: list[1]!.bonusId, content: expect.stringContaining('<p>') });
      for (const id of [5, 6, 7, 8, 9, 10, 15]) expect(json(await h.call('getPage', { pageid: id })).status).toBe(true);
      expect((await h.call('getPage', { pageid: 99 })).statusCode).toBe(404);
      const popups = json(await h.call('getPopups', {})).results as Array<{ type: number; type2: number }>;
      expect(popups.map((p) => [p.type, p.type2])).toEqual([[0, 0], [2, 1]]);
    });

    it('contact requires every field and records the message', async () => {
      const bad = await h.call('contact', { email: 'a@b.co', topcategory: 'money', category: '', message: 'hi' });
      expect(json(bad)).toMatchObject({ status: false, error: 'required' });
      const ok = await h.call('contact', { email: 'a@b.co', topcategory: 'money', category: 'deposit', message: 'My deposit is late.' });
      expect(json(ok).status).toBe(true);
    });
  });
});

/** A valid bank withdrawal of the demo content (pay type 5 of category 4). */
function withdrawal(amount: number): Record<string, unknown> {
  return {
    payId: 5, payCatId: 4, amount, transferType: '1',
    values: [
      { name: 'amount', value: String(amount / 100) }, { name: 'firstName', value: 'Test' }, { name: 'lastName', value: 'User' },
      { name: 'iban', value: 'TR330006100519786457841326' }, { name: 'bankName', value: 'Ziraat' },
    ],
  };
}
