import { siteAssetPath } from '../../../domain/account/site-assets.ts';
import type { CoreContext } from '../context.ts';
import { offeredLanguages, siteLanguage } from '../../../domain/languages.ts';
import { isOddsChange } from '../../../domain/betslip/odds-change.ts';
import type { SiteView } from '../events.ts';
import { createReconnectingSocket, exponentialRetry, type NetworkStatus, type ReconnectingSocket, type WsLike } from '../net/reconnecting-socket.ts';
import type { Every } from '../timers.ts';

/** The settings reply of GET /api/settings. */
export type SiteSettings = Record<string, unknown> & {
  login_screen?: number; register_disabled?: number; affiliateStatus?: number; serverId?: number; currencyMode?: number;
  registerTcRequired?: number; registerMobileRequired?: number; redirectRegister?: string;
};

export const SETTINGS_REFETCH_MS = 216e5;
export const SETTINGS_STALE_MS = 5 * 60_000;
/** How often an open app asks for the settings revision (a few bytes) to follow a back-office change. */
export const SETTINGS_REV_POLL_MS = 10_000;

/** The part of a browser WebSocket the site push uses (GET /ws/site, JSON text frames {settings, content}). */
export type SiteSocketLike = WsLike;

/**
 * The pushed revisions: the socket, how to wait before a reconnect (the worker's timers; virtual in
 * tests), the network state and the randomness that spreads the waits.
 */
export interface SitePush {
  create(): SiteSocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
  network?: NetworkStatus;
  random?: () => number;
}

/**
 * Reconnect waits of the site socket: 1 s doubling up to 30 s, without end (the revision poll covers
 * the gap), each shortened by up to half at random: every open app holds this socket, and a server
 * restart must not bring them all back in the same second.
 */
export const siteSocketRetry = (random?: () => number) => exponentialRetry({ firstMs: 1_000, maxMs: 30_000, ...(random ? { random } : {}) });

/**
 * Settings with their load time: re-fetched every 6 hours by a background timer (started by the
 * first load, when `every` is given), and older than 5 minutes reloaded when a user-data call fails.
 * With `push`, the server pushes the settings and content revisions over a small socket: a new
 * settings revision is reloaded at once, a new content revision is told to the UI ('content'
 * event: it asks for its banners, pages and pop-ups again). With `pollMs`, the revisions are
 * polled while that socket is down (the fallback).
 */
export function createSite(ctx: CoreContext, every?: Every, pollMs?: number, push?: SitePush) {
  let settings: SiteSettings = {};
  let loadedAt = 0;
  let loading: Promise<SiteSettings> | null = null;
  let stopTimer: (() => void) | null = null;
  let stopPoll: (() => void) | null = null;
  // The revision of the loaded settings (null: the server sent none).
  let rev: number | null = null;
  // The content revision last seen (null: none yet, the first one seen is the baseline).
  let contentRev: number | null = null;
  let socketOpen = false;
  let socket: ReconnectingSocket | null = null;

  /** A revision pair from the socket or the poll: reload what moved. */
  async function gotRevisions(settingsRev: unknown, content: unknown): Promise<void> {
    if (typeof content === 'number') {
      if (contentRev !== null && content !== contentRev) ctx.emit({ type: 'content', payload: { rev: content } });
      contentRev = content;
    }
    if (typeof settingsRev === 'number' && rev !== null && settingsRev !== rev && !loading) await load(true, settingsRev);
  }

  async function pollRev(): Promise<void> {
    // While the socket is open the server pushes: nothing to ask.
    if (loading || rev === null || socketOpen) return;
    try {
      const body = (await (await ctx.fetch('/api/settings/rev')).json()) as { rev?: unknown; content?: unknown };
      await gotRevisions(body.rev, body.content);
    } catch {
      // Offline: the next poll or the 6-hour re-fetch catches up.
    }
  }

  /** The push socket; a socket that was open starts the waits again, one that never opened waits longer each time. */
  function startPush(p: SitePush): ReconnectingSocket {
    const s = createReconnectingSocket({
      create: p.create,
      setTimeout: p.setTimeout,
      ...(p.clearTimeout ? { clearTimeout: p.clearTimeout } : {}),
      retry: siteSocketRetry(p.random),
      ...(p.network ? { network: p.network } : {}),
      onMessage: (data) => {
        try {
          const r = JSON.parse(String(data)) as { settings?: unknown; content?: unknown };
          void gotRevisions(r.settings, r.content);
        } catch {
          // not a frame of ours
        }
      },
      onState: (state) => { socketOpen = state === 'open'; },
    });
    s.want(true);
    return s;
  }

  /** The offered languages and the default one (a first visit's language, an unoffered URL's target). */
  const siteLanguages = (s: Record<string, unknown>): Pick<SiteView, 'languages' | 'defaultLanguage'> => {
    const langs = {
      languages: Array.isArray(s.languages) ? (s.languages as string[]) : undefined,
      default_language: typeof s.default_language === 'string' ? s.default_language : undefined,
    };
    return { languages: offeredLanguages(langs).map((r) => r.lang), defaultLanguage: siteLanguage(langs) };
  };

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
      ...siteLanguages(settings),
      ...(isOddsChange(settings.odds_change_default) ? { oddsChangeDefault: settings.odds_change_default } : {}),
    };
  };

  async function load(force = false, wantRev?: number): Promise<SiteSettings> {
    // An open app keeps its settings fresh even when nothing asks for them (section 4: every 6 hours).
    if (every && !stopTimer) stopTimer = every(SETTINGS_REFETCH_MS, () => { void load(true); });
    if (every && pollMs && !stopPoll) stopPoll = every(pollMs, () => { void pollRev(); });
    if (push && !socket) socket = startPush(push);
    if (!force && loadedAt && ctx.clock() - loadedAt < SETTINGS_REFETCH_MS) return settings;
    loading ??= (async () => {
      try {
        // A new revision by its own address: no HTTP cache holds it yet.
        const res = await ctx.fetch(wantRev === undefined ? '/api/settings' : `/api/settings?rev=${wantRev}`);
        const body = (await res.json()) as { settings?: SiteSettings; rev?: unknown; contentRev?: unknown };
        if (body.settings) {
          settings = body.settings;
          rev = typeof body.rev === 'number' ? body.rev : null;
          if (contentRev === null && typeof body.contentRev === 'number') contentRev = body.contentRev;
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
    stop: () => {
      stopTimer?.(); stopTimer = null; stopPoll?.(); stopPoll = null;
      socket?.want(false);
    },
  };
}
export type Site = ReturnType<typeof createSite>;
