/**
 * The affiliate area of the worker core (account-platform.md sections 2-9): the player's affiliate
 * state and request, the period picker (monthly or Monday weeks, this year and 3 before), the
 * summary with the commission, the Users / Movements / Coupons lists and the banners with their code.
 */
import { affiliatePeriods, affiliateYears, currentAffiliatePeriod, type AffiliatePeriod } from '../../../domain/account/affiliate.ts';
import { hasPermission } from '../../../domain/account/permissions.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import { intlLocales } from '../../../domain/languages.ts';
import { bannerImageUrl } from '../content/home-api.ts';
import { dateTimeText, moneyText } from './format.ts';
import type { Site } from './site.ts';
import { timeZone } from './zone.ts';

export interface AffiliateStateView {
  /** 0: not an affiliate (may send a request); 1: active. */
  status: number;
  /** A request waits for the back office ('request already sent'). */
  requested: boolean;
  percent: number;
  /** 0 monthly, 1 weekly. */
  cutoff: number;
  /** The register link to share, with the site's origin. */
  link: string;
  /** The Coupons tab: only when sport or live is enabled for the player (section 2). */
  couponsTab: boolean;
}

export interface AffiliatePeriodView { key: string; label: string; startDate: string; endDate: string }
export interface AffiliateSummaryView { totalUser: number; incomeText: string; expenseText: string; netText: string; winText: string; percent: number }
export interface AffiliatePageView<R> { rows: R[]; page: number; pages: number; total: number }
export interface AffiliateUserRow { userName: string; email: string; creditText: string; date: string; active: boolean }
export interface AffiliateMoveRow { id: number; userName: string; type: string; income: boolean; ticketId: number | null; amountText: string; date: string }
export interface AffiliateCouponRow { ticketId: number; userName: string; amountText: string; maxPayText: string; status: number; date: string }
export interface AffiliateBannerView { id: number; name: string; width: number; height: number; img: string; code: string }

type Page<T> = { data: T[]; nowPage: number; totalPage: number; totalCount?: number };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's origin in the browser ('' in Node tests, where links stay relative). */
const origin = (): string => (globalThis as { location?: { origin?: string } }).location?.origin ?? '';

export function createAffiliateApi(ctx: CoreContext, site: Site) {
  const money = (minor: number) => moneyText(minor, ctx.session()?.currency ?? 'TRY', ctx.lang(), site.get());
  const pageOf = <T, R>(r: Page<T>, map: (t: T) => R): AffiliatePageView<R> =>
    ({ rows: r.data.map(map), page: r.nowPage, pages: Math.max(1, r.totalPage), total: r.totalCount ?? r.data.length });
  const periodView = (p: AffiliatePeriod, cutoff: number): AffiliatePeriodView => {
    const d = new Date(p.start);
    const label = cutoff === 1
      ? `${p.startDate.slice(8, 10)}.${p.startDate.slice(5, 7)} - ${p.endDate.slice(8, 10)}.${p.endDate.slice(5, 7)}.${p.endDate.slice(0, 4)}`
      : new Intl.DateTimeFormat(intlLocales(ctx.lang()), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
    return { key: p.startDate, label, startDate: p.startDate, endDate: p.endDate };
  };

  async function guarded<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof NetworkError) return fallback;
      throw err;
    }
  }

  return {
    /** The player's affiliate state (call `affiliates`); null when it could not be loaded. */
    affiliateState: (): Promise<AffiliateStateView | null> => guarded(async () => {
      const r = await ctx.call<{ data: { status: number; percent: number; cutoff: number; affiliate_link: string; requested?: boolean } }>('affiliates');
      if (!r.status) return null;
      const products = ctx.session()?.products ?? {};
      return {
        status: r.data.status, requested: !!r.data.requested, percent: r.data.percent, cutoff: r.data.cutoff,
        link: r.data.affiliate_link ? `${origin()}${r.data.affiliate_link}` : '',
        couponsTab: hasPermission({ onlineUser: ctx.session()?.onlineUser ?? 0, products }, 'sportUser|liveUser'),
      };
    }, null),

    /** Sends the request to become an affiliate; a second one answers the server's 'already sent'. */
    requestAffiliate: (): Promise<{ ok: boolean; key?: string; text?: string }> => guarded<{ ok: boolean; key?: string; text?: string }>(async () => {
      const r = await ctx.call('affiliateRegister');
      return r.status ? { ok: true, key: 'requestAccepted', text: r.msg ?? '' } : { ok: false, key: r.error ?? '', text: r.msg ?? '' };
    }, { ok: false, key: 'networkError' }),

    /** The years of the period picker (current and 3 before). */
    affiliateYears: () => affiliateYears(ctx.clock()),

    /** The periods of a year for the cutoff, newest first, and the current one's key. */
    affiliatePeriods(cutoff: number, year: number): { periods: AffiliatePeriodView[]; current: string } {
      const now = ctx.clock();
      return { periods: affiliatePeriods(cutoff, year, now).map((p) => periodView(p, cutoff)), current: currentAffiliatePeriod(cutoff, now).startDate };
    },

    /** Referred players, income, expense and the commission of a period (call `affiliateInfo`). */
    affiliateSummary: (startDate: string, endDate: string): Promise<AffiliateSummaryView | null> => guarded(async () => {
      const r = await ctx.call<{ data: { totalUser: number; amountE: number; amountA: number; percent: number; win: number } }>('affiliateInfo', { startDate, endDate });
      if (!r.status) return null;
      const d = r.data;
      return { totalUser: d.totalUser, incomeText: money(d.amountE), expenseText: money(d.amountA), netText: money(d.amountE - d.amountA), winText: money(d.win), percent: d.percent };
    }, null),

    /** The Users tab (call `dealers`), 50 a page. */
    affiliateUsers: (page: number): Promise<AffiliatePageView<AffiliateUserRow> | null> => guarded(async () => {
      const r = await ctx.call<Page<{ userName: string; email: string; credit: number; createdAt: string; status: number }>>('dealers', { order: page });
      if (!r.status) return null;
      return pageOf(r, (u) => ({ userName: u.userName, email: u.email, creditText: money(u.credit), date: dateTimeText(u.createdAt, timeZone()), active: u.status === 1 }));
    }, null),

    /** The Movements tab (call `dealersFinance`): a income, e expense, '' all. */
    affiliateMovements: (f: { startDate: string; endDate: string; type: '' | 'a' | 'e'; page: number }): Promise<AffiliatePageView<AffiliateMoveRow> | null> => guarded(async () => {
      const r = await ctx.call<Page<{ id: number; userName: string; type: string; transType: number; ticketId: number | null; amount: number; createdAt: string }>>(
        'dealersFinance', { startDate: f.startDate, endDate: f.endDate, transactionType: f.type, status: '', order: f.page });
      if (!r.status) return null;
      return pageOf(r, (m) => ({ id: m.id, userName: m.userName, type: m.type, income: m.transType === 1, ticketId: m.ticketId, amountText: money(m.amount), date: dateTimeText(m.createdAt, timeZone()) }));
    }, null),

    /** The Coupons tab (call `dealersCoupons`): status '' all, else a coupon status. */
    affiliateCoupons: (f: { startDate: string; endDate: string; status: '' | number; page: number }): Promise<AffiliatePageView<AffiliateCouponRow> | null> => guarded(async () => {
      const r = await ctx.call<Page<{ ticketId: number; userName: string; amount: number; maxPay: number; status: number; createdAt: string }>>(
        'dealersCoupons', { startDate: f.startDate, endDate: f.endDate, status: f.status, transactionType: '', order: f.page });
      if (!r.status) return null;
      return pageOf(r, (c) => ({ ticketId: c.ticketId, userName: c.userName, amountText: money(c.amount), maxPayText: money(c.maxPay), status: c.status, date: dateTimeText(c.createdAt, timeZone()) }));
    }, null),

    /** The banners with the HTML code an affiliate copies: the image linking to register/{affCode}. */
    affiliateBanners: (): Promise<{ affCode: string; banners: AffiliateBannerView[] } | null> => guarded(async () => {
      const r = await ctx.call<{ data: Array<{ id: number; name: string; weight: number; height: number; url: string }>; affCode: string }>('affiliateBanner');
      if (!r.status) return null;
      const base = origin();
      const href = `${base}/${ctx.lang()}/register/${encodeURIComponent(r.affCode)}`;
      return {
        affCode: r.affCode,
        banners: r.data.map((b) => {
          const rel = bannerImageUrl(site.get().site_api as string | undefined, b.url);
          const src = rel.startsWith('/') ? `${base}${rel}` : rel;
          return {
            id: b.id, name: b.name, width: b.weight, height: b.height, img: rel,
            code: `<a href="${escapeHtml(href)}" target="_blank" rel="noopener"><img src="${escapeHtml(src)}" width="${b.weight}" height="${b.height}" alt="${escapeHtml(b.name)}"></a>`,
          };
        }),
      };
    }, null),

    /** affiliateControl: whether a register/{affcode} code belongs to an active affiliate. */
    checkAffiliateCode: (code: string): Promise<boolean> => guarded(async () => (await ctx.call('affiliateControl', { affiliateId: code })).status, false),
  };
}
