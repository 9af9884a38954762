/**
 * The worker's normalised store of live matches, odds groups and outcomes, fed by feed frames.
 * applyFrame keeps the sequence (a gap asks for a resync), marks odd movement with its time,
 * normalises closed groups, removes ended matches at once, moves football score specials, and
 * records what it touched so diff.ts recomputes only that. Open / locked / suspended are derived
 * from the raw flags with domain/odds/validity.ts when a view is built, never stored twice.
 */
import { selectionKey } from '../../../domain/betslip/types.ts';
import { FOOTBALL, isRemovedStatus } from '../../../domain/match/status.ts';
import { oddMovement } from '../../../domain/odds/movement.ts';
import type { Movement } from '../../../domain/odds/movement.ts';
import { scoreSpecial, specialLabel } from '../../../domain/odds/score-specials.ts';
import type { OddsGroup } from '../../../domain/protocol/entities.ts';
import { applyScoreChange, applyStatusChange, type FeedChange, type FeedFrame, type LiveMatch } from '../../../domain/protocol/feed.ts';

/** A match without its odds, plus when this client last heard of it. */
export interface StoreMatch extends Omit<LiveMatch, 'odds'> {
  groupIds: number[];
  /** Client clock of the last update (the stale sweep reads it). */
  seenAt: number;
}

export interface StoreGroup extends Omit<OddsGroup, 'outcomes'> {
  m: number;
  outcomeIds: number[];
}

export interface StoreOutcome {
  oddid: number;
  g: number;
  m: number;
  outcomeid: number;
  outcome: string;
  odd: number;
  special: string;
  active: 0 | 1;
  iss: 0 | 1;
  isv: 0 | 1;
  /** Last movement and when it happened (client clock); the arrow shows for 3 s. */
  mv: Movement;
  mvAt: number;
  /** The slip key of this pick (selectionKey with the group's special), kept so diffs don't rebuild it. */
  key: string;
}

export interface OddsStore {
  /** Sequence of the last frame applied. */
  seq: number;
  /** False until a snapshot arrives, and again after a gap until the resync snapshot. */
  synced: boolean;
  matches: Map<number, StoreMatch>;
  groups: Map<number, StoreGroup>;
  outcomes: Map<number, StoreOutcome>;
  /** Outcomes whose arrow is showing, for the arrow sweep. */
  moving: Set<number>;
  /** Client time of the last frame applied (-Infinity before the first). */
  frameAt: number;
  /**
   * The server sends heartbeats (an empty delta when nothing moved): only then does a silent
   * socket mean a dead feed, and silenceSweep may lock the live markets (an older server never
   * arms it).
   */
  heartbeats: boolean;
  /** Matches silenceSweep showed stopped; the next frame gives them their own bet status back. */
  silenced: Set<number>;
  /**
   * The odd types each sport shows live (the back office's live betting settings); a sport not in
   * it shows every type. Groups of other types never enter the store, so no view shows them.
   */
  liveTypes?: ReadonlyMap<number, ReadonlySet<number>>;
  /** Names in the player's language of what the frames name in the feed's language (live-names.ts); absent: the frames' own. */
  names?: LiveNames;
}

/**
 * Names in one language by id (the liveNames call): teams, countries, leagues, and the feed's
 * market types the built-in catalogue does not name (with their outcomes' names by outcome id).
 */
export interface LiveNames {
  lang: string;
  teams: Map<number, string>;
  categories: Map<number, string>;
  tournaments: Map<number, string>;
  types: Map<number, { name: string; outcomes: Record<string, string> }>;
}

/** What a frame or a sweep changed, for diff.ts. */
export interface Touched {
  /** Matches whose own fields changed (score, minute, statistics). */
  fields: Set<number>;
  /** Matches whose every odd may look different (bet status, status, markets replaced, added). */
  all: Set<number>;
  groups: Set<number>;
  outcomes: Set<number>;
  /** Matches that left the store. */
  removed: Set<number>;
}

export type ApplyStatus =
  /** Applied. */
  | 'applied'
  /** A sequence gap: nothing applied, send {op:'resync'}. */
  | 'gap'
  /** Waiting for the resync snapshot: the frame was dropped. */
  | 'ignored';

export function createOddsStore(): OddsStore {
  return {
    seq: 0, synced: false, matches: new Map(), groups: new Map(), outcomes: new Map(), moving: new Set(),
    frameAt: -Infinity, heartbeats: false, silenced: new Set(),
  };
}

export function createTouched(): Touched {
  return { fields: new Set(), all: new Set(), groups: new Set(), outcomes: new Set(), removed: new Set() };
}

/** True when nothing was touched. */
export function isUntouched(t: Touched): boolean {
  return !t.fields.size && !t.all.size && !t.groups.size && !t.outcomes.size && !t.removed.size;
}

/** Applies a frame at client time `now`, adding what changed to `touched`. */
export function applyFrame(store: OddsStore, frame: FeedFrame, now: number, touched: Touched = createTouched()): ApplyStatus {
  if (frame.kind === 'snapshot') {
    heard(store, now, touched);
    applySnapshot(store, frame.matches, frame.t, now, touched);
    store.seq = frame.seq;
    store.synced = true;
    return 'applied';
  }
  if (!store.synced) return 'ignored';
  if (frame.seq !== store.seq + 1) {
    store.synced = false;
    return 'gap';
  }
  store.seq = frame.seq;
  heard(store, now, touched);
  if (!frame.changes.length) store.heartbeats = true;
  for (const c of frame.changes) applyChange(store, c, now, touched);
  return 'applied';
}

/** A frame in sequence arrived: the feed lives, matches silenceSweep stopped take bets again. */
function heard(store: OddsStore, now: number, touched: Touched): void {
  store.frameAt = now;
  for (const id of store.silenced) {
    const m = store.matches.get(id);
    if (!m || m.bs !== 'stopped') continue;
    m.bs = 'started';
    touched.all.add(id);
  }
  store.silenced.clear();
}

function applySnapshot(store: OddsStore, matches: readonly LiveMatch[], serverNow: number, now: number, touched: Touched): void {
  const keep = new Set<number>();
  for (const m of matches) {
    if (isRemovedStatus(m)) continue;
    keep.add(m.id);
    // how long ago the server last heard of the match, so a resync does not reset the stale clock
    putMatch(store, m, now - Math.max(0, serverNow - m.u), now, touched);
  }
  for (const id of [...store.matches.keys()]) if (!keep.has(id)) removeMatch(store, id, touched);
}

function applyChange(store: OddsStore, c: FeedChange, now: number, touched: Touched): void {
  if (c.k === 'a') {
    if (!isRemovedStatus(c.match)) putMatch(store, c.match, now, now, touched);
    return;
  }
  const m = store.matches.get(c.m);
  if (!m) return;
  m.seenAt = now;
  switch (c.k) {
    case 'o': {
      const o = store.outcomes.get(c.o);
      if (!o) return;
      if (o.odd !== c.v) {
        o.mv = oddMovement(o.odd, c.v);
        o.mvAt = now;
        store.moving.add(o.oddid);
        o.odd = c.v;
      }
      o.active = c.ac;
      touched.outcomes.add(o.oddid);
      return;
    }
    case 'g': {
      const g = store.groups.get(c.g);
      if (!g) return;
      // a closed group is inactive, suspended and not visible
      g.active = c.ac;
      g.iss = c.ac === 0 ? 1 : c.iss;
      g.isv = c.ac === 0 ? 0 : c.isv;
      touched.groups.add(g.oddsid);
      return;
    }
    case 'gs':
      for (const g of c.odds) putGroup(store, m, g, now);
      touched.all.add(m.id);
      return;
    case 's': {
      const wide = m.ms !== c.ms || m.bs !== c.bs;
      applyStatusChange(m, c);
      if (isRemovedStatus(m)) return removeMatch(store, m.id, touched);
      (wide ? touched.all : touched.fields).add(m.id);
      return;
    }
    case 'sc': {
      const moved = applyScoreChange(m, c);
      touched.fields.add(m.id);
      if (moved && m.sid === FOOTBALL) moveScoreSpecials(store, m, touched);
      return;
    }
    case 'r':
      removeMatch(store, c.m, touched);
      return;
  }
}

/** Football score change: next goal and 7, 61, 8, 62 name the new score (domain rule). */
function moveScoreSpecials(store: OddsStore, m: StoreMatch, touched: Touched): void {
  for (const gid of m.groupIds) {
    const g = store.groups.get(gid);
    if (!g) continue;
    const special = scoreSpecial(g.oddstype, m.scr);
    if (special === undefined || special === g.special) continue;
    g.special = special;
    g.nicename = specialLabel(g.oddstype, special);
    for (const oid of g.outcomeIds) {
      const o = store.outcomes.get(oid);
      if (!o) continue;
      o.special = special;
      o.key = selectionKey({ matchId: m.id, oddsType: g.oddstype, outcomeId: o.outcomeid, special });
    }
    touched.groups.add(gid);
    for (const oid of g.outcomeIds) touched.outcomes.add(oid);
  }
}

function putMatch(store: OddsStore, x: LiveMatch, seenAt: number, now: number, touched: Touched): void {
  const old = store.matches.get(x.id);
  const fresh = new Set<number>();
  const m: StoreMatch = {
    id: x.id, h: store.names?.teams.get(x.hid) || x.h, a: store.names?.teams.get(x.aid) || x.a, hid: x.hid, aid: x.aid, sid: x.sid, cid: x.cid,
    tid: x.tid, cn: store.names?.categories.get(x.cid) || x.cn, tn: store.names?.tournaments.get(x.tid) || x.tn,
    d: x.d, ms: x.ms, bs: x.bs, ac: x.ac, iss: x.iss, isv: x.isv,
    scr: { h: x.scr.h, a: x.scr.a }, sscr: x.sscr.map((s) => ({ h: s.h, a: s.a })), pe: x.pe, ti: x.ti, pl: x.pl,
    cards: { ...x.cards }, corners: { h: x.corners.h, a: x.corners.a }, u: x.u,
    p: { h: x.p?.h ?? 0, a: x.p?.a ?? 0 }, tie: x.tie ?? 0, tiee: x.tiee ?? 0,
    groupIds: [], seenAt: Math.min(seenAt, now),
  };
  store.matches.set(m.id, m);
  for (const g of x.odds) {
    if (!putGroup(store, m, g, now)) continue;
    fresh.add(g.oddsid);
  }
  // groups the new picture no longer has
  if (old) for (const gid of old.groupIds) if (!fresh.has(gid)) dropGroup(store, gid);
  touched.removed.delete(m.id);
  touched.all.add(m.id);
}

/** Stores a group; false (and nothing stored) for a type its sport does not show live. */
function putGroup(store: OddsStore, m: StoreMatch, g: OddsGroup, now: number): boolean {
  if (store.liveTypes?.get(m.sid)?.has(g.oddstype) === false) return false;
  const old = store.groups.get(g.oddsid);
  const closed = g.active === 0;
  const named = store.names?.types.get(g.oddstype);
  const sg: StoreGroup = {
    m: m.id, oddsid: g.oddsid, oddstype: g.oddstype, typeName: named?.name || g.typeName, nicename: named?.name || g.nicename, special: g.special,
    active: g.active, iss: closed ? 1 : g.iss, isv: closed ? 0 : g.isv, outcomeIds: g.outcomes.map((o) => o.oddid),
  };
  store.groups.set(sg.oddsid, sg);
  if (!m.groupIds.includes(sg.oddsid)) m.groupIds.push(sg.oddsid);
  const keep = new Set(sg.outcomeIds);
  if (old) for (const oid of old.outcomeIds) if (!keep.has(oid)) dropOutcome(store, oid);
  for (const o of g.outcomes) {
    const prev = store.outcomes.get(o.oddid);
    const moved = prev !== undefined && prev.odd !== o.odd;
    if (moved) store.moving.add(o.oddid);
    store.outcomes.set(o.oddid, {
      oddid: o.oddid, g: sg.oddsid, m: m.id, outcomeid: o.outcomeid, outcome: named?.outcomes[String(o.outcomeid)] || o.outcome, odd: o.odd,
      special: o.special,
      active: o.active, iss: o.iss, isv: o.isv,
      mv: moved ? oddMovement(prev.odd, o.odd) : prev?.mv ?? 0,
      mvAt: moved ? now : prev?.mvAt ?? 0,
      key: selectionKey({ matchId: m.id, oddsType: sg.oddstype, outcomeId: o.outcomeid, special: sg.special }),
    });
  }
  return true;
}

function dropOutcome(store: OddsStore, oid: number): void {
  store.outcomes.delete(oid);
  store.moving.delete(oid);
}

function dropGroup(store: OddsStore, gid: number): void {
  const g = store.groups.get(gid);
  if (!g) return;
  for (const oid of g.outcomeIds) dropOutcome(store, oid);
  store.groups.delete(gid);
}

/** Removes a match with its groups and outcomes. */
export function removeMatch(store: OddsStore, id: number, touched: Touched): void {
  const m = store.matches.get(id);
  if (!m) return;
  for (const gid of m.groupIds) dropGroup(store, gid);
  store.matches.delete(id);
  touched.fields.delete(id);
  touched.all.delete(id);
  touched.removed.add(id);
}
