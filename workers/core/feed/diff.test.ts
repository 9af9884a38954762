import { describe, expect, it } from 'vitest';
import { groupChange, oddChange, scoreChange, statusChange } from '../../../domain/protocol/feed.ts';
import { createDiffState, createPatchBatcher, diffStore, mergePatch, setFormat, setViews } from './diff.ts';
import type { MatchPatch } from './diff.ts';
import { delta, match, oddId, snap } from './fixtures.test-util.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';
import { arrowSweep } from './sweeps.ts';

const NOW = 5_000_000;
const NO_CARDS = { yh: 0, ya: 0, rh: 0, ra: 0 };

function setup(views: number[]) {
  const store = createOddsStore();
  applyFrame(store, snap(1, NOW, [match(1), match(2, 5)]), NOW);
  const ds = createDiffState();
  const first = setViews(ds, store, views, NOW);
  let seq = 1;
  const step = (changes: Parameters<typeof delta>[2], now = NOW) => {
    const t = createTouched();
    applyFrame(store, delta(++seq, NOW, changes), now, t);
    return diffStore(ds, store, t, now);
  };
  return { store, ds, first, step };
}

describe('diff', () => {
  it('sends a full patch when a view subscribes', () => {
    const { first } = setup([1]);
    expect(first).toHaveLength(1);
    const p = first[0]!;
    expect(p.m).toMatchObject({ id: 1, homeLabel: 'Home Team .', status: '1p', open: true, scr: { h: 0, a: 0 } });
    expect(Object.keys(p.g!)).toHaveLength(6);
    expect(p.o![oddId(1, 1, 0)]).toMatchObject({ odd: 2100, text: '2.10', mv: 0, open: true, locked: false, label: '1' });
  });

  it('patches only changed fields of subscribed matches', () => {
    const { step } = setup([1]);
    const patches = step([oddChange(1, 101, oddId(1, 1, 0), 2250, 1), oddChange(2, 20186, oddId(2, 186, 0), 1800, 1)]);
    expect(patches).toEqual([{ id: 1, o: { [oddId(1, 1, 0)]: { odd: 2250, text: '2.25', mv: 1 } } }]);
    // the same odd again: nothing to send
    expect(step([oddChange(1, 101, oddId(1, 1, 0), 2250, 1)])).toEqual([]);
  });

  it('clears the arrow with a patch after 3 s', () => {
    const { store, ds, step } = setup([1]);
    step([oddChange(1, 101, oddId(1, 1, 0), 2000, 1)], NOW);
    const t = createTouched();
    arrowSweep(store, NOW + 3000, t);
    expect(diffStore(ds, store, t, NOW + 3000)).toEqual([{ id: 1, o: { [oddId(1, 1, 0)]: { mv: 0 } } }]);
  });

  it('locks every outcome when bets stop and shows HT for a pause', () => {
    const { step } = setup([1]);
    const [p] = step([statusChange(1, 'paused', 'stopped', 45, 1)]);
    expect(p!.m).toEqual({ ms: 'paused', status: 'HT', bs: 'stopped', open: false, ti: 45 });
    expect(Object.keys(p!.o!)).toHaveLength(17);
    expect(p!.o![oddId(1, 1, 0)]).toEqual({ open: false, locked: true });
    expect(p!.g).toBeUndefined();
  });

  it('sends group suspension with its outcomes, and score specials', () => {
    const { step } = setup([1]);
    const [p] = step([groupChange(1, 118, 1, 1, 1)]);
    expect(p!.g).toEqual({ 118: { suspended: true } });
    expect(p!.o![oddId(1, 18, 1)]).toEqual({ open: false, suspended: true });
    const [q] = step([scoreChange(1, { h: 0, a: 1 }, [], NO_CARDS, { h: 0, a: 0 })]);
    expect(q!.m).toEqual({ scr: { h: 0, a: 1 } });
    expect(q!.g![107]).toEqual({ name: 'Rest of match (0:1)', special: '0:1' });
    expect(q!.o![oddId(1, 7, 0)]).toEqual({ key: '1|7|1|0:1', special: '0:1' });
  });

  it('sends removed for a subscribed match that ends, nothing for others', () => {
    const { step } = setup([2]);
    expect(step([statusChange(1, 'ended', 'stopped', 90, 2)])).toEqual([]);
    expect(step([statusChange(2, 'retired', 'stopped', 50, 2)])).toEqual([{ id: 2, removed: true }]);
  });

  it('follows view changes and display settings', () => {
    const { store, ds } = setup([1]);
    const added = setViews(ds, store, [1, 2], NOW);
    expect(added.map((p) => p.id)).toEqual([2]);
    expect(setViews(ds, store, [2], NOW)).toEqual([]);
    expect(ds.sent.has(1)).toBe(false);
    const fmt = setFormat(ds, store, { tofixed: 3 }, NOW);
    expect(fmt).toEqual([{ id: 2, o: { [oddId(2, 186, 0)]: { text: '1.700' }, [oddId(2, 186, 1)]: { text: '2.100' } } }]);
  });
});

describe('patch batcher', () => {
  it('coalesces patches into at most one delivery per frame', () => {
    const frames: (() => void)[] = [];
    const delivered: MatchPatch[][] = [];
    const b = createPatchBatcher((cb) => frames.push(cb), (p) => delivered.push(p));
    b.push([{ id: 1, o: { 11: { odd: 2000, mv: 1 } } }]);
    b.push([{ id: 1, o: { 11: { odd: 2100 }, 12: { odd: 3000 } } }, { id: 2, m: { ti: 5 } }]);
    b.push([{ id: 1, m: { ti: 7 } }]);
    expect(frames).toHaveLength(1);
    expect(b.pending).toBe(2);
    frames.shift()!();
    expect(delivered).toEqual([[
      { id: 1, m: { ti: 7 }, o: { 11: { odd: 2100, mv: 1 }, 12: { odd: 3000 } } },
      { id: 2, m: { ti: 5 } },
    ]]);
    b.push([]);
    expect(frames).toHaveLength(0);
    b.push([{ id: 3, m: { ti: 1 } }]);
    expect(frames).toHaveLength(1);
  });

  it('lets removal win and a re-add after removal replace it', () => {
    expect(mergePatch({ id: 1, m: { ti: 1 } }, { id: 1, removed: true })).toEqual({ id: 1, removed: true });
    const full = { id: 1, m: { ti: 2 }, g: {}, o: {} };
    expect(mergePatch({ id: 1, removed: true }, full)).toBe(full);
  });
});

describe('patch batcher budget', () => {
  it('spreads a large batch over frames, at least one patch each, in order', () => {
    const frames: Array<() => void> = [];
    const out: MatchPatch[][] = [];
    const b = createPatchBatcher((cb) => frames.push(cb), (p) => out.push(p), 10);
    const full = (id: number): MatchPatch => ({ id, m: { id }, o: Object.fromEntries([1, 2, 3, 4].map((k) => [id * 10 + k, { odd: 2000 }])) });
    b.push([full(1), full(2), full(3)]);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(out.map((x) => x.map((p) => p.id))).toEqual([[1]]);
    frames.shift()!();
    frames.shift()!();
    expect(out.map((x) => x.map((p) => p.id))).toEqual([[1], [2], [3]]);
    expect(frames).toHaveLength(0);
  });
});
