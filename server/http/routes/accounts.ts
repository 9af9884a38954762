import type { FastifyInstance } from 'fastify';
import { emptyPayload, loginPayload } from '../../../domain/protocol/calls.ts';
import { DEFAULT_USER_LIMITS } from '../../../domain/betslip/limits.ts';
import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { createSession, deleteSession } from '../../accounts/sessions.ts';
import { verifyPassword } from '../../accounts/password.ts';
import { balanceOf } from '../../wallet/ledger.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { SESSION_COOKIE } from '../app.ts';
import type { Queryable } from '../../db/client.ts';

interface UserRow {
  id: number; username: string; password_hash: string; first_name: string; last_name: string; currency: string;
  lang: string; user_type: string; staketype: number; online_user: number; limits: Partial<UserLimits> | null; last_login: Date | null;
}

/** A user's limits: their own where set, the defaults of betting-core.md section 9 otherwise. */
export function limitsOf(row: Pick<UserRow, 'limits' | 'staketype'>): UserLimits {
  return { ...DEFAULT_USER_LIMITS, ...(row.limits ?? {}), staketype: row.staketype === 1 ? 1 : 0 };
}

export async function loadUser(q: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>('select * from users where id = $1', [userId]);
  return row;
}

export function registerAccountCalls(app: FastifyInstance, deps: CallDeps, opts: { sessionTtl: number; cookieSecure: boolean; loginRateMax: number }): void {
  defineCall(app, deps, 'login', loginPayload, async (p, ctx) => {
    const [user] = await ctx.db.query<UserRow>('select * from users where username = $1', [p.userName]);
    if (!(await verifyPassword(user?.password_hash, p.password)) || !user) {
      throw new CallError(401, 'wrongLogin', {}, { error: 'wrongLogin' });
    }
    const token = await createSession(ctx.db, user.id, opts.sessionTtl, ctx.now);
    await ctx.db.query('update users set last_login = $2 where id = $1', [user.id, new Date(ctx.now)]);
    ctx.reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: opts.cookieSecure, maxAge: opts.sessionTtl,
    });
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
    const on = { status: 1 };
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
      lang: user.lang,
      sportUser: on,
      liveUser: on,
      limits: limitsOf(user),
    };
  }, { auth: true });
}
