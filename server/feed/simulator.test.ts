import { describe, expect, it } from 'vitest';
import { settleTip } from '../../domain/coupon/settle.ts';
import type { FeedResult } from '../../domain/protocol/feed.ts';
import type { FeedEvent } from './adapter.ts';
import { manualScheduler } from './clock.ts';
import { LiveState } from './live-state.ts';
import { impliedSum, SIM_MIN_PRICE, SIM_ODDS_CAP } from './pricing.ts';
import { FeedSimulator } from './simulator.ts';
import type { SimulatorOptions } from './simulator.ts';

const T0 = Date.UTC(2026, 0, 1, 18);

interface Batch {
  at: number;
  events: FeedEvent[];
}

/** A simulator in virtual time recording every batch it emits. */
function run(opts: Partial<SimulatorOptions> & { seed: number }) {
  const clock = manualScheduler(T0);
  const sim = new FeedSimulator({ clock, idBase: 1_000_000, ...opts });
  const batches: Batch[] = [];
  const taps: ((events: FeedEvent[], at: number) => void)[] = [];
  sim.start((events, at) => {
    batches.push({ at, events });
    for (const t of taps) t(events, at);
  });
  return {
    sim, batches,
    tap(fn: (events: FeedEvent[], at: number) => void) {
      taps.push(fn);
    },
    advance(ms: number, slice = ms) {
      for (let t = 0; t < ms; t += slice) {
        clock.advance(Math.min(slice, ms - t));
        sim.advanceTo(clock.now());
      }
    },
    events: () => batches.flatMap((b) => b.events),
  };
}

describe('feed simulator', () => {
  it('is deterministic for a seed, however time is sliced', () => {
    const a = run({ seed: 7, liveCount: 12, speed: 5 });
    const b = run({ seed: 7, liveCount: 12, speed: 5 });
    a.advance(120_000, 1000);
    b.advance(120_000, 37_000);
    expect(a.batches.length).toBeGreaterThan(50);
    expect(JSON.stringify(b.batches)).toBe(JSON.stringify(a.batches));
    const c = run({ seed: 8, liveCount: 12, speed: 5 });
    c.advance(120_000);
    expect(JSON.stringify(c.batches)).not.toBe(JSON.stringify(a.batches));
  });

  it('goes on from a checkpoint exactly as without the interruption (a failover replays it)', () => {
    const a = run({ seed: 7, liveCount: 12, speed: 5, rate: 50 });
    a.advance(60_000);
    // JSON round trip: the checkpoint travels through Redis
    const cp = JSON.parse(JSON.stringify(a.sim.checkpoint())) as unknown;
    const from = a.batches.length;
    a.advance(90_000);
    // another process: a simulator built afresh (other seed, other ids) restores it and catches up
    const b = run({ seed: 99, liveCount: 12, speed: 5, rate: 50 });
    expect(b.sim.restore(cp, T0)).toBe(true);
    b.batches.length = 0;
    b.advance(150_000);
    const tail = a.batches.slice(from);
    expect(tail.length).toBeGreaterThan(50);
    expect(JSON.stringify(b.batches.filter((x) => x.at > T0 + 60_000))).toBe(JSON.stringify(tail.filter((x) => x.at > T0 + 60_000)));
    // a checkpoint older than allowed, or of another shape, is refused
    expect(run({ seed: 1 }).sim.restore(cp, T0 + 3_600_000)).toBe(false);
    expect(run({ seed: 1 }).sim.restore({ v: 2 }, 0)).toBe(false);
  });

  it('keeps a coherent book: implied probabilities sum to 1 + margin', () => {
    const margin = 0.05;
    const r = run({ seed: 11, liveCount: 40, margin });
    const state = new LiveState();
    r.tap((events, at) => state.apply(events, at));
    r.advance(180_000);
    const matches = state.listMatches();
    // a few may have just ended, their replacements not kicked off yet
    expect(matches.length).toBeGreaterThanOrEqual(35);
    expect(new Set(matches.map((m) => m.sid)).size).toBeGreaterThanOrEqual(5);
    const football = matches.filter((m) => m.sid === 1);
    expect(football.length).toBeGreaterThan(5);
    for (const m of football) expect(m.odds.length).toBeGreaterThanOrEqual(30);
    let open = 0;
    for (const m of matches) {
      for (const g of m.odds) {
        if (g.active !== 1 || g.iss !== 0) continue;
        open++;
        const odds = g.outcomes.map((o) => o.odd);
        for (const o of odds) {
          expect(o).toBeGreaterThanOrEqual(SIM_MIN_PRICE);
          expect(o).toBeLessThanOrEqual(SIM_ODDS_CAP);
        }
        // double chance covers each result twice
        const cover = g.oddstype === 10 ? 2 : 1;
        const s = impliedSum(odds) / cover;
        expect(s, `${m.sid}/${g.oddstype}/${g.special} ${odds.join(',')}`).toBeGreaterThan(1 + margin - 0.012);
        expect(s).toBeLessThan(1 + margin + 0.005);
      }
    }
    expect(open).toBeGreaterThan(300);
  });

  it('suspends on a goal, then reopens with new prices', () => {
    const r = run({ seed: 3, liveCount: 6, sports: [1], speed: 10, suspendSec: 20 });
    r.advance(900_000);
    const goal = r.batches.findIndex((b) => b.events.some((e) => e.type === 'score' && e.scr.h + e.scr.a > 0 &&
      r.batches[0]!.events.some((f) => f.type === 'fixture' && f.match.id === e.matchId)));
    expect(goal).toBeGreaterThan(0);
    const scoreEv = r.batches[goal]!.events.find((e) => e.type === 'score')!;
    const id = scoreEv.type === 'score' ? scoreEv.matchId : -1;
    const mine = (b: Batch) => b.events.filter((e) => 'matchId' in e && e.matchId === id);
    // bets stop in the same moment as the score
    expect(mine(r.batches[goal]!).some((e) => e.type === 'status' && e.bs === 'stopped')).toBe(true);
    // then no prices until the reopening batch: odds first, then bet status started
    let reopen = -1;
    for (let i = goal + 1; i < r.batches.length && reopen < 0; i++) {
      const ev = mine(r.batches[i]!);
      const started = ev.findIndex((e) => e.type === 'status' && e.bs === 'started');
      const odds = ev.findIndex((e) => e.type === 'odds');
      if (started >= 0) {
        expect(odds).toBeGreaterThanOrEqual(0);
        expect(odds).toBeLessThan(started);
        reopen = i;
      } else expect(odds).toBe(-1);
    }
    expect(reopen).toBeGreaterThan(goal);
    // 20 game seconds at speed 10: about 2 real seconds
    expect(r.batches[reopen]!.at - r.batches[goal]!.at).toBeGreaterThanOrEqual(2000);
    expect(r.batches[reopen]!.at - r.batches[goal]!.at).toBeLessThanOrEqual(3000);
  });

  it('ends matches with a result settlement can use, removes them and kicks off new ones', () => {
    const r = run({ seed: 5, liveCount: 4, sports: [1], speed: 60, lingerMs: 10_000 });
    const state = new LiveState();
    const results: FeedResult[] = [];
    state.onResult((x) => results.push(x));
    r.tap((events, at) => state.apply(events, at));
    r.advance(360_000);
    expect(results.length).toBeGreaterThanOrEqual(4);
    const ev = r.events();
    for (const res of results) {
      const { ft, ht, goals } = res.result;
      if (res.result.status !== 'ended') continue;
      expect(goals!.filter((g) => g.side === 'h').length).toBe(ft.h);
      expect(goals!.filter((g) => g.side === 'a').length).toBe(ft.a);
      expect(ht!.h).toBeLessThanOrEqual(ft.h);
      expect(res.periods).toHaveLength(2);
      expect(res.periods[0]).toEqual(ht);
      // the 1X2 of the result settles as the score says
      const won = ft.h > ft.a ? 1 : ft.h === ft.a ? 2 : 3;
      expect(settleTip({ oddsType: 1, outcomeId: won, special: '' }, res.result)).toBe('won');
      expect(settleTip({ oddsType: 1, outcomeId: won === 1 ? 3 : 1, special: '' }, res.result)).toBe('lost');
      const removedAt = r.batches.find((b) => b.events.some((e) => e.type === 'removed' && e.matchId === res.matchId))?.at;
      if (removedAt !== undefined) expect(removedAt - res.at).toBe(10_000);
      expect(ev.some((e) => e.type === 'status' && e.matchId === res.matchId && e.ms === 'ended')).toBe(true);
    }
    // a steady number stay live: every ended match is replaced by a new kick-off
    const s = r.sim.stats();
    const fixtures = ev.filter((e) => e.type === 'fixture').length;
    expect(fixtures).toBe(4 + results.length - s.waiting);
    expect(s.playing + s.waiting).toBe(4);
    expect(state.listMatches().length).toBe(s.playing);
  });

  it('sometimes interrupts or retires a match, and plays set sports to a winner', () => {
    const r = run({ seed: 9, liveCount: 8, sports: [5, 41], speed: 30, stopChanceFactor: 6 });
    const results: FeedResult[] = [];
    r.tap((events) => {
      for (const e of events) if (e.type === 'result') results.push(e.result);
    });
    r.advance(600_000);
    const statuses = new Set(results.map((x) => x.result.status));
    expect(statuses.has('retired')).toBe(true);
    expect(statuses.has('ended')).toBe(true);
    for (const x of results.filter((y) => y.result.status === 'ended')) {
      const sets = x.sid === 5 ? 2 : 3;
      expect(Math.max(x.result.ft.h, x.result.ft.a)).toBe(sets);
      expect(x.result.winner).toBe(x.result.ft.h > x.result.ft.a ? 'h' : 'a');
      expect(settleTip({ oddsType: 186, outcomeId: x.result.winner === 'h' ? 4 : 5, special: '' }, x.result)).toBe('won');
    }
  });

  it('follows FEED_RATE for load tests', () => {
    const r = run({ seed: 1, liveCount: 20, rate: 5000, tickMs: 100 });
    r.advance(100);
    const before = r.events().filter((e) => e.type === 'odds').reduce((s, e) => s + (e.type === 'odds' ? e.odds.length : 0), 0);
    r.advance(2000);
    const after = r.events().filter((e) => e.type === 'odds').reduce((s, e) => s + (e.type === 'odds' ? e.odds.length : 0), 0);
    const rate = (after - before) / 2;
    expect(rate).toBeGreaterThan(4500);
    expect(rate).toBeLessThan(5600);
  });
});
