/**
 * The content revision: one number, bumped in the transaction of every content change
 * in the back office (banners, pages, pop-ups, notifications, bonuses, payment methods). Open apps
 * are told the new number (server/settings/site-push.ts) and reload the content they show.
 */
import type { Queryable } from '../db/client.ts';

let rev = 0;
const listeners = new Set<() => void>();
// Tells the other server processes (the settings bus, server/settings/site-settings.ts startSettingsSync).
let announcer: (() => Promise<void>) | null = null;

/** Sets (or clears) how a content change is announced to the other processes. */
export function setContentAnnouncer(fn: (() => Promise<void>) | null): void {
  announcer = fn;
}

/** The content revision this process knows. */
export const contentRev = (): number => rev;

/** Bumps the stored revision inside the change's transaction; returns the new one (apply it after commit with contentApplied). */
export async function bumpContentRev(q: Queryable): Promise<number> {
  const [r] = await q.query<{ rev: string | number }>('update content_rev set rev = rev + 1 where id = 1 returning rev');
  return Number(r!.rev);
}

/** After commit: this process runs with the new revision, and its listeners hear of it. */
export function contentApplied(next: number): void {
  if (next <= rev) return;
  rev = next;
  for (const l of listeners) l();
  announcer?.().catch((err: unknown) => console.error('content announce:', err));
}

/** Reads the stored revision (a change made by another process); true when it moved. */
export async function reloadContentRev(q: Queryable): Promise<boolean> {
  const [r] = await q.query<{ rev: string | number }>('select rev from content_rev where id = 1');
  const stored = Number(r?.rev ?? 0);
  if (stored === rev) return false;
  rev = stored;
  for (const l of listeners) l();
  return true;
}

/** Calls fn whenever the content revision of this process moves. Returns the unsubscribe. */
export function onContentRev(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
