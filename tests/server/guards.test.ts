/**
 * Server-side route guards (account-platform.md section 2): logged-out-only calls refuse a session
 * user, and on a login_screen site a visitor may only log in or use the logged-out pages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';
import { drivers, startHarness, type Harness } from './harness.ts';

type Body = { status: boolean; msg?: string; error?: string; login?: boolean; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
const DRIVERS = await drivers();
let seq = 0;

/** The logged-out-only calls with a payload that passes validation. */
const LOGGED_OUT_CALLS: Array<[string, Record<string, unknown>]> = [
  ['register', { firstName: 'Ali', lastName: 'Veli', birthDate: '1990-5-17', sex: 'm', address: 'Atatürk Cad. No 10', city: 'İzmir', postCode: '35000',
    counrtyId: 218, mobile: { plus: '+', code: '90', number: '5331234567' }, userName: 'guardreg1', password: 'secret12',
    email: 'guardreg1@example.com', currency: 'TRY', captcha: 'ACE23', captchaId: '1' }],
  ['forgotPassword', { username: 'demo', birthDateDay: 1, birthDateMonth: 1, birthDateYear: 1990 }],
  ['resetPassword', { password: 'abcd1234', repassword: 'abcd1234', passCode: 'nosuchcode' }],
  ['usernameCheck', { userName: 'guardfree1' }],
  ['emailCheck', { email: 'guardfree1@example.com' }],
  ['checkMobile', { mobile: '905339999999' }],
  ['checkIdNumber', { idNumber: '12345678901' }],
  ['captcha', {}],
];

describe.each(DRIVERS)('server guards on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(driver); });
  afterEach(() => { SITE_SETTINGS.login_screen = 0; });
  afterAll(async () => { await h?.close(); });

  const ip = () => `10.9.${++seq % 250}.${(seq * 7) % 250}`;
  const call = (name: string, payload: unknown, cookie?: string) => h.call(name, payload, { cookie, remoteAddress: ip() });

  it('a logged-in player is refused every logged-out-only call, in the spec reply shape', async () => {
    const { cookie } = await h.player('guard');
    for (const [name, payload] of LOGGED_OUT_CALLS) {
      const r = await call(name, payload, cookie);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(403);
      expect(json(r), name).toEqual({ status: false, msg: 'Zaten giriş yaptınız, önce çıkış yapınız', error: 'alreadyLoggedIn' });
    }
    // Nothing was done on its behalf.
    expect(await h.db.query('select 1 from users where username = $1', ['guardreg1'])).toHaveLength(0);
    // The same player still uses its own calls.
    expect(json(await call('userdata', {}, cookie)).status).toBe(true);
  });

  it('a visitor reaches the logged-out-only calls', async () => {
    expect(json(await call('usernameCheck', { userName: 'guardfree2' }))).toMatchObject({ status: true, key: 'usernameAvailable' });
    expect(json(await call('captcha', {}))).toMatchObject({ status: true });
    const reset = await call('resetPassword', { password: 'abcd1234', repassword: 'abcd1234', passCode: 'nosuchcode' });
    expect(json(reset)).toMatchObject({ status: false, error: 'wrongResetCode' });
  });

  it('with login_screen 1 a logged-in player passes the logged-out guard, as the route guard lets it in', async () => {
    const { cookie } = await h.player('guardls');
    SITE_SETTINGS.login_screen = 1;
    expect(json(await call('usernameCheck', { userName: 'guardfree3' }, cookie))).toMatchObject({ status: true });
    // And browses as usual.
    const sports = await call('sports', {}, cookie);
    expect(sports.statusCode).toBe(200);
    expect(json(sports).status).toBe(true);
  });

  it('with login_screen 1 a visitor is refused browsing and may only log in or use the logged-out pages', async () => {
    SITE_SETTINGS.login_screen = 1;
    for (const [name, payload] of [['sports', {}], ['banners', { displayState: 1 }], ['getPage', { pageid: 9 }], ['getPopups', {}], ['jackpots', {}]] as const) {
      const r = await call(name, payload);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(401);
      expect(json(r), name).toEqual({ status: false, msg: 'Lütfen giriş yapınız', login: false });
    }
    // The settings (GET) still load, so the app learns it must show Login.
    const settings = await h.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json<{ settings: { login_screen: number } }>().settings.login_screen).toBe(1);
    // The logged-out pages and the login itself still work.
    expect(json(await call('usernameCheck', { userName: 'guardfree4' }))).toMatchObject({ status: true });
    expect(json(await call('captcha', {})).status).toBe(true);
    expect(json(await call('currencies', {})).status).toBe(true);
    const u = await h.addUser('guardvis', 0);
    const login = await call('login', { userName: u.userName, password: u.password });
    expect(login.statusCode, login.body).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid');
    expect(sid).toBeDefined();
    // Once logged in the same browsing call answers.
    expect(json(await call('sports', {}, `sid=${sid!.value}`)).status).toBe(true);
  });

  it('with login_screen 0 a visitor browses freely', async () => {
    const r = await call('sports', {});
    expect(r.statusCode).toBe(200);
    expect(json(r).status).toBe(true);
  });
});
