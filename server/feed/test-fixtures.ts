/** Small hand-made fixtures for the feed tests (no simulator randomness). */
import { marketOf } from '../../domain/market/catalogue.ts';
import { scoreSpecial, specialLabel } from '../../domain/odds/score-specials.ts';
import type { OddsGroup } from '../../domain/protocol/entities.ts';
import type { LiveMatch } from '../../domain/protocol/feed.ts';

/** A group of a catalogue market with ids derived from the match id. */
export function fixtureGroup(matchId: number, oddsType: number, special: string, prices: number[], k = 0): OddsGroup {
  const def = marketOf(oddsType)!;
  const oddsid = matchId * 100 + oddsType * 2 + k;
  return {
    oddsid, oddstype: oddsType, typeName: def.name,
    nicename: def.rule === 'restOfMatch' || def.rule === 'nextGoal' ? specialLabel(oddsType, special) : def.name,
    special, active: 1, iss: 0, isv: 1,
    outcomes: def.outcomes.map((o, i) => ({
      oddid: oddsid * 10 + i, outcomeid: o.id, outcome: o.name, odd: prices[i] ?? 2000, special, active: 1 as const, iss: 0 as const, isv: 1 as const,
    })),
  };
}

/** A live football (or other sport) match with 1X2, a total, rest of match and next goal. */
export function fixtureMatch(id: number, sid = 1, at = 0): LiveMatch {
  const score = { h: 0, a: 0 };
  const odds = sid === 1
    ? [
      fixtureGroup(id, 1, '', [2100, 3300, 3600]),
      fixtureGroup(id, 18, '2.5', [1900, 1900]),
      fixtureGroup(id, 7, scoreSpecial(7, score)!, [2200, 3100, 3500]),
      fixtureGroup(id, 8, scoreSpecial(8, score)!, [1800, 6000, 2400]),
    ]
    : [fixtureGroup(id, 186, '', [1700, 2100])];
  return {
    id, h: `Home ${id}`, a: `Away ${id}`, hid: id * 2, aid: id * 2 + 1, sid, cid: sid * 100, tid: sid * 1000, cn: 'Country', tn: 'League',
    d: at, ms: sid === 1 ? '1p' : '1set', bs: 'started', ac: 1, iss: 0, isv: 1,
    scr: { ...score }, sscr: [], pe: 1, ti: 10, pl: sid === 1 ? 45 : 0,
    cards: { yh: 0, ya: 0, rh: 0, ra: 0 }, corners: { h: 0, a: 0 }, u: at, odds,
  };
}
