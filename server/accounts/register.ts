/** Registration (section 5): the live checks of its form and the account it creates. */
import type { z } from 'zod';
import type { Db, Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import type { registerPayload } from '../../domain/protocol/calls.ts';
import { checkRegister, checkUsername } from '../../domain/account/validation.ts';
import { SITE_SETTINGS } from '../settings/site-settings.ts';
import { hashPassword } from './password.ts';
import { solveCaptcha } from './captcha.ts';
import { sendActivation } from './activation.ts';

/** Whether a user name is free: a name the rules refuse throws, a taken one answers false. */
export async function usernameFree(q: Queryable, userName: string): Promise<boolean> {
  const bad = checkUsername(userName);
  if (bad) throw new CallError(422, 'invalidField', { field: 'userName' }, { key: bad.key });
  return (await q.query('select 1 from users where username = $1', [userName])).length === 0;
}

export async function emailFree(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('select 1 from users where lower(email) = lower($1)', [email])).length === 0;
}

/** A mobile number free and well formed (9 to 15 digits). */
export async function mobileFree(q: Queryable, mobile: string): Promise<boolean> {
  const digits = mobile.replace(/\D/g, '');
  const rows = digits ? await q.query('select 1 from users where mobile = $1', [digits]) : [];
  return rows.length === 0 && /^\d{9,15}$/.test(digits);
}

/** An identity number free and well formed (11 digits). */
export async function idNumberFree(q: Queryable, idNumber: string): Promise<boolean> {
  const rows = await q.query('select 1 from users where id_number = $1', [idNumber]);
  return rows.length === 0 && /^\d{11}$/.test(idNumber);
}

/**
 * Creates the account of a register call with its wallet. activation 0: the caller logs it in at
 * once; 1 (e-mail) or 2 (SMS): the account waits for its code, sent in the same transaction.
 */
export async function registerUser(
  db: Db, p: z.infer<typeof registerPayload>, lang: string, now: number,
): Promise<{ userId: number; activation: 0 | 1 | 2 }> {
  if (SITE_SETTINGS.register_disabled === 1) throw new CallError(403, 'registerDisabled');
  const [y = '', m = '', d = ''] = p.birthDate.split('-');
  const nowYear = new Date(now).getUTCFullYear();
  const errors = checkRegister({
    firstName: p.firstName, lastName: p.lastName, birthDay: d, birthMonth: m, birthYear: y, idNumber: p.idNumber, sex: p.sex,
    address: p.address, countryId: p.counrtyId, city: p.city, postCode: p.postCode, phoneCode: p.mobile?.code ?? '',
    mobile: p.mobile?.number ?? '', userName: p.userName, password: p.password, repassword: p.password, email: p.email,
    currency: p.currency, captcha: p.captcha, confirm: true,
  }, SITE_SETTINGS, nowYear);
  // The captcha is used up first, so a wrong form cannot be retried against the same image.
  if (!(await solveCaptcha(db, p.captchaId, p.captcha, now))) throw new CallError(422, 'securityCode', {}, { error: 'securityCode' });
  const first = errors[0];
  if (first) throw new CallError(422, 'invalidField', { field: first.field }, { error: first.key, field: first.field });
  const currency = await db.query('select 1 from currencies where code = $1', [p.currency]);
  if (!currency.length) throw new CallError(422, 'invalidField', { field: 'currency' }, { field: 'currency' });
  const mobile = p.mobile?.number ? `${p.mobile.code}${p.mobile.number}` : '';
  const passwordHash = await hashPassword(p.password);
  // SMS activation (2) needs a mobile number; without one the code goes by e-mail (1), and the reply says so.
  const setting = SITE_SETTINGS.register_activation;
  const activation = setting === 1 || (setting === 2 && !mobile) ? 1 : setting === 2 ? 2 : 0;
  const userId = await db.tx(async (q) => {
    const taken = await q.query<{ username: string }>(
      `select username from users where username = $1 or lower(email) = lower($2) or ($3 <> '' and mobile = $3) or ($4 <> '' and id_number = $4)`,
      [p.userName, p.email, mobile, p.idNumber]);
    if (taken.some((t) => t.username === p.userName)) throw new CallError(409, 'usernameTaken', {}, { error: 'usernameTaken' });
    if (taken.length) throw new CallError(409, 'emailUsed', {}, { error: 'emailUsed' });
    const [u] = await q.query<{ id: number }>(
      `insert into users (username, password_hash, first_name, last_name, email, currency, lang, birth_date, sex, id_number, mobile, city,
                          address, post_code, country_id, promotion_code, affiliate_user, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
      [p.userName, passwordHash, p.firstName.trim(), p.lastName.trim(), p.email, p.currency, lang, `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
        p.sex, p.idNumber, mobile, p.city.trim(), p.address.trim(), p.postCode.trim(), p.counrtyId, p.promotionCode, p.affiliateUser, new Date(now)]);
    await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0)', [u!.id, p.currency]);
    if (activation !== 0) {
      await q.query('update users set activated = 0 where id = $1', [u!.id]);
      await sendActivation(q, { id: u!.id, userName: p.userName, email: p.email, mobile, lang }, activation, now);
    }
    return u!.id;
  });
  return { userId, activation };
}
