/**
 * The coupon history kept on this device for offline reading (betting-core.md section 4). It is a
 * player's private data: kept per user id, readable only by the device's current player, and
 * forgotten at logout or when the server says nobody is logged in.
 */
import type { CouponDetailReply, CouponItem } from '../../../domain/protocol/coupons.ts';
import type { CoreContext } from '../context.ts';
import type { CoreDb } from '../cache/db.ts';

export interface KeptSet { items: Record<string, CouponItem>; at: number }
export interface KeptDetail { reply: CouponDetailReply; at: number }

const PREFIX = 'coupons:';
/** The player the kept history belongs to: the one logged in on this device who has not logged out. */
const OWNER_KEY = `${PREFIX}owner`;
const itemsKey = (userId: number) => `${PREFIX}${userId}:items`;
const detailKey = (userId: number, id: number) => `${PREFIX}${userId}:detail:${id}`;

/** Forgets every kept coupon and the owner (logout, or the server knows no session). */
export async function clearCouponCache(db: CoreDb): Promise<void> {
  await db.kv.where('key').startsWith(PREFIX).delete();
}

/** The kept history of the device's current player, and of nobody else. */
export function createCouponCache(ctx: CoreContext) {
  /**
   * Whose history may be read: the session's player; without one (offline start) the device's
   * last player, who has not logged out (logout forgets the owner with the history).
   */
  const reader = async (): Promise<number | null> => {
    const s = ctx.session();
    if (s) return s.userId;
    const owner = (await ctx.db.kv.get(OWNER_KEY))?.value;
    return typeof owner === 'number' ? owner : null;
  };

  /** The logged-in player, before a write: another player's kept history is dropped first. */
  const writer = async (): Promise<number | null> => {
    const s = ctx.session();
    if (!s) return null;
    const owner = (await ctx.db.kv.get(OWNER_KEY))?.value;
    if (owner !== s.userId) {
      await clearCouponCache(ctx.db);
      await ctx.db.kv.put({ key: OWNER_KEY, value: s.userId });
    }
    return s.userId;
  };

  return {
    async readItems(): Promise<KeptSet> {
      const user = await reader();
      const kept = user === null ? undefined : (await ctx.db.kv.get(itemsKey(user)))?.value as KeptSet | undefined;
      return kept ?? { items: {}, at: 0 };
    },
    /** Adds coupons to the player's kept set, dropping those older than keepMs. */
    async keepItems(items: CouponItem[], now: number, keepMs: number): Promise<void> {
      const user = await writer();
      if (user === null) return;
      const kept = ((await ctx.db.kv.get(itemsKey(user)))?.value as KeptSet | undefined) ?? { items: {}, at: 0 };
      for (const c of items) kept.items[String(c.id)] = c;
      for (const [id, c] of Object.entries(kept.items)) if (now - Date.parse(c.ticketDate) > keepMs) delete kept.items[id];
      await ctx.db.kv.put({ key: itemsKey(user), value: { items: kept.items, at: now } satisfies KeptSet });
    },
    async readDetail(id: number): Promise<KeptDetail | undefined> {
      const user = await reader();
      return user === null ? undefined : (await ctx.db.kv.get(detailKey(user, id)))?.value as KeptDetail | undefined;
    },
    async keepDetail(id: number, reply: CouponDetailReply, now: number): Promise<void> {
      const user = await writer();
      if (user !== null) await ctx.db.kv.put({ key: detailKey(user, id), value: { reply, at: now } satisfies KeptDetail });
    },
    async forgetDetail(id: number): Promise<void> {
      const user = await reader();
      if (user !== null) await ctx.db.kv.delete(detailKey(user, id));
    },
    clear: (): Promise<void> => clearCouponCache(ctx.db),
  };
}
