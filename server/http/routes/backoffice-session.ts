/**
 * Back-office session calls: bo/login (password, and the TOTP code for admin and operator),
 * bo/verifyOtp, bo/whoami, bo/logout, bo/changePassword; the IP log of every login attempt.
 */
import type { FastifyInstance } from 'fastify';
import { boLoginPayload } from '../../../domain/backoffice/calls.ts';
import { isBackOfficeRole, roleOfLetter } from '../../../domain/backoffice/permissions.ts';
import { message } from '../../../domain/messages.ts';
import { createSession, deleteOtherSessions, deleteSession } from '../../accounts/sessions.ts';
import { hashPassword, verifyPassword } from '../../accounts/password.ts';
import { DEFAULT_THROTTLE, admitLogin, loginFailed, loginSucceeded } from '../../accounts/throttle.ts';
import { loadActor } from '../../backoffice/guard.ts';
import { boCalls } from '../bo-call.ts';
import { logLogin, loginOutcome, markOtp, needsSecondFactor, otpUse, whoami } from '../../backoffice/session.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.ts';

export interface BoSessionOptions { sessionTtl: number; cookieSecure: boolean }

/** The calls whose attempts go to the IP log. */
const LOGIN_URLS = new Set(['/api/login', '/api/bo/login']);

export function registerBoSessionCalls(app: FastifyInstance, deps: CallDeps, opts: BoSessionOptions): void {
  // One row per login attempt, with its outcome and address, written as the reply leaves. The
  // back office's first step (a right password waiting for the TOTP code) is not an attempt of its
  // own: the request that carries the code is, so a staff login is one row, not a failure then a success.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'POST' || !LOGIN_URLS.has(req.url.split('?')[0]!)) return payload;
    const body = (req.body ?? {}) as { userName?: unknown };
    if (typeof body.userName !== 'string' || !body.userName) return payload;
    const outcome = loginOutcome(reply.statusCode, payload);
    if (outcome === 'otpRequired') return payload;
    const ua = req.headers['user-agent'];
    await logLogin(deps.db, { userName: body.userName, address: req.ip, userAgent: typeof ua === 'string' ? ua : '', outcome, at: deps.clock() })
      .catch((err: unknown) => req.log.error({ err }, 'ip log failed'));
    return payload;
  });

  defineCall(app, deps, 'bo/login', boLoginPayload, async (p, ctx) => {
    const address = ctx.req.ip;
    await admitLogin(ctx.db, { userName: p.userName, address, now: ctx.now, captchaId: p.captchaId, captcha: p.captcha }, DEFAULT_THROTTLE);
    const [u] = await ctx.db.query<{ id: number; password_hash: string; user_type: string; status: number; totp_secret: string | null }>(
      'select id, password_hash, user_type, status, totp_secret from users where username = $1', [p.userName]);
    if (!(await verifyPassword(u?.password_hash, p.password)) || !u) {
      await loginFailed(ctx.db, p.userName, address, ctx.now, DEFAULT_THROTTLE, ctx.req.log);
      throw new CallError(401, 'wrongLogin', {}, { error: 'wrongLogin' });
    }
    if (!isBackOfficeRole(roleOfLetter(u.user_type))) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    if (u.status !== 1) throw new CallError(403, 'accountPassive', {}, { error: 'accountPassive' });
    const second = needsSecondFactor(u.user_type);
    if (second) {
      if (!u.totp_secret) throw new CallError(403, 'otpNotSet', {}, { error: 'otpNotSet' });
      if (!p.otp) throw new CallError(401, 'otpRequired', {}, { error: 'otpRequired', needOtp: true });
      if (!(await otpUse(ctx.db, u.id, u.totp_secret, p.otp, ctx.now))) {
        await loginFailed(ctx.db, p.userName, address, ctx.now, DEFAULT_THROTTLE, ctx.req.log);
        throw new CallError(401, 'wrongOtp', {}, { error: 'wrongOtp', needOtp: true });
      }
    }
    await loginSucceeded(ctx.db, p.userName, address);
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    const token = await createSession(ctx.db, u.id, opts.sessionTtl, ctx.now);
    if (second) await markOtp(ctx.db, token, ctx.now);
    ctx.reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.cookieSecure, maxAge: opts.sessionTtl });
    await ctx.db.query('update users set last_login = $2 where id = $1', [u.id, new Date(ctx.now)]);
    const actor = await loadActor(ctx.db, u.id, token, ctx.now);
    if (!actor) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    return { ...(await whoami(ctx.db, actor)) };
  }, { rateLimit: { max: 20, timeWindow: 60_000 }, backOffice: 'login' });

  const call = boCalls(app, deps);

  call('bo/verifyOtp', async (p, ctx) => {
    const [u] = await ctx.db.query<{ totp_secret: string | null; user_type: string }>('select totp_secret, user_type from users where id = $1', [ctx.actor.userId]);
    const token = ctx.req.cookies[SESSION_COOKIE];
    if (!u || !token || !needsSecondFactor(u.user_type)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    if (!u.totp_secret) throw new CallError(403, 'otpNotSet', {}, { error: 'otpNotSet' });
    // Wrong codes count as failed logins: past a few, the delays grow and no code is tried meanwhile
    // (else a session that knows the password could guess the six digits here without end).
    await admitLogin(ctx.db, { userName: ctx.actor.userName, address: ctx.req.ip, now: ctx.now, delaysOnly: true }, DEFAULT_THROTTLE);
    if (!(await otpUse(ctx.db, ctx.actor.userId, u.totp_secret, p.otp, ctx.now))) {
      await loginFailed(ctx.db, ctx.actor.userName, ctx.req.ip, ctx.now, DEFAULT_THROTTLE, app.log);
      throw new CallError(401, 'wrongOtp', {}, { error: 'wrongOtp', needOtp: true });
    }
    await markOtp(ctx.db, token, ctx.now);
    return { ...(await whoami(ctx.db, { ...ctx.actor, needOtp: false })) };
  });

  call('bo/whoami', async (_p, ctx) => ({ ...(await whoami(ctx.db, ctx.actor)) }));

  call('bo/logout', async (_p, ctx) => {
    await deleteSession(ctx.db, ctx.req.cookies[SESSION_COOKIE]);
    ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { status: true };
  });

  call('bo/changePassword', async (p, ctx) => {
    const [u] = await ctx.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [ctx.actor.userId]);
    if (!(await verifyPassword(u?.password_hash, p.currentPassword))) throw new CallError(422, 'wrongCurrentPassword', {}, { error: 'wrongCurrentPassword' });
    const hash = await hashPassword(p.newPassword);
    await ctx.db.tx(async (q) => {
      await q.query('update users set password_hash = $2 where id = $1', [ctx.actor.userId, hash]);
      await ctx.audit(q, { action: 'changePassword', objectType: 'user', objectId: ctx.actor.userId });
      // Every other session ends (a stolen cookie dies with the old password); this one goes on.
      await deleteOtherSessions(q, ctx.actor.userId, ctx.req.cookies[SESSION_COOKIE]);
    });
    return { status: true, msg: message('userPassChangeSuccess', ctx.lang) };
  });
}
