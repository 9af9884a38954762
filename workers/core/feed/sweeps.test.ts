import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_WINDOW_MS, STALE_LIVE_MS } from '../../../domain/match/live-timings.ts';
import { oddChange, statusChange } from '../../../domain/protocol/feed.ts';
import { delta, match, oddId, snap } from './fixtures.test-util.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';
import type { Touched } from './odds-store.ts';
import { arrowSweep, liveWindowSweep, removalSweep, staleSweep, startSweeps } from './sweeps.ts';

const T0 = Date.UTC(2026, 0, 1, 18);

describe('sweeps in virtual time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const every = (ms: number, fn: () => void) => {
    const h = setInterval(fn, ms);
    return () => clearInterval(h);
  };

  it('stops bets on a live match silent for 300 s at the next 60 s check, unless paused', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, T0, [{ ...match(1), d: T0, u: T0 }, { ...match(2), d: T0, u: T0 }, { ...match(3), d: T0, u: T0 }]), Date.now());
    applyFrame(store, delta(2, T0, [statusChange(2, 'paused', 'started', 45, 1)]), Date.now());
    const seen: Touched[] = [];
    const stop = startSweeps(store, every, () => Date.now(), (t) => seen.push(t));
    vi.advanceTimersByTime(120_000);
    // match 3 keeps talking
    applyFrame(store, delta(3, T0, [statusChange(3, '1p', 'started', 12, 1)]), Date.now());
    vi.advanceTimersByTime(STALE_LIVE_MS - 120_000 - 1);
    expect(store.matches.get(1)!.bs).toBe('started');
    vi.advanceTimersByTime(60_000);
    expect(store.matches.get(1)!.bs).toBe('stopped');
    expect(store.matches.get(2)!.bs).toBe('started');
    expect(store.matches.get(3)!.bs).toBe('started');
    expect(seen.some((t) => t.all.has(1))).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(store.matches.get(3)!.bs).toBe('stopped');
    stop();
  });

  it('clears odd arrows after 3 s on the 1 s tick', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, T0, [match(1)]), Date.now());
    applyFrame(store, delta(2, T0, [oddChange(1, 101, oddId(1, 1, 0), 2500, 1)]), Date.now());
    const seen: Touched[] = [];
    const stop = startSweeps(store, every, () => Date.now(), (t) => seen.push(t));
    vi.advanceTimersByTime(2000);
    expect(store.outcomes.get(oddId(1, 1, 0))!.mv).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(store.outcomes.get(oddId(1, 1, 0))!.mv).toBe(0);
    expect(store.moving.size).toBe(0);
    expect(seen).toHaveLength(1);
    expect([...seen[0]!.outcomes]).toEqual([oddId(1, 1, 0)]);
    stop();
  });
});

describe('sweep functions', () => {
  it('removes finished matches left in the store', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, 0, [match(1), match(2)]), 0);
    store.matches.get(2)!.ms = 'after_ot';
    const t = createTouched();
    expect(removalSweep(store, t)).toEqual([2]);
    expect(t.removed.has(2)).toBe(true);
    expect(store.groups.has(201)).toBe(false);
  });

  it('drops a never-live match once its start is 150 minutes past', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, 0, [{ ...match(1), ms: 'not_started', d: 0 }, { ...match(2), d: 0 }]), 0);
    const t = createTouched();
    expect(liveWindowSweep(store, LIVE_WINDOW_MS - 1, t)).toEqual([]);
    expect(liveWindowSweep(store, LIVE_WINDOW_MS, t)).toEqual([1]);
    expect(store.matches.has(2)).toBe(true);
  });

  it('leaves fresh arrows and fresh matches alone', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, 0, [match(1)]), 0);
    applyFrame(store, delta(2, 0, [oddChange(1, 101, oddId(1, 1, 0), 2500, 1)]), 1000);
    const t = createTouched();
    expect(arrowSweep(store, 3999, t)).toBe(0);
    expect(staleSweep(store, 1000 + STALE_LIVE_MS - 1, t)).toEqual([]);
    expect(arrowSweep(store, 4000, t)).toBe(1);
  });
});
