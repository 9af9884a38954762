import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../domain/protocol/feed-codec.ts';
import { addChange, groupChange, marketsChange, oddChange, removeChange, scoreChange, statusChange } from '../../../domain/protocol/feed.ts';
import { decodeFeedMessage, encodeFeedRequest } from './decode.ts';
import { outcomeView } from './diff.ts';
import { delta, group, match, oddId, snap } from './fixtures.test-util.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';

const NOW = 1_000_000;

function synced() {
  const store = createOddsStore();
  applyFrame(store, snap(1, NOW, [match(1), match(2, 5)]), NOW);
  return store;
}

const view = (store: ReturnType<typeof createOddsStore>, oid: number, now = NOW) => {
  const o = store.outcomes.get(oid)!;
  return outcomeView(store.matches.get(o.m)!, store.groups.get(o.g)!, o, now, {});
};

const NO_CARDS = { yh: 0, ya: 0, rh: 0, ra: 0 };

describe('decode', () => {
  it('decodes binary socket messages, from an ArrayBuffer too', () => {
    const frame = snap(4, NOW, [match(1)]);
    const bytes = encodeFrame(frame);
    const copy = new Uint8Array(bytes); // a copy with its own ArrayBuffer, as a socket delivers it
    expect(decodeFeedMessage(bytes)).toEqual(frame);
    expect(decodeFeedMessage(copy.buffer)).toEqual(frame);
    expect(() => decodeFeedMessage(new Uint8Array([1, 2, 3]))).toThrow();
    expect(encodeFeedRequest({ op: 'resync' })).toBeInstanceOf(Uint8Array);
  });
});

describe('odds store', () => {
  it('normalises a snapshot into matches, groups and outcomes', () => {
    const store = synced();
    expect(store.synced).toBe(true);
    expect(store.seq).toBe(1);
    expect(store.matches.get(1)!.groupIds).toHaveLength(6);
    expect(store.groups.size).toBe(7);
    expect(store.outcomes.get(oddId(1, 1, 0))).toMatchObject({ odd: 2100, m: 1, g: 101, mv: 0 });
  });

  it('marks movement up, down or none with its time', () => {
    const store = synced();
    const t = createTouched();
    applyFrame(store, delta(2, NOW, [oddChange(1, 101, oddId(1, 1, 0), 2200, 1), oddChange(1, 101, oddId(1, 1, 1), 3000, 1), oddChange(1, 101, oddId(1, 1, 2), 3600, 1)]), NOW + 10, t);
    expect(store.outcomes.get(oddId(1, 1, 0))).toMatchObject({ odd: 2200, mv: 1, mvAt: NOW + 10 });
    expect(store.outcomes.get(oddId(1, 1, 1))).toMatchObject({ odd: 3000, mv: -1 });
    expect(store.outcomes.get(oddId(1, 1, 2))).toMatchObject({ mv: 0 });
    expect([...t.outcomes]).toHaveLength(3);
    expect(view(store, oddId(1, 1, 0), NOW + 3009).mv).toBe(1);
    expect(view(store, oddId(1, 1, 0), NOW + 3010).mv).toBe(0);
  });

  it('asks for a resync on a sequence gap and ignores deltas until the snapshot', () => {
    const store = synced();
    expect(applyFrame(store, delta(3, NOW, [oddChange(1, 101, oddId(1, 1, 0), 2500, 1)]), NOW)).toBe('gap');
    expect(store.outcomes.get(oddId(1, 1, 0))!.odd).toBe(2100);
    expect(applyFrame(store, delta(4, NOW, [oddChange(1, 101, oddId(1, 1, 0), 2600, 1)]), NOW)).toBe('ignored');
    expect(applyFrame(store, snap(5, NOW, [{ ...match(1), odds: [group(1, 1, '', [2600, 3300, 3600])] }]), NOW + 5)).toBe('applied');
    // the resync snapshot moved the odd: arrow shown; match 2 left the subscription
    expect(store.outcomes.get(oddId(1, 1, 0))).toMatchObject({ odd: 2600, mv: 1 });
    expect(store.matches.has(2)).toBe(false);
    expect(store.groups.has(118)).toBe(false);
    expect(applyFrame(store, delta(6, NOW, []), NOW)).toBe('applied');
  });

  it('applies suspension and lock rules', () => {
    const store = synced();
    expect(view(store, oddId(1, 1, 0))).toMatchObject({ open: true, locked: false, suspended: false, text: '2.10' });
    applyFrame(store, delta(2, NOW, [oddChange(1, 101, oddId(1, 1, 1), 1005, 1)]), NOW);
    expect(view(store, oddId(1, 1, 1))).toMatchObject({ open: false, locked: false, suspended: true, text: '1.005' });
    applyFrame(store, delta(3, NOW, [groupChange(1, 118, 0, 0, 1)]), NOW);
    expect(store.groups.get(118)).toMatchObject({ active: 0, iss: 1, isv: 0 });
    expect(view(store, oddId(1, 18, 0))).toMatchObject({ open: false, locked: true, suspended: true });
    applyFrame(store, delta(4, NOW, [statusChange(1, '1p', 'stopped', 12, 1)]), NOW);
    expect(view(store, oddId(1, 1, 0))).toMatchObject({ open: false, locked: true });
    applyFrame(store, delta(5, NOW, [oddChange(1, 101, oddId(1, 1, 2), 3600, 0), statusChange(1, '1p', 'started', 12, 1)]), NOW);
    expect(view(store, oddId(1, 1, 2))).toMatchObject({ open: false, locked: true });
    expect(view(store, oddId(1, 1, 0))).toMatchObject({ open: true, locked: false });
  });

  it('moves specials and labels of next goal and 7, 61, 8, 62 on a football score change', () => {
    const store = synced();
    const t = createTouched();
    applyFrame(store, delta(2, NOW, [scoreChange(1, { h: 1, a: 0 }, [], NO_CARDS, { h: 0, a: 0 })]), NOW, t);
    expect(store.groups.get(107)).toMatchObject({ special: '1:0', nicename: 'Rest of match (1:0)' });
    expect(store.groups.get(161)).toMatchObject({ special: '1:0' });
    expect(store.groups.get(108)).toMatchObject({ special: '2', nicename: 'Next goal (2)' });
    expect(store.groups.get(162)).toMatchObject({ special: '2' });
    expect(store.outcomes.get(oddId(1, 8, 0))!.special).toBe('2');
    expect(store.groups.get(118)!.special).toBe('2.5');
    expect([...t.groups].sort()).toEqual([107, 108, 161, 162]);
    // corners alone move nothing
    const t2 = createTouched();
    applyFrame(store, delta(3, NOW, [scoreChange(1, { h: 1, a: 0 }, [], NO_CARDS, { h: 1, a: 0 })]), NOW, t2);
    expect(t2.groups.size).toBe(0);
    expect(t2.fields.has(1)).toBe(true);
  });

  it('removes ended matches, and 4p of a 90-minute football match', () => {
    const store = synced();
    const t = createTouched();
    applyFrame(store, delta(2, NOW, [statusChange(2, 'retired', 'stopped', 50, 2)]), NOW, t);
    expect(store.matches.has(2)).toBe(false);
    expect(t.removed.has(2)).toBe(true);
    applyFrame(store, delta(3, NOW, [statusChange(1, '4p', 'stopped', 90, 4)]), NOW, t);
    expect(store.matches.size).toBe(0);
    expect(store.outcomes.size).toBe(0);
    // an ended match in an add is not stored
    applyFrame(store, delta(4, NOW, [addChange({ ...match(3), ms: 'ended' })]), NOW, t);
    expect(store.matches.size).toBe(0);
  });

  it('adds matches, replaces markets and removes on r', () => {
    const store = synced();
    applyFrame(store, delta(2, NOW, [addChange(match(3)), marketsChange(3, [group(3, 1, '', [1500, 4000, 6000])])]), NOW + 1);
    expect(store.outcomes.get(oddId(3, 1, 0))).toMatchObject({ odd: 1500, mv: -1 });
    expect(store.matches.get(3)!.groupIds).toHaveLength(6);
    expect(store.matches.get(3)!.seenAt).toBe(NOW + 1);
    applyFrame(store, delta(3, NOW, [removeChange(3, 1)]), NOW);
    expect(store.matches.has(3)).toBe(false);
    expect(store.outcomes.has(oddId(3, 1, 0))).toBe(false);
  });

  it('dates a snapshot match by the server age of its last update', () => {
    const store = createOddsStore();
    applyFrame(store, snap(1, 50_000, [match(1, 1, 20_000)]), 900_000);
    expect(store.matches.get(1)!.seenAt).toBe(870_000);
  });
});
