/** A repeating timer (the worker's setInterval; tests drive it in virtual time). Returns its stop. */
export type Every = (ms: number, fn: () => void) => () => void;

/** The worker's timers: the browser's in core.worker.ts, virtual in tests. */
export interface CoreTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
  every: Every;
  /** requestAnimationFrame in the worker (or a 16 ms timeout). */
  frame(fn: () => void): void;
}
