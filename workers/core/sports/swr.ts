import type { CoreDb } from '../cache/db.ts';
import { NetworkError, type CallFn, type Reply } from '../request.ts';

/** Kept replies older than this are not shown even offline: a week-old tree misleads more than it helps. */
export const SWR_KEEP_MS = 3 * 86_400_000;

/** Where a view came from: the network now, or IndexedDB (at once, or because the network failed). */
export interface Freshness {
  /** True when built from a kept reply (not re-checked against the server). */
  stale: boolean;
  /** True when the network failed and the kept reply stands in. */
  offline: boolean;
  /** When the reply was fetched (epoch ms). */
  updatedAt: number;
}

/** 'cache': the kept reply only (null when none); 'network': the server, falling back to the kept reply offline. */
export type Source = 'cache' | 'network';

export type Got<T> = { reply: Reply<Partial<T>>; fresh: Freshness };

/**
 * Stale-while-revalidate over the replies table: the UI asks once with 'cache' to draw at once and
 * once with 'network' to refresh. `cacheKey` names the logical question (a time filter's id, not its
 * dates), so the tree kept at 10:00 still answers 'Today' at 10:05.
 */
export async function swrCall<T>(
  deps: { db: CoreDb; call: CallFn; clock: () => number; /** The language the names come in: a kept reply answers only in its own. */ lang?: () => string },
  source: Source,
  key: string,
  payload: Record<string, unknown>,
  cacheKey: string,
): Promise<Got<T> | null> {
  // Names (sports, countries, leagues, markets) come in the caller's language: kept per language.
  const id = `swr:${key}:${cacheKey}${deps.lang ? `|${deps.lang()}` : ''}`;
  const now = deps.clock();
  const kept = async (offline: boolean): Promise<Got<T> | null> => {
    const row = await deps.db.replies.get(id).catch(() => undefined);
    if (!row || now - row.at > SWR_KEEP_MS) return null;
    return { reply: row.reply as Reply<Partial<T>>, fresh: { stale: true, offline, updatedAt: row.at } };
  };
  if (source === 'cache') return kept(false);
  try {
    const reply = await deps.call<Partial<T>>(key, payload);
    if (reply.status) await deps.db.replies.put({ key: id, at: now, reply }).catch(() => undefined);
    return { reply, fresh: { stale: false, offline: false, updatedAt: now } };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const got = await kept(true);
    if (got) return got;
    throw err;
  }
}

/** The freshness of a view built from several replies: stale or offline if any part is, updated at the oldest. */
export function mergeFreshness(parts: Freshness[]): Freshness {
  return {
    stale: parts.some((p) => p.stale),
    offline: parts.some((p) => p.offline),
    updatedAt: parts.reduce((a, p) => Math.min(a, p.updatedAt), Number.MAX_SAFE_INTEGER),
  };
}

/**
 * Keeps the replies table small: kept match details beyond the last `keepDetails` viewed, and
 * anything kept longer than SWR_KEEP_MS, are dropped. Best effort: a failure only leaves rows.
 */
export async function pruneKept(db: CoreDb, now: number, keepDetails = 30): Promise<void> {
  try {
    const details = await db.replies.where('key').startsWith('swr:odds:').sortBy('at');
    const old = details.slice(0, Math.max(0, details.length - keepDetails)).map((r) => r.key);
    const expired = await db.replies.where('at').below(now - SWR_KEEP_MS).filter((r) => r.key.startsWith('swr:')).primaryKeys();
    await db.replies.bulkDelete([...old, ...expired]);
  } catch { /* best effort */ }
}
