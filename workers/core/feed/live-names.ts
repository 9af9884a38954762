/**
 * Live matches named in the player's language. The frames carry team, country and league names
 * and the names of a feed's own market types in one language (the feed's), so the wire stays
 * small; the worker asks the server once per id for the names in the player's language (the
 * liveNames call, named the way pre-match lists are) and names the store with them: a match or
 * group stored later is named as it arrives (odds-store.ts), the ones held are renamed here.
 * Built-in market types are named by the app's own catalogue and never asked.
 */
import { marketOf } from '../../../domain/market/catalogue.ts';
import type { LiveNamesReply } from '../../../domain/protocol/calls.ts';
import type { LiveNames, OddsStore, Touched } from './odds-store.ts';

/** Ids to ask names of, by kind (the liveNames payload). */
export interface NamesWanted { teams: number[]; categories: number[]; tournaments: number[]; types: number[] }

/** Caps of one liveNames call (its payload schema). */
const MAX = { teams: 2000, categories: 500, tournaments: 1000, types: 500 } as const;

export function emptyNames(lang: string): LiveNames {
  return { lang, teams: new Map(), categories: new Map(), tournaments: new Map(), types: new Map() };
}

/**
 * The ids the store shows whose names were never asked in this language (`asked` holds the ids
 * asked, by kind, and is filled here), or null when none.
 */
export function namesWanted(store: OddsStore, asked: Record<keyof NamesWanted, Set<number>>): NamesWanted | null {
  const want: NamesWanted = { teams: [], categories: [], tournaments: [], types: [] };
  const add = (kind: keyof NamesWanted, id: number) => {
    if (asked[kind].has(id) || want[kind].length >= MAX[kind]) return;
    asked[kind].add(id);
    want[kind].push(id);
  };
  for (const m of store.matches.values()) {
    add('teams', m.hid);
    add('teams', m.aid);
    add('categories', m.cid);
    add('tournaments', m.tid);
  }
  for (const g of store.groups.values()) if (!marketOf(g.oddstype)) add('types', g.oddstype);
  return want.teams.length || want.categories.length || want.tournaments.length || want.types.length ? want : null;
}

/** Takes a liveNames reply into the names. */
export function mergeNames(names: LiveNames, r: Pick<LiveNamesReply, 'teams' | 'categories' | 'tournaments' | 'types'>): void {
  for (const [id, n] of Object.entries(r.teams)) if (n) names.teams.set(Number(id), n);
  for (const [id, n] of Object.entries(r.categories)) if (n) names.categories.set(Number(id), n);
  for (const [id, n] of Object.entries(r.tournaments)) if (n) names.tournaments.set(Number(id), n);
  for (const [id, t] of Object.entries(r.types)) names.types.set(Number(id), t);
}

/** Names the held matches, groups and outcomes with the store's names; what changed goes to `touched`. */
export function renameStore(store: OddsStore, touched: Touched): void {
  const names = store.names;
  if (!names) return;
  for (const m of store.matches.values()) {
    const h = names.teams.get(m.hid) || m.h;
    const a = names.teams.get(m.aid) || m.a;
    const cn = names.categories.get(m.cid) || m.cn;
    const tn = names.tournaments.get(m.tid) || m.tn;
    if (h === m.h && a === m.a && cn === m.cn && tn === m.tn) continue;
    Object.assign(m, { h, a, cn, tn });
    touched.fields.add(m.id);
  }
  for (const g of store.groups.values()) {
    const t = names.types.get(g.oddstype);
    if (!t) continue;
    let changed = false;
    if (t.name && (g.typeName !== t.name || g.nicename !== t.name)) {
      g.typeName = t.name;
      g.nicename = t.name;
      changed = true;
    }
    for (const oid of g.outcomeIds) {
      const o = store.outcomes.get(oid);
      const n = o && t.outcomes[String(o.outcomeid)];
      if (!o || !n || n === o.outcome) continue;
      o.outcome = n;
      touched.outcomes.add(oid);
    }
    if (changed) touched.groups.add(g.oddsid);
  }
}
