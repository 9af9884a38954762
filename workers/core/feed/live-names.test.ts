import { describe, expect, it } from 'vitest';
import type { OddsGroup } from '../../../domain/protocol/entities.ts';
import { createDiffState, diffStore, setViews } from './diff.ts';
import { emptyNames, mergeNames, namesWanted, renameStore, type NamesWanted } from './live-names.ts';
import { applyFrame, createOddsStore, createTouched } from './odds-store.ts';
import { delta, match, snap } from './fixtures.test-util.ts';

/** A market of a feed beyond the built-in catalogue (halftime/fulltime), named in the feed's language. */
const feedGroup = (matchId: number): OddsGroup => ({
  oddsid: matchId * 100 + 47, oddstype: 47, typeName: 'Halftime/fulltime', nicename: 'Halftime/fulltime', special: '', active: 1, iss: 0, isv: 1,
  outcomes: [418, 426].map((id, i) => ({ oddid: (matchId * 100 + 47) * 10 + i, outcomeid: id, outcome: id === 418 ? 'Home/Home' : 'Away/Away', odd: 3500,
    special: '', active: 1 as const, iss: 0 as const, isv: 1 as const })),
});
const asked = (): Record<keyof NamesWanted, Set<number>> => ({ teams: new Set(), categories: new Set(), tournaments: new Set(), types: new Set() });
const TR = {
  teams: { 1: 'Ev sahibi', 2: 'Deplasman' }, categories: { 3: 'Türkiye' }, tournaments: { 4: 'Süper Lig' },
  types: { 47: { name: 'İlk yarı/maç sonucu', outcomes: { 418: '1/1', 426: '2/2' } } },
};

describe('live names in the player\'s language', () => {
  it('asks each id once per language, never the built-in market types', () => {
    const store = createOddsStore();
    const m = match(1);
    applyFrame(store, snap(1, 0, [{ ...m, odds: [...m.odds, feedGroup(1)] }]), 0);
    const a = asked();
    expect(namesWanted(store, a)).toEqual({ teams: [1, 2], categories: [3], tournaments: [4], types: [47] });
    expect(namesWanted(store, a)).toBeNull();
  });

  it('renames the held matches, groups and outcomes, and the views get the new labels; later frames arrive named', () => {
    const store = createOddsStore();
    const m = match(1);
    applyFrame(store, snap(1, 0, [{ ...m, odds: [...m.odds, feedGroup(1)] }]), 0);
    const ds = createDiffState();
    setViews(ds, store, [1], 0);
    store.names = emptyNames('tr');
    mergeNames(store.names, TR);
    const t = createTouched();
    renameStore(store, t);
    expect(store.matches.get(1)).toMatchObject({ h: 'Ev sahibi', a: 'Deplasman', cn: 'Türkiye', tn: 'Süper Lig' });
    const patch = diffStore(ds, store, t, 0).find((p) => p.id === 1)!;
    expect(patch.m).toMatchObject({ home: 'Ev sahibi', away: 'Deplasman', cn: 'Türkiye', tn: 'Süper Lig' });
    expect(patch.g?.[147]).toMatchObject({ name: 'İlk yarı/maç sonucu' });
    expect(Object.values(patch.o ?? {}).map((o) => o.label)).toEqual(expect.arrayContaining(['1/1', '2/2']));
    // the built-in market keeps the app's own name
    expect(store.groups.get(101)!.typeName).toBe('Match result');
    // a whole match sent again (its frames in the feed's language) is stored named
    applyFrame(store, delta(2, 0, [{ k: 'a', match: { ...m, id: 2, odds: [feedGroup(2)] } }]), 0);
    expect(store.matches.get(2)).toMatchObject({ h: 'Ev sahibi', cn: 'Türkiye' });
    expect(store.groups.get(247)).toMatchObject({ typeName: 'İlk yarı/maç sonucu', nicename: 'İlk yarı/maç sonucu' });
    expect([...store.outcomes.values()].filter((o) => o.g === 247).map((o) => o.outcome)).toEqual(['1/1', '2/2']);
    // nothing new: nothing touched
    const again = createTouched();
    renameStore(store, again);
    expect(again.fields.size + again.groups.size + again.outcomes.size).toBe(0);
  });
});
