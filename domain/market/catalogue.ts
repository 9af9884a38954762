/**
 * The one catalogue of markets (odds types) and their outcomes. The seed, the feed simulator,
 * the odds display and settlement all read it, so a type id means the same thing everywhere.
 * Ids named by the spec: 1 match result, 14 handicap, 18 over/under, 65 and 87 half handicaps,
 * 68 and 90 half over/unders, 7, 61, 8, 62 score-based (updated on a football score change).
 */

/** How a market is settled; the rules live in domain/coupon/settle.ts. */
export type SettleRule =
  | 'result'        // 1 X 2 on the period score
  | 'winner'        // 1 2, no draw (overtime and tie-breaks count)
  | 'doubleChance'  // 1X 12 X2
  | 'handicap3'     // 1 X 2 after adding special 'h:a' goals to the score
  | 'handicap2'     // 1 2 after adding special (home line, e.g. '-1.5') to the home score
  | 'total'         // over / under special on goals of the period
  | 'btts'          // both teams score: yes / no
  | 'restOfMatch'   // 1 X 2 on goals scored after the score in special ('1:0')
  | 'nextGoal'      // home / none / away scores goal number special ('2')
  | 'cornersTotal'  // over / under special on corners
  | 'cardsTotal';   // over / under special on cards

/** The part of the match a market is about. */
export type Period = 'ft' | 'h1' | 'h2';

export interface OutcomeDef {
  id: number;
  /** Short label shown on the odd button ('1', 'X', 'Over'). */
  name: string;
}

export interface MarketDef {
  oddsType: number;
  name: string;
  rule: SettleRule;
  period: Period;
  /** True when the market carries a special value (line, handicap or score). */
  hasSpecial: boolean;
  outcomes: OutcomeDef[];
}

const result = (oddsType: number, name: string, period: Period, rule: SettleRule = 'result', hasSpecial = false): MarketDef => ({
  oddsType, name, rule, period, hasSpecial,
  outcomes: [{ id: 1, name: '1' }, { id: 2, name: 'X' }, { id: 3, name: '2' }],
});
const overUnder = (oddsType: number, name: string, period: Period, rule: SettleRule = 'total'): MarketDef => ({
  oddsType, name, rule, period, hasSpecial: true,
  outcomes: [{ id: 12, name: 'Over' }, { id: 13, name: 'Under' }],
});

export const MARKETS: readonly MarketDef[] = [
  result(1, 'Match result', 'ft'),
  { oddsType: 186, name: 'Winner', rule: 'winner', period: 'ft', hasSpecial: false,
    outcomes: [{ id: 4, name: '1' }, { id: 5, name: '2' }] },
  { oddsType: 10, name: 'Double chance', rule: 'doubleChance', period: 'ft', hasSpecial: false,
    outcomes: [{ id: 9, name: '1X' }, { id: 10, name: '12' }, { id: 11, name: 'X2' }] },
  result(14, 'Handicap', 'ft', 'handicap3', true),
  { oddsType: 16, name: 'Point spread', rule: 'handicap2', period: 'ft', hasSpecial: true,
    outcomes: [{ id: 4, name: '1' }, { id: 5, name: '2' }] },
  overUnder(18, 'Total', 'ft'),
  { oddsType: 29, name: 'Both teams to score', rule: 'btts', period: 'ft', hasSpecial: false,
    outcomes: [{ id: 74, name: 'Yes' }, { id: 76, name: 'No' }] },
  result(60, '1st half result', 'h1'),
  result(83, '2nd half result', 'h2'),
  result(65, '1st half handicap', 'h1', 'handicap3', true),
  result(87, '2nd half handicap', 'h2', 'handicap3', true),
  overUnder(68, '1st half total', 'h1'),
  overUnder(90, '2nd half total', 'h2'),
  result(7, 'Rest of match', 'ft', 'restOfMatch', true),
  result(61, 'Rest of 1st half', 'h1', 'restOfMatch', true),
  { oddsType: 8, name: 'Next goal', rule: 'nextGoal', period: 'ft', hasSpecial: true,
    outcomes: [{ id: 6, name: '1' }, { id: 7, name: 'None' }, { id: 8, name: '2' }] },
  { oddsType: 62, name: 'Next goal 1st half', rule: 'nextGoal', period: 'h1', hasSpecial: true,
    outcomes: [{ id: 6, name: '1' }, { id: 7, name: 'None' }, { id: 8, name: '2' }] },
  overUnder(136, 'Corners total', 'ft', 'cornersTotal'),
  overUnder(139, 'Cards total', 'ft', 'cardsTotal'),
];

const byType = new Map(MARKETS.map((m) => [m.oddsType, m]));

/** The market definition of an odds type, or undefined for a type the catalogue does not know. */
export function marketOf(oddsType: number): MarketDef | undefined {
  return byType.get(oddsType);
}

/** The label of an outcome of a market ('1', 'X', 'Over'), or '' when unknown. */
export function outcomeName(oddsType: number, outcomeId: number): string {
  return byType.get(oddsType)?.outcomes.find((o) => o.id === outcomeId)?.name ?? '';
}

/** Main market ids of betting-core.md section 9. */
export const MAIN_MARKETS = { matchResult: 1, handicap: 14, overUnder: 18 } as const;
