/** The coupon history item of betting-core.md section 3, field names as the spec spells them. */
export interface CouponItem {
  id: number; archived: 0; ticketId: number; ticketDate: string; ticketType: string; status: number; totalTipps: number;
  totalStake: number; maxPay: number; userMaxPay: number; bonusPay: number; income: number; totalTickets: number;
  systemCombi: string; systemArray: number[]; paid: number; payDate: string | null; canceled: number; isLive: number; single: number;
  totalOdds: number;
}

/** The coupon match line of section 3. */
export interface CouponLine {
  matchId: number; matchDate: string; home: string; away: string; homeId: number; awayId: number; sportId: number;
  categoryId: number; sportName: string; categoryName: string; tournamentName: string; status: number; isLive: number;
  isBank: number; Results: string; typeName: string; liveTypeName: string; outComeName: string; liveOutComeName: string;
  special: string; odds: number; oddsInfo: string; oddsType: number; outcomeId: number;
}
