/**
 * From the odds store to the small patches the UI applies. Only matches of subscribed views are
 * looked at, only what a frame touched is recomputed, and a patch carries only the fields that
 * differ from what was last sent. Everything a view shows is decided here (labels, formatted
 * odds, arrows, open / locked / suspended) so the UI holds no rule. The batcher coalesces patches
 * into at most one delivery per animation frame.
 */
import { isLive, shownStatus } from '../../../domain/match/status.ts';
import { gameScoreText } from '../../../domain/match/game-score.ts';
import { liveClock } from '../../../domain/match/clock.ts';
import { cutName, formatOdds } from '../../../domain/odds/display.ts';
import type { OddsFormat } from '../../../domain/odds/display.ts';
import { shownMovement } from '../../../domain/odds/movement.ts';
import type { Movement } from '../../../domain/odds/movement.ts';
import { isOddOpen, isOddSuspended, isSelectionLocked, matchAllowsBets } from '../../../domain/odds/validity.ts';
import type { BetStatus, MatchStatus } from '../../../domain/protocol/entities.ts';
import type { Cards, Score } from '../../../domain/protocol/feed.ts';
import type { OddsStore, StoreGroup, StoreMatch, StoreOutcome, Touched } from './odds-store.ts';

/** A live match as a view shows it. */
export interface MatchView {
  id: number;
  home: string;
  away: string;
  /** Names cut for odds labels (10 characters and a dot). */
  homeLabel: string;
  awayLabel: string;
  sid: number;
  cid: number;
  tid: number;
  cn: string;
  tn: string;
  d: number;
  ms: MatchStatus;
  /** The header label: HT for pauses, FT for ended, else the status. */
  status: string;
  live: boolean;
  bs: BetStatus;
  /** Bets are open on the match at all. */
  open: boolean;
  scr: Score;
  sscr: Score[];
  ti: number;
  pe: number;
  cards: Cards;
  corners: Score;
  /** The point score of the current game as shown (tennis: 0/15/30/40/A), null for sports without one. */
  gs: { h: string; a: string } | null;
  /** Added time: minutes played past the period's end (45+2') and the minutes announced. */
  tie: number;
  tiee: number;
  /** Number of odds groups (markets) the match has, for the row's '+N'. */
  groups: number;
  /** Market filter tabs of an open MatchDetail (added by live-api.ts, domain/market/filters.ts). */
  filters?: string[];
}

export interface GroupView {
  oddsid: number;
  oddstype: number;
  name: string;
  special: string;
  active: 0 | 1;
  suspended: boolean;
  visible: boolean;
  /** Filter tabs the group shows under, on an open MatchDetail (added by live-api.ts). */
  filters?: string[];
}

export interface OutcomeView {
  /** The slip key of this pick (match, odds type, outcome, special): the selected state. */
  key: string;
  oddid: number;
  oddsid: number;
  outcomeid: number;
  label: string;
  special: string;
  odd: number;
  /** The odd as displayed (formatOdds with the user's settings). */
  text: string;
  /** Arrow shown now: up 1, down -1, none 0. */
  mv: Movement;
  open: boolean;
  locked: boolean;
  suspended: boolean;
}

/** Changes of one match: fields of the match, of groups by oddsid, of outcomes by oddid. */
export interface MatchPatch {
  id: number;
  /** The match left (ended, removed): drop it. */
  removed?: true;
  m?: Partial<MatchView>;
  g?: Record<number, Partial<GroupView>>;
  o?: Record<number, Partial<OutcomeView>>;
}

interface Sent {
  m: MatchView;
  g: Map<number, GroupView>;
  o: Map<number, OutcomeView>;
}

/** What the UI has been sent, per subscribed match. */
export interface DiffState {
  views: Set<number>;
  sent: Map<number, Sent>;
  format: OddsFormat;
  /**
   * Odds types a list row shows (the odds-type dropdown); null = every group. Matches in `detail`
   * (an open MatchDetail) get every group. Why: a football match has dozens of groups and a list
   * row shows one market, so a row's patch stays a few hundred bytes.
   */
  types: ReadonlySet<number> | null;
  detail: ReadonlySet<number>;
  /** Odds texts by odd under `format`: a live book reuses a few hundred prices (setFormat clears it). */
  texts: Map<number, string>;
}

export function createDiffState(format: OddsFormat = {}): DiffState {
  return { views: new Set(), sent: new Map(), format, types: null, detail: new Set(), texts: new Map() };
}

/** Whether a group of this odds type of match `mid` is shown by a subscribed view. */
function shows(ds: DiffState, mid: number, oddstype: number): boolean {
  return !ds.types || ds.types.has(oddstype) || ds.detail.has(mid);
}

// ------------------------------------------------------------------ views of store objects

export function matchView(m: StoreMatch): MatchView {
  return {
    id: m.id, home: m.h, away: m.a, homeLabel: cutName(m.h), awayLabel: cutName(m.a),
    sid: m.sid, cid: m.cid, tid: m.tid, cn: m.cn, tn: m.tn, d: m.d,
    ms: m.ms, status: shownStatus(m.ms), live: isLive(m.ms), bs: m.bs, open: matchAllowsBets(m),
    // A minute only for a sport played on a clock (domain/match/clock.ts): 0 otherwise, so the row shows the period.
    scr: m.scr, sscr: m.sscr, ti: liveClock(m).kind === 'minute' ? m.ti : 0, pe: m.pe, cards: m.cards, corners: m.corners, groups: m.groupIds.length,
    gs: gameScoreText(m, isLive(m.ms)), tie: m.tie ?? 0, tiee: m.tiee ?? 0,
  };
}

export function groupView(g: StoreGroup): GroupView {
  return {
    oddsid: g.oddsid, oddstype: g.oddstype, name: g.nicename, special: g.special, active: g.active,
    suspended: g.iss === 1, visible: g.isv === 1,
  };
}

export function outcomeView(m: StoreMatch, g: StoreGroup, o: StoreOutcome, now: number, format: OddsFormat, text = formatOdds(o.odd, format)): OutcomeView {
  return {
    key: o.key,
    oddid: o.oddid, oddsid: g.oddsid, outcomeid: o.outcomeid, label: o.outcome, special: o.special,
    odd: o.odd, text, mv: shownMovement(o.mv, o.mvAt, now),
    open: isOddOpen(m, g, o), locked: isSelectionLocked(m, g, o), suspended: isOddSuspended(o) || g.iss === 1,
  };
}

/** The displayed text of an odd under the state's format, cached. */
function oddText(ds: DiffState, odd: number): string {
  let text = ds.texts.get(odd);
  if (text === undefined) {
    if (ds.texts.size > 20_000) ds.texts.clear(); // a bound, never reached by a real book
    ds.texts.set(odd, (text = formatOdds(odd, ds.format)));
  }
  return text;
}

// ------------------------------------------------------------------ diffing

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Fields of `next` that differ from `prev`, or null. Views share the store's score and statistics
 * objects: the store replaces them on change and never mutates them in place.
 */
function changed<T extends object>(prev: T, next: T): Partial<T> | null {
  let out: Partial<T> | null = null;
  for (const k in next) {
    if (same(prev[k], next[k])) continue;
    out ??= {};
    out[k] = next[k];
  }
  return out;
}

class PatchSet {
  readonly byId = new Map<number, MatchPatch>();
  get(id: number): MatchPatch {
    let p = this.byId.get(id);
    if (!p) this.byId.set(id, (p = { id }));
    return p;
  }
  list(): MatchPatch[] {
    return [...this.byId.values()].filter((p) => p.removed || p.m || p.g || p.o);
  }
}

/** Builds the full patch of a match and remembers it as sent. */
function full(ds: DiffState, store: OddsStore, m: StoreMatch, now: number, out: PatchSet): void {
  const mv = matchView(m);
  const sent: Sent = { m: mv, g: new Map(), o: new Map() };
  const p = out.get(m.id);
  p.m = { ...mv };
  p.g = {};
  p.o = {};
  for (const gid of m.groupIds) {
    const g = store.groups.get(gid);
    if (!g || !shows(ds, m.id, g.oddstype)) continue;
    const gv = groupView(g);
    sent.g.set(gid, gv);
    p.g[gid] = { ...gv };
    for (const oid of g.outcomeIds) {
      const o = store.outcomes.get(oid);
      if (!o) continue;
      const ov = outcomeView(m, g, o, now, ds.format, oddText(ds, o.odd));
      sent.o.set(oid, ov);
      p.o[oid] = { ...ov };
    }
  }
  ds.sent.set(m.id, sent);
}

function diffGroup(ds: DiffState, store: OddsStore, m: StoreMatch, g: StoreGroup, sent: Sent, now: number, out: PatchSet, withOutcomes: boolean): void {
  const gv = groupView(g);
  const prev = sent.g.get(g.oddsid);
  const d = prev ? changed(prev, gv) : { ...gv };
  if (d) {
    const p = out.get(m.id);
    (p.g ??= {})[g.oddsid] = { ...(p.g[g.oddsid] ?? {}), ...d };
    sent.g.set(g.oddsid, gv);
  }
  if (!withOutcomes) return;
  for (const oid of g.outcomeIds) {
    const o = store.outcomes.get(oid);
    if (o) diffOutcome(ds, m, g, o, sent, now, out);
  }
}

function diffOutcome(ds: DiffState, m: StoreMatch, g: StoreGroup, o: StoreOutcome, sent: Sent, now: number, out: PatchSet): void {
  const oid = o.oddid;
  const prev = sent.o.get(oid);
  let d: Partial<OutcomeView> | null;
  if (prev) {
    d = updateOutcome(prev, m, g, o, now, oddText(ds, o.odd));
  } else {
    const ov = outcomeView(m, g, o, now, ds.format, oddText(ds, o.odd));
    sent.o.set(oid, ov);
    d = { ...ov };
  }
  if (!d) return;
  const p = out.get(m.id);
  const po = (p.o ??= {});
  const queued = po[oid];
  po[oid] = queued ? Object.assign(queued, d) : d;
}

/**
 * Brings the sent view `v` of an outcome up to date in place and returns the fields that changed,
 * or null: outcomeView compared field by field. Why not a new view and the generic changed():
 * this runs for every odd change of every shown match (thousands a second), and every field is a
 * primitive. The sent views are never shared with a patch, so updating them in place is safe.
 */
type ComparedOutcomeField = 'key' | 'oddsid' | 'outcomeid' | 'label' | 'special' | 'odd' | 'text' | 'mv' | 'open' | 'locked' | 'suspended';
/** Fails to compile when OutcomeView gains a field updateOutcome does not compare (oddid is the entry's key). */
export type OutcomeFieldsAllCompared = [Exclude<keyof OutcomeView, ComparedOutcomeField | 'oddid'>] extends [never] ? true : never;
const outcomeFieldsAllCompared: OutcomeFieldsAllCompared = true;
void outcomeFieldsAllCompared;

function updateOutcome(v: OutcomeView, m: StoreMatch, g: StoreGroup, o: StoreOutcome, now: number, text: string): Partial<OutcomeView> | null {
  let d: Partial<OutcomeView> | null = null;
  if (v.key !== o.key) (d ??= {}).key = v.key = o.key;
  if (v.oddsid !== g.oddsid) (d ??= {}).oddsid = v.oddsid = g.oddsid;
  if (v.outcomeid !== o.outcomeid) (d ??= {}).outcomeid = v.outcomeid = o.outcomeid;
  if (v.label !== o.outcome) (d ??= {}).label = v.label = o.outcome;
  if (v.special !== o.special) (d ??= {}).special = v.special = o.special;
  if (v.odd !== o.odd) (d ??= {}).odd = v.odd = o.odd;
  if (v.text !== text) (d ??= {}).text = v.text = text;
  const mv = shownMovement(o.mv, o.mvAt, now);
  if (v.mv !== mv) (d ??= {}).mv = v.mv = mv;
  const open = isOddOpen(m, g, o);
  if (v.open !== open) (d ??= {}).open = v.open = open;
  const locked = isSelectionLocked(m, g, o);
  if (v.locked !== locked) (d ??= {}).locked = v.locked = locked;
  const suspended = isOddSuspended(o) || g.iss === 1;
  if (v.suspended !== suspended) (d ??= {}).suspended = v.suspended = suspended;
  return d;
}

/**
 * Patches for what `touched` changed, limited to subscribed views. Call after applyFrame or a
 * sweep with the same Touched; `now` is the client clock (arrows).
 */
export function diffStore(ds: DiffState, store: OddsStore, touched: Touched, now: number): MatchPatch[] {
  const out = new PatchSet();
  for (const id of touched.removed) {
    if (!ds.views.has(id) || !ds.sent.has(id)) continue;
    ds.sent.delete(id);
    out.get(id).removed = true;
  }
  const wide = new Set<number>();
  for (const ids of [touched.all, touched.fields]) {
    for (const id of ids) {
      if (!ds.views.has(id) || wide.has(id)) continue;
      const m = store.matches.get(id);
      if (!m) continue;
      const sent = ds.sent.get(id);
      if (!sent) {
        full(ds, store, m, now, out);
        wide.add(id);
        continue;
      }
      const d = changed(sent.m, matchView(m));
      if (d) {
        const p = out.get(id);
        p.m = { ...(p.m ?? {}), ...d };
        sent.m = { ...sent.m, ...d };
      }
      if (ids !== touched.all) continue;
      wide.add(id);
      for (const gid of m.groupIds) {
        const g = store.groups.get(gid);
        if (g && shows(ds, id, g.oddstype)) diffGroup(ds, store, m, g, sent, now, out, true);
      }
      // groups the match no longer has
      for (const gid of [...sent.g.keys()]) if (!store.groups.has(gid)) sent.g.delete(gid);
    }
  }
  for (const gid of touched.groups) {
    const g = store.groups.get(gid);
    if (!g || wide.has(g.m) || !ds.views.has(g.m) || !shows(ds, g.m, g.oddstype)) continue;
    const m = store.matches.get(g.m);
    const sent = ds.sent.get(g.m);
    // a group's suspension changes how its outcomes look, so they are compared too
    if (m && sent) diffGroup(ds, store, m, g, sent, now, out, true);
  }
  for (const oid of touched.outcomes) {
    const o = store.outcomes.get(oid);
    if (!o) continue;
    // most changed odds belong to markets no view shows: skip them first, with the fewest lookups
    const g = store.groups.get(o.g);
    if (!g || !shows(ds, o.m, g.oddstype) || wide.has(o.m) || touched.groups.has(o.g) || !ds.views.has(o.m)) continue;
    const m = store.matches.get(o.m);
    const sent = ds.sent.get(o.m);
    if (m && sent) diffOutcome(ds, m, g, o, sent, now, out);
  }
  return out.list();
}

/**
 * Replaces the subscribed views: new ones get a full patch, dropped ones are forgotten (the UI
 * unmounted them, it needs no patch).
 */
export function setViews(
  ds: DiffState, store: OddsStore, ids: Iterable<number>, now: number,
  shown?: { types?: readonly number[] | null; detail?: Iterable<number> },
): MatchPatch[] {
  const next = new Set(ids);
  for (const id of ds.views) if (!next.has(id)) ds.sent.delete(id);
  if (shown?.types !== undefined) {
    const types = shown.types ? new Set(shown.types) : null;
    const sameTypes = types === ds.types || (!!types && !!ds.types && types.size === ds.types.size && [...types].every((t) => ds.types!.has(t)));
    // other markets shown: every view is sent in full again
    if (!sameTypes) ds.sent.clear();
    ds.types = types;
  }
  if (shown?.detail !== undefined) {
    const detail = new Set(shown.detail);
    for (const id of new Set([...detail, ...ds.detail])) if (detail.has(id) !== ds.detail.has(id)) ds.sent.delete(id);
    ds.detail = detail;
  }
  ds.views = next;
  const out = new PatchSet();
  for (const id of next) {
    const m = store.matches.get(id);
    if (m && !ds.sent.has(id)) full(ds, store, m, now, out);
  }
  return out.list();
}

/** Changes the odds display settings; every subscribed outcome's text is rediffed. */
export function setFormat(ds: DiffState, store: OddsStore, format: OddsFormat, now: number): MatchPatch[] {
  ds.format = format;
  ds.texts.clear();
  const touched: Touched = { fields: new Set(), all: new Set(ds.views), groups: new Set(), outcomes: new Set(), removed: new Set() };
  return diffStore(ds, store, touched, now);
}

// ------------------------------------------------------------------ batching

/** Merges patch `b` (later) into `a` (earlier) into a new patch; neither is changed. */
export function mergePatch(a: MatchPatch, b: MatchPatch): MatchPatch {
  if (b.removed || a.removed) return mergeInto(a, b);
  return mergeInto(mergeInto({ id: a.id }, a), b);
}

/**
 * Merges patch `b` into `a` in place and returns the result (`a`, or `b` when it replaces `a`).
 * Entries of `b` are copied, never aliased, so `a` stays the only owner of its objects. Why in
 * place: the batcher merges up to a frame's worth of patches per match; copying the accumulated
 * maps on every merge made batching cost more than decoding.
 */
function mergeInto(a: MatchPatch, b: MatchPatch): MatchPatch {
  if (b.removed) return { id: b.id, removed: true };
  // a match removed then added again: the later patch is a full one
  if (a.removed) return b;
  if (b.m) a.m = a.m ? Object.assign(a.m, b.m) : { ...b.m };
  if (b.g) a.g = mergeEntries(a.g ?? {}, b.g);
  if (b.o) a.o = mergeEntries(a.o ?? {}, b.o);
  return a;
}

function mergeEntries<V extends object>(into: Record<number, V>, from: Record<number, V>): Record<number, V> {
  for (const k in from) {
    const prev = into[k];
    into[k] = prev ? Object.assign(prev, from[k]) : { ...from[k]! };
  }
  return into;
}

export interface PatchBatcher {
  /** Queues patches, taking ownership of them (they may be merged into); a flush is scheduled if none is. */
  push(patches: readonly MatchPatch[]): void;
  /** Delivers what is queued now (the scheduled flush calls it). */
  flush(): void;
  /** Matches with queued patches. */
  readonly pending: number;
}

/** Entries of a patch (match fields, groups, outcomes): a proxy of its size on the wire. */
export function patchCost(p: MatchPatch): number {
  return (p.m || p.removed ? 4 : 0) + (p.g ? Object.keys(p.g).length : 0) + (p.o ? Object.keys(p.o).length : 0);
}

/**
 * Coalesces patches per match and delivers them at most once per scheduled frame. `schedule` is
 * requestAnimationFrame in the worker (or setTimeout(cb, 16)); tests inject their own.
 * `maxCost` bounds one delivery (patchCost summed, at least one patch): when many rows enter the
 * view at once their full patches spread over a few frames instead of one large message.
 */
export function createPatchBatcher(schedule: (cb: () => void) => void, deliver: (patches: MatchPatch[]) => void, maxCost = Infinity): PatchBatcher {
  let queue = new Map<number, MatchPatch>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!queue.size) return;
    let out: MatchPatch[];
    if (maxCost === Infinity) {
      out = [...queue.values()];
      queue = new Map();
    } else {
      out = [];
      let cost = 0;
      for (const [id, p] of queue) {
        const c = patchCost(p);
        if (out.length && cost + c > maxCost) break;
        out.push(p);
        cost += c;
        queue.delete(id);
      }
      if (queue.size) {
        scheduled = true;
        schedule(flush);
      }
    }
    deliver(out);
  };
  return {
    push(patches) {
      for (const p of patches) {
        const prev = queue.get(p.id);
        queue.set(p.id, prev ? mergeInto(prev, p) : p);
      }
      if (queue.size && !scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    flush,
    get pending() {
      return queue.size;
    },
  };
}
