/**
 * The coupon calls enforce the same guards as the router (betting-core.md section 2 and 6): the
 * sport or live product with status 1, and no coupon list for a user of type F.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from './harness.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('coupon permissions on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(driver); });
  afterAll(async () => { await h?.close(); });

  async function pick() {
    const r = await h.call('matches', { odds: [1], limit: 1 });
    const m = r.json<{ data: { results: Array<{ id: number; odds: Array<{ outcomes: Array<{ outcomeid: number; odd: number }> }> }> } }>().data.results[0]!;
    const o = m.odds[0]!.outcomes[0]!;
    return { mid: m.id, oddTypeId: 1, ttype: 'N', odd: o.odd, ktip: { outcomeid: o.outcomeid, special: '' } };
  }

  it('refuses every coupon call to a player whose sport and live products are passive', async () => {
    const u = await h.addUser('noproduct', 100_000);
    await h.db.query(`update users set products = products || '{"sportUser":0,"liveUser":0}'::jsonb where id = $1`, [u.id]);
    const cookie = await h.login(u.userName, u.password);
    const tip = await pick();
    const calls: Array<[string, unknown]> = [
      ['createCoupon', { ticketType: 'TK', totalStake: 1000, ticketStake: 1000, tips: [tip] }],
      ['couponList', {}],
      ['getCouponDetail', { ticketId: 1 }],
      ['sellCoupon', { ticketId: 1, amount: 100 }],
      ['cancelCoupon', { ticketId: 1 }],
      ['couponShareToken', { ticketId: 1 }],
    ];
    for (const [name, payload] of calls) {
      const r = await h.call(name, payload, { cookie });
      expect(r.statusCode, name).toBe(403);
      expect(r.json<{ status: boolean }>().status, name).toBe(false);
    }
    const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from coupons where user_id = $1', [u.id]) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('still lets a player with only the live product list coupons', async () => {
    const u = await h.addUser('liveonly', 100_000);
    await h.db.query(`update users set products = products || '{"sportUser":0,"liveUser":1}'::jsonb where id = $1`, [u.id]);
    const cookie = await h.login(u.userName, u.password);
    expect((await h.call('couponList', {}, { cookie })).statusCode).toBe(200);
  });

  it('gives a user of type F no coupon list', async () => {
    const u = await h.addUser('typef', 100_000);
    await h.db.query(`update users set user_type = 'F' where id = $1`, [u.id]);
    const cookie = await h.login(u.userName, u.password);
    const r = await h.call('couponList', {}, { cookie });
    expect(r.statusCode).toBe(403);
    expect(r.json<{ status: boolean }>().status).toBe(false);
  });
});
