/**
 * The back office's one set of betting figures, as every report, the Z report, the cut-off and
 * the dashboard show them (computed by server/backoffice/figures.ts from the ledger). Pure types
 * and rules: what is settled and what is still open, where a won coupon's money is, and when a
 * period may be cut off. Money in integer minor units.
 */
import { COUPON_STATUS } from '../coupon/display.ts';

/**
 * The figures of a set of coupons (those placed in a period, by placement time), each amount the
 * sum of the coupons' own ledger rows, so a report's totals are the ledger's by construction.
 */
export interface BetFigures {
  /** Coupons placed, of them still open, settled (won, lost or sold) and cancelled. */
  coupons: number; open: number; settled: number; cancelled: number;
  /** Won coupons that paid back exactly their stake (every tip void). */
  voided: number;
  /** Stakes kept: stakes taken less the stakes refunded by a cancel (= settledStakes + openStakes). */
  stakes: number;
  /** Stakes of the settled coupons, what they paid (wins and sells, less reversals), and the GGR on them. */
  settledStakes: number; payouts: number; ggr: number;
  /** Stakes of the coupons still open, and what they would pay at most (the open liability). */
  openStakes: number; openLiability: number;
  /** Wins of online players, credited to their wallet when the coupon settled (nothing to pay by hand). */
  inWallet: number;
  /** Wins of shop tickets still to pay at the counter (count, amount), and those paid there. */
  toPayCount: number; toPayAmount: number; paidCount: number; paidAmount: number;
}

/** Figures of no coupon; the start of a sum. */
export const NO_FIGURES: BetFigures = {
  coupons: 0, open: 0, settled: 0, cancelled: 0, voided: 0, stakes: 0, settledStakes: 0, payouts: 0, ggr: 0,
  openStakes: 0, openLiability: 0, inWallet: 0, toPayCount: 0, toPayAmount: 0, paidCount: 0, paidAmount: 0,
};

/** The sum of figures (a total row over groups or days). */
export function addFigures(a: BetFigures, b: BetFigures): BetFigures {
  const out = { ...a };
  for (const k of Object.keys(NO_FIGURES) as (keyof BetFigures)[]) out[k] = a[k] + b[k];
  return out;
}

/**
 * Where a coupon's money is: 'none' (nothing won, or still open), 'inWallet' (an online player's
 * win or sale, credited when it settled), 'toPay' (a shop ticket's win waiting at the counter),
 * 'paid' (paid at the counter).
 */
export type PaymentState = 'none' | 'inWallet' | 'toPay' | 'paid';

/** The payment state of a coupon from its status, its win, whether a terminal sold it and whether the shop paid it. */
export function paymentStateOf(c: { status: number; income: number; terminal: boolean; shopPaid: boolean }): PaymentState {
  const paysOut = (c.status === COUPON_STATUS.won || c.status === COUPON_STATUS.sold) && c.income > 0;
  if (!paysOut) return 'none';
  if (!c.terminal) return 'inWallet';
  return c.shopPaid ? 'paid' : 'toPay';
}

/** True when the period's last day (YYYY-MM-DD, UTC) is over at `now`: only then may it be cut off. */
export function periodClosed(to: string, now: number): boolean {
  return Date.parse(`${to}T00:00:00Z`) + 86_400_000 <= now;
}
