/**
 * Leader election for the work that must run once in a deployment (the feed, the stale sweep,
 * settlement, the scheduled jobs): a lease row in PostgreSQL renewed by a heartbeat
 * (migration 130). Why a row and not an advisory lock: a session lock lives on one connection,
 * and a connection the pool or the network drops frees it silently; a row with an expiry is
 * re-read on every beat, survives connection churn, and can be tested with an injected clock.
 *
 * The holder renews every `renewMs`; when its lease runs out (the process died or hangs) another
 * process takes it on its next beat, so a takeover takes at most ttlMs + renewMs. A leader that
 * cannot renew before its own deadline (the database is gone, the process was paused) steps down
 * by itself: it never acts on a lease that may have passed to someone else. Expiry times are each
 * holder's clock: hosts must keep their clocks in step (NTP) well within ttlMs.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import type { Scheduler } from '../feed/clock.ts';

/** Where leases live (PostgreSQL in production; the same table on PGlite in tests). */
export interface LeaseStore {
  /** Takes or renews the lease; the term it is held under, or null when another holder has it. */
  acquire(name: string, holder: string, now: number, ttlMs: number): Promise<number | null>;
  /** Gives the lease up at once (a clean shutdown): the next process need not wait for the expiry. */
  release(name: string, holder: string): Promise<void>;
}

/** The lease table of migration 130. */
export function sqlLeaseStore(db: Queryable): LeaseStore {
  return {
    async acquire(name, holder, now, ttlMs) {
      // One statement: the row is created, renewed by its holder, or taken over once expired;
      // the term grows on each change of holder (a fencing number for logs and tests).
      const rows = await db.query<{ term: number }>(
        `insert into cluster_leases (name, holder, term, expires_at) values ($1, $2, 1, $3::bigint + $4::bigint)
         on conflict (name) do update set
           term = case when cluster_leases.holder = excluded.holder then cluster_leases.term else cluster_leases.term + 1 end,
           holder = excluded.holder, expires_at = excluded.expires_at
         where cluster_leases.holder = excluded.holder or cluster_leases.expires_at <= $3::bigint
         returning term`,
        [name, holder, now, ttlMs],
      );
      return rows[0] ? Number(rows[0].term) : null;
    },
    async release(name, holder) {
      await db.query('update cluster_leases set expires_at = 0 where name = $1 and holder = $2', [name, holder]);
    },
  };
}

/** Whether this process leads now, and news of each change. */
export interface Leadership {
  /** Leads now: holds a lease whose local deadline has not passed. */
  isLeader(): boolean;
  /** Term of the lease while leading (0 otherwise). */
  readonly term: number;
  /** Calls fn(true) on taking the lead and fn(false) on losing it (not for the current state). */
  onChange(fn: (leader: boolean) => void): () => void;
  /** Stops the heartbeat and gives the lease up. */
  stop(): Promise<void>;
}

/** A process that is always the leader: one process on PGlite, or FEED_ROLE=leader. */
export function fixedLeadership(leader: boolean): Leadership {
  return { isLeader: () => leader, term: leader ? 1 : 0, onChange: () => () => undefined, stop: async () => undefined };
}

export interface LeaseOptions {
  store: LeaseStore;
  scheduler: Scheduler;
  /** Lease name (default 'leader'). */
  name?: string;
  /** This process's id in the table (default host:pid:random). */
  holder?: string;
  /** How long a lease lasts without renewal (default 5 s). */
  ttlMs?: number;
  /** Heartbeat period: renewal, or a try to take over (default 1 s). */
  renewMs?: number;
  log?: (msg: string) => void;
}

/** A unique holder id: the host and pid for people reading the table, random bytes for uniqueness. */
export function holderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Runs the lease heartbeat; resolves after the first beat, so a process that can lead at start
 * leads before it starts its work.
 */
export async function startLeadership(opts: LeaseOptions): Promise<Leadership> {
  const { store, scheduler } = opts;
  const name = opts.name ?? 'leader';
  const holder = opts.holder ?? holderId();
  const ttlMs = opts.ttlMs ?? 5000;
  const renewMs = opts.renewMs ?? 1000;
  const log = opts.log ?? ((m: string) => console.log(m));
  const listeners = new Set<(leader: boolean) => void>();
  let leader = false;
  let term = 0;
  // Local deadline: a renewal sent at t keeps the lease until t + ttl in the table; we stop one
  // beat earlier, so an old leader has stopped before anyone can take the lease over.
  let deadline = -Infinity;
  let busy = false;
  let stopped = false;
  let lastError = '';

  const set = (next: boolean) => {
    if (next === leader) return;
    leader = next;
    if (!next) term = 0;
    log(next ? `cluster: leading (lease '${name}' term ${term}, ${holder})` : `cluster: no longer leading (lease '${name}', ${holder})`);
    for (const fn of [...listeners]) {
      try {
        fn(next);
      } catch (err) {
        log(`cluster: leadership listener failed: ${(err as Error).message}`);
      }
    }
  };

  const beat = async () => {
    if (busy || stopped) return;
    busy = true;
    const now = scheduler.now();
    if (leader && now >= deadline) set(false);
    try {
      const t = await store.acquire(name, holder, now, ttlMs);
      if (stopped) return;
      lastError = '';
      if (t === null) {
        set(false);
      } else {
        deadline = now + ttlMs - renewMs;
        term = t;
        // the reply may come late (a slow database): lead only while the renewal still holds
        if (scheduler.now() < deadline) set(true);
      }
    } catch (err) {
      // the database is unreachable: keep leading only until the deadline (checked next beat)
      if (leader && scheduler.now() >= deadline) set(false);
      // once per outage, not once a second
      const msg = (err as Error).message;
      if (msg !== lastError) log(`cluster: lease heartbeat failed: ${msg}`);
      lastError = msg;
    } finally {
      busy = false;
    }
  };

  await beat();
  const cancel = scheduler.every(renewMs, () => void beat());
  return {
    isLeader: () => leader && scheduler.now() < deadline,
    get term() {
      return term;
    },
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async stop() {
      stopped = true;
      cancel();
      const was = leader;
      set(false);
      if (was) await store.release(name, holder).catch(() => undefined);
    },
  };
}

/**
 * Runs `start` while this process leads and its stop function when it stops leading: for the
 * loops that must run once in a deployment (settlement, scheduled jobs). Returns a stop function.
 */
export function whileLeading(leadership: Leadership, start: () => () => void): () => void {
  let stop: (() => void) | null = leadership.isLeader() ? start() : null;
  const off = leadership.onChange((lead) => {
    if (lead && !stop) stop = start();
    else if (!lead && stop) {
      stop();
      stop = null;
    }
  });
  return () => {
    off();
    stop?.();
    stop = null;
  };
}
