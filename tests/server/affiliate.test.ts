/**
 * The affiliate area (account-platform.md sections 2-9): request, activation by the back office,
 * a player registered with the code, the summary with the commission, users, movements, coupons,
 * banners, affiliateControl, and the guards (login, online user, site feature, status 1).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';
import { postLedger } from '../../server/wallet/ledger.ts';
import { drivers, SEED_NOW, useHarness } from './harness.ts';
import { boLogin } from './bo-helpers.ts';

type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
const DRIVERS = await drivers();
const today = new Date(SEED_NOW).toISOString().slice(0, 10).replaceAll('-', '/');

describe.each(DRIVERS)('affiliate on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  let admin = '';
  let feature = 0;
  beforeAll(async () => {
    await seedAccountDemo(h.db, SEED_NOW);
    // The back office asks the admin for the second factor (TOTP) too.
    admin = await boLogin(h, 'admin', 'admin1234');
    feature = SITE_SETTINGS.affiliateStatus;
    SITE_SETTINGS.affiliateStatus = 1;
  });
  afterAll(() => { SITE_SETTINGS.affiliateStatus = feature; });

  /** Registers a player through the API with an affiliate code (the captcha answer swapped for a known one). */
  async function registerWith(affiliateUser: string, n: number): Promise<{ cookie: string; userName: string }> {
    const c = json(await h.call('captcha', {}, { remoteAddress: `10.9.1.${n}` }));
    await h.db.query('update captchas set answer_hash = $2 where id = $1', [c.captchaId, createHash('sha256').update(`${String(c.captchaId)}:ACE23`).digest('hex')]);
    const userName = `affref${n}`;
    const r = await h.call('register', {
      firstName: 'Ref', lastName: 'User', birthDate: '1990-5-17', sex: 'm', address: 'Atatürk Cad. No 10', city: 'İzmir', postCode: '35000',
      counrtyId: 218, userName, password: 'secret12', email: `${userName}@example.com`, currency: 'TRY', affiliateUser, captcha: 'ACE23', captchaId: c.captchaId,
    }, { remoteAddress: `10.9.2.${n}` });
    expect(r.statusCode, r.body).toBe(200);
    const sid = r.cookies.find((x) => x.name === 'sid');
    return { cookie: sid ? `sid=${sid.value}` : '', userName };
  }

  it('a player asks, the request waits, the back office activates it; a registration with the code is linked', async () => {
    const aff = await h.addUser('aff', 0);
    const cookie = await h.login(aff.userName, aff.password);
    expect(json(await h.call('affiliates', {}, { cookie })).data).toEqual({ status: 0, percent: 0, cutoff: 0, affiliate_link: '', requested: false });
    expect(json(await h.call('affiliateRegister', {}, { cookie }))).toMatchObject({ status: true, msg: 'Talebiniz işleme alınmıştır' });
    const again = await h.call('affiliateRegister', {}, { cookie });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ status: false, error: 'affiliateRequestExists', msg: 'Talebiniz zaten gönderildi' });
    expect(json(await h.call('affiliates', {}, { cookie })).data).toMatchObject({ status: 0, requested: true });
    // Waiting: the manager's calls are refused.
    for (const call of ['affiliateInfo', 'dealers', 'dealersFinance', 'dealersCoupons', 'affiliateBanner']) {
      const r = await h.call(call, {}, { cookie });
      expect(r.statusCode, call).toBe(403);
      expect(json(r)).toMatchObject({ status: false, error: 'affiliateNotActive' });
    }
    // A player's session cannot activate anyone.
    expect((await h.call('bo/activateAffiliate', { affiliateUserId: aff.id, percent: 25, cutoff: 0 }, { cookie })).statusCode).toBe(403);
    const act = json(await h.call('bo/activateAffiliate', { affiliateUserId: aff.id, percent: 25, cutoff: 0 }, { cookie: admin }));
    expect(act.status).toBe(true);
    const code = String(act.affCode);
    expect(code).toMatch(/^[a-z0-9]{8}$/);
    const info = json(await h.call('affiliates', {}, { cookie })).data;
    expect(info).toEqual({ status: 1, percent: 25, cutoff: 0, affiliate_link: `/tr/register/${code}`, requested: false });
    expect(json(await h.call('userdata', {}, { cookie }))).toMatchObject({ affiliateStatus: 1, affiliate_link: `/tr/register/${code}` });
    // affiliateControl answers the affiliate behind a code, publicly; an unknown code is not found.
    expect(json(await h.call('affiliateControl', { affiliateId: code }))).toEqual({ status: true, data: { affiliate_link: `/tr/register/${code}`, userId: aff.id } });
    expect((await h.call('affiliateControl', { affiliateId: 'nosuchcode' })).statusCode).toBe(404);

    // Two players register with the code, one with another code.
    const a = await registerWith(code, 1);
    const b = await registerWith(code, 2);
    await registerWith('zzzzzzzz', 3);
    const users = json(await h.call('dealers', {}, { cookie }));
    expect((users.data as Array<{ userName: string }>).map((u) => u.userName).sort()).toEqual([a.userName, b.userName]);
    expect(users).toMatchObject({ nowPage: 0, totalPage: 1, nextPage: null, prevPage: null });
    expect((users.data as unknown[])[0]).toEqual(expect.objectContaining({ email: expect.stringContaining('@example.com'), credit: 0, status: 1, createdAt: expect.any(String) }));

    // Money of the referred players: stakes 100.00 + 50.00, a win of 30.00, a refund of 10.00.
    const aId = await h.userId(a.userName);
    const bId = await h.userId(b.userName);
    await h.db.tx(async (q) => {
      await postLedger(q, { userId: aId, amount: 20_000, kind: 'deposit', refType: 'test', refId: null });
      await postLedger(q, { userId: bId, amount: 20_000, kind: 'deposit', refType: 'test', refId: null });
      await postLedger(q, { userId: aId, amount: -10_000, kind: 'bet', refType: 'coupon', refId: 77 });
      await postLedger(q, { userId: bId, amount: -5_000, kind: 'bet', refType: 'coupon', refId: 78 });
      await postLedger(q, { userId: aId, amount: 3_000, kind: 'win', refType: 'coupon', refId: 77 });
      await postLedger(q, { userId: bId, amount: 1_000, kind: 'refund', refType: 'coupon', refId: 78 });
    });
    const sum = json(await h.call('affiliateInfo', { startDate: '2000/01/01', endDate: '2100/01/01' }, { cookie }));
    // income 150.00 - 10.00 refunded = 140.00; expense 30.00; win (140 - 30) x 25 % = 27.50.
    expect(sum.data).toEqual({ totalUser: 2, amountE: 14_000, amountA: 3_000, percent: 25, cutoff: 0, win: 2_750 });
    const empty = json(await h.call('affiliateInfo', { startDate: '2001/01/01', endDate: '2001/01/31' }, { cookie }));
    expect(empty.data).toMatchObject({ totalUser: 2, amountE: 0, amountA: 0, win: 0 });

    const fin = json(await h.call('dealersFinance', {}, { cookie }));
    expect((fin.data as unknown[]).length).toBe(6);
    const out = json(await h.call('dealersFinance', { transactionType: 'e' }, { cookie }));
    expect(out.data).toEqual(expect.arrayContaining([
      expect.objectContaining({ userName: a.userName, type: 'bet', transType: 0, ticketId: 77, amount: 10_000 }),
      expect.objectContaining({ userName: b.userName, type: 'bet', transType: 0, ticketId: 78, amount: 5_000 }),
    ]));
    expect((out.data as unknown[]).length).toBe(2);

    await h.db.query(`insert into coupons (user_id, ticket_type, total_stake, ticket_stake, total_odds, max_pay, status, created_at) values ($1, 'TK', 2500, 2500, 2100, 5250, -1, $2)`, [aId, new Date(SEED_NOW)]);
    const coupons = json(await h.call('dealersCoupons', { startDate: today, endDate: today }, { cookie }));
    expect(coupons.data).toEqual([expect.objectContaining({ userName: a.userName, amount: 2_500, maxPay: 5_250, status: -1 })]);
    expect(json(await h.call('dealersCoupons', { status: 0 }, { cookie })).data).toEqual([]);

    const banners = json(await h.call('affiliateBanner', {}, { cookie }));
    expect(banners.affCode).toBe(code);
    expect(banners.data).toEqual([
      { id: expect.any(Number), name: 'Leaderboard 728x90', weight: 728, height: 90, url: 'aff/728x90.svg' },
      expect.objectContaining({ weight: 300, height: 250 }), expect.objectContaining({ weight: 320, height: 100 }),
    ]);
    const img = await h.app.inject({ method: 'GET', url: '/banners/aff/300x250.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(img.body).toMatch(/^<svg[^>]* width="300" height="250"/);
    expect((await h.app.inject({ method: 'GET', url: '/banners/aff/..%2Fx.svg' })).statusCode).toBe(404);

    // Another affiliate sees none of these players.
    const other = await h.login('ayse', 'ayse1234');
    const theirs = json(await h.call('dealers', {}, { cookie: other }));
    expect((theirs.data as Array<{ userName: string }>).map((u) => u.userName)).toEqual(['mehmet']);
  });

  it('guards: a visitor 401, a player who is not online 403, the site feature off 403', async () => {
    const calls = ['affiliateRegister', 'affiliates', 'affiliateInfo', 'dealers', 'dealersFinance', 'dealersCoupons', 'affiliateBanner'];
    for (const call of calls) {
      const r = await h.call(call, {});
      expect(r.statusCode, call).toBe(401);
      expect(json(r).status).toBe(false);
    }
    const off = await h.addUser('affOff', 0);
    await h.db.query('update users set online_user = 0 where id = $1', [off.id]);
    const offCookie = await h.login(off.userName, off.password);
    for (const call of calls) expect((await h.call(call, {}, { cookie: offCookie })).statusCode, call).toBe(403);
    const ayse = await h.login('ayse', 'ayse1234');
    expect(json(await h.call('affiliates', {}, { cookie: ayse })).data).toMatchObject({ status: 1, percent: 30 });
    SITE_SETTINGS.affiliateStatus = 0;
    try {
      for (const call of calls) expect((await h.call(call, {}, { cookie: ayse })).statusCode, call).toBe(403);
      expect((await h.call('affiliateControl', { affiliateId: 'ayse2026' })).statusCode).toBe(403);
    } finally {
      SITE_SETTINGS.affiliateStatus = 1;
    }
    // Coupons of the referred players need the sport or live product.
    await h.db.query(`update users set products = '{"sportUser":0,"liveUser":0}' where username = 'ayse'`);
    try {
      expect((await h.call('dealersCoupons', {}, { cookie: ayse })).statusCode).toBe(403);
      expect((await h.call('dealers', {}, { cookie: ayse })).statusCode).toBe(200);
    } finally {
      await h.db.query(`update users set products = '{"sportUser":1,"liveUser":1,"casinoUser":1,"slotUser":1,"virtualUser":1,"bingoUser":1,"tvgamesUser":1,"mintUser":1,"livejackpotUser":1}' where username = 'ayse'`);
    }
  });
});
