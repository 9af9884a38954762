/**
 * How a trading change reaches open apps: the action writes its wire changes to
 * trading_feed_outbox in its own transaction, and the feed's leader publishes them in order on
 * the feed's own path (FeedService.inject: state, hub, bus), exactly like the simulator's
 * changes. Whichever process took the back-office call, every process's sockets get them, and
 * a rolled-back action publishes nothing.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { FeedChange } from '../../domain/protocol/feed.ts';
import type { Scheduler } from '../feed/clock.ts';
import type { FeedService } from '../feed/service.ts';

/** Queues wire changes in the caller's transaction. */
export async function queueFeedChanges(q: Queryable, changes: readonly FeedChange[]): Promise<void> {
  if (changes.length) await q.query('insert into trading_feed_outbox (changes) values ($1::jsonb)', [JSON.stringify(changes)]);
}

/** How often the leader looks for queued changes (ms). */
export const OUTBOX_POLL_MS = 250;
/** Queued rows older than this are deleted (their changes were published long ago). */
const KEEP_MS = 3_600_000;

/**
 * Publishes queued changes while this process leads the feed. A process that becomes leader
 * starts after the rows already queued: their changes are in the database (which placement
 * reads), and an app that opens a page reads them there.
 */
export function startTradingFeed(db: Db, service: Pick<FeedService, 'role' | 'inject'>, scheduler: Scheduler, onError: (err: unknown) => void = () => undefined): { poll(): Promise<void>; stop(): void } {
  let last: number | null = null;
  let running: Promise<void> | null = null;
  let sinceCleanup = 0;
  const once = async () => {
    if (service.role !== 'leader') { last = null; return; }
    if (last === null) {
      const [row] = await db.query<{ id: string | null }>('select max(id) as id from trading_feed_outbox');
      last = Number(row?.id ?? 0);
      return;
    }
    const rows = await db.query<{ id: string; changes: FeedChange[] }>('select id, changes from trading_feed_outbox where id > $1 order by id limit 200', [last]);
    for (const r of rows) {
      if (!service.inject(r.changes)) return;
      last = Number(r.id);
    }
    if ((sinceCleanup += OUTBOX_POLL_MS) >= 60_000) {
      sinceCleanup = 0;
      await db.query('delete from trading_feed_outbox where created_at < $1', [new Date(scheduler.now() - KEEP_MS)]);
    }
  };
  const poll = () => {
    running ??= once().catch(onError).finally(() => { running = null; });
    return running;
  };
  const stop = scheduler.every(OUTBOX_POLL_MS, () => void poll());
  void poll();
  return { poll, stop };
}
