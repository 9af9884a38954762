/**
 * Wire types of the live feed (websocket /ws/feed, msgpack with a fixed record dictionary, see
 * feed-codec.ts). Keys are short because every delta of every live match crosses this boundary.
 * Odds are integer thousandths, times are server epoch milliseconds.
 */
import type { Odds } from '../money.ts';
import type { MatchResult } from '../coupon/result.ts';
import type { BetStatus, MatchStatus, OddsGroup } from './entities.ts';

/** Bumped whenever a frame shape or the codec dictionary changes; the socket URL carries it (?v=). */
export const FEED_PROTOCOL_VERSION = 2;

/** A home/away pair: score, corners, a set score. */
export interface Score {
  h: number;
  a: number;
}

/** Cards of a football match: yellow and red, home and away. */
export interface Cards {
  yh: number;
  ya: number;
  rh: number;
  ra: number;
}

/** A live match in the spec's short form (section 3, Match live model), with its odds groups. */
export interface LiveMatch {
  id: number;
  /** Home and away team names and ids. */
  h: string;
  a: string;
  hid: number;
  aid: number;
  sid: number;
  cid: number;
  tid: number;
  /** Category (country) and tournament names. */
  cn: string;
  tn: string;
  /** Start time, epoch ms. */
  d: number;
  ms: MatchStatus;
  bs: BetStatus;
  /** Match active flag; an inactive match has all its odds inactive. */
  ac: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
  /** Score: goals, points, or sets won for set sports. */
  scr: Score;
  /** Period or set scores, oldest first (the current one last for set sports). */
  sscr: Score[];
  /** Current period number (half, quarter, inning, set). */
  pe: number;
  /** Minute of play. */
  ti: number;
  /** Period length in minutes (45 for 90-minute football; 0 when not time-based). */
  pl: number;
  cards: Cards;
  corners: Score;
  /** Server time of the last change to this match, epoch ms. */
  u: number;
  odds: OddsGroup[];
  /**
   * Points within the current game (the spec's gamescore, p{h,a}): tennis counts 0, 1, 2, 3, 4...
   * shown as 0/15/30/40/A (domain/match/game-score.ts); 0-0 where the set or period score is
   * already the point score (volleyball, basketball). Optional for producers; the wire always has it.
   */
  p?: Score;
  /** Minutes played beyond the period's regular end (the 2 of 45+2'; the spec's tie), 0 in regular time. */
  tie?: number;
  /** Added time announced for the current period in minutes (the spec's tiee), 0 when none. */
  tiee?: number;
}

/** An outcome's price or active flag changed. */
export interface OddChange {
  k: 'o';
  m: number;
  /** oddsid of the group, oddid of the outcome. */
  g: number;
  o: number;
  v: Odds;
  ac: 0 | 1;
}

/** An odds group opened, closed or was suspended. */
export interface GroupChange {
  k: 'g';
  m: number;
  g: number;
  ac: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
}

/** Odds groups added to a match or replaced whole (matched by oddsid). */
export interface MarketsChange {
  k: 'gs';
  m: number;
  odds: OddsGroup[];
}

/** Match status, bet status, minute, period and added time; always all of them so the record shape is fixed. */
export interface StatusChange {
  k: 's';
  m: number;
  ms: MatchStatus;
  bs: BetStatus;
  ti: number;
  pe: number;
  tie: number;
  tiee: number;
}

/** Score and match statistics. A football score change also moves specials of types 7, 61, 8, 62. */
export interface ScoreChange {
  k: 'sc';
  m: number;
  scr: Score;
  sscr: Score[];
  cards: Cards;
  corners: Score;
  /** Points within the current game (see LiveMatch.p). */
  p: Score;
}

/** A match became live (or entered the subscription). */
export interface AddChange {
  k: 'a';
  match: LiveMatch;
}

/** A match left the live feed; sid lets a hub route it without the match. */
export interface RemoveChange {
  k: 'r';
  m: number;
  sid: number;
}

/** One change of a delta frame. */
export type FeedChange =
  | OddChange
  | GroupChange
  | MarketsChange
  | StatusChange
  | ScoreChange
  | AddChange
  | RemoveChange;

/** The first frame after a subscription or a resync: everything the client subscribed to. */
export interface SnapshotFrame {
  seq: number;
  t: number;
  kind: 'snapshot';
  matches: LiveMatch[];
}

/** Changes since the previous frame of this connection; seq is previous + 1 or there is a gap. */
export interface DeltaFrame {
  seq: number;
  t: number;
  kind: 'delta';
  changes: FeedChange[];
}

/** A server-to-client frame of /ws/feed. */
export type FeedFrame = SnapshotFrame | DeltaFrame;

/** Client-to-server messages: subscribe (omitted lists mean every live match), or ask a snapshot. */
export type ClientMessage =
  | { op: 'sub'; sports?: number[]; matches?: number[] }
  | { op: 'resync' };

/**
 * A finished live match as the feed reports it once, for settlement: `result` is the shape
 * domain/coupon/settle.ts reads (ft is regular time, winner includes overtime and retirements).
 */
export interface FeedResult {
  matchId: number;
  sid: number;
  /** Epoch ms the result was known. */
  at: number;
  /** Per period (half, quarter, inning) or per set scores, for the results page. */
  periods: Score[];
  result: MatchResult;
}

// Constructors keep the key order fixed: the codec's record dictionary matches on key order,
// so an object built elsewhere in another order still decodes but costs an inline definition.

/** A snapshot frame. */
export function snapshotFrame(seq: number, t: number, matches: LiveMatch[]): SnapshotFrame {
  return { seq, t, kind: 'snapshot', matches };
}

/** A delta frame. */
export function deltaFrame(seq: number, t: number, changes: FeedChange[]): DeltaFrame {
  return { seq, t, kind: 'delta', changes };
}

/** An outcome's new price or active flag. */
export const oddChange = (m: number, g: number, o: number, v: Odds, ac: 0 | 1): OddChange => ({ k: 'o', m, g, o, v, ac });
/** An odds group's active / suspended / visible flags. */
export const groupChange = (m: number, g: number, ac: 0 | 1, iss: 0 | 1, isv: 0 | 1): GroupChange => ({ k: 'g', m, g, ac, iss, isv });
/** Odds groups added or replaced. */
export const marketsChange = (m: number, odds: OddsGroup[]): MarketsChange => ({ k: 'gs', m, odds });
/** Match status, bet status, minute and period. */
/** Applies a status change to a match: the one rule the server's live state and the worker's store share. */
export function applyStatusChange(m: Pick<LiveMatch, 'ms' | 'bs' | 'ti' | 'pe' | 'tie' | 'tiee'>, c: StatusChange): void {
  m.ms = c.ms;
  m.bs = c.bs;
  m.ti = c.ti;
  m.pe = c.pe;
  m.tie = c.tie;
  m.tiee = c.tiee;
}

/** Applies a score change (copied, never shared); true when the score moved, so score specials must follow. */
export function applyScoreChange(m: Pick<LiveMatch, 'scr' | 'sscr' | 'cards' | 'corners' | 'p'>, c: ScoreChange): boolean {
  const moved = m.scr.h !== c.scr.h || m.scr.a !== c.scr.a;
  m.scr = { h: c.scr.h, a: c.scr.a };
  m.sscr = c.sscr.map((x) => ({ h: x.h, a: x.a }));
  m.cards = { ...c.cards };
  m.corners = { h: c.corners.h, a: c.corners.a };
  // a change from an older producer has no game score: the game starts over at 0-0
  m.p = c.p ? { h: c.p.h, a: c.p.a } : { h: 0, a: 0 };
  return moved;
}

export const statusChange = (m: number, ms: MatchStatus, bs: BetStatus, ti: number, pe: number, tie = 0, tiee = 0): StatusChange => ({ k: 's', m, ms, bs, ti, pe, tie, tiee });
/** Score, statistics and the game score (copied, so later changes to the sources do not leak in). */
export const scoreChange = (m: number, scr: Score, sscr: Score[], cards: Cards, corners: Score, p: Score = { h: 0, a: 0 }): ScoreChange =>
  ({ k: 'sc', m, scr: { h: scr.h, a: scr.a }, sscr: sscr.map((s) => ({ h: s.h, a: s.a })), cards: { ...cards }, corners: { h: corners.h, a: corners.a }, p: { h: p.h, a: p.a } });
/** A match joined the feed. */
export const addChange = (match: LiveMatch): AddChange => ({ k: 'a', match });
/** A match left the feed. */
export const removeChange = (m: number, sid: number): RemoveChange => ({ k: 'r', m, sid });

/** A deep copy of a live match with its keys in wire order. */
export function cloneLiveMatch(x: LiveMatch): LiveMatch {
  return {
    id: x.id, h: x.h, a: x.a, hid: x.hid, aid: x.aid, sid: x.sid, cid: x.cid, tid: x.tid, cn: x.cn, tn: x.tn,
    d: x.d, ms: x.ms, bs: x.bs, ac: x.ac, iss: x.iss, isv: x.isv,
    scr: { h: x.scr.h, a: x.scr.a }, sscr: x.sscr.map((s) => ({ h: s.h, a: s.a })), pe: x.pe, ti: x.ti, pl: x.pl,
    cards: { yh: x.cards.yh, ya: x.cards.ya, rh: x.cards.rh, ra: x.cards.ra },
    corners: { h: x.corners.h, a: x.corners.a }, u: x.u,
    odds: x.odds.map(cloneOddsGroup),
    p: { h: x.p?.h ?? 0, a: x.p?.a ?? 0 }, tie: x.tie ?? 0, tiee: x.tiee ?? 0,
  };
}

/** A deep copy of an odds group with its keys in wire order. */
export function cloneOddsGroup(g: OddsGroup): OddsGroup {
  return {
    oddsid: g.oddsid, oddstype: g.oddstype, typeName: g.typeName, nicename: g.nicename, special: g.special,
    active: g.active, iss: g.iss, isv: g.isv,
    outcomes: g.outcomes.map((o) => ({
      oddid: o.oddid, outcomeid: o.outcomeid, outcome: o.outcome, odd: o.odd, special: o.special,
      active: o.active, iss: o.iss, isv: o.isv,
    })),
  };
}
