/**
 * The sports the simulator plays (betting-core.md section 9 sport ids), each with its clock,
 * scoring model, markets from the one catalogue and a few leagues and teams to name fixtures.
 */
import type { MatchStatus } from '../../domain/protocol/entities.ts';

export type Engine = 'goals' | 'points' | 'sets';

/** A market offered by a sport: odds type and its specials ('score' = follows the score). */
export interface MarketSpec {
  oddsType: number;
  specials: readonly string[] | 'score' | 'spread' | 'total';
}

export interface League {
  cid: number;
  cn: string;
  tid: number;
  tn: string;
}

export interface SportProfile {
  sid: number;
  name: string;
  engine: Engine;
  /** Share of the live matches. */
  weight: number;
  /** Time-based sports: regulation periods, their length in minutes and the breaks after each. */
  periods: number;
  periodMin: number;
  breaks: readonly { status: MatchStatus; min: number }[];
  /** Overtime length in minutes when regulation ends level and a winner is needed; 0 = draw stands. */
  overtimeMin: number;
  /** Scoring events per team per regulation and the points of an event (weights for 1, 2, 3). */
  teamEvents: number;
  pointWeights: readonly [number, number, number];
  /** Suspend the match after each score (football, hockey) and dangerous moments per minute. */
  suspendOnScore: boolean;
  dangerPerMin: number;
  /** Football statistics per match. */
  corners: number;
  cards: number;
  /** Set sports: sets to win, points (games) per set, last-set target, tie-break, seconds a point. */
  setsToWin: number;
  setTarget: number;
  lastSetTarget: number;
  tiebreakAt?: number;
  pointSec: number;
  /** Tennis: a set counts games, each played point by point (the live game score); pointSec is then a game. */
  gamePoints?: boolean;
  /** Spread of the home team's point-win probability around 0.5. */
  pSpread: number;
  /** Chance a match stops early, and how it is reported. */
  stopChance: number;
  stopStatus: 'interrupted' | 'retired';
  markets: readonly MarketSpec[];
  leagues: readonly League[];
  teams: readonly string[];
}

const TOWNS = ['Northbridge', 'Eastport', 'Redhill', 'Kingsford', 'Lakeside', 'Stonegate', 'Ashford', 'Riverside',
  'Westmoor', 'Highcliff', 'Brookvale', 'Fairhaven', 'Oakridge', 'Silverton', 'Marlow', 'Thornbury', 'Glenwood',
  'Harbourside', 'Millbrook', 'Crestwood', 'Dunmore', 'Elmstead', 'Foxley', 'Greyhaven'];
const PLAYERS = ['A. Novak', 'M. Rossi', 'J. Silva', 'K. Yilmaz', 'L. Dubois', 'S. Petrov', 'T. Nakamura', 'D. Schneider',
  'R. Kowalski', 'P. Andersson', 'E. Fernandez', 'H. Van der Berg', 'C. Oliveira', 'B. Horvath', 'N. Papadopoulos',
  'G. Lindqvist', 'F. Moreau', 'I. Kuznetsova', 'V. Hoffmann', 'O. Rasmussen'];
const CLANS = ['Nova Five', 'Red Lynx', 'Iron Wolves', 'Polar Gaming', 'Blue Comet', 'Storm Unit', 'Night Owls',
  'Apex Legion', 'Cyber Falcons', 'Void Runners', 'Quantum Esports', 'Crimson Tide'];

const teams = (suffixes: readonly string[]) => TOWNS.map((t, i) => `${t} ${suffixes[i % suffixes.length]}`);

const league = (sid: number, k: number, cn: string, tn: string): League => ({ cid: sid * 100 + k, cn, tid: sid * 1000 + k, tn });

const TIME_DEFAULTS = {
  setsToWin: 0, setTarget: 0, lastSetTarget: 0, pointSec: 0, pSpread: 0,
  corners: 0, cards: 0, dangerPerMin: 0, suspendOnScore: false, pointWeights: [1, 0, 0] as const,
  stopChance: 0.03, stopStatus: 'interrupted' as const,
};

const SET_DEFAULTS = {
  periods: 0, periodMin: 0, breaks: [], overtimeMin: 0, teamEvents: 0, pointWeights: [1, 0, 0] as const,
  suspendOnScore: false, dangerPerMin: 0, corners: 0, cards: 0, stopChance: 0.03, stopStatus: 'interrupted' as const,
  markets: [{ oddsType: 186, specials: [''] }],
};

const FOOTBALL_MARKETS: MarketSpec[] = [
  { oddsType: 1, specials: [''] },
  { oddsType: 10, specials: [''] },
  { oddsType: 14, specials: ['0:1', '1:0', '0:2', '2:0'] },
  { oddsType: 18, specials: ['0.5', '1.5', '2.5', '3.5', '4.5', '5.5'] },
  { oddsType: 29, specials: [''] },
  { oddsType: 60, specials: [''] },
  { oddsType: 83, specials: [''] },
  { oddsType: 65, specials: ['0:1', '1:0'] },
  { oddsType: 87, specials: ['0:1', '1:0'] },
  { oddsType: 68, specials: ['0.5', '1.5', '2.5'] },
  { oddsType: 90, specials: ['0.5', '1.5', '2.5'] },
  { oddsType: 7, specials: 'score' },
  { oddsType: 61, specials: 'score' },
  { oddsType: 8, specials: 'score' },
  { oddsType: 62, specials: 'score' },
  { oddsType: 136, specials: ['8.5', '9.5', '10.5', '11.5'] },
  { oddsType: 139, specials: ['2.5', '3.5', '4.5', '5.5'] },
];

/** The simulated sports, section 9 ids. */
export const SPORTS: readonly SportProfile[] = [
  {
    ...TIME_DEFAULTS, sid: 1, name: 'Football', engine: 'goals', weight: 40,
    periods: 2, periodMin: 45, breaks: [{ status: 'paused', min: 15 }], overtimeMin: 0,
    teamEvents: 1.35, suspendOnScore: true, dangerPerMin: 0.04, corners: 10, cards: 4,
    markets: FOOTBALL_MARKETS,
    leagues: [league(1, 1, 'England', 'Premier League'), league(1, 2, 'Spain', 'La Liga'), league(1, 3, 'Italy', 'Serie A'),
      league(1, 4, 'Germany', 'Bundesliga'), league(1, 5, 'Turkey', 'Super Lig'), league(1, 6, 'International', 'Champions League')],
    teams: teams(['FC', 'United', 'City', 'Athletic', 'Rovers', 'Town']),
  },
  {
    ...TIME_DEFAULTS, sid: 3, name: 'Basketball', engine: 'points', weight: 12,
    periods: 4, periodMin: 10, breaks: [{ status: 'pause1', min: 2 }, { status: 'pause2', min: 10 }, { status: 'pause3', min: 2 }],
    overtimeMin: 5, teamEvents: 38, pointWeights: [0.1, 0.7, 0.2],
    markets: [{ oddsType: 186, specials: [''] }, { oddsType: 16, specials: 'spread' }, { oddsType: 18, specials: 'total' }],
    leagues: [league(3, 1, 'USA', 'Pro League'), league(3, 2, 'Spain', 'Liga ACB'), league(3, 3, 'International', 'Euroleague')],
    teams: teams(['Hawks', 'Giants', 'Rockets', 'Kings']),
  },
  {
    ...TIME_DEFAULTS, sid: 4, name: 'Ice Hockey', engine: 'goals', weight: 6,
    periods: 3, periodMin: 20, breaks: [{ status: 'pause1', min: 15 }, { status: 'pause2', min: 15 }], overtimeMin: 5,
    teamEvents: 2.9, suspendOnScore: true,
    markets: [{ oddsType: 1, specials: [''] }, { oddsType: 10, specials: [''] }, { oddsType: 14, specials: ['0:1', '1:0'] },
      { oddsType: 18, specials: ['4.5', '5.5', '6.5'] }, { oddsType: 29, specials: [''] }],
    leagues: [league(4, 1, 'Finland', 'Liiga'), league(4, 2, 'Sweden', 'SHL')],
    teams: teams(['Bears', 'Lions', 'Flames']),
  },
  {
    ...SET_DEFAULTS, sid: 5, name: 'Tennis', engine: 'sets', weight: 15,
    setsToWin: 2, setTarget: 6, lastSetTarget: 6, tiebreakAt: 6, pointSec: 230, pSpread: 0.12, gamePoints: true,
    stopChance: 0.04, stopStatus: 'retired',
    leagues: [league(5, 1, 'ATP', 'Masters'), league(5, 2, 'WTA', 'Open'), league(5, 3, 'ITF', 'Futures')],
    teams: PLAYERS,
  },
  {
    ...TIME_DEFAULTS, sid: 6, name: 'Handball', engine: 'points', weight: 5,
    periods: 2, periodMin: 30, breaks: [{ status: 'paused', min: 10 }], overtimeMin: 0, teamEvents: 28,
    markets: [{ oddsType: 1, specials: [''] }, { oddsType: 10, specials: [''] }, { oddsType: 16, specials: 'spread' }, { oddsType: 18, specials: 'total' }],
    leagues: [league(6, 1, 'Germany', 'Bundesliga'), league(6, 2, 'Denmark', 'Ligaen')],
    teams: teams(['HC', 'HV', 'SG']),
  },
  {
    ...TIME_DEFAULTS, sid: 7, name: 'Baseball', engine: 'goals', weight: 4,
    // nine innings; the status set has no inning markers, so pe carries the inning
    periods: 9, periodMin: 18, breaks: [], overtimeMin: 18, teamEvents: 4.4,
    markets: [{ oddsType: 186, specials: [''] }, { oddsType: 16, specials: ['-1.5', '1.5'] }, { oddsType: 18, specials: ['7.5', '8.5', '9.5'] }],
    leagues: [league(7, 1, 'USA', 'Major League'), league(7, 2, 'Japan', 'NPB')],
    teams: teams(['Sox', 'Pirates', 'Mariners']),
  },
  {
    ...SET_DEFAULTS, sid: 23, name: 'Volleyball', engine: 'sets', weight: 6,
    setsToWin: 3, setTarget: 25, lastSetTarget: 15, pointSec: 25, pSpread: 0.04,
    leagues: [league(23, 1, 'Italy', 'SuperLega'), league(23, 2, 'Poland', 'PlusLiga')],
    teams: teams(['VC', 'Volley']),
  },
  {
    ...SET_DEFAULTS, sid: 41, name: 'Table Tennis', engine: 'sets', weight: 7,
    setsToWin: 3, setTarget: 11, lastSetTarget: 11, pointSec: 12, pSpread: 0.05, stopStatus: 'retired',
    leagues: [league(41, 1, 'Czech Republic', 'TT Cup'), league(41, 2, 'Ukraine', 'Setka Cup')],
    teams: PLAYERS,
  },
  ...[109, 110, 111].map((sid, k): SportProfile => ({
    ...SET_DEFAULTS, sid, name: ['Counter-Strike', 'Dota 2', 'League of Legends'][k]!, engine: 'sets', weight: 2,
    setsToWin: 2, setTarget: 13, lastSetTarget: 13, pointSec: 100, pSpread: 0.05,
    leagues: [league(sid, 1, 'World', ['ESL Pro League', 'DreamLeague', 'LEC'][k]!)],
    teams: CLANS,
  })),
];

const bySid = new Map(SPORTS.map((s) => [s.sid, s]));

/** The profile of a sport id, or undefined when the simulator does not play it. */
export function sportProfile(sid: number): SportProfile | undefined {
  return bySid.get(sid);
}
