/**
 * Makes live fixtures persistent: every live match of the live state is upserted into the
 * catalogue tables (sports, categories, tournaments, teams, matches) under its own feed id, and
 * every final result is stored in live_results. Why: coupon_tips.match_id references matches(id),
 * and a coupon's lines, history and settlement must keep the teams, date and sport of a live
 * match long after the feed forgot it. The state is polled (cheap: a few hundred matches) rather
 * than hooked on every delta, and ensure() lets coupon placement persist a just-started match now.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { FeedResult, LiveMatch } from '../../domain/protocol/feed.ts';
import type { Scheduler } from './clock.ts';
import type { LiveState } from './live-state.ts';
import { SPORTS } from './sports.ts';

export interface LiveCatalogue {
  /** Upserts new live matches and status changes now. */
  sync(): Promise<void>;
  /** Makes sure these live matches have their catalogue rows (before a coupon references them). */
  ensure(ids: readonly number[]): Promise<void>;
  stop(): void;
}

/** How often the state is compared with what was written (ms). */
const SYNC_EVERY_MS = 2000;

const SPORT_NAMES = new Map(SPORTS.map((s) => [s.sid, s.name]));

/** Upserts one live match with its sport, country, league and teams; returns nothing. */
export async function upsertLiveMatch(q: Queryable, m: Pick<LiveMatch, 'id' | 'h' | 'a' | 'hid' | 'aid' | 'sid' | 'cid' | 'tid' | 'cn' | 'tn' | 'd' | 'ms' | 'bs' | 'ac'>): Promise<void> {
  await q.query(
    `insert into sports (id, name, status, list_order) values ($1, $2, 1, 100 + $1) on conflict (id) do nothing`,
    [m.sid, SPORT_NAMES.get(m.sid) ?? `Sport ${m.sid}`],
  );
  const [c] = await q.query<{ id: number }>(
    `insert into categories (sport_id, title, feed_id) values ($1, $2, $3)
     on conflict (feed_id) do update set title = excluded.title returning id`,
    [m.sid, m.cn, m.cid],
  );
  const [t] = await q.query<{ id: number }>(
    `insert into tournaments (sport_id, category_id, title, feed_id) values ($1, $2, $3, $4)
     on conflict (feed_id) do update set title = excluded.title returning id`,
    [m.sid, c!.id, m.tn, m.tid],
  );
  const team = async (feedId: number, name: string) => (await q.query<{ id: number }>(
    `insert into teams (sport_id, name, feed_id) values ($1, $2, $3)
     on conflict (feed_id) do update set name = excluded.name returning id`,
    [m.sid, name, feedId],
  ))[0]!.id;
  const home = await team(m.hid, m.h);
  const away = await team(m.aid, m.a);
  // live_active = 1 marks a feed row: the guard keeps a clash with a pre-match row from overwriting it
  await q.query(
    `insert into matches (id, sport_id, category_id, tournament_id, home_id, away_id, match_date, status, bet_status, active, live_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1)
     on conflict (id) do update set status = excluded.status, bet_status = excluded.bet_status, active = excluded.active
     where matches.live_active = 1`,
    [m.id, m.sid, c!.id, t!.id, home, away, new Date(m.d), m.ms, m.bs, m.ac],
  );
}

/** Stores a final result (and the final status) of a live match. */
export async function storeLiveResult(q: Queryable, r: FeedResult): Promise<void> {
  await q.query(
    `insert into live_results (match_id, sport_id, at, periods, result) values ($1, $2, $3, $4, $5)
     on conflict (match_id) do update set at = excluded.at, periods = excluded.periods, result = excluded.result`,
    [r.matchId, r.sid, new Date(r.at), JSON.stringify(r.periods), JSON.stringify(r.result)],
  );
  await q.query(`update matches set status = $2, bet_status = 'stopped' where id = $1 and live_active = 1`,
    [r.matchId, r.result.status === 'interrupted' || r.result.status === 'retired' || r.result.status === 'walkover' ? r.result.status : 'ended']);
}

/** Starts the sync on the scheduler; the first sync runs before this resolves. */
export async function startLiveCatalogue(db: Db, state: LiveState, scheduler: Scheduler, onError: (err: unknown) => void = () => undefined): Promise<LiveCatalogue> {
  // what was last written per match: status and bet status
  const written = new Map<number, string>();
  let running: Promise<void> | null = null;
  const pendingResults: FeedResult[] = [];

  const writeMatches = async (matches: readonly LiveMatch[]) => {
    const todo = matches.filter((m) => written.get(m.id) !== `${m.ms}|${m.bs}|${m.ac}`);
    if (!todo.length) return;
    await db.tx(async (q) => {
      for (const m of todo) await upsertLiveMatch(q, m);
    });
    for (const m of todo) written.set(m.id, `${m.ms}|${m.bs}|${m.ac}`);
  };

  const syncOnce = async () => {
    const all = state.snapshot({ includeEnded: true });
    await writeMatches(all);
    while (pendingResults.length) {
      const r = pendingResults[0]!;
      if (!written.has(r.matchId)) {
        // a result of a match this process never saw live: nothing to attach it to
        pendingResults.shift();
        continue;
      }
      await storeLiveResult(db, r);
      pendingResults.shift();
    }
    // forget matches the state no longer holds (their final status came with the result)
    const held = new Set(all.map((m) => m.id));
    for (const id of [...written.keys()]) if (!held.has(id)) written.delete(id);
  };
  const sync = () => {
    running ??= syncOnce().finally(() => { running = null; });
    return running;
  };

  const offResult = state.onResult((r) => { pendingResults.push(r); });
  await sync();
  const stopTimer = scheduler.every(SYNC_EVERY_MS, () => { sync().catch(onError); });
  return {
    sync,
    async ensure(ids) {
      const todo = ids.filter((id) => !written.has(id)).map((id) => state.getMatch(id)).filter((m): m is LiveMatch => !!m);
      if (todo.length) await writeMatches(todo);
    },
    stop() {
      stopTimer();
      offResult();
    },
  };
}
