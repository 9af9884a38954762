/**
 * Shop reports: per terminal of the dealer's subtree, for a day or a range, what the
 * kiosk sold, paid, voided, cancelled and reprinted, its cash in and out, the vouchers it issued and
 * took, the ticket liability (wins owed to ticket holders, server/retail/liability.ts), and the
 * reconciliation: the till's expected movement from those figures against its ledger (over/short,
 * zero when every movement has its ledger row). The day-close (Z) report is one day of a terminal
 * or of a shop (its terminals and their total), printed on the 80 mm printer (z-print.ts).
 */
import type { Queryable } from '../db/client.ts';
import { scopeSql, type BoActor } from '../backoffice/guard.ts';
import type { ShopReportRow } from '../../domain/retail/calls.ts';
import { NO_FIGURES } from '../../domain/backoffice/figures.ts';
import { betFiguresBy } from '../backoffice/figures.ts';

/** Whose terminals: a back-office actor's subtree, or one terminal's own session (the kiosk's Z report). */
export type ReportScope = { actor: BoActor } | { terminalId: number };

/** The report rows of the scope's terminals (optionally one) over [from, to] (whole days, UTC). */
export async function shopReport(q: Queryable, scope: ReportScope, p: { from: string; to: string; terminalId?: number | undefined; shopId?: number | undefined }): Promise<ShopReportRow[]> {
  const args: unknown[] = ['actor' in scope ? scope.actor.userId : scope.terminalId, p.from, p.to];
  const who = 'actor' in scope ? scopeSql(scope.actor, 'u.id', 1) : 'u.id = $1';
  const one = p.terminalId ? `and u.id = $${args.push(p.terminalId)}` : '';
  const shop = p.shopId ? `and u.parent_id = $${args.push(p.shopId)}` : '';
  // Each figure is one subquery over the period [from, to + 1 day) of its own timestamp.
  const within = (col: string) => `${col} >= $2::date and ${col} < $3::date + 1`;
  const ledger = (kinds: string | null, extra = '') =>
    `(select coalesce(sum(l.amount), 0) from ledger l where l.user_id = u.id ${kinds ? `and l.kind in (${kinds})` : ''} ${extra} and ${within('l.created_at')})`;
  // A coupon cancelled by the back office (bo/cancelCoupon, audited) is voided; other cancels are the customer's or a failed print.
  const voided = `exists (select 1 from audit_log a where a.action = 'cancelCoupon' and a.object_type = 'coupon' and a.object_id = c.id::text)`;
  const rows = await q.query<Record<string, string | number | null>>(
    `select u.id, u.terminal_no, u.username, u.parent_id, coalesce(s.username, '') as shop_name,
       (select count(*) from coupons c where c.user_id = u.id and ${within('c.created_at')}) as sold,
       (select coalesce(sum(c.total_stake), 0) from coupons c where c.user_id = u.id and ${within('c.created_at')}) as stakes,
       (select count(*) from coupons c where c.user_id = u.id and c.status = -2 and not ${voided} and ${within('c.created_at')}) as cancelled,
       (select count(*) from coupons c where c.user_id = u.id and c.status = -2 and ${voided} and ${within('c.created_at')}) as voided,
       ${ledger(`'refund'`)} as refunds,
       ${ledger(`'win', 'reversal', 'sell'`)} as wins,
       ${ledger(`'ticketHold', 'ticketRelease'`)} as held,
       ${ledger(`'withdraw'`, `and l.ref_type = 'ticket'`)} as till_paid,
       (select count(*) from coupons c where c.user_id = u.id and ${within('c.shop_paid_at')}) as paid,
       (select coalesce(sum(c.income), 0) from coupons c where c.user_id = u.id and ${within('c.shop_paid_at')}) as paid_amount,
       (select coalesce(sum(greatest(t.prints - 1, 0)), 0) from retail_tickets t where t.terminal_id = u.id and ${within('t.created_at')}) as reprints,
       (select coalesce(sum(ci.amount), 0) from retail_cash_in ci where ci.terminal_id = u.id and ${within('ci.created_at')}) as cash_in,
       (select count(*) from retail_vouchers v where v.terminal_id = u.id and ${within('v.created_at')}) as v_issued,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.terminal_id = u.id and ${within('v.created_at')}) as v_issued_amount,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.terminal_id = u.id and v.source = 'cashOut' and ${within('v.created_at')}) as cash_out,
       (select count(*) from retail_vouchers v where v.redeemed_by = u.id and ${within('v.redeemed_at')}) as v_redeemed,
       (select coalesce(sum(v.amount), 0) from retail_vouchers v where v.redeemed_by = u.id and ${within('v.redeemed_at')}) as v_redeemed_amount,
       (select coalesce(sum(case when ct.to_id = u.id then ct.amount else -ct.amount end), 0) from credit_transfers ct
         where (ct.to_id = u.id or ct.from_id = u.id) and ${within('ct.created_at')}) as transfers,
       (select coalesce(sum(r.amount), 0) from retail_liability r where r.terminal_id = u.id and r.kind in ('hold', 'release') and ${within('r.created_at')}) as liability_in,
       (select coalesce(-sum(r.amount), 0) from retail_liability r where r.terminal_id = u.id and r.kind = 'expire' and ${within('r.created_at')}) as unclaimed,
       (select coalesce(sum(f.shortfall), 0) from retail_liability_shortfall f where f.terminal_id = u.id and f.created_at < $3::date + 1) as shortfall,
       ${ledger(`'ticketUnclaimed'`)} as unclaimed_till,
       (select coalesce(-sum(r.amount), 0) from retail_liability r where r.terminal_id = u.id and r.kind = 'pay' and ${within('r.created_at')}) as liability_paid,
       (select coalesce(sum(r.amount), 0) from retail_liability r where r.terminal_id = u.id and r.created_at < $3::date + 1) as liability,
       ${ledger(null)} as ledger
     from users u left join users s on s.id = u.parent_id
    where u.user_type = 'T' and ${who} ${one} ${shop}
    order by s.username, u.terminal_no, u.id`, args);
  // The betting figures come from the one set (server/backoffice/figures.ts), as on every other report.
  const figures = new Map((await betFiguresBy(q, {
    actor: 'actor' in scope ? scope.actor : null, from: p.from, to: p.to, userId: 'actor' in scope ? p.terminalId : scope.terminalId, terminalsOnly: true,
  }, { group: 'user' })).map((f) => [f.id, f]));
  return rows.map((r) => {
    const n = (k: string) => Number(r[k] ?? 0);
    const f = figures.get(n('id')) ?? NO_FIGURES;
    // The till's movement the figures explain: notes in, stakes out, refunds and wins in, wins held
    // for ticket holders out (given back on a correction), tickets paid from the till (settled
    // before the liability existed) and cash-out vouchers out, vouchers taken in, transfers, and an
    // expired ticket's unclaimed win written off to the till (only when its shop has no wallet).
    const expected = n('cash_in') - n('stakes') + n('refunds') + n('wins') + n('held') + n('till_paid') - n('cash_out') + n('v_redeemed_amount') + n('transfers') + n('unclaimed_till');
    return {
      terminalId: n('id'), terminalNo: String(r.terminal_no ?? ''), userName: String(r.username ?? ''), shopId: r.parent_id === null ? null : n('parent_id'), shopName: String(r.shop_name ?? ''),
      ticketsSold: n('sold'), stakes: n('stakes'), voided: n('voided'), cancelled: n('cancelled'), refunds: n('refunds'), wins: n('wins'),
      ticketsPaid: n('paid'), paidAmount: n('paid_amount'), reprints: n('reprints'), cashIn: n('cash_in'),
      vouchersIssued: n('v_issued'), vouchersIssuedAmount: n('v_issued_amount'), cashOut: n('cash_out'), vouchersRedeemed: n('v_redeemed'), vouchersRedeemedAmount: n('v_redeemed_amount'),
      transfers: n('transfers'), winsHeld: -n('held'), liabilityIn: n('liability_in'), liabilityPaid: n('liability_paid'), unclaimed: n('unclaimed'), shortfall: n('shortfall'), liability: n('liability'),
      expected, ledger: n('ledger'), overShort: n('ledger') - expected,
      settledStakes: f.settledStakes, ggr: f.ggr, openStakes: f.openStakes, openLiability: f.openLiability, toPayCount: f.toPayCount, toPayAmount: f.toPayAmount,
    };
  });
}
