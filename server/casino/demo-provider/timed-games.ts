/**
 * The demo provider's timed games: a live roulette table, a keno draw (TV games), a virtual
 * football league and a bingo room. Rounds follow the clock (round n starts at n x cycle), so every
 * process agrees on the phase without a timer: betting, no more bets, result. The outcome of a
 * round comes from its server seed (HMAC of the provider's secret and the round), whose hash is
 * shown while bets are open and which is revealed with the result.
 */
import { createHmac } from 'node:crypto';
import { fairFloats, seedHash, weighted } from './fair.ts';

export type Phase = 'betting' | 'closed' | 'result';

/** A bet of a player on a timed game: what it is on, and its stake (minor units). */
export interface TimedBet { kind: string; value?: number | number[] | undefined; amount: number }

export interface TimedGame {
  code: string;
  cycleMs: number;
  betMs: number;
  closeMs: number;
  /** How many uniform numbers an outcome needs. */
  floats: number;
  /** The outcome of a round from its numbers (shown to players as is). */
  outcome(u: number[]): Record<string, unknown>;
  /** Why a bet is not valid ('' when valid). */
  invalid(bet: TimedBet): string;
  /** The win of a bet (minor units) on an outcome. */
  win(bet: TimedBet, outcome: Record<string, unknown>): number;
}

export interface RoundInfo { round: number; phase: Phase; msLeft: number; seedHash: string; serverSeed?: string; outcome?: Record<string, unknown> }

export const roundSeed = (secret: string, game: string, round: number): string => createHmac('sha256', secret).update(`${game}:${round}`).digest('hex');

/** The round and phase of a game at `now`; the seed and outcome are revealed in the result phase. */
export function roundAt(game: TimedGame, secret: string, now: number): RoundInfo {
  const round = Math.floor(now / game.cycleMs);
  const into = now - round * game.cycleMs;
  const phase: Phase = into < game.betMs ? 'betting' : into < game.betMs + game.closeMs ? 'closed' : 'result';
  const msLeft = phase === 'betting' ? game.betMs - into : phase === 'closed' ? game.betMs + game.closeMs - into : game.cycleMs - into;
  const seed = roundSeed(secret, game.code, round);
  const info: RoundInfo = { round, phase, msLeft, seedHash: seedHash(seed) };
  if (phase === 'result') return { ...info, serverSeed: seed, outcome: outcomeOf(game, seed, round) };
  return info;
}

export const outcomeOf = (game: TimedGame, serverSeed: string, round: number): Record<string, unknown> =>
  game.outcome(fairFloats(serverSeed, game.code, round, game.floats));

/** When round `round`'s result is known. */
export const resultAt = (game: TimedGame, round: number): number => round * game.cycleMs + game.betMs + game.closeMs;

// ------------------------------------------------------------------ roulette (single zero)

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** Pays (stake x, stake returned included) of the European roulette bets. */
const ROULETTE_PAYS: Record<string, number> = { straight: 36, red: 2, black: 2, odd: 2, even: 2, low: 2, high: 2, dozen: 3 };

function rouletteWins(kind: string, value: number | undefined, n: number): boolean {
  if (n === 0) return kind === 'straight' && value === 0;
  switch (kind) {
    case 'straight': return value === n;
    case 'red': return RED.has(n);
    case 'black': return !RED.has(n);
    case 'odd': return n % 2 === 1;
    case 'even': return n % 2 === 0;
    case 'low': return n <= 18;
    case 'high': return n >= 19;
    case 'dozen': return value !== undefined && Math.ceil(n / 12) === value;
    default: return false;
  }
}

export const roulette = (code: string, timing = { cycleMs: 30_000, betMs: 18_000, closeMs: 3_000 }): TimedGame => ({
  code, ...timing, floats: 1,
  outcome: (u) => {
    const n = Math.floor(u[0]! * 37);
    return { number: n, color: n === 0 ? 'green' : RED.has(n) ? 'red' : 'black' };
  },
  invalid: (b) => {
    if (!(b.kind in ROULETTE_PAYS)) return 'kind';
    if (b.kind === 'straight' && !(Number.isInteger(b.value) && (b.value as number) >= 0 && (b.value as number) <= 36)) return 'value';
    if (b.kind === 'dozen' && ![1, 2, 3].includes(b.value as number)) return 'value';
    return '';
  },
  win: (b, o) => (rouletteWins(b.kind, b.value as number | undefined, o.number as number) ? b.amount * ROULETTE_PAYS[b.kind]! : 0),
});

// ------------------------------------------------------------------ keno 20 of 80

/** Keno pays by picks then hits (stake multiples). */
const KENO_PAYS: Record<number, Record<number, number>> = {
  1: { 1: 3 }, 2: { 2: 9 }, 3: { 2: 2, 3: 16 }, 4: { 2: 1, 3: 5, 4: 50 }, 5: { 3: 3, 4: 15, 5: 200 },
  6: { 3: 2, 4: 5, 5: 50, 6: 500 }, 7: { 4: 3, 5: 15, 6: 100, 7: 1000 }, 8: { 5: 10, 6: 50, 7: 300, 8: 2000 },
  9: { 5: 5, 6: 25, 7: 150, 8: 1000, 9: 5000 }, 10: { 5: 2, 6: 15, 7: 50, 8: 500, 9: 2000, 10: 10000 },
};

/** k distinct numbers of 1..n from uniform numbers (a partial Fisher-Yates shuffle). */
export function drawNumbers(u: readonly number[], n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(u[i]! * (n - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

const picksOf = (b: TimedBet, max: number, of: number): number[] | null => {
  const v = b.value;
  if (!Array.isArray(v) || v.length < 1 || v.length > max || new Set(v).size !== v.length) return null;
  return v.every((x) => Number.isInteger(x) && x >= 1 && x <= of) ? v : null;
};

export const keno = (timing = { cycleMs: 60_000, betMs: 45_000, closeMs: 3_000 }): TimedGame => ({
  code: 'keno', ...timing, floats: 20,
  outcome: (u) => ({ drawn: drawNumbers(u, 80, 20) }),
  invalid: (b) => (b.kind !== 'picks' || !picksOf(b, 10, 80) ? 'value' : ''),
  win: (b, o) => {
    const picks = picksOf(b, 10, 80) ?? [];
    const drawn = new Set(o.drawn as number[]);
    const hits = picks.filter((x) => drawn.has(x)).length;
    return b.amount * (KENO_PAYS[picks.length]?.[hits] ?? 0);
  },
});

// ------------------------------------------------------------------ virtual football

const TEAMS = ['Anadolu FK', 'Boğaziçi SK', 'Ege Spor', 'Karadeniz GS', 'Trakya United', 'Toros FK', 'Kapadokya SK', 'Marmara City'];
/** Chances of home, draw, away and the odds paid (thousandths): 94 % return on every outcome. */
export const FOOTBALL_P = [0.46, 0.27, 0.27] as const;
export const FOOTBALL_ODDS = FOOTBALL_P.map((p) => Math.floor((0.94 / p) * 1000));

function goals(u: number, mean: number): number {
  // Poisson by inversion, at most 6
  let p = Math.exp(-mean), cdf = p, k = 0;
  while (u > cdf && k < 6) { k++; p *= mean / k; cdf += p; }
  return k;
}

export const football = (timing = { cycleMs: 180_000, betMs: 150_000, closeMs: 5_000 }): TimedGame => ({
  code: 'virtual-football', ...timing, floats: 4,
  outcome: (u) => {
    // the match of the round: two teams, the result by its chances, a score that agrees with it
    const home = Math.floor(u[0]! * TEAMS.length);
    const away = (home + 1 + Math.floor(u[1]! * (TEAMS.length - 1))) % TEAMS.length;
    const result = weighted(FOOTBALL_P, u[2]!);
    const a = goals(u[3]!, 1.2);
    const score = result === 1 ? [a, a] : result === 0 ? [a + 1, a] : [a, a + 1];
    return { home: TEAMS[home], away: TEAMS[away], result: ['1', 'X', '2'][result], score };
  },
  invalid: (b) => (b.kind === '1' || b.kind === 'X' || b.kind === '2' ? '' : 'kind'),
  win: (b, o) => (o.result === b.kind ? Math.floor((b.amount * FOOTBALL_ODDS[['1', 'X', '2'].indexOf(b.kind)]!) / 1000) : 0),
});

/** The match of a football round is known (teams and odds) before its result. */
export const footballFixture = (secret: string, round: number) => {
  const o = outcomeOf(football(), roundSeed(secret, 'virtual-football', round), round);
  return { home: o.home, away: o.away, odds: { '1': FOOTBALL_ODDS[0], X: FOOTBALL_ODDS[1], '2': FOOTBALL_ODDS[2] } };
};

// ------------------------------------------------------------------ bingo 90 balls

/** A card of 15 numbers in three lines of five; the round calls 45 numbers. */
export const BINGO_CALLS = 45;
const BINGO_PAYS = [0, 2, 20, 500];

export const bingo = (timing = { cycleMs: 90_000, betMs: 60_000, closeMs: 3_000 }): TimedGame => ({
  code: 'bingo-room', ...timing, floats: BINGO_CALLS,
  outcome: (u) => ({ calls: drawNumbers(u, 90, BINGO_CALLS) }),
  invalid: (b) => (b.kind !== 'card' || !picksOf(b, 15, 90) || (b.value as number[]).length !== 15 ? 'value' : ''),
  win: (b, o) => {
    const called = new Set(o.calls as number[]);
    const card = b.value as number[];
    let lines = 0;
    for (let l = 0; l < 3; l++) if (card.slice(l * 5, l * 5 + 5).every((x) => called.has(x))) lines++;
    return b.amount * BINGO_PAYS[lines]!;
  },
});

/** A fresh bingo card from uniform numbers. */
export const bingoCard = (u: readonly number[]): number[] => drawNumbers(u, 90, 15);
