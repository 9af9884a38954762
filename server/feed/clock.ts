/**
 * Injected time for the feed: everything reads a Clock and schedules through a Scheduler, so
 * tests and the bench run the simulator in virtual time and production uses the system clock.
 */

export interface Clock {
  now(): number;
}

/** Repeating timers; `every` returns a cancel function. */
export interface Scheduler extends Clock {
  every(ms: number, fn: () => void): () => void;
}

/** The process clock and timers; timers are unref'd so they never keep Node alive. */
export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  every(ms, fn) {
    const h = setInterval(fn, ms);
    h.unref();
    return () => clearInterval(h);
  },
};

/** A scheduler in virtual time: `advance` moves the clock and runs due timers in time order. */
export interface ManualScheduler extends Scheduler {
  advance(ms: number): void;
}

export function manualScheduler(start = 0): ManualScheduler {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; ms: number; fn: () => void }>();
  return {
    now: () => now,
    every(ms, fn) {
      const id = nextId++;
      timers.set(id, { at: now + ms, ms, fn });
      return () => timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due: { id: number; at: number } | undefined;
        for (const [id, t] of timers) if (t.at <= end && (!due || t.at < due.at)) due = { id, at: t.at };
        if (!due) break;
        const t = timers.get(due.id)!;
        now = t.at;
        t.at += t.ms;
        t.fn();
      }
      now = end;
    },
  };
}
