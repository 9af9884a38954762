/** Hand-made frames for the worker feed tests. */
import { marketOf } from '../../../domain/market/catalogue.ts';
import { scoreSpecial, specialLabel } from '../../../domain/odds/score-specials.ts';
import type { OddsGroup } from '../../../domain/protocol/entities.ts';
import { deltaFrame, snapshotFrame } from '../../../domain/protocol/feed.ts';
import type { DeltaFrame, FeedChange, LiveMatch, SnapshotFrame } from '../../../domain/protocol/feed.ts';

/** oddsid = match * 100 + type; oddid = oddsid * 10 + outcome index. */
export function group(matchId: number, oddsType: number, special: string, prices: number[]): OddsGroup {
  const def = marketOf(oddsType)!;
  const oddsid = matchId * 100 + oddsType;
  return {
    oddsid, oddstype: oddsType, typeName: def.name,
    nicename: def.rule === 'restOfMatch' || def.rule === 'nextGoal' ? specialLabel(oddsType, special) : def.name,
    special, active: 1, iss: 0, isv: 1,
    outcomes: def.outcomes.map((o, i) => ({
      oddid: oddsid * 10 + i, outcomeid: o.id, outcome: o.name, odd: prices[i] ?? 2000, special, active: 1 as const, iss: 0 as const, isv: 1 as const,
    })),
  };
}

/** A football match (1X2, total 2.5, 7, 61, 8, 62) or a tennis match (186). */
export function match(id: number, sid = 1, u = 0): LiveMatch {
  const s = { h: 0, a: 0 };
  const odds = sid === 1
    ? [group(id, 1, '', [2100, 3300, 3600]), group(id, 18, '2.5', [1900, 1900]),
      ...[7, 61, 8, 62].map((t) => group(id, t, scoreSpecial(t, s)!, [2200, 3100, 3500]))]
    : [group(id, 186, '', [1700, 2100])];
  return {
    id, h: `Home Team Number ${id}`, a: `Away ${id}`, hid: 1, aid: 2, sid, cid: 3, tid: 4, cn: 'C', tn: 'T',
    d: 0, ms: sid === 1 ? '1p' : '1set', bs: 'started', ac: 1, iss: 0, isv: 1,
    scr: { ...s }, sscr: [], pe: 1, ti: 10, pl: sid === 1 ? 45 : 0,
    cards: { yh: 0, ya: 0, rh: 0, ra: 0 }, corners: { h: 0, a: 0 }, u, odds,
  };
}

export const snap = (seq: number, t: number, matches: LiveMatch[]): SnapshotFrame => snapshotFrame(seq, t, matches);
export const delta = (seq: number, t: number, changes: FeedChange[]): DeltaFrame => deltaFrame(seq, t, changes);
/** oddid of outcome `i` of type `oddsType` of match `id`. */
export const oddId = (id: number, oddsType: number, i: number) => (id * 100 + oddsType) * 10 + i;
