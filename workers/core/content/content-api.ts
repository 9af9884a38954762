import { checkContact } from '../../../domain/account/validation.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import { dateTimeText } from '../account/format.ts';
import { timeZone } from '../account/zone.ts';
import { intlLocales } from '../../../domain/languages.ts';

export interface BonusView { id: number; title: string; status: 0 | 1 | 2; requested: boolean }
export interface PromotionView { bonusId: number; image: string; title: string }
export interface NotificationView { id: number; title: string; banner: string; content: string; date: string }
export interface PopupView {
  id: number; type: number; type2: number; title: string; content: string; autoClose: number;
  /** The player's own pop-up (an auto cash-out that fired): sent once by the server, kept here for the session. */
  own?: 1;
}

/** Pop-ups are asked again after this long, so a player's own pop-up (sent once) shows while the app is open. */
export const POPUPS_TTL_MS = 60_000;

/**
 * Which push popups a page shows: types 0 and 2 only; type2 0 only on Home (section 9); and not
 * one the player has already been shown this session (`seen`): an announcement said once, not again
 * after every pick, sale or deposit.
 */
export function popupsFor(all: readonly PopupView[], onHome: boolean, seen: ReadonlySet<number> = new Set()): PopupView[] {
  return all.filter((p) => (p.type === 0 || p.type === 2) && (p.type2 !== 0 || onHome) && !seen.has(p.id));
}

/** Bonuses, promotions, notifications, popups, static pages and the contact form. */
export function createContentApi(ctx: CoreContext) {
  let popups: PopupView[] | null = null;
  let popupsLang = '';
  let popupsAt = 0;
  // The pop-ups this tab has shown (the worker lives as long as the tab's session).
  const seenPopups = new Set<number>();
  // Pop-ups edited in the back office are asked for again (the site push, workers/core/account/site.ts).
  ctx.listeners.add((e) => { if (e.type === 'content') popups = null; });
  return {
    /** The left menu's A-Z list of sports (in the player's language order) with their match counts. */
    async menuSports(): Promise<Array<{ id: number; name: string; count: number }>> {
      const r = await ctx.call<{ results: Array<{ id: number; name: string; matchCount: number }> }>('sports').catch(() => null);
      if (!r?.status) return [];
      return r.results.map((x) => ({ id: x.id, name: x.name, count: x.matchCount })).sort((a, b) => a.name.localeCompare(b.name, intlLocales(ctx.lang())));
    },
    async bonuses(): Promise<BonusView[] | null> {
      const r = await ctx.call<{ data: Array<{ id: number; title: string; status: number; requestedExists: number }> }>('getBonus');
      return r.status ? r.data.map((b) => ({ id: b.id, title: b.title, status: (b.status === 1 ? 1 : b.status === 2 ? 2 : 0) as 0 | 1 | 2, requested: b.requestedExists === 1 })) : null;
    },
    async requestBonus(bonusId: number): Promise<{ ok: boolean; text: string; key: string }> {
      try {
        const r = await ctx.call<{ message?: string }>('requestBonus', { bonusId });
        return { ok: r.status, text: r.message ?? r.msg ?? '', key: r.error ?? '' };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, text: '', key: 'networkError' };
        throw err;
      }
    },
    async promotions(): Promise<PromotionView[] | null> {
      const r = await ctx.call<{ results: Array<{ bonusId: number; bonusImage: string; bannerTitle: string }> }>('promotions');
      return r.status ? r.results.map((p) => ({ bonusId: p.bonusId, image: p.bonusImage, title: p.bannerTitle })) : null;
    },
    async promotionDetail(bonusId: number): Promise<{ title: string; image: string; content: string } | null> {
      const r = await ctx.call<{ results: { bannerTitle: string; bonusImage: string; content: string; rules?: string } }>('promotionDetail', { bonusId });
      // The rules, kept apart in the back office, follow the text.
      return r.status ? { title: r.results.bannerTitle, image: r.results.bonusImage, content: r.results.content + (r.results.rules ?? '') } : null;
    },
    async notifications(): Promise<NotificationView[]> {
      if (!ctx.session()) return [];
      const r = await ctx.call<{ results: Array<{ id: number; title: string; banner: string; content: string; createdAt: string }> }>('getNotifs').catch(() => null);
      return r?.status ? r.results.map((n) => ({ id: n.id, title: n.title, banner: n.banner, content: n.content, date: dateTimeText(n.createdAt, timeZone()) })) : [];
    },
    async popups(onHome: boolean): Promise<PopupView[]> {
      // Pop-ups come in the player's language: asked again after a language switch.
      if (!popups || popupsLang !== ctx.lang() || ctx.clock() - popupsAt >= POPUPS_TTL_MS) {
        popupsLang = ctx.lang();
        popupsAt = ctx.clock();
        const r = await ctx.call<{ results: PopupView[] }>('getPopups').catch(() => null);
        const kept = (popups ?? []).filter((x) => x.own === 1);
        const fresh = r?.status ? r.results : [];
        popups = [...fresh.filter((x) => x.own === 1), ...kept.filter((k) => !fresh.some((x) => x.id === k.id)), ...fresh.filter((x) => x.own !== 1)];
      }
      return popupsFor(popups, onHome, seenPopups);
    },
    /** The pop-ups a page has shown: not shown again this session. */
    async popupsShown(ids: number[]): Promise<void> {
      for (const id of ids) seenPopups.add(id);
    },
    async page(id: number): Promise<{ title: string; content: string } | null> {
      try {
        const r = await ctx.call<{ results: { title: string; content: string } }>('getPage', { pageid: id });
        return r.status ? r.results : null;
      } catch {
        return null;
      }
    },
    async contact(f: { email: string; topcategory: string; category: string; message: string }): Promise<{ ok: boolean; key: string; text: string }> {
      const bad = checkContact(f);
      if (bad) return { ok: false, key: bad.key, text: '' };
      try {
        const r = await ctx.call('contact', f);
        return { ok: r.status, key: r.status ? 'contactSuccess' : (r.error ?? ''), text: r.msg ?? '' };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, key: 'networkError', text: '' };
        throw err;
      }
    },
  };
}
