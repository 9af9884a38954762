/**
 * The server's authoritative in-memory live state. The leader builds it from adapter events
 * (apply), a follower process from the bus's wire changes (applyChanges); both go through the one
 * mutation path applyChange, so every process holds the same state for the same frames.
 * The HTTP live calls and coupon placement read it (getMatch, listMatches, currentOdd).
 */
import { isPaused, isRemovedStatus, isLive } from '../../domain/match/status.ts';
import { FEED_STALE_MS, isFeedFresh, isStale } from '../../domain/match/live-timings.ts';
import { applyScoreSpecials } from '../../domain/odds/score-specials.ts';
import { isOddOpen, isSelectionLocked } from '../../domain/odds/validity.ts';
import type { OddsGroup, Outcome } from '../../domain/protocol/entities.ts';
import {
  addChange, cloneLiveMatch, cloneOddsGroup, groupChange, marketsChange, oddChange, removeChange, scoreChange, statusChange,
} from '../../domain/protocol/feed.ts';
import { applyScoreChange, applyStatusChange, type FeedChange, type FeedResult, type LiveMatch } from '../../domain/protocol/feed.ts';
import type { FeedEvent } from './adapter.ts';
import type { Clock } from './clock.ts';

/** Which live matches a caller wants; omitted lists mean all. Both lists: either may match. */
export interface MatchFilter {
  sports?: readonly number[];
  matches?: readonly number[];
  /** Include matches already ended (waiting for removal); default false. */
  includeEnded?: boolean;
}

/** The current price of an outcome and whether it can be bet on now. */
export interface CurrentOdd {
  matchId: number;
  oddsid: number;
  oddid: number;
  oddsType: number;
  outcomeId: number;
  special: string;
  odd: number;
  /** isOddOpen: the match allows it, group and odd active, bets started, value valid. */
  open: boolean;
  /** isSelectionLocked: odd or type inactive, or bet status not started. */
  locked: boolean;
  betstatus: LiveMatch['bs'];
  matchstatus: LiveMatch['ms'];
}

interface Ref {
  g: OddsGroup;
  o: Outcome;
}

interface Entry {
  m: LiveMatch;
  groups: Map<number, OddsGroup>;
  odds: Map<number, Ref>;
  /** oddsType|outcomeId|special, the spec's unique key of an outcome. */
  keys: Map<string, Ref>;
}

/** oddsType|outcomeId|special: the spec's unique key of an outcome in a match. */
export const outcomeKey = (oddsType: number, outcomeId: number, special: string) => `${oddsType}|${outcomeId}|${special}`;

/** Results kept for late readers (settlement retries); older ones are dropped first. */
const MAX_RESULTS = 5000;

export interface LiveStateOptions {
  /**
   * With a clock the state knows the feed's freshness: when the last frame or heartbeat (markFeed)
   * is FEED_STALE_MS or older, every live market reads as suspended. Without one (tests of the
   * pure state) the feed is always fresh.
   */
  clock?: Clock;
  /** The freshness limit (FEED_STALE_SEC; default FEED_STALE_MS). */
  staleMs?: number;
}

export class LiveState {
  private readonly entries = new Map<number, Entry>();
  private readonly results = new Map<number, FeedResult>();
  private readonly resultListeners = new Set<(r: FeedResult) => void>();
  private readonly changeListeners = new Set<(changes: readonly FeedChange[]) => void>();
  private readonly clock: Clock | undefined;
  readonly staleMs: number;
  /** Local time of the last feed frame or heartbeat this process applied. */
  private lastFeedAt = -Infinity;
  /** Suspension shown to players (checkFeed published it); prices read as suspended anyway when stale. */
  private suspendedShown = false;
  /** Something read the state as suspended (a snapshot sent, a price refused): the reopening must be published. */
  private staleSeen = false;

  constructor(opts: LiveStateOptions = {}) {
    this.clock = opts.clock;
    this.staleMs = opts.staleMs ?? FEED_STALE_MS;
  }

  /** Local time of the last frame or heartbeat (-Infinity before the first). */
  get feedAt(): number {
    return this.lastFeedAt;
  }

  /** Whether the feed prices bets now (always without a clock). */
  isFresh(now: number | undefined = this.clock?.now()): boolean {
    return now === undefined || isFeedFresh(this.lastFeedAt, now, this.staleMs);
  }

  /**
   * A frame or heartbeat was applied at local time `now`. Returns the changes that show the live
   * markets open again when the feed had been suspended (publish them to this process's hub only:
   * the suspension is this process's, not the feed's).
   */
  markFeed(now: number): FeedChange[] {
    this.lastFeedAt = Math.max(this.lastFeedAt, now);
    if (!this.suspendedShown && !this.staleSeen) return [];
    this.suspendedShown = false;
    this.staleSeen = false;
    return this.suspensionChanges(false);
  }

  /**
   * The periodic freshness check: the first time the feed is found stale, returns the changes that
   * show every live market locked (bet status stopped), for this process's hub only.
   */
  checkFeed(now: number): FeedChange[] {
    if (this.suspendedShown || this.isFresh(now)) return [];
    this.suspendedShown = true;
    return this.suspensionChanges(true);
  }

  /** Whether the state reads as suspended now (stale feed, or a suspension shown and not lifted). */
  private suspended(): boolean {
    if (this.suspendedShown) return true;
    if (this.isFresh()) return false;
    this.staleSeen = true;
    return true;
  }

  /** Status changes of every match taking bets: shown stopped, or back to its own status. */
  private suspensionChanges(stop: boolean): FeedChange[] {
    const out: FeedChange[] = [];
    for (const { m } of this.entries.values()) {
      if (isRemovedStatus(m) || m.bs !== 'started') continue;
      out.push(statusChange(m.id, m.ms, stop ? 'stopped' : m.bs, m.ti, m.pe, m.tie, m.tiee));
    }
    return out;
  }

  /** A copy as players see it: bet status stopped while the feed is suspended. */
  private shown(m: LiveMatch): LiveMatch {
    const c = cloneLiveMatch(m);
    if (m.bs === 'started' && this.suspended()) c.bs = 'stopped';
    return c;
  }

  /** Number of matches held (ended ones included until removed). */
  get size(): number {
    return this.entries.size;
  }

  /** Replaces everything with these matches (a leader's start, a follower's snapshot). */
  reset(matches: readonly LiveMatch[]): void {
    this.entries.clear();
    for (const m of matches) this.put(cloneLiveMatch(m));
  }

  /** Applies provider events; returns the wire changes they made (empty when nothing changed). */
  apply(events: readonly FeedEvent[], at: number): FeedChange[] {
    const out: FeedChange[] = [];
    for (const ev of events) {
      const change = this.toChange(ev);
      if (!change) continue;
      for (const c of Array.isArray(change) ? change : [change]) {
        this.applyChange(c, at);
        out.push(c);
      }
    }
    this.told(out);
    return out;
  }

  /** Applies wire changes from the bus (a follower process). */
  applyChanges(changes: readonly FeedChange[], at: number): void {
    for (const c of changes) this.applyChange(c, at);
    this.told(changes);
  }

  /**
   * Calls `fn` with the changes of every frame once applied, in every role (leader, follower,
   * injected trading changes): what watches prices (auto cash out) reacts to the feed, not a poll.
   */
  onChanges(fn: (changes: readonly FeedChange[]) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  private told(changes: readonly FeedChange[]): void {
    if (!changes.length) return;
    for (const fn of this.changeListeners) fn(changes);
  }

  /** The spec's key of an outcome (oddsType|outcomeId|special) by its feed ids, as OddChange carries them. */
  outcomeKeyOf(matchId: number, oddid: number): string | undefined {
    const ref = this.entries.get(matchId)?.odds.get(oddid);
    return ref && outcomeKey(ref.g.oddstype, ref.o.outcomeid, ref.g.special);
  }

  /** A copy of a match with its odds, or undefined. */
  getMatch(id: number): LiveMatch | undefined {
    const e = this.entries.get(id);
    return e ? this.shown(e.m) : undefined;
  }

  /** Copies of the live matches that pass the filter, in the order they went live. */
  listMatches(filter: MatchFilter = {}): LiveMatch[] {
    return this.snapshot(filter).map((m) => this.shown(m));
  }

  /**
   * What players see of the matches that pass the filter: snapshot(), or copies with bet status
   * stopped while the feed is suspended (the hub's snapshots).
   */
  shownSnapshot(filter: MatchFilter = {}): readonly LiveMatch[] {
    const held = this.snapshot(filter);
    return this.suspended() ? held.map((m) => this.shown(m)) : held;
  }

  /**
   * The held match objects that pass the filter, not copies: for encoding a snapshot at once.
   * Callers must not keep or change them.
   */
  snapshot(filter: MatchFilter = {}): readonly LiveMatch[] {
    const sports = filter.sports ? new Set(filter.sports) : null;
    const ids = filter.matches ? new Set(filter.matches) : null;
    const out: LiveMatch[] = [];
    for (const { m } of this.entries.values()) {
      if (!filter.includeEnded && isRemovedStatus(m)) continue;
      const all = !sports && !ids;
      if (all || sports?.has(m.sid) || ids?.has(m.id)) out.push(m);
    }
    return out;
  }

  /** Sport of a held match. */
  sportOf(id: number): number | undefined {
    return this.entries.get(id)?.m.sid;
  }

  /** The current odd of an outcome by the spec's key (odds type, outcome id, special). */
  currentOdd(matchId: number, oddsType: number, outcomeId: number, special: string): CurrentOdd | undefined {
    const e = this.entries.get(matchId);
    const ref = e?.keys.get(outcomeKey(oddsType, outcomeId, special));
    if (!e || !ref) return undefined;
    const m = e.m;
    const ended = isRemovedStatus(m);
    // a stale feed: the price may be old, so the match takes no bets (shown stopped, see checkFeed)
    const stale = this.suspended();
    return {
      matchId, oddsid: ref.g.oddsid, oddid: ref.o.oddid, oddsType, outcomeId, special: ref.g.special, odd: ref.o.odd,
      open: !ended && !stale && isOddOpen(m, ref.g, ref.o),
      locked: ended || stale || isSelectionLocked(m, ref.g, ref.o),
      betstatus: stale && m.bs === 'started' ? 'stopped' : m.bs, matchstatus: m.ms,
    };
  }

  /** The result of a finished match, while kept. */
  getResult(matchId: number): FeedResult | undefined {
    return this.results.get(matchId);
  }

  /** Calls `fn` with every result as it arrives (leader only: results do not travel on the bus). */
  onResult(fn: (r: FeedResult) => void): () => void {
    this.resultListeners.add(fn);
    return () => this.resultListeners.delete(fn);
  }

  /**
   * The stale rule (section 4): a live match silent for 300 s gets bet status stopped unless it
   * is paused. Returns the changes, to publish like any other.
   */
  sweepStale(now: number): FeedChange[] {
    const out: FeedChange[] = [];
    for (const { m } of this.entries.values()) {
      if (!isLive(m.ms) || isPaused(m.ms) || isRemovedStatus(m) || m.bs !== 'started' || !isStale(m.u, now)) continue;
      const c = statusChange(m.id, m.ms, 'stopped', m.ti, m.pe, m.tie, m.tiee);
      this.applyChange(c, now);
      out.push(c);
    }
    this.told(out);
    return out;
  }

  // ------------------------------------------------------------------ internals

  private put(m: LiveMatch): void {
    const e: Entry = { m, groups: new Map(), odds: new Map(), keys: new Map() };
    this.index(e);
    this.entries.set(m.id, e);
  }

  private index(e: Entry): void {
    e.groups.clear();
    e.odds.clear();
    e.keys.clear();
    for (const g of e.m.odds) {
      e.groups.set(g.oddsid, g);
      for (const o of g.outcomes) {
        const ref = { g, o };
        e.odds.set(o.oddid, ref);
        e.keys.set(outcomeKey(g.oddstype, o.outcomeid, g.special), ref);
      }
    }
  }

  /** An adapter event as wire changes, filled from the current state; null when it changes nothing. */
  private toChange(ev: FeedEvent): FeedChange | FeedChange[] | null {
    if (ev.type === 'fixture') return addChange(cloneLiveMatch(ev.match));
    if (ev.type === 'result') {
      this.keepResult(ev.result);
      return null;
    }
    const e = this.entries.get(ev.type === 'market-status' || ev.type === 'odds' || ev.type === 'markets'
      || ev.type === 'status' || ev.type === 'score' || ev.type === 'removed' ? ev.matchId : -1);
    if (!e) return null;
    const m = e.m;
    switch (ev.type) {
      case 'markets':
        return ev.groups.length ? marketsChange(m.id, ev.groups.map(cloneOddsGroup)) : null;
      case 'odds': {
        const out: FeedChange[] = [];
        for (const u of ev.odds) {
          const ref = e.odds.get(u.oddid);
          if (!ref || (ref.o.odd === u.odd && ref.o.active === u.active)) continue;
          out.push(oddChange(m.id, ref.g.oddsid, u.oddid, u.odd, u.active));
        }
        return out;
      }
      case 'market-status': {
        const g = e.groups.get(ev.oddsid);
        if (!g) return null;
        // a closed group is inactive, suspended and not visible
        const c = ev.active === 0 ? groupChange(m.id, g.oddsid, 0, 1, 0) : groupChange(m.id, g.oddsid, 1, ev.iss, ev.isv);
        return c.ac === g.active && c.iss === g.iss && c.isv === g.isv ? null : c;
      }
      case 'status': {
        const c = statusChange(m.id, ev.ms ?? m.ms, ev.bs ?? m.bs, ev.ti ?? m.ti, ev.pe ?? m.pe, ev.tie ?? m.tie, ev.tiee ?? m.tiee);
        return c.ms === m.ms && c.bs === m.bs && c.ti === m.ti && c.pe === m.pe && c.tie === m.tie && c.tiee === m.tiee ? null : c;
      }
      case 'score':
        return scoreChange(m.id, ev.scr, ev.sscr ?? m.sscr, ev.cards ?? m.cards, ev.corners ?? m.corners, ev.p ?? m.p);
      case 'removed':
        return removeChange(m.id, m.sid);
    }
  }

  private applyChange(c: FeedChange, at: number): void {
    if (c.k === 'a') {
      const m = cloneLiveMatch(c.match);
      m.u = at;
      this.put(m);
      return;
    }
    const e = this.entries.get(c.m);
    if (!e) return;
    const m = e.m;
    m.u = at;
    switch (c.k) {
      case 'o': {
        const ref = e.odds.get(c.o);
        if (ref) {
          ref.o.odd = c.v;
          ref.o.active = c.ac;
        }
        break;
      }
      case 'g': {
        const g = e.groups.get(c.g);
        if (g) {
          g.active = c.ac;
          g.iss = c.iss;
          g.isv = c.isv;
        }
        break;
      }
      case 'gs': {
        for (const g of c.odds) {
          const copy = cloneOddsGroup(g);
          const i = m.odds.findIndex((x) => x.oddsid === g.oddsid);
          if (i >= 0) m.odds[i] = copy;
          else m.odds.push(copy);
        }
        this.index(e);
        break;
      }
      case 's':
        applyStatusChange(m, c);
        break;
      case 'sc': {
        const moved = applyScoreChange(m, c);
        // football score change: the specials of 7, 61, 8, 62 follow the score (keys move with them)
        if (moved && m.sid === 1 && applyScoreSpecials(m.odds, m.scr).length) this.index(e);
        break;
      }
      case 'r':
        this.entries.delete(c.m);
        break;
    }
  }

  private keepResult(r: FeedResult): void {
    this.results.set(r.matchId, r);
    if (this.results.size > MAX_RESULTS) {
      const oldest = this.results.keys().next().value;
      if (oldest !== undefined) this.results.delete(oldest);
    }
    for (const fn of this.resultListeners) fn(r);
  }
}
