/**
 * Security of the account area: login throttling per account and address (delays and the captcha,
 * never a lock a stranger sets off) with one answer for unknown users and wrong passwords, the IP log, session rotation, CSRF, and the permission matrix
 * (a visitor, a player without the permission, another player's object) of every call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';
import { drivers, SEED_NOW, useHarness } from './harness.ts';
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_THROTTLE, loginFailed } from '../../server/accounts/throttle.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';

const json = (r: LightMyRequestResponse) => r.json<{ status: boolean; msg?: string; [k: string]: unknown }>();
const DRIVERS = await drivers();

describe.each(DRIVERS)('security on %s', (driver) => {
  const h = useHarness(driver);
  beforeAll(async () => { await seedAccountDemo(h.db, SEED_NOW); });

  describe('login throttling', () => {
    /** A captcha whose answer the test knows (what a person reads off the image). */
    const captcha = async (): Promise<{ captchaId: string; captcha: string }> => {
      const captchaId = randomBytes(12).toString('base64url');
      await h.db.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)',
        [captchaId, createHash('sha256').update(`${captchaId}:ABCDE`).digest('hex'), new Date(h.clock.now + 60_000)]);
      return { captchaId, captcha: 'abcde' };
    };

    it('a stranger failing from many addresses never locks the owner out: the right password from the usual address works', async () => {
      const u = await h.addUser('lock', 0);
      expect((await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
      for (let i = 0; i < 40; i++) {
        const r = await h.call('login', { userName: u.userName, password: 'wrong-pass' }, { remoteAddress: `10.9.${Math.floor(i / 2)}.${i + 1}` });
        expect([401, 422, 429]).toContain(r.statusCode);
      }
      // From an address the account never used, the captcha is asked first, right password or not.
      const fresh = await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.9.200.1' });
      expect([fresh.statusCode, json(fresh).error]).toEqual([422, 'captchaRequired']);
      const owner = await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.9.9.9' });
      expect(owner.statusCode, owner.body).toBe(200);
      // Solved, the right password works from the new address too.
      for (let i = 0; i < 12; i++) await h.call('login', { userName: u.userName, password: 'wrong-pass' }, { remoteAddress: `10.10.${i}.1` });
      expect((await h.call('login', { userName: u.userName, password: u.password, ...(await captcha()) }, { remoteAddress: '10.9.201.1' })).statusCode).toBe(200);
    });

    it('one address guessing one account gets the captcha after 3 failures and growing delays, never the owner elsewhere', async () => {
      const u = await h.addUser('guess', 0);
      expect((await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.6.0.1' })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await h.call('login', { userName: u.userName, password: 'wrong-pass' }, { remoteAddress: '10.6.6.6' })).statusCode).toBe(401);
      // A delay right after the third failure, then the captcha.
      expect((await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.6.6.6' })).statusCode).toBe(429);
      h.clock.now += 2_001;
      const asked = await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.6.6.6' });
      expect([asked.statusCode, json(asked).error, json(asked).captcha]).toEqual([422, 'captchaRequired', true]);
      expect(asked.headers['set-cookie']).toBeUndefined();
      // A wrong captcha is refused; each further failure doubles the wait.
      expect(json(await h.call('login', { userName: u.userName, password: u.password, captchaId: 'nope', captcha: 'x' }, { remoteAddress: '10.6.6.6' })).error).toBe('captchaRequired');
      expect((await h.call('login', { userName: u.userName, password: 'wrong-pass', ...(await captcha()) }, { remoteAddress: '10.6.6.6' })).statusCode).toBe(401);
      h.clock.now += 2_001;
      expect((await h.call('login', { userName: u.userName, password: u.password, ...(await captcha()) }, { remoteAddress: '10.6.6.6' })).statusCode).toBe(429);
      h.clock.now += 2_000;
      expect((await h.call('login', { userName: u.userName, password: u.password, ...(await captcha()) }, { remoteAddress: '10.6.6.6' })).statusCode).toBe(200);
      // The owner from the usual address was never slowed.
      expect((await h.call('login', { userName: u.userName, password: u.password }, { remoteAddress: '10.6.0.1' })).statusCode).toBe(200);
    });

    it('an unknown name gets the same replies as a real one', async () => {
      const u = await h.addUser('same', 0);
      const seq = async (userName: string, ip: string) => {
        const out: Array<[number, string]> = [];
        for (let i = 0; i < 6; i++) {
          const r = await h.call('login', { userName, password: 'wrong-pass' }, { remoteAddress: ip });
          out.push([r.statusCode, r.body]);
        }
        return out;
      };
      const real = await seq(u.userName, '10.8.0.1');
      const unknown = await seq('nobody_here_x', '10.8.0.2');
      expect(unknown).toEqual(real);
      expect(real.at(-1)![0]).toBe(429);
    });

    it('an address spraying 30 accounts slows itself, not the accounts', async () => {
      for (let i = 0; i < 30; i++) {
        expect((await h.call('login', { userName: `spray_${i}`, password: 'wrong-pass' }, { remoteAddress: '10.7.7.7' })).statusCode).toBe(401);
      }
      expect((await h.call('login', { userName: 'ayse', password: 'ayse1234' }, { remoteAddress: '10.7.7.7' })).statusCode).toBe(429);
      expect((await h.call('login', { userName: 'ayse', password: 'ayse1234' }, { remoteAddress: '10.7.7.8' })).statusCode).toBe(200);
    });

    it('a back-office account\'s repeated failures raise an alert in the logs', async () => {
      const staff = await h.addUser('staffal', 0);
      await h.db.query(`update users set user_type = 'O' where id = $1`, [staff.id]);
      const warned: object[] = [];
      const log = { warn: (o: object) => { warned.push(o); } };
      for (let i = 0; i < 3; i++) await loginFailed(h.db, staff.userName, '10.5.5.5', h.clock.now, DEFAULT_THROTTLE, log);
      expect(warned).toEqual([expect.objectContaining({ alert: 'staffLoginFailures', userName: staff.userName, address: '10.5.5.5', fromAddress: 3 })]);
      const player = await h.addUser('plal', 0);
      for (let i = 0; i < 5; i++) await loginFailed(h.db, player.userName, '10.5.5.6', h.clock.now, DEFAULT_THROTTLE, log);
      expect(warned).toHaveLength(1);
    });

    it('the IP log holds each attempt once with its outcome and address: a staff login with its code is one success', async () => {
      const staff = await h.addUser('iplog', 0);
      await h.db.query(`update users set user_type = 'A', online_user = 0, totp_secret = $2 where id = $1`, [staff.id, DEMO_TOTP.admin]);
      const step1 = await h.call('bo/login', { userName: staff.userName, password: staff.password }, { remoteAddress: '10.4.4.4' });
      expect(json(step1).error).toBe('otpRequired');
      const step2 = await h.call('bo/login', { userName: staff.userName, password: staff.password, otp: await otpNow(DEMO_TOTP.admin, h.clock.now) }, { remoteAddress: '10.4.4.4' });
      expect(step2.statusCode, step2.body).toBe(200);
      await h.call('login', { userName: staff.userName, password: 'wrong-pass' }, { remoteAddress: '10.4.4.5' });
      const rows = await h.db.query<{ address: string; success: boolean; outcome: string }>('select address, success, outcome from ip_logs where user_name = $1 order by id', [staff.userName]);
      expect(rows).toEqual([{ address: '10.4.4.4', success: true, outcome: 'success' }, { address: '10.4.4.5', success: false, outcome: 'wrongLogin' }]);
    });
  });

  describe('sessions', () => {
    it('a login rotates the session: the cookie it came with stops working', async () => {
      const u = await h.addUser('rot', 0);
      const first = await h.login(u.userName, u.password);
      const second = await h.login(u.userName, u.password, { cookie: first });
      expect(second).not.toBe(first);
      expect((await h.call('userdata', {}, { cookie: first })).statusCode).toBe(401);
      expect((await h.call('userdata', {}, { cookie: second })).statusCode).toBe(200);
    });

    it('a password change ends every session and starts a new one', async () => {
      const u = await h.addUser('pwc', 0);
      const a = await h.login(u.userName, u.password);
      const b = await h.login(u.userName, u.password);
      const r = await h.call('changePassword', { currentPassword: u.password, newPassword: 'newpass1' }, { cookie: a });
      expect(r.statusCode, r.body).toBe(200);
      const sid = r.cookies.find((c) => c.name === 'sid');
      expect(sid).toBeDefined();
      expect((await h.call('userdata', {}, { cookie: a })).statusCode).toBe(401);
      expect((await h.call('userdata', {}, { cookie: b })).statusCode).toBe(401);
      expect((await h.call('userdata', {}, { cookie: `sid=${sid!.value}` })).statusCode).toBe(200);
      expect((await h.call('login', { userName: u.userName, password: u.password })).statusCode).toBe(401);
      expect((await h.call('login', { userName: u.userName, password: 'newpass1' })).statusCode).toBe(200);
    });

    it('stores passwords as argon2id with m >= 19 MiB, t = 2, p = 1', async () => {
      const [row] = await h.db.query<{ password_hash: string }>("select password_hash from users where username = 'demo'");
      const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.password_hash);
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThanOrEqual(19_456);
      expect(Number(m![2])).toBe(2);
      expect(Number(m![3])).toBe(1);
    });
  });

  describe('CSRF', () => {
    const post = (headers: Record<string, string>, payload = '{}') => h.app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'bet.example', ...headers }, payload });

    it('refuses a form-encoded or text body on a state-changing call (415)', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const r = await post({ 'content-type': type }, 'a=1');
        expect(r.statusCode).toBe(415);
        expect(json(r).status).toBe(false);
      }
    });

    it('refuses another Origin and a cross-site Sec-Fetch-Site (403); accepts the same site', async () => {
      const cookie = await h.login('mehmet', 'mehmet1234');
      for (const extra of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
        const r = await h.app.inject({ method: 'POST', url: '/api/changePassword', headers: { host: 'bet.example', 'content-type': 'application/json', cookie, ...extra }, payload: JSON.stringify({ currentPassword: 'mehmet1234', newPassword: 'x1234' }) });
        expect(r.statusCode, JSON.stringify(extra)).toBe(403);
      }
      expect((await h.call('userdata', {}, { cookie })).statusCode).toBe(200);
      const ok = await post({ 'content-type': 'application/json', origin: 'http://bet.example', 'sec-fetch-site': 'same-origin', cookie });
      expect(ok.statusCode).toBe(200);
    });

    it('sends the security headers', async () => {
      const r = await h.app.inject({ method: 'GET', url: '/api/settings' });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(r.headers['x-frame-options']).toBeDefined();
    });
  });

  describe('permission matrix', () => {
    /** Calls of the area that need a logged-in player, with a payload that is otherwise valid. */
    const LOGIN_CALLS: Array<[string, Record<string, unknown>]> = [
      ['userdata', {}], ['userdetail', {}], ['changePassword', { currentPassword: 'demo1234', newPassword: 'abcd1' }],
      ['getBonus', {}], ['requestBonus', { bonusId: 1 }], ['getNotifs', {}], ['transactions', {}], ['transferRequests', {}],
      ['payCategories', { transferType: 0 }], ['banks', { payId: 2, payCatId: 1 }],
      ['depositRequest', { payId: 1, payCatId: 1, amount: 10_000, values: [] }], ['setTransferReq', { payId: 5, payCatId: 4, amount: 10_000, values: [] }],
      ['cancelTransferReq', { requestId: 1 }],
    ];
    /** Calls that need the online-user permission (money, section 2). */
    const ONLINE_CALLS = new Set(['payCategories', 'banks', 'depositRequest', 'setTransferReq', 'cancelTransferReq']);

    it.each(LOGIN_CALLS)('%s refuses a visitor (401, login false)', async (name, payload) => {
      const r = await h.call(name, payload);
      expect(r.statusCode).toBe(401);
      expect(json(r)).toMatchObject({ status: false, login: false });
    });

    it.each(LOGIN_CALLS.filter(([n]) => ONLINE_CALLS.has(n)))('%s refuses a player who is not an online user (403)', async (name, payload) => {
      const u = await h.addUser('offline', 50_000);
      await h.db.query('update users set online_user = 0 where id = $1', [u.id]);
      const cookie = await h.login(u.userName, u.password);
      const before = await h.db.query('select count(*)::int as n from transfer_requests');
      const r = await h.call(name, payload, { cookie });
      expect(r.statusCode).toBe(403);
      expect(json(r).status).toBe(false);
      expect(await h.db.query('select count(*)::int as n from transfer_requests')).toEqual(before);
    });

    it('the product permission rule refuses a player whose records are passive (status 0)', async () => {
      const { hasPermission } = await import('../../domain/account/permissions.ts');
      const off = { onlineUser: 1, products: { sportUser: { status: 0 }, liveUser: { status: 0 } } };
      expect(hasPermission(off, 'sportUser|liveUser')).toBe(false);
      expect(hasPermission({ ...off, products: { sportUser: { status: 0 }, liveUser: { status: 1 } } }, 'sportUser|liveUser')).toBe(true);
      const u = await h.addUser('noprod', 0);
      await h.db.query(`update users set products = '{"sportUser":0,"liveUser":1}' where id = $1`, [u.id]);
      const cookie = await h.login(u.userName, u.password);
      const me = json(await h.call('userdata', {}, { cookie }));
      expect(me).toMatchObject({ sportUser: { status: 0 }, liveUser: { status: 1 }, casinoUser: { status: 0 } });
    });

    it('site flags: register_disabled refuses registration; login_screen refuses money calls', async () => {
      const u = await h.addUser('flags', 10_000);
      const cookie = await h.login(u.userName, u.password);
      try {
        SITE_SETTINGS.register_disabled = 1;
        const r = await h.call('register', { firstName: 'A', lastName: 'B', birthDate: '1990-1-1', sex: 'm', address: 'xxxxxxxxxxxx', city: 'Izmir', postCode: '35000', counrtyId: 218, userName: 'flaguser1', password: 'abcd1234', email: 'f@example.com', currency: 'TRY', captcha: 'x', captchaId: 'y' });
        expect(r.statusCode).toBe(403);
        expect(json(r).status).toBe(false);
        SITE_SETTINGS.register_disabled = 0;
        SITE_SETTINGS.login_screen = 1;
        expect((await h.call('payCategories', { transferType: 0 }, { cookie })).statusCode).toBe(403);
        expect((await h.call('setTransferReq', withdrawal(5_000), { cookie })).statusCode).toBe(403);
      } finally {
        SITE_SETTINGS.register_disabled = 0;
        SITE_SETTINGS.login_screen = 0;
      }
      expect((await h.call('payCategories', { transferType: 0 }, { cookie })).statusCode).toBe(200);
    });

    it("refuses another player's objects: their transfer request, their notices, their history", async () => {
      const a = await h.addUser('ownA', 100_000);
      const b = await h.addUser('ownB', 100_000);
      const ca = await h.login(a.userName, a.password);
      const cb = await h.login(b.userName, b.password);
      const w = json(await h.call('setTransferReq', withdrawal(20_000), { cookie: ca }));
      expect(w.status).toBe(true);
      const requestId = w.requestId as number;
      // B cannot cancel A's request: "not found", and A's money stays reserved.
      const r = await h.call('cancelTransferReq', { requestId }, { cookie: cb });
      expect(r.statusCode).toBe(404);
      const [row] = await h.db.query<{ status: number }>('select status from transfer_requests where id = $1', [requestId]);
      expect(row!.status).toBe(0);
      // B's lists hold nothing of A's, even with A's id in the payload.
      const list = json(await h.call('transferRequests', { userId: a.id }, { cookie: cb }));
      expect(list.totalCount).toBe(0);
      const tx = json(await h.call('transactions', { userId: a.id }, { cookie: cb }));
      expect((tx.results as unknown[]).length).toBe(1); // B's own opening deposit only
      await h.db.query('insert into notifications (user_id, title, content, created_at) values ($1, $2, $3, $4)', [a.id, 'private to A', 'x', new Date(SEED_NOW)]);
      const nb = json(await h.call('getNotifs', {}, { cookie: cb }));
      expect((nb.results as Array<{ title: string }>).some((n) => n.title === 'private to A')).toBe(false);
      const na = json(await h.call('getNotifs', {}, { cookie: ca }));
      expect((na.results as Array<{ title: string }>).some((n) => n.title === 'private to A')).toBe(true);
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
