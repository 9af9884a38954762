/**
 * The demo provider's game logic, pure: a million simulated spins per slot land within
 * 0.5 percentage points of the declared RTP (printed), the declared figure is the paytable's exact
 * return, provably fair outcomes recompute from the revealed seed, and the timed games follow
 * their rules (roulette pays, keno and bingo draws, the football league's 94 % odds).
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../server/demo/seed.ts';
import { SLOTS, spin, theoreticalRtp, winOf } from '../../server/casino/demo-provider/slots.ts';
import { fairFloats, seedHash, weighted } from '../../server/casino/demo-provider/fair.ts';
import { bingo, drawNumbers, football, FOOTBALL_ODDS, FOOTBALL_P, keno, outcomeOf, resultAt, roulette, roundAt, roundSeed } from '../../server/casino/demo-provider/timed-games.ts';

describe('demo slots', () => {
  for (const def of Object.values(SLOTS)) {
    it(`${def.code}: declared RTP is the paytable's exact return, and a million spins land within 0.5 pp`, () => {
      expect(Math.abs(theoreticalRtp(def) * 10_000 - def.rtp)).toBeLessThan(1);
      const rnd = rng(0xc0ffee + def.rtp);
      const n = 1_000_000;
      let paid = 0;
      const u = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        u[0] = rnd(); u[1] = rnd(); u[2] = rnd();
        paid += spin(def, u).multiplier;
      }
      const rtp = (paid / n) * 100;
      console.log(`[rtp] ${def.code}: simulated ${rtp.toFixed(3)} % over ${n} spins, declared ${(def.rtp / 100).toFixed(2)} %`);
      expect(Math.abs(rtp - def.rtp / 100)).toBeLessThan(0.5);
    });
  }

  it('a provably fair spin recomputes from the revealed server seed, client seed and nonce', () => {
    const serverSeed = 'a'.repeat(64);
    const hash = seedHash(serverSeed);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const a = spin(SLOTS['gem-rush']!, fairFloats(serverSeed, 'client', 7, 3));
    const b = spin(SLOTS['gem-rush']!, fairFloats(serverSeed, 'client', 7, 3));
    expect(a).toEqual(b);
    // another nonce or client seed gives other numbers
    expect(fairFloats(serverSeed, 'client', 8, 3)).not.toEqual(fairFloats(serverSeed, 'client', 7, 3));
    expect(fairFloats(serverSeed, 'other', 7, 3)).not.toEqual(fairFloats(serverSeed, 'client', 7, 3));
    for (const x of fairFloats(serverSeed, 'c', 1, 40)) expect(x >= 0 && x < 1).toBe(true);
    expect(winOf(150, 3)).toBe(450);
    expect(weighted([1, 0, 1], 0.49)).toBe(0);
    expect(weighted([1, 0, 1], 0.5)).toBe(2);
  });
});

describe('timed games', () => {
  const secret = 'test-secret';
  it('rounds follow the clock: betting, no more bets, result; the seed hash is shown first and the seed with the result', () => {
    const g = roulette('roulette-1');
    const start = 1_000 * g.cycleMs;
    const open = roundAt(g, secret, start + 1_000);
    expect(open).toMatchObject({ round: 1_000, phase: 'betting', msLeft: g.betMs - 1_000 });
    expect(open.serverSeed).toBeUndefined();
    expect(roundAt(g, secret, start + g.betMs).phase).toBe('closed');
    const done = roundAt(g, secret, resultAt(g, 1_000));
    expect(done.phase).toBe('result');
    expect(seedHash(done.serverSeed!)).toBe(open.seedHash);
    expect(done.outcome).toEqual(outcomeOf(g, roundSeed(secret, g.code, 1_000), 1_000));
  });

  it('roulette pays 36 on a straight number, 2 on even chances, 3 on a dozen, nothing else on zero', () => {
    const g = roulette('r');
    const o = (n: number) => ({ number: n });
    expect(g.win({ kind: 'straight', value: 17, amount: 100 }, o(17))).toBe(3_600);
    expect(g.win({ kind: 'red', amount: 100 }, o(1))).toBe(200);
    expect(g.win({ kind: 'black', amount: 100 }, o(1))).toBe(0);
    expect(g.win({ kind: 'dozen', value: 3, amount: 100 }, o(36))).toBe(300);
    expect(g.win({ kind: 'even', amount: 100 }, o(0))).toBe(0);
    expect(g.win({ kind: 'straight', value: 0, amount: 100 }, o(0))).toBe(3_600);
    expect(g.invalid({ kind: 'straight', value: 37, amount: 1 })).toBe('value');
    expect(g.invalid({ kind: 'corner', amount: 1 })).toBe('kind');
    // every number of the wheel comes up
    const seen = new Set<number>();
    for (let r = 0; r < 2_000; r++) seen.add(outcomeOf(g, roundSeed(secret, 'r', r), r).number as number);
    expect(seen.size).toBe(37);
  });

  it('keno draws 20 distinct numbers of 80 and pays by picks and hits; bingo calls 45 of 90 and pays lines', () => {
    const k = keno();
    const drawn = outcomeOf(k, 'seed', 3).drawn as number[];
    expect(new Set(drawn).size).toBe(20);
    expect(drawn.every((n) => n >= 1 && n <= 80)).toBe(true);
    expect(k.win({ kind: 'picks', value: [drawn[0]!], amount: 100 }, { drawn })).toBe(300);
    expect(k.invalid({ kind: 'picks', value: [1, 1], amount: 1 })).toBe('value');
    expect(k.invalid({ kind: 'picks', value: Array.from({ length: 11 }, (_, i) => i + 1), amount: 1 })).toBe('value');
    const b = bingo();
    const calls = outcomeOf(b, 'seed', 4).calls as number[];
    expect(new Set(calls).size).toBe(45);
    const card = [...calls.slice(0, 5), ...drawNumbers(Array(10).fill(0.999), 90, 10).filter((n) => !calls.includes(n)).slice(0, 10)];
    if (card.length === 15) expect(b.win({ kind: 'card', value: card, amount: 100 }, { calls })).toBeGreaterThanOrEqual(200);
  });

  it('virtual football: the odds return 94 % on every outcome, and the score agrees with the result', () => {
    for (let i = 0; i < 3; i++) expect(Math.abs((FOOTBALL_P[i]! * FOOTBALL_ODDS[i]!) / 1000 - 0.94)).toBeLessThan(0.001);
    const g = football();
    for (let r = 0; r < 200; r++) {
      const o = outcomeOf(g, roundSeed(secret, g.code, r), r) as { result: string; score: [number, number]; home: string; away: string };
      expect(o.home).not.toBe(o.away);
      const [a, b] = o.score;
      expect(o.result).toBe(a > b ? '1' : a === b ? 'X' : '2');
    }
  });
});
