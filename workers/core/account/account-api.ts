import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { currencySymbol } from '../../../domain/money.ts';
import { guardRoute, moneyAllowed, PRODUCTS, type GuardTarget, type GuardUser, type ProductRecords } from '../../../domain/account/permissions.ts';
import { checkChangePassword, checkForgotPassword, checkLogin, checkResetPassword, forgotYears, type FieldError } from '../../../domain/account/validation.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import type { SessionView } from '../events.ts';
import { dateTimeText, moneyText } from './format.ts';
import { createSite, SETTINGS_REV_POLL_MS, type SitePush } from './site.ts';
import { createRegisterApi } from './register-api.ts';
import { createAffiliateApi } from './affiliate-api.ts';
import { setTimeZone, timeZone } from './zone.ts';
import { clearCouponCache } from '../coupons/coupons-cache.ts';

interface UserData {
  userId: number; userName: string; userCredit: number; currency: string; loginTime: string | null; limits: UserLimits;
  userType: string; onlineUser: number; affiliateStatus: number; affiliate_link: string; lang: string; firstName: string; lastName: string;
}

/** A form result for the UI: ok, or a message key (translated by the UI) / server text. */
export interface FormResult { ok: boolean; key?: string; text?: string; args?: Record<string, string | number>; field?: string }

const fromField = (e: FieldError): FormResult => ({ ok: false, key: e.key, field: e.field, ...(e.args ? { args: e.args } : {}) });

/** Session calls (userdata, login, logout), settings, guards, passwords and the account screens. */
export function createAccountApi(ctx: CoreContext) {
  // The worker's timers (given with the live feed's) drive the 6-hourly settings re-fetch and the revision poll.
  // The site socket (GET /ws/site) pushes settings and content revisions; the poll runs while it is down.
  const live = ctx.live;
  const push: SitePush | undefined = live?.siteSocket && {
    create: live.siteSocket, setTimeout: (fn, ms) => live.timers.setTimeout(fn, ms), clearTimeout: (h) => live.timers.clearTimeout(h),
    ...(live.network ? { network: live.network } : {}), ...(live.random ? { random: live.random } : {}),
  };
  const site = createSite(ctx, live?.timers.every, SETTINGS_REV_POLL_MS, push);
  let guardUser: GuardUser | null = null;

  async function refreshSession(): Promise<SessionView | null> {
    const settings = await site.load();
    try {
      const r = await ctx.call<UserData & ProductRecords>('userdata');
      if (r.status) {
        const products: ProductRecords = {};
        for (const p of PRODUCTS) products[p] = { status: r[p]?.status === 1 ? 1 : 0 };
        guardUser = { userId: r.userId, userType: r.userType ?? 'U', onlineUser: r.onlineUser ?? 0, products, affiliateStatus: r.affiliateStatus ?? 0, affiliateLink: r.affiliate_link ?? '' };
        ctx.setSession({
          userId: r.userId, userName: r.userName, credit: r.userCredit, currency: r.currency, currencySymbol: currencySymbol(r.currency, settings),
          lastLogin: r.loginTime, limits: r.limits,
          lastLoginText: dateTimeText(r.loginTime, timeZone()),
          creditText: moneyText(r.userCredit, r.currency, ctx.lang(), settings),
          userType: guardUser.userType, onlineUser: guardUser.onlineUser,
          money: moneyAllowed(guardUser, settings),
          // The hub's Affiliate entry: whoever the affiliate route lets in (online user, site feature on),
          // so a player who is not one yet can send the request; AffiliateBanner needs status 1 too.
          affiliate: guardRoute('affiliate', guardUser, settings) === null,
          affiliateBanner: guardRoute('affiliate', guardUser, settings) === null && guardUser.affiliateStatus === 1,
          lang: r.lang,
          products,
          firstName: r.firstName ?? '',
          lastName: r.lastName ?? '',
        });
      } else {
        guardUser = null;
        ctx.setSession(null);
        // Nobody is logged in here: the kept coupon history is someone's private data.
        await clearCouponCache(ctx.db).catch(() => undefined);
        // A failed user-data call reloads settings older than 5 minutes (section 4).
        void site.reloadIfStale();
      }
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      // Offline: keep what we knew.
    }
    ctx.emit({ type: 'session', payload: ctx.session() });
    ctx.hooks.pushSlip();
    return ctx.session();
  }
  ctx.hooks.refreshSession = refreshSession;

  /** A server reply as a form result: its message key when the UI knows it, else its text. */
  const fromReply = (r: { status: boolean; msg?: string; error?: string; key?: string; field?: string }): FormResult =>
    r.status ? { ok: true, ...(r.key ? { key: r.key } : {}), ...(r.msg ? { text: r.msg } : {}) } : { ok: false, key: r.error ?? '', text: r.msg ?? '', ...(r.field ? { field: r.field } : {}) };

  async function safe(fn: () => Promise<FormResult>): Promise<FormResult> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof NetworkError) return { ok: false, key: 'networkError' };
      throw err;
    }
  }

  return {
    refreshSession,
    ...createRegisterApi(ctx, site, refreshSession),
    ...createAffiliateApi(ctx, site),

    /** The site settings as the shell shows them; loads them on first use. */
    async siteView() { await site.load(); return site.view(); },

    /** Where the guard of a route sends the player (section 2), with the same rules as the server. */
    async guard(route: string): Promise<GuardTarget> {
      const settings = await site.load();
      return guardRoute(route, ctx.session() ? guardUser : null, settings);
    },

    /** The time zone every date is shown in (the UI keeps it in the cookie `timezone`). */
    setTimezone(tz: string): void {
      setTimeZone(tz);
      const s = ctx.session();
      if (s) {
        ctx.setSession({ ...s, lastLoginText: dateTimeText(s.lastLogin, tz) });
        ctx.emit({ type: 'session', payload: ctx.session() });
      }
    },
    timezone: () => timeZone(),
    /** The full IANA zone list of the runtime. */
    timezones(): string[] {
      const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
      return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC', 'Europe/Istanbul'];
    },

    /** Login (section 5): rules checked here first; the reply's language and redirect are passed on. */
    async login(userName: string, password: string): Promise<FormResult & { lang?: string; redirect?: string; msg?: string }> {
      const bad = checkLogin(userName, password);
      if (bad) return { ...fromField(bad), msg: '' };
      try {
        const r = await ctx.call<{ lang?: string; redirect?: string }>('login', { userName, password });
        if (!r.status) return { ok: false, key: r.error ?? '', text: r.msg ?? '', msg: r.msg ?? '' };
        await refreshSession();
        return { ok: true, ...(r.lang ? { lang: r.lang } : {}), ...(r.redirect ? { redirect: r.redirect } : {}) };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, key: 'networkError', msg: '' };
        throw err;
      }
    },

    /** Logout clears the session and optionally the slip (section 4); answers where to go next. */
    async logout(clearTheSlip = false): Promise<'login' | 'home'> {
      await ctx.call('logout').catch(() => undefined);
      ctx.setSession(null);
      guardUser = null;
      // The kept coupon history is private: the next player or a visitor must not read it offline.
      await clearCouponCache(ctx.db).catch(() => undefined);
      if (clearTheSlip) await ctx.hooks.clearSlip();
      ctx.emit({ type: 'session', payload: null });
      ctx.hooks.pushSlip();
      return site.get().login_screen === 1 ? 'login' : 'home';
    },

    async userDetail(): Promise<Array<{ key: string; value: string }> | null> {
      const r = await ctx.call<Record<string, string>>('userdetail');
      if (!r.status) return null;
      return ['userName', 'firstName', 'lastName', 'birthDate', 'email', 'mobile', 'city', 'address', 'postCode', 'countryname'].map((key) => {
        const v = r[key] ?? '';
        // Birth date shown as dd.MM.yyyy like every other date.
        return { key, value: key === 'birthDate' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v.split('-').reverse().join('.') : v };
      });
    },

    forgotYears: () => forgotYears(new Date(ctx.clock()).getFullYear()),

    /** Activation (section 4): the e-mail link's code, or an SMS's 6 digits with the username. */
    activate(code: string, userName: string): Promise<FormResult> {
      if (!code.trim() || (/^\d{6}$/.test(code.trim()) && !userName.trim())) return Promise.resolve({ ok: false, key: 'allInputEnter' });
      return safe(async () => fromReply(await ctx.call('activation', { code: code.trim(), ...(userName.trim() ? { userName: userName.trim() } : {}) })));
    },

    forgotPassword(username: string, day: string, month: string, year: string): Promise<FormResult> {
      const bad = checkForgotPassword(username, day, month, year);
      if (bad) return Promise.resolve(fromField(bad));
      return safe(async () => fromReply(await ctx.call('forgotPassword', { username, birthDateDay: Number(day), birthDateMonth: Number(month), birthDateYear: Number(year) })));
    },

    resetPassword(passCode: string, password: string, repassword: string): Promise<FormResult> {
      const bad = checkResetPassword(password, repassword);
      if (bad) return Promise.resolve(fromField(bad));
      return safe(async () => fromReply(await ctx.call('resetPassword', { passCode, password, repassword })));
    },

    changePassword(currentPassword: string, newPassword: string, repeat: string): Promise<FormResult> {
      const bad = checkChangePassword(currentPassword, newPassword, repeat);
      if (bad) return Promise.resolve(fromField(bad));
      return safe(async () => fromReply(await ctx.call('changePassword', { currentPassword, newPassword })));
    },
  };
}
