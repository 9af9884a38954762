import type { FastifyInstance } from 'fastify';
import {
  activationPayload, changePasswordPayload, checkIdNumberPayload, checkMobilePayload, emailCheckPayload, emptyPayload, forgotPasswordPayload,
  loginPayload, registerPayload, resetPasswordPayload, usernameCheckPayload,
} from '../../../domain/protocol/calls.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../accounts/sessions.ts';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from '../../accounts/throttle.ts';
import { createCaptcha } from '../../accounts/captcha.ts';
import { activate } from '../../accounts/activation.ts';
import { checkLogin, markLoggedIn } from '../../accounts/login.ts';
import { emailFree, idNumberFree, mobileFree, registerUser, usernameFree } from '../../accounts/register.ts';
import { changePassword, resetPassword, sendPasswordReset } from '../../accounts/passwords.ts';
import { userData, userDetail } from '../../accounts/users.ts';
import { CallError, defineCall, type CallContext, type CallDeps } from '../call.ts';
import { message } from '../../../domain/messages.ts';

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
    const user = await checkLogin(ctx.db, {
      userName: p.userName, password: p.password, address: ctx.req.ip, now: ctx.now, captchaId: p.captchaId, captcha: p.captcha,
    }, throttle, ctx.req.log);
    await startSession(ctx, user.id);
    await markLoggedIn(ctx.db, user.id, ctx.now);
    return { status: true, userId: user.id, lang: user.lang, redirect: '', key: '' };
  }, { rateLimit: { max: opts.loginRateMax, timeWindow: 60_000 } });

  defineCall(app, deps, 'logout', emptyPayload, async (_p, ctx) => {
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { status: true };
  });

  defineCall(app, deps, 'userdata', emptyPayload, async (_p, ctx) => {
    const data = await userData(ctx.db, ctx.userId!);
    if (!data) throw new CallError(401, 'loginRequired', {}, { login: false });
    return { status: true, ...data };
  }, { auth: true });

  defineCall(app, deps, 'userdetail', emptyPayload, async (_p, ctx) => {
    const detail = await userDetail(ctx.db, ctx.userId!);
    if (!detail) throw new CallError(401, 'loginRequired', {}, { login: false });
    return { status: true, ...detail };
  }, { auth: true });

  // Registration (section 5). Live checks answer status true when the value is free to use.
  // Register, its checks and the password pages are logged-out only (loggedOut: the route guards of section 2).
  const lookupRate = { max: 60, timeWindow: 60_000 };
  defineCall(app, deps, 'usernameCheck', usernameCheckPayload, async (p, ctx) => (
    (await usernameFree(ctx.db, p.userName))
      ? { status: true, msg: message('usernameAvailable', ctx.lang), key: 'usernameAvailable' }
      : { status: false, msg: message('usernameTaken', ctx.lang), key: 'usernameTaken' }
  ), { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'emailCheck', emailCheckPayload, async (p, ctx) => ({ status: await emailFree(ctx.db, p.email) }),
    { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'checkMobile', checkMobilePayload, async (p, ctx) => ({ status: await mobileFree(ctx.db, p.mobile) }),
    { loggedOut: true, rateLimit: lookupRate });
  defineCall(app, deps, 'checkIdNumber', checkIdNumberPayload, async (p, ctx) => ({ status: await idNumberFree(ctx.db, p.idNumber) }),
    { loggedOut: true, rateLimit: lookupRate });

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
    const { userId, activation } = await registerUser(ctx.db, p, ctx.lang, ctx.now);
    if (activation !== 0) return { status: true, activation, redirect: '' };
    // Activation 0: logged in at once.
    await startSession(ctx, userId);
    await markLoggedIn(ctx.db, userId, ctx.now);
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
    await sendPasswordReset(ctx.db, p, ctx.lang, ctx.now);
    return { status: true, msg: message('passwordLinkSent', ctx.lang), key: 'passwordLinkSent' };
  }, { loggedOut: true, rateLimit: { max: 10, timeWindow: 60_000 } });

  defineCall(app, deps, 'resetPassword', resetPasswordPayload, async (p, ctx) => {
    await resetPassword(ctx.db, p, ctx.now);
    return { status: true, msg: message('userPassChangeSuccess', ctx.lang), key: 'userPassChangeSuccess' };
  }, { loggedOut: true, rateLimit: { max: 10, timeWindow: 60_000 } });

  defineCall(app, deps, 'changePassword', changePasswordPayload, async (p, ctx) => {
    await changePassword(ctx.db, ctx.userId!, p);
    // Every session ended, this one included; the player keeps going on a new one.
    await startSession(ctx, ctx.userId!);
    return { status: true, msg: message('userPassChangeSuccess', ctx.lang), key: 'userPassChangeSuccess' };
  }, { auth: true, rateLimit: { max: 10, timeWindow: 60_000 } });
}
