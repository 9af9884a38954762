import { describe, expect, it } from 'vitest';
import type { MatchPatch } from './diff.ts';
import { createOffscreenThrottle } from './offscreen-throttle.ts';

/** One-shot timers in virtual time. */
function virtualTime() {
  let now = 1_000_000;
  let id = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    clock: () => now,
    setTimeout: (fn: () => void, ms: number) => { timers.set(++id, { at: now + ms, fn }); return id; },
    clearTimeout: (h: unknown) => { timers.delete(h as number); },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

const odd = (id: number, price: number): MatchPatch => ({ id, o: { [id * 10]: { odd: price } } });

function setup(live: (id: number) => boolean = () => false) {
  const vt = virtualTime();
  const out: Array<{ at: number; patches: MatchPatch[] }> = [];
  const gate = createOffscreenThrottle({ ...vt, live, deliver: (patches) => out.push({ at: vt.clock(), patches }) });
  return { vt, out, gate };
}

describe('off-screen throttle (data saver)', () => {
  it('passes every patch at once while data saver is off', () => {
    const { out, gate } = setup();
    gate.setVisible([1]);
    gate.push([odd(1, 2000), odd(2, 3000)]);
    expect(out).toHaveLength(1);
    expect(out[0]!.patches.map((p) => p.id)).toEqual([1, 2]);
    expect(gate.held).toBe(0);
  });

  it('delivers off-screen patches at most once a second, merged; on-screen ones at once', () => {
    const { vt, out, gate } = setup();
    gate.setEnabled(true);
    gate.setVisible([1]);
    // a quiet start: the first off-screen patch goes at once (timer of 0 ms)
    gate.push([odd(1, 2000), odd(2, 3000)]);
    expect(out.map((d) => d.patches.map((p) => p.id))).toEqual([[1]]);
    vt.advance(0);
    expect(out.map((d) => d.patches.map((p) => p.id))).toEqual([[1], [2]]);
    const firstAt = out[1]!.at;
    // ten changes of match 2 over 900 ms, one of match 1 each time
    for (let i = 1; i <= 10; i++) {
      vt.advance(90);
      gate.push([odd(1, 2000 + i), odd(2, 3000 + i)]);
    }
    const offscreen = () => out.filter((d) => d.patches.some((p) => p.id === 2));
    expect(offscreen()).toHaveLength(1);
    expect(out.filter((d) => d.patches.some((p) => p.id === 1))).toHaveLength(11);
    vt.advance(100);
    expect(offscreen()).toHaveLength(2);
    // the held changes arrive as one patch with the latest price, a second after the last delivery
    expect(offscreen()[1]!.at - firstAt).toBe(1000);
    expect(offscreen()[1]!.patches).toEqual([{ id: 2, o: { 20: { odd: 3010 } } }]);
    // over 10 s of changes every 50 ms: at most one delivery of match 2 per second
    const before = offscreen().length;
    for (let i = 0; i < 200; i++) {
      vt.advance(50);
      gate.push([odd(2, 4000 + i)]);
    }
    vt.advance(1000);
    const times = offscreen().slice(before).map((d) => d.at);
    expect(times.length).toBeGreaterThanOrEqual(10);
    expect(times.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(offscreen().at(-1)!.patches).toEqual([{ id: 2, o: { 20: { odd: 4199 } } }]);
  });

  it('never holds a match that must stay live (a pick on the slip)', () => {
    let picked = 3;
    const { out, gate } = setup((id) => id === picked);
    gate.setEnabled(true);
    gate.setVisible([]);
    gate.push([odd(2, 3000)]);
    gate.push([odd(2, 3001), odd(3, 5000)]);
    gate.push([odd(3, 5001)]);
    expect(out.map((d) => d.patches)).toEqual([[{ id: 3, o: { 30: { odd: 5000 } } }], [{ id: 3, o: { 30: { odd: 5001 } } }]]);
    expect(gate.held).toBe(1);
    // a pick on match 2 now: its held change goes at once
    picked = 2;
    gate.refresh();
    expect(out.at(-1)!.patches).toEqual([{ id: 2, o: { 20: { odd: 3001 } } }]);
    expect(gate.held).toBe(0);
  });

  it('releases held patches when the row scrolls into view or data saver goes off, in order', () => {
    const { vt, out, gate } = setup();
    gate.setEnabled(true);
    gate.push([odd(2, 3000)]);
    vt.advance(0);
    gate.push([odd(2, 3001), odd(4, 100)]);
    expect(gate.held).toBe(2);
    gate.setVisible([2]);
    expect(out.at(-1)!.patches).toEqual([{ id: 2, o: { 20: { odd: 3001 } } }]);
    // a visible match: a later patch passes merged behind nothing (nothing held any more)
    gate.push([odd(2, 3002)]);
    expect(out.at(-1)!.patches).toEqual([{ id: 2, o: { 20: { odd: 3002 } } }]);
    gate.setEnabled(false);
    expect(out.at(-1)!.patches).toEqual([{ id: 4, o: { 40: { odd: 100 } } }]);
    expect(gate.held).toBe(0);
    // nothing left to deliver at the next second
    const n = out.length;
    vt.advance(2000);
    expect(out).toHaveLength(n);
  });

  it('drops held patches of rows no view watches any more', () => {
    const { vt, out, gate } = setup();
    gate.setEnabled(true);
    gate.push([odd(2, 3000)]);
    vt.advance(0);
    gate.push([odd(2, 3001), odd(5, 100)]);
    gate.keepOnly(new Set([5]));
    vt.advance(1000);
    expect(out.at(-1)!.patches).toEqual([{ id: 5, o: { 50: { odd: 100 } } }]);
    expect(gate.held).toBe(0);
  });
});
