/**
 * Account calls of account-platform.md sections 5, 7 and 8: registration with its live checks and
 * server-side captcha, user detail, forgot / reset / change password, currencies and countries.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { outbox } from '../../server/accounts/mailer.ts';
import { drivers, SEED_NOW, startHarness, type Harness } from './harness.ts';

const json = (r: LightMyRequestResponse) => r.json<{ status: boolean; msg?: string; [k: string]: unknown }>();
const DRIVERS = await drivers();
let seq = 0;

describe.each(DRIVERS)('accounts on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(driver); });
  afterEach(() => h?.resetClock());
  afterAll(async () => { await h?.close(); });

  /**
   * A captcha whose answer the test knows: the answer is only on the server (hashed with its id),
   * so the test stores the hash of a known answer in its place.
   */
  async function captcha(): Promise<{ captchaId: string; answer: string }> {
    const r = json(await h.call('captcha', {}, { remoteAddress: `10.5.${seq % 250}.${++seq % 250}` }));
    const { createHash } = await import('node:crypto');
    const answer = 'ACE23';
    await h.db.query('update captchas set answer_hash = $2 where id = $1', [r.captchaId, createHash('sha256').update(`${String(r.captchaId)}:${answer}`).digest('hex')]);
    return { captchaId: String(r.captchaId), answer };
  }

  function form(over: Record<string, unknown> = {}): Record<string, unknown> {
    const n = ++seq;
    return {
      firstName: 'Ali', lastName: 'Veli', birthDate: '1990-5-17', idNumber: '', sex: 'm', address: 'Atatürk Cad. No 10', city: 'İzmir', postCode: '35000',
      counrtyId: 218, mobile: { plus: '+', code: '90', number: `532${String(1_000_000 + n).slice(-7)}` }, userName: `newuser${n}`, password: 'secret12',
      email: `new${n}@example.com`, currency: 'TRY', promotionCode: '', affiliateUser: '', ...over,
    };
  }
  const ip = () => ({ remoteAddress: `10.6.${seq % 250}.${++seq % 250}` });

  describe('register', () => {
    it('a captcha is an SVG image without its answer; the answer never leaves the server', async () => {
      const r = json(await h.call('captcha', {}));
      expect(r.status).toBe(true);
      expect(String(r.image)).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(String(r.image).split(',')[1]!, 'base64').toString();
      expect(svg).not.toMatch(/<text/);
      expect(r.text).toBe('');
      const [row] = await h.db.query<{ answer_hash: string }>('select answer_hash from captchas where id = $1', [r.captchaId]);
      expect(JSON.stringify(r)).not.toContain(row!.answer_hash);
    });

    it('registers with activation 0, logs the player in, and opens an empty wallet', async () => {
      const c = await captcha();
      const f = form();
      const r = await h.call('register', { ...f, captcha: c.answer.toLowerCase(), captchaId: c.captchaId }, ip());
      expect(r.statusCode, r.body).toBe(200);
      expect(json(r)).toMatchObject({ status: true, activation: 0 });
      const sid = r.cookies.find((x) => x.name === 'sid');
      const me = json(await h.call('userdata', {}, { cookie: `sid=${sid!.value}` }));
      expect(me).toMatchObject({ userName: f.userName, userCredit: 0, currency: 'TRY', sportUser: { status: 1 } });
      const detail = json(await h.call('userdetail', {}, { cookie: `sid=${sid!.value}` }));
      expect(detail).toMatchObject({ firstName: 'Ali', birthDate: '1990-05-17', countryname: 'Turkey', city: 'İzmir', mobile: `90${(f.mobile as { number: string }).number}` });
    });

    it('a wrong captcha is refused with the security-code message and is used up', async () => {
      const c = await captcha();
      const r = await h.call('register', { ...form(), captcha: 'WRONG', captchaId: c.captchaId }, ip());
      expect(r.statusCode).toBe(422);
      expect(json(r)).toMatchObject({ status: false, error: 'securityCode' });
      const again = await h.call('register', { ...form(), captcha: c.answer, captchaId: c.captchaId }, ip());
      expect(json(again).error).toBe('securityCode');
    });

    it.each([
      ['a short address', { address: 'short' }, 'address'],
      ['an uppercase username', { userName: 'NewUser' }, 'userName'],
      ['a username equal to the password', { userName: 'samesame', password: 'samesame' }, 'userName'],
      ['a short post code', { postCode: '123' }, 'postCode'],
      ['a mobile of 7 digits', { mobile: { plus: '+', code: '90', number: '5321234' } }, 'mobile'],
      ['a too young player', { birthDate: '2020-1-1' }, 'birthYear'],
    ])('refuses %s', async (_name, over, field) => {
      const c = await captcha();
      const r = await h.call('register', { ...form(over), captcha: c.answer, captchaId: c.captchaId }, ip());
      expect(r.statusCode).toBe(422);
      expect(json(r)).toMatchObject({ status: false, field });
    });

    it('refuses a taken username and a used e-mail; the live checks say so too', async () => {
      const c1 = await captcha();
      const r = await h.call('register', { ...form({ userName: 'mehmet' }), captcha: c1.answer, captchaId: c1.captchaId }, ip());
      expect(json(r)).toMatchObject({ status: false, error: 'usernameTaken' });
      const c2 = await captcha();
      const e = await h.call('register', { ...form({ email: 'ayse@example.com' }), captcha: c2.answer, captchaId: c2.captchaId }, ip());
      expect(json(e)).toMatchObject({ status: false, error: 'emailUsed' });
      expect(json(await h.call('usernameCheck', { userName: 'mehmet' }))).toMatchObject({ status: false, key: 'usernameTaken' });
      expect(json(await h.call('usernameCheck', { userName: 'freename1' }))).toMatchObject({ status: true, key: 'usernameAvailable' });
      expect(json(await h.call('emailCheck', { email: 'AYSE@example.com' })).status).toBe(false);
      expect(json(await h.call('emailCheck', { email: 'free@example.com' })).status).toBe(true);
      expect(json(await h.call('checkIdNumber', { idNumber: '12345678901' })).status).toBe(true);
      expect(json(await h.call('checkIdNumber', { idNumber: '123' })).status).toBe(false);
      expect(json(await h.call('checkMobile', { mobile: '905321234567' })).status).toBe(true);
    });

    it('lists the currencies of section 9 and the countries with Turkey as 218 / 90', async () => {
      const cur = json(await h.call('currencies', {}));
      expect((cur.results as Array<{ code: string }>).map((c) => c.code)).toEqual(['TRY', 'EUR', 'USD', 'TND', 'CHF', 'ILS', 'PEN', 'PLN', 'IQD']);
      const co = json(await h.call('countries', {}));
      expect(co.results).toContainEqual({ iso: 'TR', id: 218, nicename: 'Turkey', phonecode: 90 });
    });
  });

  describe('passwords', () => {
    it('forgot password checks the birth date, mails a single-use code; reset sets the password and ends sessions', async () => {
      const u = await h.addUser('forgot', 0);
      await h.db.query(`update users set birth_date = '1985-03-09' where id = $1`, [u.id]);
      const old = await h.login(u.userName, u.password);
      const wrong = await h.call('forgotPassword', { username: u.userName, birthDateDay: 10, birthDateMonth: 3, birthDateYear: 1985 });
      expect(wrong.statusCode).toBe(404);
      expect(json(wrong).msg).toBe('Kullanıcı bulunamadı');
      const ok = await h.call('forgotPassword', { username: u.userName, birthDateDay: 9, birthDateMonth: 3, birthDateYear: 1985 });
      expect(json(ok)).toMatchObject({ status: true, key: 'passwordLinkSent' });
      const code = outbox.at(-1)!.body.split('/').at(-1)!;
      expect(code.length).toBeGreaterThan(20);
      const mismatch = await h.call('resetPassword', { password: 'abcd12', repassword: 'abcd13', passCode: code });
      expect(json(mismatch)).toMatchObject({ status: false, error: 'passwordNoSameRegister' });
      const reset = await h.call('resetPassword', { password: 'abcd12', repassword: 'abcd12', passCode: code });
      expect(json(reset)).toMatchObject({ status: true, key: 'userPassChangeSuccess' });
      expect((await h.call('userdata', {}, { cookie: old })).statusCode).toBe(401);
      const reused = await h.call('resetPassword', { password: 'abcd99', repassword: 'abcd99', passCode: code });
      expect(json(reused)).toMatchObject({ status: false, msg: 'Şifre Yenileme Kodu Yanlış' });
      expect((await h.call('login', { userName: u.userName, password: 'abcd12' })).statusCode).toBe(200);
    });

    it('a reset code expires after an hour', async () => {
      const u = await h.addUser('expire', 0);
      await h.db.query(`update users set birth_date = '1980-01-01' where id = $1`, [u.id]);
      await h.call('forgotPassword', { username: u.userName, birthDateDay: 1, birthDateMonth: 1, birthDateYear: 1980 });
      const code = outbox.at(-1)!.body.split('/').at(-1)!;
      h.clock.now = SEED_NOW + 3_600_000 + 1;
      expect(json(await h.call('resetPassword', { password: 'abcd12', repassword: 'abcd12', passCode: code })).error).toBe('wrongResetCode');
    });

    it('change password refuses a wrong current password and a new one outside 4-12', async () => {
      const u = await h.addUser('chg', 0);
      const cookie = await h.login(u.userName, u.password);
      const wrong = await h.call('changePassword', { currentPassword: 'nope1234', newPassword: 'abcd12' }, { cookie });
      expect(json(wrong)).toMatchObject({ status: false, error: 'wrongCurrentPassword' });
      const long = await h.call('changePassword', { currentPassword: u.password, newPassword: 'abcdefghijklm' }, { cookie });
      expect(json(long)).toMatchObject({ status: false, error: 'lengthBetween' });
      expect((await h.call('userdata', {}, { cookie })).statusCode).toBe(200);
    });
  });
});
