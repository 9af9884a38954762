import { describe, expect, it } from 'vitest';
import type { CouponFilter } from '../workers/core/api.ts';
import { EARLY_MS, earlyFirstList, FIRST_FILTER } from '../src/features/coupons/early-list.ts';

/** A loader that counts its calls and answers with the call's number. */
function counting() {
  const calls: CouponFilter[] = [];
  return { calls, load: (f: CouponFilter) => { calls.push(f); return Promise.resolve(calls.length); } };
}

describe('Coupons\' early first list', () => {
  it('asks once while fresh and hands that answer to the first filter once', async () => {
    const l = counting();
    const first = earlyFirstList(l.load);
    first.ask(1000);
    first.ask(2000); // the route asks again after the app's start: the same call
    expect(l.calls).toEqual([FIRST_FILTER]);
    expect(await first.listFor(FIRST_FILTER, 2500)).toBe(1);
    // Taken once: the next open of the page (or a retry of the first filter) calls anew.
    expect(await first.listFor(FIRST_FILTER, 2600)).toBe(2);
  });

  it('calls anew for another filter, and for an early answer gone stale', async () => {
    const l = counting();
    const first = earlyFirstList(l.load);
    first.ask(0);
    expect(await first.listFor({ ...FIRST_FILTER, status: 1 }, 10)).toBe(2);
    expect(await first.listFor(FIRST_FILTER, EARLY_MS + 1)).toBe(3);
    first.ask(EARLY_MS + 2);
    expect(l.calls).toHaveLength(4);
  });

  it('keeps a failed early call from surfacing until the page takes it', async () => {
    const first = earlyFirstList(() => Promise.reject(new Error('not logged in')));
    first.ask(0);
    await new Promise((r) => setTimeout(r, 0)); // no unhandled rejection meanwhile
    await expect(first.listFor(FIRST_FILTER, 1)).rejects.toThrow('not logged in');
  });
});
