/** Timers in virtual time for socket tests: `advance` runs what falls due, in order, and moves the clock. */
export function virtualTimers() {
  let now = 0;
  let seq = 0;
  const timers: Array<{ at: number; fn: () => void; id: number }> = [];
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number): unknown => { timers.push({ at: now + ms, fn, id: ++seq }); return seq; },
    clearTimeout: (h: unknown): void => { const i = timers.findIndex((t) => t.id === h); if (i >= 0) timers.splice(i, 1); },
    /** Waits not run yet. */
    pending: () => timers.length,
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const t = timers[0];
        if (!t || t.at > end) break;
        timers.shift();
        now = t.at;
        t.fn();
      }
      now = end;
    },
  };
}
