/**
 * Activation by e-mail or SMS (account-platform.md section 4): register with activation 1 or 2 →
 * the code is queued in mail_outbox / sms_outbox for the operator's relay → the activation call
 * activates → login works. Codes are single use; an SMS code needs its username and dies after 5 tries.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_SETTINGS } from '../../server/http/routes/settings.ts';
import { drivers, startHarness, type Harness } from './harness.ts';

type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
const json = (r: LightMyRequestResponse) => r.json<Body>();
const DRIVERS = await drivers();
let seq = 0;

describe.each(DRIVERS)('activation on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(driver); });
  afterEach(() => { SITE_SETTINGS.register_activation = 0; });
  afterAll(async () => { await h?.close(); });

  const ip = () => ({ remoteAddress: `10.7.${seq % 250}.${++seq % 250}` });
  async function register(over: Record<string, unknown> = {}): Promise<{ r: LightMyRequestResponse; userName: string }> {
    const c = json(await h.call('captcha', {}, ip()));
    await h.db.query('update captchas set answer_hash = $2 where id = $1', [c.captchaId, createHash('sha256').update(`${String(c.captchaId)}:ACE23`).digest('hex')]);
    const n = ++seq;
    const userName = `act${n}x`;
    const r = await h.call('register', {
      firstName: 'Ali', lastName: 'Veli', birthDate: '1990-5-17', sex: 'm', address: 'Atatürk Cad. No 10', city: 'İzmir', postCode: '35000',
      counrtyId: 218, mobile: { plus: '+', code: '90', number: `533${String(1_000_000 + n).slice(-7)}` }, userName, password: 'secret12',
      email: `${userName}@example.com`, currency: 'TRY', captcha: 'ACE23', captchaId: c.captchaId, ...over,
    }, ip());
    return { r, userName };
  }

  it('e-mail: no session at registration; the linked code activates once; then login works', async () => {
    SITE_SETTINGS.register_activation = 1;
    const { r, userName } = await register();
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ status: true, activation: 1 });
    expect(r.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const [mail] = await h.db.query<{ to_address: string; body: string; sent_at: Date | null }>('select to_address, body, sent_at from mail_outbox where to_address = $1', [`${userName}@example.com`]);
    expect(mail).toMatchObject({ sent_at: null });
    const code = new URLSearchParams(mail!.body.split('?')[1]).get('code')!;
    expect(mail!.body).toBe(`/tr/activation?code=${code}`);
    expect(code.length).toBeGreaterThanOrEqual(32);
    // Only the hash is stored.
    expect(JSON.stringify(await h.db.query('select * from activation_codes'))).not.toContain(code);

    const early = await h.call('login', { userName, password: 'secret12' }, ip());
    expect(early.statusCode).toBe(403);
    expect(json(early)).toMatchObject({ status: false, error: 'activationRequired' });
    // A wrong password still answers the usual wrong-login, saying nothing about the activation.
    expect(json(await h.call('login', { userName, password: 'wrong123' }, ip()))).toMatchObject({ error: 'wrongLogin' });

    const wrong = await h.call('activation', { code: `${code}x` }, ip());
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({ status: false, error: 'wrongActivationCode', msg: 'Aktivasyon kodu yanlış' });
    expect(json(await h.call('activation', { code }, ip()))).toMatchObject({ status: true, key: 'activationSuccess' });
    expect((await h.call('activation', { code }, ip())).statusCode).toBe(422);
    const ok = await h.call('login', { userName, password: 'secret12' }, ip());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(await h.call('userdata', {}, { cookie: `sid=${ok.cookies.find((c) => c.name === 'sid')!.value}` }))).toMatchObject({ userName });
  });

  it('SMS: a 6-digit code queued in sms_outbox; it needs the username and dies after 5 wrong tries', async () => {
    SITE_SETTINGS.register_activation = 2;
    const a = await register();
    expect(json(a.r)).toMatchObject({ status: true, activation: 2 });
    const [sms] = await h.db.query<{ to_number: string; body: string }>('select to_number, body from sms_outbox order by id desc limit 1');
    expect(sms!.to_number).toMatch(/^\+90533\d{7}$/);
    const code = /(\d{6})/.exec(sms!.body)![1]!;
    expect((await h.call('activation', { code }, ip())).statusCode).toBe(422);
    expect((await h.call('activation', { code, userName: 'someoneelse' }, ip())).statusCode).toBe(422);
    expect(json(await h.call('activation', { code, userName: a.userName }, ip())).status).toBe(true);
    expect((await h.call('login', { userName: a.userName, password: 'secret12' }, ip())).statusCode).toBe(200);

    const b = await register();
    const [smsB] = await h.db.query<{ body: string }>('select body from sms_outbox order by id desc limit 1');
    const codeB = /(\d{6})/.exec(smsB!.body)![1]!;
    const bad = codeB === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await h.call('activation', { code: bad, userName: b.userName }, ip())).statusCode).toBe(422);
    expect((await h.call('activation', { code: codeB, userName: b.userName }, ip())).statusCode).toBe(422);
    expect((await h.call('login', { userName: b.userName, password: 'secret12' }, ip())).statusCode).toBe(403);
  });

  it('SMS activation for a player without a mobile number sends the code by e-mail and answers activation 1', async () => {
    SITE_SETTINGS.register_activation = 2;
    const { r, userName } = await register({ mobile: undefined });
    expect(json(r)).toMatchObject({ status: true, activation: 1 });
    const [mail] = await h.db.query<{ body: string }>('select body from mail_outbox where to_address = $1', [`${userName}@example.com`]);
    expect(mail!.body).toMatch(/^\/tr\/activation\?code=/);
  });

  it('activation 0 (the default) logs in at once; the forgot-password mail goes to mail_outbox too', async () => {
    const { r, userName } = await register();
    expect(json(r)).toMatchObject({ status: true, activation: 0 });
    expect(r.cookies.find((c) => c.name === 'sid')).toBeDefined();
    expect(json(await h.call('forgotPassword', { username: userName, birthDateDay: 17, birthDateMonth: 5, birthDateYear: 1990 }, ip())).status).toBe(true);
    const [mail] = await h.db.query<{ body: string }>('select body from mail_outbox where to_address = $1', [`${userName}@example.com`]);
    expect(mail!.body).toMatch(/^\/tr\/resetPassword\/.+/);
  });
});
