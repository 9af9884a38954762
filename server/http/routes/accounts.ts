import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  activationPayload, changePasswordPayload, checkIdNumberPayload, checkMobilePayload, emailCheckPayload, emptyPayload, forgotPasswordPayload,
  loginPayload, registerPayload, resetPasswordPayload, usernameCheckPayload,
} from '../../../domain/protocol/calls.ts';
import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { checkChangePassword, checkRegister, checkResetPassword, checkUsername } from '../../../domain/account/validation.ts';
import { createSession, deleteSession, deleteUserSessions } from '../../accounts/sessions.ts';
import { hashPassword, verifyPassword } from '../../accounts/password.ts';
import { DEFAULT_THROTTLE, admitLogin, loginFailed, loginSucceeded, type ThrottlePolicy } from '../../accounts/throttle.ts';
import { createCaptcha, solveCaptcha } from '../../accounts/captcha.ts';
import { productRecords } from '../../accounts/guard-user.ts';
import { queueMail } from '../../accounts/mailer.ts';
import { activate, sendActivation } from '../../accounts/activation.ts';
import { balanceOf } from '../../wallet/ledger.ts';
import { limitsOf } from '../../accounts/limits.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { message } from '../../../domain/messages.ts';
import type { Queryable } from '../../db/client.ts';

interface UserRow {
  id: number; username: string; password_hash: string; first_name: string; last_name: string; currency: string; email: string;
  lang: string; user_type: string; staketype: number; online_user: number; limits: Partial<UserLimits> | null; last_login: Date | null;
  birth_date: Date | string | null; mobile: string; city: string; address: string; post_code: string; country_id: number;
  products: Record<string, number> | null; affiliate_status: number; affiliate_link: string; activated?: number;
  /** 1 active, 0 passive (set in the back office): a passive user cannot log in. */
  status?: number;
  /** A terminal's number (user type 'T', migration 090); '' for players. */
  terminal_no?: string;
}

export async function loadUser(q: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>('select * from users where id = $1', [userId]);
  return row;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A date column as yyyy-MM-dd whichever driver read it. */
function ymd(d: Date | string | null): string {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface AccountOptions { sessionTtl: number; cookieSecure: boolean; loginRateMax: number; throttle?: ThrottlePolicy }

export function registerAccountCalls(app: FastifyInstance, deps: CallDeps, opts: AccountOptions): void {
  const throttle = opts.throttle ?? DEFAULT_THROTTLE;

  /** Starts a fresh session: the one the request came with (if any) is ended first (rotation). */
  async function startSession(ctx: CallContext, userId: number): Promise<void> {
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    const token = await createSession(ctx.db, userId, opts.sessionTtl, ctx.now);
    ctx.reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.cookieSecure, maxAge: opts.sessionTtl });
  }

  defineCall(app, deps, 'login', loginPayload, async (p, ctx) => {
    const address = ctx.req.ip;
    // A throttled attempt answers the same whether the name exists or the password is right.
    await admitLogin(ctx.db, { userName: p.userName, address, now: ctx.now, captchaId: p.captchaId, captcha: p.captcha }, throttle);
    const [user] = await ctx.db.query<UserRow>('select * from users where username = $1', [p.userName]);
    if (!(await verifyPassword(user?.password_hash, p.password)) || !user) {
      await loginFailed(ctx.db, p.userName, address, ctx.now, throttle, ctx.req.log);
      throw new CallError(401, 'wrongLogin', {}, { error: 'wrongLogin' });
    }
    await loginSucceeded(ctx.db, p.userName, address);
    // Only after the password: an account waiting for its e-mail or SMS code is told so.
    if (user.activated === 0) throw new CallError(403, 'activationRequired', {}, { error: 'activationRequired' });
    // A user the back office set passive (users.status 0) cannot log in (migration 150).
    if (user.status === 0) throw new CallError(403, 'accountPassive', {}, { error: 'accountPassive' });
    await startSession(ctx, user.id);
    await ctx.db.query('update users set last_login = $2 where id = $1', [user.id, new Date(ctx.now)]);
    return { status: true, userId: user.id, lang: user.lang, redirect: '', key: '' };
  }, { rateLimit: { max: opts.loginRateMax, timeWindow: 60_000 } });

  defineCall(app, deps, 'logout', emptyPayload, async (_p, ctx) => {
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { status: true };
  });

  defineCall(app, deps, 'userdata', emptyPayload, async (_p, ctx) => {
    const user = await loadUser(ctx.db, ctx.userId!);
    if (!user) throw new CallError(401, 'loginRequired', {}, { login: false });
    return {
      status: true,
      userName: user.username,
      userId: user.id,
      userType: user.user_type,
      firstName: user.first_name,
      lastName: user.last_name,
      userCredit: await balanceOf(ctx.db, user.id),
      currency: user.currency,
      loginTime: user.last_login?.toISOString() ?? null,
      onlineUser: user.online_user,
      staketype: user.staketype,
      affiliate_link: user.affiliate_link,
      affiliateStatus: user.affiliate_status,
      operatorId: 1,
      lang: user.lang,
      terminalNo: user.terminal_no ?? '',
      ...productRecords(user.products),
      limits: limitsOf(user),
    };
  }, { auth: true });

  defineCall(app, deps, 'userdetail', emptyPayload, async (_p, ctx) => {
    const [u] = await ctx.db.query<UserRow & { countryname: string | null }>(
      'select u.*, c.nicename as countryname from users u left join countries c on c.id = u.country_id where u.id = $1', [ctx.userId]);
    if (!u) throw new CallError(401, 'loginRequired', {}, { login: false });
    return {
      status: true,
      userName: u.username, firstName: u.first_name, lastName: u.last_name, birthDate: ymd(u.birth_date),
      email: u.email, mobile: u.mobile, city: u.city, address: u.address, postCode: u.post_code, countryname: u.countryname ?? '',
    };
  }, { auth: true });

  // Registration (section 5). Live checks answer status true when the value is free to use.
  // Register, its checks and the password pages are logged-out only (loggedOut: the route guards of section 2).
  const lookupRate = { max: 60, timeWindow: 60_000 };
  defineCall(app, deps, 'usernameCheck', usernameCheckPayload, async (p, ctx) => {
    const bad = checkUsername(p.userName);
    if (bad) throw new CallError(422, 'invalidField', { field: 'userName' }, { key: bad.key });
    const rows = await ctx.db.query('select 1 from users where username = $1', [p.userName]);
    return rows.length ? { status: false, msg: message('usernameTaken', ctx.lang), key: 'usernameTaken' } : { status: true, msg: message('usernameAvailable', ctx.lang), key: 'usernameAvailable' };
  }, { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'emailCheck', emailCheckPayload, async (p, ctx) => {
    const rows = await ctx.db.query('select 1 from users where lower(email) = lower($1)', [p.email]);
    return { status: rows.length === 0 };
  }, { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'checkMobile', checkMobilePayload, async (p, ctx) => {
    const digits = p.mobile.replace(/\D/g, '');
    const rows = digits ? await ctx.db.query('select 1 from users where mobile = $1', [digits]) : [];
    return { status: rows.length === 0 && /^\d{9,15}$/.test(digits) };
  }, { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'checkIdNumber', checkIdNumberPayload, async (p, ctx) => {
    const rows = await ctx.db.query('select 1 from users where id_number = $1', [p.idNumber]);
    return { status: rows.length === 0 && /^\d{11}$/.test(p.idNumber) };
  }, { loggedOut: true, rateLimit: lookupRate });

  defineCall(app, deps, 'currencies', emptyPayload, async (_p, ctx) => ({
    status: true, results: await ctx.db.query<{ code: string }>('select code from currencies order by list_order'),
  }));
  defineCall(app, deps, 'countries', emptyPayload, async (_p, ctx) => ({
    status: true, results: await ctx.db.query('select iso, id, nicename, phonecode from countries order by nicename'),
  }));
  // The image only: the answer stays on the server under captchaId (`text` carries no answer).
  defineCall(app, deps, 'captcha', emptyPayload, async (_p, ctx) => {
    const c = await createCaptcha(ctx.db, ctx.now);
    return { status: true, image: c.image, text: '', captchaId: c.id };
  }, { loggedOut: true, rateLimit: { max: 30, timeWindow: 60_000 } });

  defineCall(app, deps, 'register', registerPayload, async (p, ctx) => {
    if (SITE_SETTINGS.register_disabled === 1) throw new CallError(403, 'registerDisabled');
    const [y = '', m = '', d = ''] = p.birthDate.split('-');
    const nowYear = new Date(ctx.now).getUTCFullYear();
    const errors = checkRegister({
      firstName: p.firstName, lastName: p.lastName, birthDay: d, birthMonth: m, birthYear: y, idNumber: p.idNumber, sex: p.sex,
      address: p.address, countryId: p.counrtyId, city: p.city, postCode: p.postCode, phoneCode: p.mobile?.code ?? '', mobile: p.mobile?.number ?? '',
      userName: p.userName, password: p.password, repassword: p.password, email: p.email, currency: p.currency, captcha: p.captcha, confirm: true,
    }, SITE_SETTINGS, nowYear);
    // The captcha is used up first, so a wrong form cannot be retried against the same image.
    if (!(await solveCaptcha(ctx.db, p.captchaId, p.captcha, ctx.now))) throw new CallError(422, 'securityCode', {}, { error: 'securityCode' });
    const first = errors[0];
    if (first) throw new CallError(422, 'invalidField', { field: first.field }, { error: first.key, field: first.field });
    const currency = await ctx.db.query('select 1 from currencies where code = $1', [p.currency]);
    if (!currency.length) throw new CallError(422, 'invalidField', { field: 'currency' }, { field: 'currency' });
    const mobile = p.mobile?.number ? `${p.mobile.code}${p.mobile.number}` : '';
    const passwordHash = await hashPassword(p.password);
    // SMS activation (2) needs a mobile number; without one the code goes by e-mail (1), and the reply says so.
    const activation = SITE_SETTINGS.register_activation === 1 || (SITE_SETTINGS.register_activation === 2 && !mobile) ? 1 : SITE_SETTINGS.register_activation === 2 ? 2 : 0;
    const userId = await ctx.db.tx(async (q) => {
      const taken = await q.query<{ username: string }>(
        `select username from users where username = $1 or lower(email) = lower($2) or ($3 <> '' and mobile = $3) or ($4 <> '' and id_number = $4)`,
        [p.userName, p.email, mobile, p.idNumber]);
      if (taken.some((t) => t.username === p.userName)) throw new CallError(409, 'usernameTaken', {}, { error: 'usernameTaken' });
      if (taken.length) throw new CallError(409, 'emailUsed', {}, { error: 'emailUsed' });
      const [u] = await q.query<{ id: number }>(
        `insert into users (username, password_hash, first_name, last_name, email, currency, lang, birth_date, sex, id_number, mobile, city, address, post_code, country_id, promotion_code, affiliate_user, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
        [p.userName, passwordHash, p.firstName.trim(), p.lastName.trim(), p.email, p.currency, ctx.lang, `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
          p.sex, p.idNumber, mobile, p.city.trim(), p.address.trim(), p.postCode.trim(), p.counrtyId, p.promotionCode, p.affiliateUser, new Date(ctx.now)]);
      await q.query('insert into wallets (user_id, currency, balance) values ($1, $2, 0)', [u!.id, p.currency]);
      // Activation 1 (e-mail) or 2 (SMS): the account waits for its code, sent in this transaction.
      if (activation !== 0) {
        await q.query('update users set activated = 0 where id = $1', [u!.id]);
        await sendActivation(q, { id: u!.id, userName: p.userName, email: p.email, mobile, lang: ctx.lang }, activation, ctx.now);
      }
      return u!.id;
    });
    if (activation !== 0) return { status: true, activation, redirect: '' };
    // Activation 0: logged in at once.
    await startSession(ctx, userId);
    await ctx.db.query('update users set last_login = $2 where id = $1', [userId, new Date(ctx.now)]);
    return { status: true, activation: 0, userId, redirect: '' };
  }, { loggedOut: true, rateLimit: { max: 10, timeWindow: 60_000 } });

  // Activation (section 4): the code of the e-mail link or the SMS; the player logs in afterwards.
  defineCall(app, deps, 'activation', activationPayload, async (p, ctx) => {
    const userId = await ctx.db.tx((q) => activate(q, p.code.trim(), p.userName, ctx.now));
    if (userId === null) throw new CallError(422, 'wrongActivationCode', {}, { error: 'wrongActivationCode' });
    return { status: true, msg: message('activationSuccess', ctx.lang), key: 'activationSuccess' };
  }, { rateLimit: { max: 10, timeWindow: 60_000 } });

  // Passwords.
  defineCall(app, deps, 'forgotPassword', forgotPasswordPayload, async (p, ctx) => {
    const birth = `${p.birthDateYear}-${String(p.birthDateMonth).padStart(2, '0')}-${String(p.birthDateDay).padStart(2, '0')}`;
    const [u] = await ctx.db.query<{ id: number; email: string }>('select id, email from users where username = $1 and birth_date = $2::date', [p.username, birth]);
    if (!u) throw new CallError(404, 'noUserFound');
    const code = randomBytes(24).toString('base64url');
    await ctx.db.query('insert into password_resets (code_hash, user_id, expires_at) values ($1, $2, $3)', [sha256(code), u.id, new Date(ctx.now + 3_600_000)]);
    await queueMail(ctx.db, { to: u.email, subject: 'Password reset', body: `/${ctx.lang}/resetPassword/${code}`, at: ctx.now });
    return { status: true, msg: message('passwordLinkSent', ctx.lang), key: 'passwordLinkSent' };
  }, { loggedOut: true, rateLimit: { max: 10, timeWindow: 60_000 } });

  defineCall(app, deps, 'resetPassword', resetPasswordPayload, async (p, ctx) => {
    const bad = checkResetPassword(p.password, p.repassword);
    if (bad) throw new CallError(422, bad.key === 'passwordNoSameRegister' ? 'passwordNoSameRegister' : 'allInputEnter');
    const passwordHash = await hashPassword(p.password);
    const done = await ctx.db.tx(async (q) => {
      const [r] = await q.query<{ user_id: number }>(
        'update password_resets set used_at = $2 where code_hash = $1 and used_at is null and expires_at > $2 returning user_id', [sha256(p.passCode), new Date(ctx.now)]);
      if (!r) return false;
      await q.query('update users set password_hash = $2 where id = $1', [r.user_id, passwordHash]);
      await deleteUserSessions(q, r.user_id);
      return true;
    });
    if (!done) throw new CallError(422, 'wrongResetCode');
    return { status: true, msg: message('userPassChangeSuccess', ctx.lang), key: 'userPassChangeSuccess' };
  }, { loggedOut: true, rateLimit: { max: 10, timeWindow: 60_000 } });

  defineCall(app, deps, 'changePassword', changePasswordPayload, async (p, ctx) => {
    const bad = checkChangePassword(p.currentPassword, p.newPassword, p.newPassword);
    if (bad) throw new CallError(422, 'invalidField', { field: bad.field }, { error: bad.key });
    const user = await loadUser(ctx.db, ctx.userId!);
    if (!user || !(await verifyPassword(user.password_hash, p.currentPassword))) throw new CallError(422, 'wrongCurrentPassword');
    await ctx.db.tx(async (q) => {
      await q.query('update users set password_hash = $2 where id = $1', [user.id, await hashPassword(p.newPassword)]);
      // Every session ends, this one included; the player keeps going on a new one.
      await deleteUserSessions(q, user.id);
    });
    await startSession(ctx, user.id);
    return { status: true, msg: message('userPassChangeSuccess', ctx.lang), key: 'userPassChangeSuccess' };
  }, { auth: true, rateLimit: { max: 10, timeWindow: 60_000 } });
}
