import type { CoreDb } from './db.ts';
import { NetworkError, type CallFn, type Reply } from '../request.ts';

/** Replies kept for offline reading are dropped after a day. */
const KEEP_MS = 86_400_000;

/**
 * Calls the server and keeps a good reply in IndexedDB; when the network fails, answers with the
 * last kept reply (offline reading) and says so.
 */
export async function cachedCall<T>(db: CoreDb, call: CallFn, key: string, payload: Record<string, unknown>, now: number): Promise<{ reply: Reply<Partial<T>>; offline: boolean }> {
  const cacheKey = `${key}:${JSON.stringify(payload)}`;
  try {
    const reply = await call<Partial<T>>(key, payload);
    if (reply.status) await db.replies.put({ key: cacheKey, at: now, reply });
    return { reply, offline: false };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const kept = await db.replies.get(cacheKey);
    if (kept && now - kept.at < KEEP_MS) return { reply: kept.reply as Reply<Partial<T>>, offline: true };
    throw err;
  }
}
