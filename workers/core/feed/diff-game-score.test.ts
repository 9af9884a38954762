import { describe, expect, it } from 'vitest';
import { scoreChange, statusChange } from '../../../domain/protocol/feed.ts';
import { createDiffState, diffStore, setViews } from './diff.ts';
import { delta, match, snap } from './fixtures.test-util.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';

const NOW = 5_000_000;
const NO_CARDS = { yh: 0, ya: 0, rh: 0, ra: 0 };

function setup() {
  const store = createOddsStore();
  // match 1 football, match 2 tennis (set 1 at 2-1 with 15-30 in the game)
  const tennis = { ...match(2, 5), sscr: [{ h: 2, a: 1 }], p: { h: 1, a: 2 } };
  applyFrame(store, snap(1, NOW, [match(1), tennis]), NOW);
  const ds = createDiffState();
  const first = setViews(ds, store, [1, 2], NOW);
  let seq = 1;
  const step = (changes: Parameters<typeof delta>[2]) => {
    const t = createTouched();
    applyFrame(store, delta(++seq, NOW, changes), NOW, t);
    return diffStore(ds, store, t, NOW);
  };
  return { first, step };
}

describe('diff: the game score and added time', () => {
  it('sends the tennis point score in the full patch, and none for football', () => {
    const { first } = setup();
    expect(first.find((p) => p.id === 2)!.m).toMatchObject({ gs: { h: '15', a: '30' }, sscr: [{ h: 2, a: 1 }] });
    expect(first.find((p) => p.id === 1)!.m).toMatchObject({ gs: null, tie: 0, tiee: 0 });
  });

  it('patches only the point score when a point is played, and advantage reads A', () => {
    const { step } = setup();
    expect(step([scoreChange(2, { h: 0, a: 0 }, [{ h: 2, a: 1 }], NO_CARDS, { h: 0, a: 0 }, { h: 2, a: 2 })]))
      .toEqual([{ id: 2, m: { gs: { h: '30', a: '30' } } }]);
    expect(step([scoreChange(2, { h: 0, a: 0 }, [{ h: 2, a: 1 }], NO_CARDS, { h: 0, a: 0 }, { h: 5, a: 4 })]))
      .toEqual([{ id: 2, m: { gs: { h: 'A', a: '40' } } }]);
    // the game is won: one more game in the set and the points start over
    expect(step([scoreChange(2, { h: 0, a: 0 }, [{ h: 3, a: 1 }], NO_CARDS, { h: 0, a: 0 }, { h: 0, a: 0 })]))
      .toEqual([{ id: 2, m: { sscr: [{ h: 3, a: 1 }], gs: { h: '0', a: '0' } } }]);
  });

  it('sends added time with the minute', () => {
    const { step } = setup();
    expect(step([statusChange(1, '1p', 'started', 45, 1, 2, 4)])).toEqual([{ id: 1, m: { ti: 45, tie: 2, tiee: 4 } }]);
  });
});
