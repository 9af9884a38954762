/**
 * Settlement of one tip (selection) from a final match result. The market's `rule` and `period`
 * come from the one catalogue (domain/market/catalogue.ts); there is one function per rule kind.
 * The server settles with it and the client previews with it, so they cannot disagree.
 */
import { marketOf } from '../market/catalogue.ts';
import type { Period, SettleRule } from '../market/catalogue.ts';
import { cleanSpecial, parseLineQuarters, parseScoreSpecial, settleMargin } from './line.ts';
import { isScore, isVoidResult, periodScore } from './result.ts';
import type { MatchResult, Score } from './result.ts';
import { settleFeedTip, type FeedOutcomeResult } from './feed-outcome.ts';

/**
 * The outcome of a tip. Quarter lines add halfWon and halfLost; their effective odds are
 * halfWon = (odd + 1000) / 2 (half the stake wins, half is returned) and halfLost = 500
 * (half the stake is returned, half lost); void counts as 1000 and lost as 0 (see payout.ts).
 * 'open' means not settled yet: no result, missing data, or a market this rulebook does not know.
 */
export type TipOutcome = 'won' | 'lost' | 'void' | 'open' | 'halfWon' | 'halfLost';

/** A tip that has an answer (everything but 'open'). */
export type SettledOutcome = Exclude<TipOutcome, 'open'>;

/** What settlement needs to know about a tip. */
export interface TipToSettle {
  oddsType: number;
  outcomeId: number;
  special: string;
  /** When the coupon was placed (epoch ms): a feed's cancel window voids the tips placed inside it. */
  placedAt?: number | undefined;
}

// Outcome ids of the catalogue (domain/market/catalogue.ts), by rule.
const RESULT = { home: 1, draw: 2, away: 3 } as const;
const TWO_WAY = { home: 4, away: 5 } as const;
const DOUBLE_CHANCE = { homeOrDraw: 9, homeOrAway: 10, drawOrAway: 11 } as const;
const OVER_UNDER = { over: 12, under: 13 } as const;
const BTTS = { yes: 74, no: 76 } as const;
const NEXT_GOAL = { home: 6, none: 7, away: 8 } as const;

type Rule = (tip: TipToSettle, r: MatchResult, period: Period) => TipOutcome;

const wonIf = (b: boolean): TipOutcome => (b ? 'won' : 'lost');

/** The 1 X 2 outcome id a score gives. */
function resultId(s: Score): number {
  return s.h > s.a ? RESULT.home : s.h < s.a ? RESULT.away : RESULT.draw;
}

function sub(x: Score, y: Score): Score {
  return { h: x.h - y.h, a: x.a - y.a };
}

/** Over / under a line on a total. */
function overUnder(tip: TipToSettle, total: number): TipOutcome {
  const line = parseLineQuarters(tip.special);
  if (line === undefined) return 'open';
  if (tip.outcomeId === OVER_UNDER.over) return settleMargin(total * 4 - line);
  if (tip.outcomeId === OVER_UNDER.under) return settleMargin(line - total * 4);
  return 'open';
}

const resultRule: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  return s ? wonIf(resultId(s) === tip.outcomeId) : 'open';
};

const winner: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  if (!s) return 'open';
  // `winner` includes overtime and tie-breaks, so it beats the regular-time score for the match.
  const w = (period === 'ft' ? r.winner : undefined) ?? (s.h > s.a ? 'h' : s.a > s.h ? 'a' : undefined);
  // A tie with no winner given is missing data for a market without a draw.
  if (w === undefined) return 'open';
  return wonIf(tip.outcomeId === (w === 'h' ? TWO_WAY.home : TWO_WAY.away));
};

const doubleChance: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  if (!s) return 'open';
  const id = resultId(s);
  switch (tip.outcomeId) {
    case DOUBLE_CHANCE.homeOrDraw: return wonIf(id !== RESULT.away);
    case DOUBLE_CHANCE.homeOrAway: return wonIf(id !== RESULT.draw);
    case DOUBLE_CHANCE.drawOrAway: return wonIf(id !== RESULT.home);
    default: return 'open';
  }
};

/** European handicap: special 'h:a' goals are added to the score, then 1 X 2. */
const handicap3: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  const hc = parseScoreSpecial(tip.special);
  if (!s || !hc) return 'open';
  return wonIf(resultId({ h: s.h + hc.h, a: s.a + hc.a }) === tip.outcomeId);
};

/** Two-way (Asian) handicap: special is the home line; the away side gets its opposite. */
const handicap2: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  const line = parseLineQuarters(tip.special);
  if (!s || line === undefined) return 'open';
  const homeMargin = (s.h - s.a) * 4 + line;
  if (tip.outcomeId === TWO_WAY.home) return settleMargin(homeMargin);
  if (tip.outcomeId === TWO_WAY.away) return settleMargin(-homeMargin);
  return 'open';
};

const total: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  return s ? overUnder(tip, s.h + s.a) : 'open';
};

const btts: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  if (!s) return 'open';
  const both = s.h > 0 && s.a > 0;
  if (tip.outcomeId === BTTS.yes) return wonIf(both);
  if (tip.outcomeId === BTTS.no) return wonIf(!both);
  return 'open';
};

/** 1 X 2 on the goals scored after the score in special (the score when the bet was placed). */
const restOfMatch: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  const atBet = parseScoreSpecial(tip.special);
  if (!s || !atBet || !isScore(atBet)) return 'open';
  const rest = sub(s, atBet);
  // A final score below the score at bet time means the feed or the tip is wrong: do not guess.
  return isScore(rest) ? wonIf(resultId(rest) === tip.outcomeId) : 'open';
};

/**
 * The goals of a period in order, when the goal list agrees with the scores; undefined otherwise.
 * The first-half goals are the first ht.h + ht.a goals of the ordered list, so minutes (and the
 * way stoppage time is written) do not matter.
 */
function periodGoals(r: MatchResult, period: Period): ReadonlyArray<'h' | 'a'> | undefined {
  if (!r.goals) return undefined;
  const sides = r.goals.map((g) => g.side);
  const count = (xs: ReadonlyArray<'h' | 'a'>, side: 'h' | 'a') => xs.filter((x) => x === side).length;
  if (count(sides, 'h') !== r.ft.h || count(sides, 'a') !== r.ft.a) return undefined;
  if (period === 'ft') return sides;
  if (!r.ht) return undefined;
  const htTotal = r.ht.h + r.ht.a;
  const first = sides.slice(0, htTotal);
  if (count(first, 'h') !== r.ht.h || count(first, 'a') !== r.ht.a) return undefined;
  return period === 'h1' ? first : sides.slice(htTotal);
}

/** The goal number a next-goal special names: 'n' as is, or a score 'h:a' meaning goal h+a+1. */
function goalNumber(special: string): number | undefined {
  const score = parseScoreSpecial(special);
  if (score) return isScore(score) ? score.h + score.a + 1 : undefined;
  const n = Number(cleanSpecial(special));
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** Who scores goal number n of the period: home, away, or none when fewer than n goals. */
const nextGoal: Rule = (tip, r, period) => {
  const s = periodScore(r, period);
  const n = goalNumber(tip.special);
  if (!s || n === undefined) return 'open';
  let scorer: 'h' | 'a' | 'none' | undefined;
  if (n > s.h + s.a) scorer = 'none';
  else {
    const goals = periodGoals(r, period);
    if (goals) scorer = goals[n - 1];
    // Without a goal list the order is known only when one side scored every goal.
    else if (s.a === 0) scorer = 'h';
    else if (s.h === 0) scorer = 'a';
  }
  if (scorer === undefined) return 'open';
  const id = scorer === 'h' ? NEXT_GOAL.home : scorer === 'a' ? NEXT_GOAL.away : NEXT_GOAL.none;
  return wonIf(tip.outcomeId === id);
};

/** Corners and cards are only known for the whole match; any other period or no data stays open. */
const countTotal = (pick: (r: MatchResult) => Score | undefined): Rule => (tip, r, period) => {
  const s = pick(r);
  return period === 'ft' && isScore(s) ? overUnder(tip, s.h + s.a) : 'open';
};

const RULES: Readonly<Record<SettleRule, Rule>> = {
  result: resultRule,
  winner,
  doubleChance,
  handicap3,
  handicap2,
  total,
  btts,
  restOfMatch,
  nextGoal,
  cornersTotal: countTotal((r) => r.corners),
  cardsTotal: countTotal((r) => r.cards),
};

/**
 * Settles one tip. Returns 'open' while there is no result, when data the market needs is missing
 * or inconsistent, and for an odds type or outcome the catalogue does not know: voiding an unknown
 * market silently would pay stakes back on a rule nobody wrote, so the caller decides (the server
 * leaves such a tip for manual settlement). A cancelled, interrupted or walkover match voids
 * every known market; 'retired' and 'after_ot' settle on the scores given (ft is regular time,
 * `winner` carries overtime and retirements). Pure and deterministic: the same tip and result always give the same answer.
 */
export function settleTip(tip: TipToSettle, result: MatchResult | undefined): TipOutcome {
  return settleTipWithFactors(tip, result).outcome;
}

/**
 * settleTip, with the feed's settlement of the outcome when a feed settled the match (its void and
 * dead-heat factors price the tip: settle-coupon.ts). A match the feed settles is settled from the
 * feed alone, markets beyond the catalogue included.
 */
export function settleTipWithFactors(tip: TipToSettle, result: MatchResult | undefined): { outcome: TipOutcome; result?: FeedOutcomeResult } {
  if (result?.feed) return settleFeedTip(tip, result.feed);
  return { outcome: settleByRule(tip, result) };
}

function settleByRule(tip: TipToSettle, result: MatchResult | undefined): TipOutcome {
  const market = marketOf(tip.oddsType);
  if (!market || !market.outcomes.some((o) => o.id === tip.outcomeId)) return 'open';
  if (!result) return 'open';
  if (isVoidResult(result)) return 'void';
  return RULES[market.rule](tip, result, market.period);
}
