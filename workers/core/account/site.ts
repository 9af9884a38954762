import { siteAssetPath } from '../../../domain/account/site-assets.ts';
import type { CoreContext } from '../context.ts';
import type { SiteView } from '../events.ts';

/** The settings reply of GET /api/settings. */
export type SiteSettings = Record<string, unknown> & {
  login_screen?: number; register_disabled?: number; affiliateStatus?: number; serverId?: number; currencyMode?: number;
  registerTcRequired?: number; registerMobileRequired?: number; redirectRegister?: string;
};

export const SETTINGS_REFETCH_MS = 216e5;
export const SETTINGS_STALE_MS = 5 * 60_000;
/** How often an open app asks for the settings revision (a few bytes) to follow a back-office change. */
export const SETTINGS_REV_POLL_MS = 10_000;

/** A repeating timer (the worker's setInterval; tests drive it in virtual time). Returns its stop. */
export type Every = (ms: number, fn: () => void) => () => void;

/**
 * Settings with their load time: re-fetched every 6 hours by a background timer (started by the
 * first load, when `every` is given), and older than 5 minutes reloaded when a user-data call fails.
 * With `pollMs`, the revision is also polled and a new one reloaded at once (a back-office change).
 */
export function createSite(ctx: CoreContext, every?: Every, pollMs?: number) {
  let settings: SiteSettings = {};
  let loadedAt = 0;
  let loading: Promise<SiteSettings> | null = null;
  let stopTimer: (() => void) | null = null;
  let stopPoll: (() => void) | null = null;
  // The revision of the loaded settings (null: the server sent none).
  let rev: number | null = null;

  async function pollRev(): Promise<void> {
    if (loading || rev === null) return;
    try {
      const body = (await (await ctx.fetch('/api/settings/rev')).json()) as { rev?: unknown };
      if (typeof body.rev === 'number' && body.rev !== rev) await load(true, body.rev);
    } catch {
      // Offline: the next poll or the 6-hour re-fetch catches up.
    }
  }

  const view = (): SiteView => {
    const str = (k: string) => (typeof settings[k] === 'string' ? (settings[k] as string) : '');
    const social = ['facebook', 'twitter', 'instagram', 'telegram', 'youtube'].map((name) => ({ name, url: str(`${name}_link`) })).filter((s) => s.url);
    return {
      loginScreen: settings.login_screen === 1,
      registerDisabled: settings.register_disabled === 1,
      maintenance: settings.maintenance === 1,
      whatsapp: str('whatsapp_number'),
      social,
      tvLink: str('tv_link'),
      footerText: str('footer_text'),
      copyrightLink: str('curacao_gaming'),
      paymentLogos: Array.isArray(settings.payment_logos) ? (settings.payment_logos as string[]) : [],
      // Checked again here: a setting that is not a /site/ file of the right kind is ignored.
      mobileCss: siteAssetPath(settings.mobile_css, 'css'),
      generalJs: siteAssetPath(settings.general_js, 'js'),
    };
  };

  async function load(force = false, wantRev?: number): Promise<SiteSettings> {
    // An open app keeps its settings fresh even when nothing asks for them (section 4: every 6 hours).
    if (every && !stopTimer) stopTimer = every(SETTINGS_REFETCH_MS, () => { void load(true); });
    if (every && pollMs && !stopPoll) stopPoll = every(pollMs, () => { void pollRev(); });
    if (!force && loadedAt && ctx.clock() - loadedAt < SETTINGS_REFETCH_MS) return settings;
    loading ??= (async () => {
      try {
        // A new revision by its own address: no HTTP cache holds it yet.
        const res = await ctx.fetch(wantRev === undefined ? '/api/settings' : `/api/settings?rev=${wantRev}`);
        const body = (await res.json()) as { settings?: SiteSettings; rev?: unknown };
        if (body.settings) {
          settings = body.settings;
          rev = typeof body.rev === 'number' ? body.rev : null;
          loadedAt = ctx.clock();
          ctx.emit({ type: 'site', payload: view() });
        }
      } catch {
        // Offline: keep the last settings.
      } finally {
        loading = null;
      }
      return settings;
    })();
    return loading;
  }

  return {
    load,
    get: () => settings,
    view,
    /** After a failed user-data call: settings older than 5 minutes are reloaded. */
    reloadIfStale: () => (ctx.clock() - loadedAt > SETTINGS_STALE_MS ? load(true) : Promise.resolve(settings)),
    /** Stops the background re-fetch (tests; a worker lives as long as its page). */
    stop: () => { stopTimer?.(); stopTimer = null; stopPoll?.(); stopPoll = null; },
  };
}
export type Site = ReturnType<typeof createSite>;
