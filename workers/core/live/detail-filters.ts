/**
 * Market filters of the open live MatchDetail. The patches of diff.ts carry groups as the feed
 * changes them; on their way out this adds what the filter tabs need, with the same domain rule
 * as pre-match (domain/market/filters.ts): each new group's filter ids, the match's tab list
 * whenever the shown groups change it, and a hide for groups a fresh snapshot dropped.
 */
import { groupFilterIds, usedFilterIds } from '../../../domain/market/filters.ts';
import type { MatchPatch } from '../feed/diff.ts';
import type { OddsStore } from '../feed/odds-store.ts';

/** What the open MatchDetail was last sent about its filters. */
export interface DetailFilterState {
  id: number | null;
  /** The tab list last sent, joined. */
  tabs: string;
  /** Groups the view was sent, to hide those that leave the store. */
  groups: Set<number>;
}

export function createDetailFilterState(): DetailFilterState {
  return { id: null, tabs: '', groups: new Set() };
}

/** The filter tabs a live match offers now: 'all' and those holding a visible group. */
export function liveMatchTabs(store: OddsStore, id: number): string[] {
  const m = store.matches.get(id);
  if (!m) return ['all'];
  const shown = m.groupIds.flatMap((gid) => {
    const g = store.groups.get(gid);
    return g && g.isv === 1 ? [groupFilterIds(m.sid, [g.oddstype])] : [];
  });
  return usedFilterIds(m.sid, shown);
}

/** The batch with the detail match's patch completed for the filters; other patches untouched. */
export function withDetailFilters(st: DetailFilterState, store: OddsStore, detailId: number | null, patches: MatchPatch[]): MatchPatch[] {
  if (st.id !== detailId) {
    st.id = detailId;
    st.tabs = '';
    st.groups.clear();
  }
  if (detailId === null) return patches;
  const i = patches.findIndex((p) => p.id === detailId);
  const p = patches[i];
  const m = store.matches.get(detailId);
  if (!p || p.removed || !m) {
    if (p?.removed) {
      st.tabs = '';
      st.groups.clear();
    }
    return patches;
  }
  const out: MatchPatch = { ...p };
  if (p.g) {
    const g: NonNullable<MatchPatch['g']> = {};
    for (const [k, v] of Object.entries(p.g)) {
      st.groups.add(Number(k));
      // the odds type comes only in a group's first patch; its filters never change after
      g[Number(k)] = v.oddstype === undefined ? v : { ...v, filters: groupFilterIds(m.sid, [v.oddstype]) };
    }
    out.g = g;
  }
  // diff.ts forgets groups a fresh snapshot no longer has without a word: the view must hide them
  for (const gid of [...st.groups]) {
    if (store.groups.has(gid)) continue;
    out.g = { ...out.g, [gid]: { visible: false } };
    st.groups.delete(gid);
  }
  const tabs = liveMatchTabs(store, detailId);
  const key = tabs.join();
  // a full patch (home present) starts the view again: it gets the tabs whether they changed or not
  if (key !== st.tabs || p.m?.home !== undefined) {
    out.m = { ...p.m, filters: tabs };
    st.tabs = key;
  }
  return patches.map((x, j) => (j === i ? out : x));
}
