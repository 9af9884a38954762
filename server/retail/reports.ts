/**
 * Shop reports (issue 15): per terminal of the dealer's subtree, for a day or a range, what the
 * kiosk sold, paid, cancelled and reprinted, its cash in, the vouchers it issued and took, and the
 * reconciliation: the till's expected movement from those figures against its ledger (over/short,
 * zero when every movement has its ledger row). The day-close (Z) report is one terminal's day.
 */
import type { Queryable } from '../db/client.ts';
import { scopeSql, type BoActor } from '../backoffice/guard.ts';
import type { ShopReportRow } from '../../domain/retail/calls.ts';


/** The report rows of the actor's terminals (optionally one) over [from, to] (whole days, UTC). */
export async function shopReport(q: Queryable, a: BoActor, p: { from: string; to: string; terminalId?: number | undefined }): Promise<ShopReportRow[]> {
  const args: unknown[] = [a.userId, p.from, p.to];
  const one = p.terminalId ? `and u.id = $${args.push(p.terminalId)}` : '';
  // Each figure is one subquery over the period [from, to + 1 day) of its own timestamp.
  const within = (col: string) => `${col} >= $2::date and ${col} < $3::date + 1`;
  const rows = await q.query<Record<string, string | number | null>>(
    `select u.id, u.terminal_no, u.username, u.parent_id, coalesce(s.username, '') as shop_name,
       (select count(*) from coupons c where c.user_id = u.id and ${within('c.created_at')}) as sold,
       (select coalesce(sum(c.total_stake), 0) from coupons c where c.user_id = u.id and ${within('c.created_at')}) as stakes,
       (select count(*) from coupons c where c.user_id = u.id and c.status = -2 and ${within('c.created_at')}) as cancelled,
       (select coalesce(sum(l.amount), 0) from ledger l where l.user_id = u.id and l.kind = 'refund' and ${within('l.created_at')}) as refunds,
       (select coalesce(sum(l.amount), 0) from ledger l where l.user_id = u.id and l.kind in ('win', 'reversal', 'sell') and ${within('l.created_at')}) as wins,
       (select count(*) from coupons c where c.user_id = u.id and ${within('c.shop_paid_at')}) as paid,
       (select coalesce(sum(c.income), 0) from coupons c join retail_tickets t on t.coupon_id = c.id where t.terminal_id = u.id and ${within('c.shop_paid_at')}) as paid_amount,
       (select coalesce(sum(greatest(t.prints - 1, 0)), 0) from retail_tickets t where t.terminal_id = u.id and ${within('t.created_at')}) as reprints,
       (select coalesce(sum(ci.amount), 0) from retail_cash_in ci where ci.terminal_id = u.id and ${within('ci.created_at')}) as cash_in,
       (select count(*) from retail_vouchers v where v.terminal_id = u.id and ${within('v.created_at')}) as v_issued,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.terminal_id = u.id and ${within('v.created_at')}) as v_issued_amount,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.terminal_id = u.id and v.source = 'cashOut' and ${within('v.created_at')}) as cash_out,
       (select count(*) from retail_vouchers v where v.redeemed_by = u.id and ${within('v.redeemed_at')}) as v_redeemed,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.redeemed_by = u.id and ${within('v.redeemed_at')}) as v_redeemed_amount,
       (select coalesce(sum(case when ct.to_id = u.id then ct.amount else -ct.amount end), 0) from credit_transfers ct
         where (ct.to_id = u.id or ct.from_id = u.id) and ${within('ct.created_at')}) as transfers,
       (select coalesce(sum(l.amount), 0) from ledger l where l.user_id = u.id and ${within('l.created_at')}) as ledger
     from users u left join users s on s.id = u.parent_id
    where u.user_type = 'T' and ${scopeSql(a, 'u.id', 1)} ${one}
    order by s.username, u.terminal_no, u.id`, args);
  return rows.map((r) => {
    const n = (k: string) => Number(r[k] ?? 0);
    // The till's movement the figures explain: notes in, stakes out, refunds and wins in, tickets
    // paid and cash-out vouchers out, vouchers taken in, back-office transfers.
    const expected = n('cash_in') - n('stakes') + n('refunds') + n('wins') - n('paid_amount') - n('cash_out') + n('v_redeemed_amount') + n('transfers');
    return {
      terminalId: n('id'), terminalNo: String(r.terminal_no ?? ''), userName: String(r.username ?? ''), shopId: r.parent_id === null ? null : n('parent_id'), shopName: String(r.shop_name ?? ''),
      ticketsSold: n('sold'), stakes: n('stakes'), cancelled: n('cancelled'), refunds: n('refunds'), wins: n('wins'),
      ticketsPaid: n('paid'), paidAmount: n('paid_amount'), reprints: n('reprints'), cashIn: n('cash_in'),
      vouchersIssued: n('v_issued'), vouchersIssuedAmount: n('v_issued_amount'), cashOut: n('cash_out'), vouchersRedeemed: n('v_redeemed'), vouchersRedeemedAmount: n('v_redeemed_amount'),
      transfers: n('transfers'), expected, ledger: n('ledger'), overShort: n('ledger') - expected,
    };
  });
}
