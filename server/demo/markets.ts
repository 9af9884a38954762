/**
 * The markets and results of a demo match from one strength (home minus away, -1..1): every price
 * and every sampled result comes from the same model (server/demo/pricing.ts), so the lines of a
 * match agree with each other and with the score the results table shows.
 */
import { DRAW_SPORTS } from './catalogue.ts';
import { DEMO_MARGIN, footballProb, normalCdf, poissonGridProb, priceOf, samplePoisson, SPORT_MODEL } from './pricing.ts';

/** One odds group of a demo match: its type, special and [outcome id, odd] pairs. */
export interface DemoMarket { oddsType: number; special: string; outcomes: Array<[number, number]> }

/** The football model: goal rates per half and of corners and cards. */
function footballModel(strength: number) {
  const lh = 1.45 + 0.55 * strength;
  const la = 1.15 - 0.45 * strength;
  return {
    lh, la,
    /** The first half holds a bit less than half of the goals. */
    h1: 0.45,
    corners: [5.2 + 1.2 * strength, 4.6 - 1.0 * strength] as const,
    cards: [2.0 - 0.3 * strength, 2.2 + 0.3 * strength] as const,
  };
}

type Pred = (h: number, a: number) => boolean;
const result3 = (p: (pred: Pred) => number, oddsType: number, special = '', x = 0, y = 0): DemoMarket => ({
  oddsType, special,
  outcomes: [[1, p((h, a) => h + x > a + y)], [2, p((h, a) => h + x === a + y)], [3, p((h, a) => h + x < a + y)]],
});
const overUnder = (p: (pred: Pred) => number, oddsType: number, line: number): DemoMarket => ({
  oddsType, special: String(line), outcomes: [[12, p((h, a) => h + a > line)], [13, p((h, a) => h + a < line)]],
});

/** Handicap specials 'h:a' (goals added to home and away) offered in football. */
const FT_HANDICAPS: Array<[number, number]> = [[0, 1], [0, 2], [1, 0], [2, 0]];
const HALF_HANDICAPS: Array<[number, number]> = [[0, 1], [1, 0]];

/** Every market of a demo match of the sport at this strength. */
export function marketsOf(sportId: number, strength: number): DemoMarket[] {
  if (sportId === 1) {
    const m = footballModel(strength);
    const ft = (pred: Pred) => priceOf(footballProb(m.lh, m.la, pred));
    const h1 = (pred: Pred) => priceOf(footballProb(m.lh * m.h1, m.la * m.h1, pred));
    const h2 = (pred: Pred) => priceOf(footballProb(m.lh * (1 - m.h1), m.la * (1 - m.h1), pred));
    const corners = (pred: Pred) => priceOf(poissonGridProb(m.corners[0], m.corners[1], pred, 25));
    const cards = (pred: Pred) => priceOf(poissonGridProb(m.cards[0], m.cards[1], pred, 15));
    return [
      result3(ft, 1),
      { oddsType: 10, special: '', outcomes: [[9, ft((h, a) => h >= a)], [10, ft((h, a) => h !== a)], [11, ft((h, a) => h <= a)]] },
      ...FT_HANDICAPS.map(([x, y]) => result3(ft, 14, `${x}:${y}`, x, y)),
      ...[1.5, 2.5, 3.5, 4.5].map((line) => overUnder(ft, 18, line)),
      { oddsType: 29, special: '', outcomes: [[74, ft((h, a) => h > 0 && a > 0)], [76, ft((h, a) => h === 0 || a === 0)]] },
      result3(h1, 60),
      result3(h2, 83),
      ...HALF_HANDICAPS.map(([x, y]) => result3(h1, 65, `${x}:${y}`, x, y)),
      ...HALF_HANDICAPS.map(([x, y]) => result3(h2, 87, `${x}:${y}`, x, y)),
      ...[0.5, 1.5].map((line) => overUnder(h1, 68, line)),
      ...[0.5, 1.5].map((line) => overUnder(h2, 90, line)),
      ...[8.5, 9.5, 10.5, 11.5].map((line) => overUnder(corners, 136, line)),
      ...[3.5, 4.5, 5.5].map((line) => overUnder(cards, 139, line)),
    ];
  }
  const model = SPORT_MODEL[sportId]!;
  const mu = model.homeAdv + strength * model.diffSd;
  const pHomeBy = (x: number) => 1 - normalCdf((x - mu) / model.diffSd); // P(diff > x)
  const pOver = (line: number) => 1 - normalCdf((line - model.total) / model.totalSd);
  const spread = Math.round(mu) + 0.5; // home line: home score - spread
  const total = Math.round(model.total) + 0.5;
  const lines = (centre: number) => [centre - model.step, centre, centre + model.step];
  const result: DemoMarket = DRAW_SPORTS.has(sportId)
    ? { oddsType: 1, special: '', outcomes: [[1, priceOf(pHomeBy(0.5))], [2, priceOf(pHomeBy(-0.5) - pHomeBy(0.5))], [3, priceOf(1 - pHomeBy(-0.5))]] }
    : { oddsType: 186, special: '', outcomes: [[4, priceOf(pHomeBy(0))], [5, priceOf(1 - pHomeBy(0))]] };
  return [
    result,
    ...lines(spread).map((s): DemoMarket => ({ oddsType: 16, special: String(-s), outcomes: [[4, priceOf(pHomeBy(s))], [5, priceOf(1 - pHomeBy(s))]] })),
    ...lines(total).filter((l) => l > 0).map((l): DemoMarket => ({ oddsType: 18, special: String(l), outcomes: [[12, priceOf(pOver(l))], [13, priceOf(1 - pOver(l))]] })),
  ];
}

/** The fair probability of a home win at a strength (the first outcome of the match result). */
function homeWinProb(sportId: number, strength: number): number {
  if (sportId === 1) {
    const m = footballModel(strength);
    return footballProb(m.lh, m.la, (h, a) => h > a);
  }
  const model = SPORT_MODEL[sportId]!;
  const mu = model.homeAdv + strength * model.diffSd;
  return 1 - normalCdf(((DRAW_SPORTS.has(sportId) ? 0.5 : 0) - mu) / model.diffSd);
}

/**
 * The strength behind a stored home-win price, so markets added later to an older match (a data
 * folder from before the richer catalogue) agree with the prices it already shows.
 */
export function strengthFromHomeOdd(sportId: number, homeOdd: number): number {
  const target = 1 / ((homeOdd / 1000) * (1 + DEMO_MARGIN));
  let lo = -1;
  let hi = 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (homeWinProb(sportId, mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A demo final result, in match_results' terms. */
export interface DemoResult {
  ftHome: number; ftAway: number; htHome: number; htAway: number;
  cornersHome: number | null; cornersAway: number | null; cardsHome: number | null; cardsAway: number | null;
  goals: Array<{ minute: number; team: 'home' | 'away' }>;
}

/** Samples a final result from the same model as the prices. */
export function sampleResult(sportId: number, strength: number, random: () => number): DemoResult {
  if (sportId === 1) {
    const m = footballModel(strength);
    const htHome = samplePoisson(m.lh * m.h1, random);
    const htAway = samplePoisson(m.la * m.h1, random);
    const ftHome = htHome + samplePoisson(m.lh * (1 - m.h1), random);
    const ftAway = htAway + samplePoisson(m.la * (1 - m.h1), random);
    const minute = (half: 1 | 2) => (half === 1 ? 1 : 46) + Math.floor(random() * 45);
    const goals = [
      ...Array.from({ length: htHome }, () => ({ minute: minute(1), team: 'home' as const })),
      ...Array.from({ length: htAway }, () => ({ minute: minute(1), team: 'away' as const })),
      ...Array.from({ length: ftHome - htHome }, () => ({ minute: minute(2), team: 'home' as const })),
      ...Array.from({ length: ftAway - htAway }, () => ({ minute: minute(2), team: 'away' as const })),
    ].sort((x, y) => x.minute - y.minute);
    return {
      ftHome, ftAway, htHome, htAway, goals,
      cornersHome: samplePoisson(m.corners[0], random), cornersAway: samplePoisson(m.corners[1], random),
      cardsHome: samplePoisson(m.cards[0], random), cardsAway: samplePoisson(m.cards[1], random),
    };
  }
  const model = SPORT_MODEL[sportId]!;
  // Box-Muller normal draws for the difference and the total.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const diffRaw = model.homeAdv + strength * model.diffSd + normal() * model.diffSd;
  const total = Math.max(1, Math.round(model.total + normal() * model.totalSd));
  let diff = Math.round(diffRaw);
  // Sports without a draw always have a winner.
  if (!DRAW_SPORTS.has(sportId) && diff === 0) diff = diffRaw >= 0 ? 1 : -1;
  const ftHome = Math.max(0, Math.round((total + diff) / 2));
  const ftAway = Math.max(0, ftHome - diff);
  const htHome = Math.floor(ftHome / 2);
  const htAway = Math.floor(ftAway / 2);
  return { ftHome, ftAway, htHome, htAway, cornersHome: null, cornersAway: null, cardsHome: null, cardsAway: null, goals: [] };
}
