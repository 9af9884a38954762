/**
 * The site settings of this process: today's defaults (domain/settings/site-settings.ts) under the
 * values stored by the back office. A change is saved with its audit row, applied here at once and
 * announced to the other processes (Redis pub/sub when REDIS_URL is set); each process also checks
 * the stored revision now and then, so a lost announcement only delays a change.
 */
import { createRedisBus } from '../feed/bus.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { BoContext } from '../backoffice/guard.ts';
import { mergeStored, SETTINGS_SCREENS, SITE_SETTING_DEFAULTS, type SiteSettings } from '../../domain/settings/site-settings.ts';
import { reloadContentRev, setContentAnnouncer } from '../content/revision.ts';

/** The settings every rule of this process reads (mutated in place, so importers keep one reference). */
export const SITE_SETTINGS: SiteSettings = { ...SITE_SETTING_DEFAULTS };

/** What the demo (DEMO, on by default) turns on so its features can be seen: live TV, the second live view, the affiliate area. */
export const DEMO_SETTINGS: Partial<SiteSettings> = { second_live_view: 1, tv_access: 1, affiliateStatus: 1 };

let rev = 0;
let announce: ((rev: number) => Promise<void>) | null = null;
const revListeners = new Set<() => void>();

/** Calls fn whenever the settings revision of this process moves (the push to open apps, server/settings/site-push.ts). */
export function onSettingsRev(fn: () => void): () => void {
  revListeners.add(fn);
  return () => revListeners.delete(fn);
}
const revMoved = () => { for (const l of revListeners) l(); };

/** The revision of the settings this process runs with (sent to apps, which reload when it moves). */
export const settingsRev = (): number => rev;

/** Applies the stored settings when their revision differs from this process's; true when it did. */
export async function reloadSiteSettings(q: Queryable): Promise<boolean> {
  const [r] = await q.query<{ rev: string | number }>('select rev from site_settings_rev where id = 1');
  const stored = Number(r?.rev ?? 0);
  if (stored === rev) return false;
  const rows = await q.query<{ key: string; value: unknown }>('select key, value from site_settings');
  // Only stored keys change: a setting never edited keeps what this process started with (demo, /site/ files).
  Object.assign(SITE_SETTINGS, mergeStored(SITE_SETTINGS, Object.fromEntries(rows.map((x) => [x.key, x.value]))));
  rev = stored;
  revMoved();
  return true;
}

/**
 * Saves a checked change (only the settings whose value differs), with one audit row holding the
 * values before and after, then applies and announces it. Returns the new revision and changed keys.
 */
export async function saveSiteSettings(ctx: BoContext, patch: Partial<SiteSettings>, screen: string): Promise<{ rev: number; changed: string[] }> {
  const result = await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ rev: string | number }>('select rev from site_settings_rev where id = 1 for update');
    const storedRows = await q.query<{ key: string; value: unknown }>('select key, value from site_settings');
    const current = mergeStored(SITE_SETTINGS, Object.fromEntries(storedRows.map((x) => [x.key, x.value])));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      const was = current[k as keyof SiteSettings];
      if (JSON.stringify(was) === JSON.stringify(v)) continue;
      before[k] = was;
      after[k] = v;
      await q.query(
        'insert into site_settings (key, value, updated_at) values ($1, $2, $3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at',
        [k, JSON.stringify(v), new Date(ctx.now)]);
    }
    const changed = Object.keys(after);
    if (!changed.length) return { rev: Number(r!.rev), changed, after };
    const next = Number(r!.rev) + 1;
    await q.query('update site_settings_rev set rev = $1 where id = 1', [next]);
    await ctx.audit(q, { action: 'settings.change', objectType: 'site_settings', objectId: screen, before, after });
    return { rev: next, changed, after };
  });
  if (result.changed.length) {
    Object.assign(SITE_SETTINGS, mergeStored(SITE_SETTINGS, result.after));
    rev = result.rev;
    revMoved();
    await announce?.(result.rev).catch((err: unknown) => console.error('settings announce:', err));
  }
  return { rev: result.rev, changed: result.changed };
}

/** The settings as players get them: everything but the e-mail relay and the book's risk limits. */
export function publicSiteSettings(): Partial<SiteSettings> {
  const out: Partial<SiteSettings> = { ...SITE_SETTINGS };
  for (const k of SETTINGS_SCREENS.email) delete out[k];
  for (const k of ['liability_market_limit', 'liability_match_limit', 'liability_auto_suspend'] as const) delete out[k];
  return out;
}

export interface SettingsSyncOptions {
  /** Redis for the announcements (several processes); without it only the revision check runs. */
  redisUrl?: string | undefined;
  /** How often the stored revision is checked (the fallback for a lost announcement). */
  checkEveryMs?: number;
  onError?: (err: unknown) => void;
}

/** Loads the stored settings, then follows changes made by any process. Returns the stop. */
export async function startSettingsSync(db: Db, opts: SettingsSyncOptions = {}): Promise<() => Promise<void>> {
  const onError = opts.onError ?? ((err: unknown) => console.error('settings:', err));
  await reloadSiteSettings(db);
  await reloadContentRev(db);
  // One announcement channel for both: any message makes every process re-read both revisions.
  const reload = () => void Promise.all([reloadSiteSettings(db), reloadContentRev(db)]).catch(onError);
  let unsubscribe: (() => Promise<void>) | null = null;
  let bus: ReturnType<typeof createRedisBus> | null = null;
  if (opts.redisUrl) {
    bus = createRedisBus(opts.redisUrl, { channel: 'site:settings', snapshotKey: 'site:settings:none', onError });
    unsubscribe = await bus.subscribe(reload);
    const b = bus;
    announce = (r) => b.publish(new TextEncoder().encode(String(r)));
    setContentAnnouncer(() => b.publish(new TextEncoder().encode('content')));
  }
  const timer = setInterval(reload, opts.checkEveryMs ?? 15_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    announce = null;
    setContentAnnouncer(null);
    await unsubscribe?.();
    await bus?.close();
  };
}
