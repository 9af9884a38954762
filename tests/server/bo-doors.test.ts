/**
 * The back office's second factor and password hold: a TOTP code is accepted once (a second login or
 * second-factor step with the same code is refused, two racing requests get one yes), and a staff
 * password change ends the user's other sessions while the one that changed it goes on.
 */
import { describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { boLogin, create, json, passwordOnlyAdmin } from './bo-helpers.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';
import { SESSION_COOKIE } from '../../server/http/app.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('back-office second factor and password on %s', (driver) => {
  const h = useHarness(driver);

  const freshAdmin = async (name: string): Promise<string> => {
    const admin = await passwordOnlyAdmin(h, `a${name}`);
    const id = await create(h, await boLogin(h, admin.userName, 'demo1234'), 'bo/createDealer', { role: 'operator', userName: name, password: 'oper1234' });
    await h.db.query('update users set totp_secret = $2 where id = $1', [id, DEMO_TOTP.operator]);
    return name;
  };

  it('a TOTP code logs in once: the same code again, or in a race, is refused', async () => {
    const name = await freshAdmin('otponce1');
    const otp = await otpNow(DEMO_TOTP.operator, h.clock.now);
    const first = await h.call('bo/login', { userName: name, password: 'oper1234', otp });
    expect(first.statusCode, first.body).toBe(200);
    const again = await h.call('bo/login', { userName: name, password: 'oper1234', otp });
    expect(json(again)).toMatchObject({ status: false, error: 'wrongOtp' });
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // The next step's code works (a real app shows a new one every 30 s).
    h.clock.now += 30_000;
    const next = await otpNow(DEMO_TOTP.operator, h.clock.now);
    const race = await Promise.all([1, 2, 3].map(() => h.call('bo/login', { userName: name, password: 'oper1234', otp: next })));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // A code of an earlier step than the last used one is dead too, though still inside the window.
    expect(json(await h.call('bo/login', { userName: name, password: 'oper1234', otp })).error).toBe('wrongOtp');
  });

  it('bo/verifyOtp takes a code once: a replay after the idle timeout is refused', async () => {
    const name = await freshAdmin('otponce2');
    h.clock.now += 60_000;
    const otp = await otpNow(DEMO_TOTP.operator, h.clock.now);
    const login = await h.call('bo/login', { userName: name, password: 'oper1234', otp });
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    // A password-only session (the player login) asks for the code: the one just used is refused.
    const other = await h.login(name, 'oper1234');
    expect(json(await h.call('bo/verifyOtp', { otp }, { cookie: other }))).toMatchObject({ status: false, error: 'wrongOtp' });
    expect(json(await h.call('bo/whoami', {}, { cookie }))).toMatchObject({ status: true, needOtp: false });
  });

  it('bo/changePassword ends every other session of the user and keeps the current one', async () => {
    const name = await freshAdmin('pwchange1');
    const [u] = await h.db.query<{ id: number }>('select id from users where username = $1', [name]);
    const a = await boLogin(h, name, 'oper1234');
    const b = await h.login(name, 'oper1234');
    const changed = await h.call('bo/changePassword', { currentPassword: 'oper1234', newPassword: 'oper5678' }, { cookie: a });
    expect(json(changed)).toMatchObject({ status: true });
    expect((await h.call('userdata', {}, { cookie: b })).json()).toMatchObject({ login: false });
    expect(json(await h.call('bo/whoami', {}, { cookie: a }))).toMatchObject({ status: true, userName: name });
    const [n] = await h.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [u!.id]);
    expect(n!.n).toBe(1);
  });
});
