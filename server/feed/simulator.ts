/**
 * The built-in feed: a deterministic live-match simulator behind the FeedAdapter interface.
 *
 * Same seed + same clock readings = the same event stream, because all randomness comes from one
 * seeded generator consumed in a fixed order and time advances in fixed ticks (advanceTo runs
 * every whole tick up to `now`, however the caller slices time). Games run on a game clock
 * (`speed` game seconds per real second); prices come from pricing.ts with a bookmaker margin.
 */
import { marketOf } from '../../domain/market/catalogue.ts';
import type { MarketDef } from '../../domain/market/catalogue.ts';
import { applyScoreSpecials, scoreSpecial, specialLabel } from '../../domain/odds/score-specials.ts';
import { tennisGameWinner } from '../../domain/match/game-score.ts';
import type { MatchStatus, OddsGroup } from '../../domain/protocol/entities.ts';
import { cloneLiveMatch, cloneOddsGroup } from '../../domain/protocol/feed.ts';
import type { Cards, FeedResult, LiveMatch, Score } from '../../domain/protocol/feed.ts';
import type { FeedAdapter, FeedEvent, OddUpdate } from './adapter.ts';
import type { Clock, Scheduler } from './clock.ts';
import { goalGrid, gridBuckets, matchWinProb, normalAbove, poissonAbove, priceBook } from './pricing.ts';
import type { Grid, SetRules } from './pricing.ts';
import { createRng } from '../../domain/random.ts';
import type { Rng } from '../../domain/random.ts';
import { SPORTS } from './sports.ts';
import type { SportProfile } from './sports.ts';

export interface SimulatorOptions {
  seed: number;
  clock: Clock;
  /** Drives start(); without it the caller advances time with advanceTo(). */
  scheduler?: Scheduler;
  /** Matches kept live (default 40). */
  liveCount?: number;
  /** Real ms per simulation step (default 1000, the spec's timer tick). */
  tickMs?: number;
  /** Game seconds per real second (default 1). */
  speed?: number;
  /** FEED_RATE: odd changes per second for load tests; 0 = natural pace. */
  rate?: number;
  /** Bookmaker margin (default 0.05): implied probabilities sum to 1.05. */
  margin?: number;
  /** Only these sport ids (default all simulated sports). */
  sports?: readonly number[];
  /** First id of matches, odds groups and odds (default from the clock, so restarts do not reuse ids). */
  idBase?: number;
  /** Game seconds between natural reprices of a match (default 10). */
  repriceSec?: number;
  /** A group is republished when a price moved by at least this share (default 0.01). */
  moveThreshold?: number;
  /** Game seconds bets stay stopped after a goal (default 20). */
  suspendSec?: number;
  /** Real ms an ended match stays in the feed before 'removed' (default 30 s). */
  lingerMs?: number;
  /** Multiplier of each sport's chance of an interrupted / retired match (default 1). */
  stopChanceFactor?: number;
}

/** SimulatorCheckpoint's form of a match: the sport by id, each group by its index in live.odds. */
type MatchCheckpoint = Omit<SimMatch, 'sport' | 'groups'> & { sid: number; groups: Array<Omit<SimGroup, 'g' | 'def'> & { gi: number }> };

/** FeedSimulator.checkpoint(): JSON-safe. */
export interface SimulatorCheckpoint {
  v: 1;
  rng: number;
  stepAt: number;
  started: boolean;
  budget: number;
  nextMatchId: number;
  nextGroupId: number;
  nextOddId: number;
  kickoffs: number[];
  matches: MatchCheckpoint[];
}

interface SimGroup {
  g: OddsGroup;
  def: MarketDef;
  line: number;
  hc: Score;
  closed: boolean;
}

type Phase = 'play' | 'break' | 'ot' | 'done';
type EndStatus = 'ended' | 'after_ot' | 'interrupted' | 'retired';

interface SimMatch {
  live: LiveMatch;
  sport: SportProfile;
  groups: SimGroup[];
  phase: Phase;
  period: number;
  /** Seconds into the current period, break or overtime. */
  clockSec: number;
  playedSec: number;
  wallSec: number;
  baseH: number;
  baseA: number;
  /** Scoring events per playing second (time sports) or home point-win probability (sets). */
  rateH: number;
  rateA: number;
  baseP: number;
  p: number;
  periodStart: Score;
  periodScores: Score[];
  ht: Score | null;
  regular: Score | null;
  goals: { side: 'h' | 'a'; minute: number }[];
  overtimes: number;
  suspendLeft: number;
  repriceIn: number;
  pointIn: number;
  stopAtSec: number | null;
  removeAt: number | null;
}

/** Goals, points and sets probability context of one reprice, computed lazily. */
interface Ctx {
  ft?: Grid;
  h1?: Grid | null;
  h2?: Grid;
}

const ZERO: Score = { h: 0, a: 0 };
/** Points of an average tennis game: the profile's pointSec is a game, played point by point. */
const POINTS_PER_GAME = 6;

export class FeedSimulator implements FeedAdapter {
  readonly name = 'simulator';
  private rng: Rng;
  private readonly clock: Clock;
  private readonly scheduler: Scheduler | undefined;
  private readonly liveCount: number;
  private readonly tickMs: number;
  private readonly speed: number;
  private rate: number;
  private readonly margin: number;
  private readonly sports: SportProfile[];
  private readonly totalWeight: number;
  private readonly repriceSec: number;
  private readonly moveThreshold: number;
  private readonly suspendSec: number;
  private readonly lingerMs: number;
  private readonly stopFactor: number;
  private nextMatchId: number;
  private nextGroupId: number;
  private nextOddId: number;
  private readonly matches = new Map<number, SimMatch>();
  private kickoffs: number[] = [];
  private stepAt: number;
  private started = false;
  private budget = 0;
  private quiet = false;
  private emitFn: ((events: FeedEvent[], at: number) => void) | null = null;
  private cancel: (() => void) | null = null;

  constructor(opts: SimulatorOptions) {
    this.rng = createRng(opts.seed);
    this.clock = opts.clock;
    this.scheduler = opts.scheduler;
    this.liveCount = opts.liveCount ?? 40;
    this.tickMs = opts.tickMs ?? 1000;
    this.speed = opts.speed ?? 1;
    this.rate = opts.rate ?? 0;
    this.margin = opts.margin ?? 0.05;
    this.sports = SPORTS.filter((s) => !opts.sports || opts.sports.includes(s.sid));
    if (this.sports.length === 0) throw new Error('simulator: no known sport selected');
    this.totalWeight = this.sports.reduce((s, x) => s + x.weight, 0);
    this.repriceSec = opts.repriceSec ?? 10;
    this.moveThreshold = opts.moveThreshold ?? 0.01;
    this.suspendSec = opts.suspendSec ?? 20;
    this.lingerMs = opts.lingerMs ?? 30_000;
    this.stopFactor = opts.stopChanceFactor ?? 1;
    this.stepAt = this.clock.now();
    const base = opts.idBase ?? 1_000_000 + (Math.floor(this.stepAt / 60_000) % 100_000) * 1000;
    this.nextMatchId = base;
    this.nextGroupId = base;
    this.nextOddId = base;
  }

  /** Starts emitting; with a scheduler it ticks by itself, otherwise advanceTo() drives it. */
  start(emit: (events: FeedEvent[], at: number) => void): void {
    this.emitFn = emit;
    if (this.scheduler && !this.cancel) {
      this.cancel = this.scheduler.every(this.tickMs, () => this.advanceTo(this.clock.now()));
      this.advanceTo(this.clock.now());
    }
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.emitFn = null;
  }

  /** Changes the FEED_RATE on the fly (0 = natural pace). */
  setRate(rate: number): void {
    this.rate = Math.max(0, rate);
  }

  /** Matches playing, ended (waiting for removal) and waiting to kick off: playing + waiting = liveCount. */
  stats(): { playing: number; ended: number; waiting: number } {
    let playing = 0;
    for (const m of this.matches.values()) if (m.phase !== 'done') playing++;
    return { playing, ended: this.matches.size - playing, waiting: this.kickoffs.length };
  }

  current(): LiveMatch[] {
    return [...this.matches.values()].map((m) => cloneLiveMatch(m.live));
  }

  /** Runs every step due up to `now` (real ms), emitting each step's events with its time. */
  advanceTo(now: number): void {
    while (this.stepAt <= now) {
      const at = this.stepAt;
      const events = this.step(at);
      this.stepAt += this.tickMs;
      // an empty batch is the provider's heartbeat: the feed is alive, nothing moved
      if (this.emitFn) this.emitFn(events, at);
    }
  }

  /**
   * The simulator's whole state as plain data. Why: the simulator is the provider; when the
   * process running it dies, the next leader restores the last checkpoint and replays the ticks
   * since (same state + same ticks = the same events), so live matches go on where they were.
   */
  checkpoint(): SimulatorCheckpoint {
    return {
      v: 1, rng: this.rng.state(), stepAt: this.stepAt, started: this.started, budget: this.budget,
      nextMatchId: this.nextMatchId, nextGroupId: this.nextGroupId, nextOddId: this.nextOddId, kickoffs: [...this.kickoffs],
      matches: [...this.matches.values()].map(({ sport, groups, ...rest }) => ({
        ...structuredClone(rest), sid: sport.sid,
        groups: groups.map(({ g, def: _def, ...x }) => ({ ...structuredClone(x), gi: rest.live.odds.indexOf(g) })),
      })),
    };
  }

  /** Goes on from a checkpoint (see checkpoint); false when it does not fit this build (then it starts afresh). */
  restore(data: unknown, notBefore = -Infinity): boolean {
    const cp = data as SimulatorCheckpoint | null;
    if (!cp || cp.v !== 1 || !Array.isArray(cp.matches) || !(cp.stepAt >= notBefore)) return false;
    const matches = new Map<number, SimMatch>();
    for (const { sid, groups, ...rest } of cp.matches) {
      const sport = SPORTS.find((x) => x.sid === sid);
      if (!sport) return false;
      const live = structuredClone(rest.live);
      const sg: SimGroup[] = [];
      for (const { gi, ...x } of groups) {
        const g = live.odds[gi];
        const def = g && marketOf(g.oddstype);
        if (!g || !def) return false;
        sg.push({ ...structuredClone(x), g, def });
      }
      matches.set(live.id, { ...structuredClone(rest), live, sport, groups: sg });
    }
    this.matches.clear();
    for (const [id, m] of matches) this.matches.set(id, m);
    this.rng = createRng(cp.rng);
    this.stepAt = cp.stepAt;
    this.started = cp.started;
    this.budget = cp.budget;
    this.nextMatchId = cp.nextMatchId;
    this.nextGroupId = cp.nextGroupId;
    this.nextOddId = cp.nextOddId;
    this.kickoffs = [...cp.kickoffs];
    return true;
  }

  // ---------------------------------------------------------------- steps

  private step(T: number): FeedEvent[] {
    const out: FeedEvent[] = [];
    if (!this.started) {
      this.started = true;
      for (let i = 0; i < this.liveCount; i++) this.spawn(T, true, out);
    }
    const dt = (this.tickMs / 1000) * this.speed;
    for (const sm of [...this.matches.values()]) {
      if (sm.phase === 'done') {
        if (sm.removeAt !== null && T >= sm.removeAt) {
          this.matches.delete(sm.live.id);
          out.push({ type: 'removed', matchId: sm.live.id });
        }
        continue;
      }
      this.advanceMatch(sm, dt, T, out);
    }
    const due = this.kickoffs.filter((at) => at <= T);
    if (due.length) {
      this.kickoffs = this.kickoffs.filter((at) => at > T);
      for (let i = 0; i < due.length; i++) this.spawn(T, false, out);
    }
    if (this.rate > 0) this.loadStep(T, out);
    return out;
  }

  private advanceMatch(sm: SimMatch, dt: number, T: number, out: FeedEvent[]): void {
    const before = { ms: sm.live.ms, ti: sm.live.ti, pe: sm.live.pe };
    // a suspension counts down from the step after it started
    let reopen = false;
    if (sm.suspendLeft > 0) {
      sm.suspendLeft -= dt;
      if (sm.suspendLeft <= 0) {
        sm.suspendLeft = 0;
        reopen = true;
      }
    }
    if (sm.sport.engine === 'sets') this.advanceSets(sm, dt, T, out);
    else this.advanceClock(sm, dt, T, out);
    if (sm.phase === 'done') return;
    if (sm.live.ti !== before.ti && sm.live.ms === before.ms && sm.live.pe === before.pe) this.status(sm, T, out);
    if (sm.suspendLeft > 0) return;
    if (reopen) {
      // reopen with new prices: odds first, then bet status started
      this.repriceAll(sm, true, T, out);
      sm.live.bs = 'started';
      this.status(sm, T, out);
      return;
    }
    sm.repriceIn -= dt;
    if (sm.repriceIn <= 0 && this.rate === 0) {
      sm.repriceIn += this.repriceSec;
      this.drift(sm);
      this.repriceAll(sm, false, T, out);
    }
  }

  /** Time-based sports: periods, breaks, overtime, goals or points, corners and cards. */
  private advanceClock(sm: SimMatch, dt: number, T: number, out: FeedEvent[]): void {
    const sp = sm.sport;
    sm.wallSec += dt;
    if (sm.phase === 'break') {
      sm.clockSec += dt;
      const len = (sp.breaks[sm.period - 1]?.min ?? 0) * 60;
      if (sm.clockSec >= len) this.startPeriod(sm, sm.period + 1, T, out);
      return;
    }
    sm.clockSec += dt;
    sm.playedSec += dt;
    sm.live.ti = Math.floor(sm.playedSec / 60);
    const minute = sm.live.ti + 1;
    let scored = false;
    for (const side of ['h', 'a'] as const) {
      const n = this.rng.poisson((side === 'h' ? sm.rateH : sm.rateA) * dt);
      for (let k = 0; k < n; k++) {
        const pts = sp.engine === 'points' ? this.points(sp) : 1;
        sm.live.scr[side] += pts;
        if (sp.engine === 'goals') sm.goals.push({ side, minute });
        scored = true;
      }
    }
    let stats = false;
    if (sp.corners > 0) {
      const share = sm.baseH / (sm.baseH + sm.baseA);
      const n = this.rng.poisson((sp.corners / this.regSec(sp)) * dt);
      for (let k = 0; k < n; k++) sm.live.corners[this.rng.chance(share) ? 'h' : 'a']++;
      const c = this.rng.poisson((sp.cards / this.regSec(sp)) * dt);
      for (let k = 0; k < c; k++) {
        const home = this.rng.chance(0.5);
        const red = this.rng.chance(0.06);
        const key: keyof Cards = home ? (red ? 'rh' : 'yh') : (red ? 'ra' : 'ya');
        sm.live.cards[key]++;
      }
      stats = n + c > 0;
    }
    if (scored || stats) this.score(sm, T, out);
    if (scored && sp.suspendOnScore) this.suspend(sm, this.suspendSec, T, out);
    else if (sp.dangerPerMin > 0 && this.rng.chance((sp.dangerPerMin * dt) / 60)) this.suspend(sm, this.rng.range(6, 15), T, out);

    if (sm.stopAtSec !== null && sm.playedSec >= sm.stopAtSec) return this.finish(sm, sp.stopStatus, T, out);
    if (sm.phase === 'ot') {
      // hockey overtime is sudden death
      if (scored && sp.sid === 4) return this.finish(sm, 'after_ot', T, out);
      if (sm.clockSec >= sp.overtimeMin * 60) this.endOvertime(sm, T, out);
      return;
    }
    if (sm.clockSec >= sp.periodMin * 60) this.endPeriod(sm, T, out);
  }

  private endPeriod(sm: SimMatch, T: number, out: FeedEvent[]): void {
    const sp = sm.sport;
    sm.periodScores.push({ h: sm.live.scr.h - sm.periodStart.h, a: sm.live.scr.a - sm.periodStart.a });
    if (sm.period === Math.max(1, Math.floor(sp.periods / 2))) sm.ht = { ...sm.live.scr };
    if (sm.period === 1 && sp.sid === 1) this.closeGroups(sm, (g) => g.def.period === 'h1', T, out);
    if (sm.period < sp.periods) {
      if (sp.breaks[sm.period - 1]) {
        sm.phase = 'break';
        sm.clockSec = 0;
        sm.live.ms = sp.breaks[sm.period - 1]!.status;
        this.status(sm, T, out);
      } else this.startPeriod(sm, sm.period + 1, T, out);
      return;
    }
    sm.regular = { ...sm.live.scr };
    if (sp.overtimeMin === 0 || sm.live.scr.h !== sm.live.scr.a) return this.finish(sm, 'ended', T, out);
    // level after regulation in a sport that needs a winner: regulation markets are decided
    this.closeGroups(sm, () => true, T, out);
    this.startOvertime(sm, T, out);
  }

  private startOvertime(sm: SimMatch, T: number, out: FeedEvent[]): void {
    if (sm.phase === 'ot') sm.periodScores.push({ h: sm.live.scr.h - sm.periodStart.h, a: sm.live.scr.a - sm.periodStart.a });
    sm.periodStart = { ...sm.live.scr };
    sm.phase = 'ot';
    sm.clockSec = 0;
    sm.overtimes++;
    sm.live.ms = 'ot';
    this.status(sm, T, out);
  }

  private endOvertime(sm: SimMatch, T: number, out: FeedEvent[]): void {
    if (sm.live.scr.h !== sm.live.scr.a) return this.finish(sm, 'after_ot', T, out);
    if (sm.sport.sid === 4 || sm.overtimes >= 3) {
      // shootout (or a coin after three overtimes): the winner gets one
      sm.live.scr[this.rng.chance(0.5) ? 'h' : 'a']++;
      this.score(sm, T, out);
      return this.finish(sm, 'after_ot', T, out);
    }
    this.startOvertime(sm, T, out);
  }

  private startPeriod(sm: SimMatch, period: number, T: number, out: FeedEvent[]): void {
    sm.phase = 'play';
    sm.period = period;
    sm.clockSec = 0;
    sm.periodStart = { ...sm.live.scr };
    sm.live.pe = period;
    sm.live.ms = this.periodStatus(sm.sport, period);
    this.status(sm, T, out);
  }

  private periodStatus(sp: SportProfile, period: number): MatchStatus {
    if (sp.engine === 'sets') return `${Math.min(period, 5)}set` as MatchStatus;
    // baseball innings have no status marker: '1p' with pe = inning
    if (sp.periods > 4) return '1p';
    return `${period}p` as MatchStatus;
  }

  /** Set sports: points (games of points for tennis) until sets are won. */
  private advanceSets(sm: SimMatch, dt: number, T: number, out: FeedEvent[]): void {
    const sp = sm.sport;
    sm.wallSec += dt;
    sm.playedSec += dt;
    sm.live.ti = Math.floor(sm.playedSec / 60);
    sm.pointIn -= dt;
    let scored = false;
    while (sm.pointIn <= 0 && sm.phase !== 'done') {
      sm.pointIn += (sp.gamePoints ? sp.pointSec / POINTS_PER_GAME : sp.pointSec) * this.rng.range(0.6, 1.4);
      const cur = sm.live.sscr[sm.live.sscr.length - 1]!;
      const rules = this.setRules(sp, sm.live.sscr.length - 1);
      const T2 = rules.target;
      const tb = rules.tiebreakAt;
      let side: 'h' | 'a';
      if (sp.gamePoints) {
        // sm.p is the chance of winning a game (pricing reads it); a game of points stretches a
        // point's edge about 2.5 times near even, so a point is played at the edge shrunk back
        side = this.rng.chance(0.5 + (sm.p - 0.5) / 2.5) ? 'h' : 'a';
        const p = { ...(sm.live.p ?? ZERO) };
        p[side]++;
        scored = true;
        const game = tennisGameWinner(p, tb !== undefined && cur.h === tb && cur.a === tb);
        sm.live.p = game ? { h: 0, a: 0 } : p;
        if (!game) continue;
        side = game;
      } else side = this.rng.chance(sm.p) ? 'h' : 'a';
      cur[side]++;
      scored = true;
      const won = (x: number, y: number) => (x >= T2 && x - y >= 2) || (tb !== undefined && x === tb + 1 && y === tb);
      const winner = won(cur.h, cur.a) ? 'h' : won(cur.a, cur.h) ? 'a' : null;
      if (!winner) continue;
      sm.live.scr[winner]++;
      if (sm.live.scr[winner] >= sp.setsToWin) {
        this.score(sm, T, out);
        return this.finish(sm, 'ended', T, out);
      }
      if (sm.live.sscr.length === 1) sm.ht = { ...sm.live.scr };
      sm.live.sscr.push({ h: 0, a: 0 });
      sm.period++;
      sm.live.pe = sm.period;
      sm.live.ms = this.periodStatus(sp, sm.period);
      this.status(sm, T, out);
    }
    if (scored) this.score(sm, T, out);
    if (sm.stopAtSec !== null && sm.playedSec >= sm.stopAtSec) this.finish(sm, sp.stopStatus, T, out);
  }

  private setRules(sp: SportProfile, setIndex: number): SetRules {
    const last = setIndex === sp.setsToWin * 2 - 2;
    return { target: last ? sp.lastSetTarget : sp.setTarget, ...(sp.tiebreakAt !== undefined ? { tiebreakAt: sp.tiebreakAt } : {}) };
  }

  private points(sp: SportProfile): number {
    const [w1, w2] = sp.pointWeights;
    const r = this.rng.next();
    return r < w1 ? 1 : r < w1 + w2 ? 2 : 3;
  }

  // ---------------------------------------------------------------- lifecycle

  private spawn(T: number, midGame: boolean, out: FeedEvent[]): void {
    let r = this.rng.next() * this.totalWeight;
    let sp = this.sports[0]!;
    for (const s of this.sports) {
      r -= s.weight;
      if (r < 0) {
        sp = s;
        break;
      }
    }
    let sm = this.create(sp, T);
    if (midGame) {
      // start part-way through: play the match silently, then publish where it stands
      const expected = this.expectedSec(sp);
      const target = this.rng.range(0, 0.85) * expected;
      const sink: FeedEvent[] = [];
      this.quiet = true;
      while (sm.wallSec < target && sm.phase !== 'done') this.advanceQuiet(sm, 60, T, sink);
      this.quiet = false;
      if (sm.phase === 'done') sm = this.create(sp, T);
      sm.suspendLeft = 0;
      sm.live.bs = 'started';
      sm.live.d = T - Math.round((sm.wallSec / this.speed) * 1000);
    }
    this.matches.set(sm.live.id, sm);
    this.repriceAll(sm, true, T, []);
    out.push({ type: 'fixture', match: { ...cloneLiveMatch(sm.live), odds: [] } });
    out.push({ type: 'markets', matchId: sm.live.id, groups: sm.live.odds.map(cloneOddsGroup) });
  }

  private advanceQuiet(sm: SimMatch, dt: number, T: number, sink: FeedEvent[]): void {
    if (sm.sport.engine === 'sets') this.advanceSets(sm, dt, T, sink);
    else this.advanceClock(sm, dt, T, sink);
    sink.length = 0;
  }

  private create(sp: SportProfile, T: number): SimMatch {
    const rng = this.rng;
    const league = rng.pick(sp.leagues);
    const hi = rng.int(0, sp.teams.length - 1);
    let ai = rng.int(0, sp.teams.length - 2);
    if (ai >= hi) ai++;
    const strength = Math.exp(rng.range(-0.45, 0.45));
    const regSec = this.regSec(sp);
    const baseH = sp.engine === 'sets' ? 0 : ((sp.teamEvents * strength * 1.08) / regSec);
    const baseA = sp.engine === 'sets' ? 0 : ((sp.teamEvents / strength / 1.08) / regSec);
    const baseP = sp.engine === 'sets' ? 0.5 + rng.range(-sp.pSpread, sp.pSpread) : 0.5;
    const id = this.nextMatchId++;
    const live: LiveMatch = {
      id, h: sp.teams[hi]!, a: sp.teams[ai]!, hid: sp.sid * 1000 + hi, aid: sp.sid * 1000 + ai,
      sid: sp.sid, cid: league.cid, tid: league.tid, cn: league.cn, tn: league.tn,
      d: T, ms: this.periodStatus(sp, 1), bs: 'started', ac: 1, iss: 0, isv: 1,
      scr: { h: 0, a: 0 }, sscr: sp.engine === 'sets' ? [{ h: 0, a: 0 }] : [], pe: 1, ti: 0,
      pl: sp.engine === 'sets' ? 0 : sp.periodMin,
      cards: { yh: 0, ya: 0, rh: 0, ra: 0 }, corners: { h: 0, a: 0 }, u: T, odds: [],
      p: { h: 0, a: 0 }, tie: 0, tiee: 0,
    };
    const stopAtSec = rng.chance(sp.stopChance * this.stopFactor) ? rng.range(0.1, 0.9) * this.expectedSec(sp) * 0.8 : null;
    const sm: SimMatch = {
      live, sport: sp, groups: [], phase: 'play', period: 1, clockSec: 0, playedSec: 0, wallSec: 0,
      baseH, baseA, rateH: baseH, rateA: baseA, baseP, p: baseP,
      periodStart: { h: 0, a: 0 }, periodScores: [], ht: null, regular: null, goals: [], overtimes: 0,
      suspendLeft: 0, repriceIn: rng.range(0, this.repriceSec), pointIn: sp.pointSec * rng.range(0.5, 1.5),
      stopAtSec, removeAt: null,
    };
    for (const spec of sp.markets) {
      const def = marketOf(spec.oddsType);
      if (!def) continue;
      for (const special of this.specialsOf(sm, spec.specials, spec.oddsType)) {
        const g: OddsGroup = {
          oddsid: this.nextGroupId++, oddstype: def.oddsType, typeName: def.name, nicename: this.label(def, special),
          special, active: 1, iss: 0, isv: 1,
          outcomes: def.outcomes.map((o) => ({
            oddid: this.nextOddId++, outcomeid: o.id, outcome: o.name, odd: 1000, special, active: 1 as const, iss: 0 as const, isv: 1 as const,
          })),
        };
        live.odds.push(g);
        sm.groups.push({ g, def, line: Number(special) || 0, hc: parseHc(special), closed: false });
      }
    }
    return sm;
  }

  private specialsOf(sm: SimMatch, specials: SportProfile['markets'][number]['specials'], oddsType: number): readonly string[] {
    if (specials === 'score') return [scoreSpecial(oddsType, sm.live.scr) ?? ''];
    if (specials !== 'spread' && specials !== 'total') return specials;
    const sp = sm.sport;
    const mean = sp.pointWeights[0] + 2 * sp.pointWeights[1] + 3 * sp.pointWeights[2];
    const reg = this.regSec(sp);
    const step = sp.sid === 3 ? (specials === 'spread' ? 4 : 8) : (specials === 'spread' ? 2 : 3);
    const center = specials === 'spread'
      ? -Math.round((sm.baseH - sm.baseA) * reg * mean) - 0.5
      : Math.round((sm.baseH + sm.baseA) * reg * mean) + 0.5;
    return [center - step, center, center + step].map((x) => String(x));
  }

  private label(def: MarketDef, special: string): string {
    if (def.rule === 'restOfMatch' || def.rule === 'nextGoal') return specialLabel(def.oddsType, special);
    return special ? `${def.name} ${special}` : def.name;
  }

  private finish(sm: SimMatch, status: EndStatus, T: number, out: FeedEvent[]): void {
    const sp = sm.sport;
    const wasOt = sm.phase === 'ot';
    sm.phase = 'done';
    sm.live.ms = status;
    sm.live.bs = 'stopped';
    sm.suspendLeft = 0;
    this.status(sm, T, out);
    if (sp.engine !== 'sets') {
      const last = { h: sm.live.scr.h - sm.periodStart.h, a: sm.live.scr.a - sm.periodStart.a };
      if (wasOt || sm.periodScores.length < sm.period) sm.periodScores.push(last);
    }
    const scr = sm.live.scr;
    const regular = sm.regular ?? { ...scr };
    let winner: 'h' | 'a' | undefined = scr.h > scr.a ? 'h' : scr.a > scr.h ? 'a' : undefined;
    if (status === 'retired') winner = this.rng.chance(0.5) ? 'h' : 'a';
    const result: FeedResult = {
      matchId: sm.live.id, sid: sp.sid, at: T,
      periods: sp.engine === 'sets' ? sm.live.sscr.map((s) => ({ ...s })) : sm.periodScores.map((s) => ({ ...s })),
      result: {
        ft: { ...regular },
        ht: sm.ht ? { ...sm.ht } : { ...regular },
        corners: { ...sm.live.corners },
        cards: { h: sm.live.cards.yh + sm.live.cards.rh, a: sm.live.cards.ya + sm.live.cards.ra },
        goals: sp.engine === 'goals' ? sm.goals.map((g) => ({ ...g })) : [],
        status,
        ...(winner ? { winner } : {}),
      },
    };
    out.push({ type: 'result', result });
    sm.removeAt = T + this.lingerMs;
    // keep the live count steady: a new match kicks off a little later (not for a match that
    // ended while being fast-forwarded: spawn replaces that one itself)
    if (!this.quiet) this.kickoffs.push(T + Math.round(this.rng.range(5_000, 60_000)));
  }

  private expectedSec(sp: SportProfile): number {
    if (sp.engine === 'sets') {
      const pointsPerSet = sp.setTarget === 6 ? 10 : sp.setTarget * 1.8;
      return pointsPerSet * sp.pointSec * (sp.setsToWin * 1.5);
    }
    return this.regSec(sp) + sp.breaks.reduce((s, b) => s + b.min * 60, 0);
  }

  private regSec(sp: SportProfile): number {
    return Math.max(1, sp.periods * sp.periodMin * 60);
  }

  // ---------------------------------------------------------------- events

  private status(sm: SimMatch, T: number, out: FeedEvent[]): void {
    sm.live.u = T;
    out.push({ type: 'status', matchId: sm.live.id, ms: sm.live.ms, bs: sm.live.bs, ti: sm.live.ti, pe: sm.live.pe, tie: sm.live.tie ?? 0, tiee: sm.live.tiee ?? 0 });
  }

  private score(sm: SimMatch, T: number, out: FeedEvent[]): void {
    const l = sm.live;
    l.u = T;
    // the same rule live-state and the worker apply to the score event
    if (l.sid === 1) applyScoreSpecials(l.odds, l.scr);
    out.push({
      type: 'score', matchId: l.id, scr: { ...l.scr }, sscr: l.sscr.map((s) => ({ ...s })),
      cards: { ...l.cards }, corners: { ...l.corners }, p: { ...(l.p ?? ZERO) },
    });
  }

  private suspend(sm: SimMatch, sec: number, T: number, out: FeedEvent[]): void {
    sm.suspendLeft = Math.max(sm.suspendLeft, sec);
    if (sm.live.bs !== 'stopped') {
      sm.live.bs = 'stopped';
      this.status(sm, T, out);
    }
  }

  private closeGroups(sm: SimMatch, which: (g: SimGroup) => boolean, T: number, out: FeedEvent[]): void {
    for (const sg of sm.groups) {
      if (sg.closed || !which(sg)) continue;
      this.setGroup(sm, sg, 0, 1, 0, out);
      sg.closed = true;
    }
    sm.live.u = T;
  }

  private setGroup(sm: SimMatch, sg: SimGroup, active: 0 | 1, iss: 0 | 1, isv: 0 | 1, out: FeedEvent[]): void {
    sg.g.active = active;
    sg.g.iss = iss;
    sg.g.isv = isv;
    out.push({ type: 'market-status', matchId: sm.live.id, oddsid: sg.g.oddsid, active, iss, isv });
  }

  // ---------------------------------------------------------------- prices

  private drift(sm: SimMatch): void {
    const rng = this.rng;
    if (sm.sport.engine === 'sets') {
      sm.p = clamp(sm.p + 0.004 * rng.normal(), sm.baseP - 0.05, sm.baseP + 0.05);
      return;
    }
    sm.rateH = clamp(sm.rateH * Math.exp(0.03 * rng.normal()), sm.baseH * 0.6, sm.baseH * 1.6);
    sm.rateA = clamp(sm.rateA * Math.exp(0.03 * rng.normal()), sm.baseA * 0.6, sm.baseA * 1.6);
  }

  private repriceAll(sm: SimMatch, force: boolean, T: number, out: FeedEvent[]): number {
    const ctx: Ctx = {};
    const odds: OddUpdate[] = [];
    const after: FeedEvent[] = [];
    for (const sg of sm.groups) this.repriceGroup(sm, sg, ctx, force, odds, after);
    if (odds.length) out.push({ type: 'odds', matchId: sm.live.id, odds });
    out.push(...after);
    if (odds.length || after.length) sm.live.u = T;
    return odds.length;
  }

  /** Prices one group; odd updates go to `odds`, group status changes to `after` (they follow the prices). */
  private repriceGroup(sm: SimMatch, sg: SimGroup, ctx: Ctx, force: boolean, odds: OddUpdate[], after: FeedEvent[]): void {
    if (sg.closed) return;
    const probs = this.probs(sm, sg, ctx);
    const book = probs ? priceBook(probs, this.margin) : { kind: 'decided' as const };
    if (book.kind === 'decided') {
      this.setGroup(sm, sg, 0, 1, 0, after);
      sg.closed = true;
      return;
    }
    if (book.kind === 'suspended') {
      if (sg.g.iss === 0) this.setGroup(sm, sg, 1, 1, 1, after);
      return;
    }
    const outs = sg.g.outcomes;
    if (!force && sg.g.iss === 0) {
      let moved = 0;
      for (let i = 0; i < outs.length; i++) moved = Math.max(moved, Math.abs(book.odds[i]! - outs[i]!.odd) / outs[i]!.odd);
      if (moved < this.moveThreshold) return;
    }
    for (let i = 0; i < outs.length; i++) {
      const o = outs[i]!;
      const v = book.odds[i]!;
      if (v === o.odd) continue;
      o.odd = v;
      odds.push({ oddsid: sg.g.oddsid, oddid: o.oddid, odd: v, active: o.active });
    }
    if (sg.g.iss === 1) this.setGroup(sm, sg, 1, 0, 1, after);
  }

  /** FEED_RATE: spend the step's budget of odd changes on random groups of open matches. */
  private loadStep(T: number, out: FeedEvent[]): void {
    this.budget += (this.rate * this.tickMs) / 1000;
    const open = [...this.matches.values()].filter((m) => m.phase !== 'done' && m.suspendLeft <= 0);
    if (!open.length) return;
    const byMatch = new Map<SimMatch, { odds: OddUpdate[]; after: FeedEvent[] }>();
    let misses = 0;
    while (this.budget >= 1 && misses < 50) {
      const sm = this.rng.pick(open);
      const groups = sm.groups.filter((g) => !g.closed);
      if (!groups.length) {
        misses++;
        continue;
      }
      const sg = this.rng.pick(groups);
      this.drift(sm);
      let acc = byMatch.get(sm);
      if (!acc) byMatch.set(sm, (acc = { odds: [], after: [] }));
      const n = acc.odds.length;
      this.repriceGroup(sm, sg, {}, true, acc.odds, acc.after);
      const changed = acc.odds.length - n;
      if (changed === 0) misses++;
      else misses = 0;
      this.budget -= changed;
    }
    if (misses >= 50) this.budget = 0;
    for (const [sm, acc] of byMatch) {
      if (acc.odds.length) out.push({ type: 'odds', matchId: sm.live.id, odds: acc.odds });
      out.push(...acc.after);
      sm.live.u = T;
    }
  }

  /** True probabilities of a group's outcomes in catalogue order; null when it is decided. */
  private probs(sm: SimMatch, sg: SimGroup, ctx: Ctx): number[] | null {
    const sp = sm.sport;
    if (sm.phase === 'ot' || sm.phase === 'done') return null;
    if (sp.engine === 'sets') {
      const cur = sm.live.sscr[sm.live.sscr.length - 1] ?? ZERO;
      const pm = matchWinProb(sm.live.scr.h, sm.live.scr.a, cur, sm.p, sp.setsToWin, (i) => this.setRules(sp, i));
      return [pm, 1 - pm];
    }
    if (sp.engine === 'points') return this.normalProbs(sm, sg);
    return this.goalProbs(sm, sg, ctx);
  }

  private remainingReg(sm: SimMatch): number {
    return Math.max(0, this.regSec(sm.sport) - sm.playedSec);
  }

  private normalProbs(sm: SimMatch, sg: SimGroup): number[] | null {
    const sp = sm.sport;
    const [w1, w2, w3] = sp.pointWeights;
    const mean = w1 + 2 * w2 + 3 * w3;
    const sq = w1 + 4 * w2 + 9 * w3;
    const rem = this.remainingReg(sm);
    const s = sm.live.scr;
    const md = s.h - s.a + (sm.rateH - sm.rateA) * rem * mean;
    const mt = s.h + s.a + (sm.rateH + sm.rateA) * rem * mean;
    const sd = Math.sqrt((sm.rateH + sm.rateA) * rem * sq);
    const p1 = normalAbove(0.5, md, sd);
    const p2 = 1 - normalAbove(-0.5, md, sd);
    const px = Math.max(0, 1 - p1 - p2);
    switch (sg.def.rule) {
      case 'result': return [p1, px, p2];
      case 'doubleChance': return [p1 + px, p1 + p2, px + p2];
      case 'winner': return [p1 + px / 2, p2 + px / 2];
      case 'handicap2': {
        const h = normalAbove(-sg.line, md, sd);
        return [h, 1 - h];
      }
      case 'total': {
        const o = normalAbove(sg.line, mt, sd);
        return [o, 1 - o];
      }
      default: return null;
    }
  }

  private grid(sm: SimMatch, ctx: Ctx, period: 'ft' | 'h1' | 'h2'): Grid | null {
    const sp = sm.sport;
    const half = sp.periodMin * 60;
    if (period === 'ft') return (ctx.ft ??= goalGrid(sm.rateH * this.remainingReg(sm), sm.rateA * this.remainingReg(sm)));
    if (period === 'h1') {
      if (ctx.h1 === undefined) {
        const left = sm.period === 1 && sm.phase === 'play' ? Math.max(0, half - sm.clockSec) : -1;
        ctx.h1 = left < 0 ? null : goalGrid(sm.rateH * left, sm.rateA * left);
      }
      return ctx.h1;
    }
    if (!ctx.h2) {
      const left = sm.period >= 2 ? Math.max(0, half - sm.clockSec) : half;
      ctx.h2 = goalGrid(sm.rateH * left, sm.rateA * left);
    }
    return ctx.h2;
  }

  /** The score a period's market counts from (0:0 for the second half until it starts). */
  private base(sm: SimMatch, period: 'ft' | 'h1' | 'h2'): Score {
    const s = sm.live.scr;
    if (period !== 'h2') return s;
    if (sm.period < 2) return ZERO;
    const ht = sm.ht ?? ZERO;
    return { h: s.h - ht.h, a: s.a - ht.a };
  }

  private goalProbs(sm: SimMatch, sg: SimGroup, ctx: Ctx): number[] | null {
    const def = sg.def;
    const grid = this.grid(sm, ctx, def.period);
    if (!grid) return null;
    const b = this.base(sm, def.period);
    const three = (bh: number, ba: number) => gridBuckets(grid, 3, (i, j) => {
      const d = bh + i - (ba + j);
      return d > 0 ? 0 : d === 0 ? 1 : 2;
    });
    switch (def.rule) {
      case 'result': return three(b.h, b.a);
      case 'handicap3': return three(b.h + sg.hc.h, b.a + sg.hc.a);
      case 'restOfMatch': return three(0, 0);
      case 'doubleChance': {
        const [p1, px, p2] = three(b.h, b.a) as [number, number, number];
        return [p1 + px, p1 + p2, px + p2];
      }
      case 'winner': {
        const [p1, px, p2] = three(b.h, b.a) as [number, number, number];
        return [p1 + px / 2, p2 + px / 2];
      }
      case 'handicap2': return gridBuckets(grid, 2, (i, j) => (b.h + i + sg.line > b.a + j ? 0 : 1));
      case 'total': return gridBuckets(grid, 2, (i, j) => (b.h + b.a + i + j > sg.line ? 0 : 1));
      case 'btts': return gridBuckets(grid, 2, (i, j) => (b.h + i > 0 && b.a + j > 0 ? 0 : 1));
      case 'nextGoal': {
        const l = grid.lh + grid.la;
        if (l <= 0) return null;
        const none = Math.exp(-l);
        return [((1 - none) * grid.lh) / l, none, ((1 - none) * grid.la) / l];
      }
      case 'cornersTotal':
      case 'cardsTotal': {
        const sp = sm.sport;
        const perMatch = def.rule === 'cornersTotal' ? sp.corners : sp.cards;
        const now = def.rule === 'cornersTotal'
          ? sm.live.corners.h + sm.live.corners.a
          : sm.live.cards.yh + sm.live.cards.ya + sm.live.cards.rh + sm.live.cards.ra;
        const lambda = (perMatch / this.regSec(sp)) * this.remainingReg(sm);
        const over = poissonAbove(lambda, Math.floor(sg.line - now));
        return [over, 1 - over];
      }
      default: return null;
    }
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function parseHc(special: string): Score {
  const m = /^(\d+):(\d+)$/.exec(special);
  return m ? { h: Number(m[1]), a: Number(m[2]) } : { h: 0, a: 0 };
}
