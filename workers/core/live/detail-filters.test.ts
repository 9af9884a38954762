import { describe, expect, it } from 'vitest';
import { groupChange, marketsChange } from '../../../domain/protocol/feed.ts';
import { createDiffState, diffStore, setViews, type MatchPatch } from '../feed/diff.ts';
import { group, match, snap, delta } from '../feed/fixtures.test-util.ts';
import { applyFrame, createOddsStore, createTouched } from '../feed/odds-store.ts';
import { createDetailFilterState, liveMatchTabs, withDetailFilters } from './detail-filters.ts';

/** The odds store and diff of one open live MatchDetail, and what the UI was sent. */
function detail(id: number) {
  const store = createOddsStore();
  const ds = createDiffState();
  const st = createDetailFilterState();
  const now = 1000;
  applyFrame(store, snap(1, now, [match(1), match(2, 5)]), now);
  const send = (patches: MatchPatch[]) => withDetailFilters(st, store, id, patches);
  // both matches are watched (a list row and the detail), only `id` is the open MatchDetail
  const first = send(setViews(ds, store, [1, 2], now, { types: [1, 186], detail: [id] }));
  let seq = 1;
  const feed = (...changes: Parameters<typeof delta>[2]) => {
    const t = createTouched();
    applyFrame(store, delta(++seq, now, changes), now, t);
    return send(diffStore(ds, store, t, now));
  };
  const resnap = (m: ReturnType<typeof match>) => {
    const t = createTouched();
    applyFrame(store, snap(++seq, now, [m]), now, t);
    return send(diffStore(ds, store, t, now));
  };
  return { store, first, feed, resnap };
}

describe('live MatchDetail filters', () => {
  it('sends each group its tabs and the match the tabs that hold a visible group', () => {
    const { first } = detail(1);
    const p = first.find((x) => x.id === 1)!;
    // football fixture: 1X2, total 2.5, rest of match (7, 61), next goal (8, 62)
    expect(p.m!.filters).toEqual(['all', 'main', 'total', 'half', 'goals']);
    expect(p.g![101]!.filters).toEqual(['main']);
    expect(p.g![161]!.filters).toEqual(['half', 'goals']);
  });

  it('follows markets that appear and disappear, and leaves unchanged tabs out of the patch', () => {
    const { feed, resnap, store } = detail(1);
    // the total closes: its tab goes, the group is hidden
    const closed = feed(groupChange(1, 118, 0, 1, 0)).find((x) => x.id === 1)!;
    expect(closed.g![118]).toMatchObject({ visible: false });
    expect(closed.m!.filters).toEqual(['all', 'main', 'half', 'goals']);
    // a corners market opens: a new group with its tab
    const opened = feed(marketsChange(1, [group(1, 136, '9.5', [1800, 2000])])).find((x) => x.id === 1)!;
    expect(opened.g![136 + 100]!.filters).toEqual(['corners']);
    expect(opened.m!.filters).toEqual(['all', 'main', 'half', 'goals', 'corners']);
    // a suspension changes no tab: no filters in the patch
    const locked = feed(groupChange(1, 101, 1, 1, 1)).find((x) => x.id === 1)!;
    expect(locked.g![101]).toMatchObject({ suspended: true });
    expect(locked.g![101]!.filters).toBeUndefined();
    expect(locked.m?.filters).toBeUndefined();
    // a fresh snapshot without the corners and total: the view is told to hide them
    const m = match(1);
    m.odds = m.odds.filter((g) => g.oddstype !== 18);
    const again = resnap(m).find((x) => x.id === 1)!;
    expect(again.g![236]).toEqual({ visible: false });
    expect(liveMatchTabs(store, 1)).toEqual(['all', 'main', 'half', 'goals']);
  });

  it('leaves the patches of other matches alone', () => {
    const { feed, first } = detail(1);
    const row = first.find((x) => x.id === 2)!;
    expect(row.m!.filters).toBeUndefined();
    expect(row.g![386]!.filters).toBeUndefined();
    const out = feed(groupChange(1, 101, 1, 1, 1), groupChange(2, 386, 1, 1, 1));
    expect(out.find((x) => x.id === 2)!.g![386]).toEqual({ suspended: true });
    const tennis = detail(2).first.find((x) => x.id === 2)!;
    expect(tennis.m!.filters).toEqual(['all', 'main']);
  });
});
