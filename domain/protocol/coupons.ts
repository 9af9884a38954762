/** The coupon history item of betting-core.md section 3, field names as the spec spells them. */
export interface CouponItem {
  id: number; archived: 0; ticketId: number; ticketDate: string; ticketType: string; status: number; totalTipps: number;
  totalStake: number; maxPay: number; userMaxPay: number; bonusPay: number; income: number; totalTickets: number;
  systemCombi: string; systemArray: number[]; paid: number; payDate: string | null; canceled: number; isLive: number; single: number;
  totalOdds: number;
  /** Epoch ms until which a waiting coupon may be cancelled (0 when it cannot be). */
  cancelUntil?: number;
  /** Minor units cashed out so far (the sum of its sells, parts and whole); 0 when none. */
  cashedOut?: number;
}

/** One sale of a coupon: a part (whole false: the coupon runs on with stakeAfter) or the whole. */
export interface CouponSell {
  amount: number; offer: number; stakeBefore: number; stakeAfter: number; whole: boolean;
  /** Made by the player's auto cash-out rule. */
  auto: boolean;
  date: string;
}

/** The coupon match line of section 3. */
export interface CouponLine {
  matchId: number; matchDate: string; home: string; away: string; homeId: number; awayId: number; sportId: number;
  categoryId: number; sportName: string; categoryName: string; tournamentName: string; status: number; isLive: number;
  isBank: number; Results: string; typeName: string; liveTypeName: string; outComeName: string; liveOutComeName: string;
  special: string; odds: number; oddsInfo: string; oddsType: number; outcomeId: number;
  /** The tip's settled outcome (won, lost, void, halfWon, halfLost), '' while open. */
  outcome?: string;
  /** A won tip whose win the feed divided (a dead heat): the factor it was paid at ('0.5'). */
  deadHeat?: string;
  /** The match status text (not_started, ended ...), for the line's waiting or live state. */
  matchStatus?: string;
}

/** The sell offer of a coupon detail (section 3 sellType): amount in minor units when offered. */
export interface SellType {
  status: boolean;
  msg: string;
  amount: number;
  /** Why sell is not offered: 'suspended' when an open tip has no price now (suspended or locked live odd). */
  reason?: 'lost' | 'settled' | 'suspended' | 'notOffered';
}

/** getCouponDetail reply (section 3, Coupon detail response). */
export interface CouponDetailReply {
  status: boolean;
  coupon: { result: CouponItem };
  results: CouponLine[];
  sellType: SellType;
  /** The coupon's cash-out history, oldest first. */
  sells?: CouponSell[];
  /** The coupon's auto cash-out rule, null when none was set. */
  autoSell?: AutoSellView | null;
}

/** An auto cash-out rule: sell (the whole offer, or `part`) once the offer reaches `target`; minor units. */
export interface AutoSellView {
  target: number;
  part: number | null;
  /** When it fired (ISO), null while armed. */
  firedAt: string | null;
  soldAmount: number | null;
}

/** shareCoupon / ticketDetail reply: the coupon and its lines, nothing about the player. */
export interface SharedCouponReply {
  status: boolean;
  coupon: Omit<CouponItem, 'paid' | 'payDate' | 'canceled' | 'cancelUntil' | 'cashedOut'>;
  results: CouponLine[];
}
