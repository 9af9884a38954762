/**
 * The betslip summary (section 3): coupon type, combinations, stakes, odds, payout, bonus and the
 * limit errors. The worker shows it and the server enforces it with its own odds, so it is the
 * single source of every number on a coupon.
 */
import type { UserLimits } from '../protocol/entities.ts';
import type { CouponKind, LimitError, SlipSelection, SlipSummary } from './types.ts';
import { SLIP_CONSTANTS, isPickLocked, kindLimitsFor, oddsLimitRefusal } from './limits.ts';
import { couponTypeOf } from './coupon-type.ts';
import { systemOptions } from './system-list.ts';
import { combinationCount, systemRatio } from './system.ts';
import { MAX_PICKS_PER_MATCH, matchCount, multipleCount, multipleRatio, oddsByMatch } from './multiple.ts';
import { largestStakeWithin, productRatio, ratioOdds, ratioPayout, type Ratio } from './odds.ts';
import { effectiveMinStake, sanitizeStake, splitStake } from './stake.ts';
import { bonusAmount, bonusPercentOf } from './bonus.ts';
import { raiseMinTip, slipMinTip } from './match-limits.ts';

interface CouponShape { count: number; ratio: Ratio }

/** Combinations of the coupon and its exact return per unit of stake per combination. */
function couponShape(type: CouponKind, selections: readonly SlipSelection[], sizes: readonly number[]): CouponShape {
  switch (type) {
    case 'CK': return { count: multipleCount(selections), ratio: multipleRatio(selections) };
    case 'SK': {
      const free = selections.filter((s) => !s.banko).map((s) => s.odd);
      const bankers = selections.filter((s) => s.banko).map((s) => s.odd);
      const count = sizes.reduce((n, k) => n + combinationCount(free.length, k), 0);
      return { count, ratio: systemRatio(free, bankers, sizes) };
    }
    // TK and KK: one combination of every pick (bankers mean nothing outside a system).
    default: return { count: 1, ratio: productRatio(selections.map((s) => s.odd)) };
  }
}

/** Slip-size errors: too many picks, too many free picks in a system, multiple rules broken. */
function sizeErrors(type: CouponKind, selections: readonly SlipSelection[], count: number): LimitError[] {
  const errors: LimitError[] = [];
  if (selections.length > SLIP_CONSTANTS.maxSelections) errors.push({ code: 'maxSelections', max: SLIP_CONSTANTS.maxSelections });
  if (type === 'SK') {
    const free = selections.filter((s) => !s.banko).length;
    // amount: how many more bankers the system needs (autoSelectBankers marks them).
    if (free > SLIP_CONSTANTS.maxSystemMatches) errors.push({ code: 'maxSelections', max: SLIP_CONSTANTS.maxSystemMatches, amount: free - SLIP_CONSTANTS.maxSystemMatches });
  }
  if (type === 'CK') {
    // checkAdd refuses these ('multipleMaximum'); here they guard the server against a crafted slip.
    if (oddsByMatch(selections).some((g) => g.length > MAX_PICKS_PER_MATCH)) errors.push({ code: 'maxSelections', max: MAX_PICKS_PER_MATCH });
    else if (count > SLIP_CONSTANTS.maxMultiCoupons) errors.push({ code: 'maxSelections', max: SLIP_CONSTANTS.maxMultiCoupons });
  }
  return errors;
}

/** Odds-limit errors, one per kind of breach (the picks to remove are found with oddsLimitRefusal). */
function oddsErrors(selections: readonly SlipSelection[], limits: UserLimits): LimitError[] {
  const refusals = new Set(selections.map((s) => oddsLimitRefusal(s.odd, limits)));
  const errors: LimitError[] = [];
  if (refusals.has('minOdds')) errors.push({ code: 'minOdds', min: limits.minOddsCoupon });
  if (refusals.has('maxOdds')) errors.push({ code: 'maxOdds', max: limits.maxOddsCoupon });
  return errors;
}

/**
 * Summarizes a slip for a stake as entered (minor units; with staketype 1 the coupon total,
 * otherwise the stake of one combination) and the chosen system sizes.
 *
 * Amounts are computed from the stake clamped to minStake..maxStake, and the payout is capped at
 * the kind's maxPay; a stake outside the limits or a payout over maxPay is also reported as a limit
 * error ('maxPay' with amount = stakeLimitedTo), which blocks creation until the player's stake is
 * within them, so the server never debits an amount other than the one entered.
 * Odds must be integer thousandths: anything else is a caller bug and throws a RangeError.
 */
export function summarizeSlip(input: { selections: readonly SlipSelection[]; stake: number; systemSizes: readonly number[]; limits: UserLimits }): SlipSummary {
  const { selections, limits } = input;
  const systemList = systemOptions(selections, input.systemSizes, limits);
  const sizes = systemList.filter((o) => o.selected).map((o) => o.size);
  const couponType = couponTypeOf(selections, sizes);
  const isLive = selections.some((s) => s.live);
  // A match of the slip may ask for more tips than the kind does (section 5 'minimum N more matches').
  const kind = raiseMinTip(kindLimitsFor(couponType, isLive, limits), slipMinTip(selections));

  if (couponType === 'none') {
    return {
      couponType, couponCount: 0, isLive, baseAmount: 0, totalAmount: 0, totalOdds: 0, maxPayout: 0,
      bonusPercent: 0, bonusPrice: 0, systemList, minTip: kind.minTip, minStake: kind.minStake,
      maxStake: kind.maxStake, userMaxPay: kind.maxPay, creatable: false, lockedOnly: false, limitErrors: [],
    };
  }

  const { count, ratio } = couponShape(couponType, selections, sizes);
  const perCoupon = limits.staketype === 1;
  const minStake = effectiveMinStake(kind.minStake, count, perCoupon);
  const maxStake = kind.maxStake;
  const entered = sanitizeStake(input.stake);
  const stake = splitStake(entered, count, perCoupon, minStake, maxStake);

  const limitErrors: LimitError[] = [];
  if (entered < minStake) limitErrors.push({ code: 'minStake', min: minStake });
  else if (entered > maxStake) limitErrors.push({ code: 'maxStake', max: maxStake });

  const userMaxPay = kind.maxPay;
  const fullPayout = ratioPayout(stake.ticketStake, ratio);
  let stakeLimitedTo: number | undefined;
  if (fullPayout > userMaxPay) {
    const perCombination = largestStakeWithin(ratio, Math.max(userMaxPay, 0));
    // In the unit the player enters: the coupon total with staketype 1.
    stakeLimitedTo = perCoupon ? perCombination * count : perCombination;
    limitErrors.push({ code: 'maxPay', max: userMaxPay, amount: stakeLimitedTo });
  }
  const maxPayout = Math.min(fullPayout, userMaxPay);

  const matches = matchCount(selections);
  if (matches < kind.minTip) limitErrors.push({ code: 'minTip', min: kind.minTip, amount: kind.minTip - matches });
  limitErrors.push(...oddsErrors(selections, limits), ...sizeErrors(couponType, selections, count));

  // The bonus is paid on the capped payout and is not itself limited by maxPay.
  const bonusPercent = bonusPercentOf(couponType, selections, limits.bonus);
  const blocking = limitErrors.some((e) => e.max !== undefined || e.min !== undefined || e.amount !== undefined);
  const ready = !blocking && kind.status !== 0 && stake.ticketStake > 0;
  const open = !selections.some(isPickLocked);

  const summary: SlipSummary = {
    couponType, couponCount: count, isLive, baseAmount: stake.ticketStake, totalAmount: stake.totalStake,
    totalOdds: ratioOdds(ratio), maxPayout, bonusPercent, bonusPrice: bonusAmount(maxPayout, bonusPercent),
    systemList, minTip: kind.minTip, minStake, maxStake, userMaxPay, creatable: ready && open, lockedOnly: ready && !open, limitErrors,
  };
  if (stakeLimitedTo !== undefined) summary.stakeLimitedTo = stakeLimitedTo;
  return summary;
}
