import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { currencySymbol } from '../../../domain/money.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import type { SessionView } from '../events.ts';

/** Session calls: userdata, login, logout. */
export function createAccountApi(ctx: CoreContext) {
  async function refreshSession(): Promise<SessionView | null> {
    try {
      const r = await ctx.call<{ userId: number; userName: string; userCredit: number; currency: string; loginTime: string | null; limits: UserLimits }>('userdata');
      ctx.setSession(r.status
        ? { userId: r.userId, userName: r.userName, credit: r.userCredit, currency: r.currency, currencySymbol: currencySymbol(r.currency), lastLogin: r.loginTime, limits: r.limits }
        : null);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      // Offline: keep what we knew.
    }
    ctx.emit({ type: 'session', payload: ctx.session() });
    ctx.hooks.pushSlip();
    return ctx.session();
  }
  ctx.hooks.refreshSession = refreshSession;

  return {
    refreshSession,

    async login(userName: string, password: string): Promise<{ ok: boolean; msg?: string }> {
      try {
        const r = await ctx.call('login', { userName, password });
        if (!r.status) return { ok: false, msg: r.msg ?? '' };
        await refreshSession();
        return { ok: true };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, msg: '' };
        throw err;
      }
    },

    /** Logout clears the session and optionally the slip (account-platform.md section 4). */
    async logout(clearTheSlip = false): Promise<void> {
      await ctx.call('logout').catch(() => undefined);
      ctx.setSession(null);
      if (clearTheSlip) await ctx.hooks.clearSlip();
      ctx.emit({ type: 'session', payload: null });
      ctx.hooks.pushSlip();
    },
  };
}
