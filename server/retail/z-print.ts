/**
 * The day-close (Z) report for the 80 mm printer: one day of a terminal, or of a shop
 * (each terminal, then the shop's total): tickets sold, paid, voided, cancelled, reprints, cash in
 * and out, vouchers issued and redeemed, wins owed to ticket holders, the till's ledger and
 * over/short. Printed 1 s after load, like the receipts.
 */
import { minorToDecimal } from '../../domain/money.ts';
import type { ShopReportRow } from '../../domain/retail/calls.ts';
import { formatInZone } from '../betting-lifecycle/print.ts';
import { esc } from '../content/escape.ts';
import { receiptPage } from './voucher-print.ts';

const L = {
  tr: {
    title: 'Gün Sonu (Z) Raporu', day: 'Gün', printed: 'Basım', terminal: 'Terminal', shop: 'Bayi', total: 'Bayi toplamı', sold: 'Satılan fiş', stakes: 'Satış tutarı',
    paid: 'Ödenen fiş', voided: 'İptal (bayi)', cancelled: 'İptal (müşteri/yazıcı)', reprints: 'Kopya basım', cashIn: 'Nakit giriş', cashOut: 'Nakit çıkış (fiş)',
    vIssued: 'Verilen ödeme fişi', vRedeemed: 'Bozulan ödeme fişi', held: 'Bilet sahiplerine ayrılan', liability: 'Ödenmemiş kazanç', unclaimed: 'Sahipsiz kazanç (süresi doldu)', shortfall: 'Kasada eksik kazanç (eski)', ledger: 'Kasa hareketi (defter)', overShort: 'Fazla/eksik', end: 'Rapor sonu',
  },
  en: {
    title: 'Day close (Z) report', day: 'Day', printed: 'Printed', terminal: 'Terminal', shop: 'Shop', total: 'Shop total', sold: 'Tickets sold', stakes: 'Stakes',
    paid: 'Tickets paid', voided: 'Voided (shop)', cancelled: 'Cancelled (customer/printer)', reprints: 'Reprints', cashIn: 'Cash in', cashOut: 'Cash out (vouchers)',
    vIssued: 'Vouchers issued', vRedeemed: 'Vouchers redeemed', held: 'Wins held for tickets', liability: 'Unpaid winnings owed', unclaimed: 'Unclaimed (expired)', shortfall: 'Wins short in the till (old)', ledger: 'Till movement (ledger)', overShort: 'Over/short', end: 'End of report',
  },
} as const;

export function zReportHtml(day: string, sections: { title: string; row: ShopReportRow }[], o: { lang: string; timeZone: string; currency: string; now: number; nonce: string }): string {
  const t = o.lang === 'tr' ? L.tr : L.en;
  const m = (v: number) => `${minorToDecimal(v)} ${esc(o.currency)}`;
  const line = (label: string, value: string | number, id = '') => `<div class="row"${id ? ` data-testid="z-${id}"` : ''}><span>${label}</span><b>${value}</b></div>`;
  const section = ({ title, row: r }: { title: string; row: ShopReportRow }) => `<section>
    <h2>${esc(title)}</h2>
    ${line(t.sold, `${r.ticketsSold} · ${m(r.stakes)}`, 'sold')}
    ${line(t.paid, `${r.ticketsPaid} · ${m(r.paidAmount)}`, 'paid')}
    ${line(t.voided, r.voided, 'voided')}
    ${line(t.cancelled, r.cancelled, 'cancelled')}
    ${line(t.reprints, r.reprints, 'reprints')}
    ${line(t.cashIn, m(r.cashIn), 'cash-in')}
    ${line(t.cashOut, m(r.cashOut), 'cash-out')}
    ${line(t.vIssued, `${r.vouchersIssued} · ${m(r.vouchersIssuedAmount)}`, 'v-issued')}
    ${line(t.vRedeemed, `${r.vouchersRedeemed} · ${m(r.vouchersRedeemedAmount)}`, 'v-redeemed')}
    ${line(t.held, m(r.winsHeld))}
    ${line(t.liability, m(r.liability), 'liability')}
    ${line(t.unclaimed, m(r.unclaimed), 'unclaimed')}
    ${r.shortfall ? line(t.shortfall, m(r.shortfall), 'shortfall') : ''}
    ${line(t.ledger, m(r.ledger), 'ledger')}
    ${line(t.overShort, m(r.overShort), 'over-short')}
  </section>`;
  return receiptPage(o.lang, t.title, o.nonce, `
  h2 { font-size: 13px; margin: 8px 0 2px; border-top: 1px dashed #000; padding-top: 4px; }
  .end { text-align: center; border-top: 1px dashed #000; margin-top: 8px; padding-top: 4px; }`, `
  ${line(t.day, esc(day), 'day')}
  ${line(t.printed, esc(formatInZone(new Date(o.now).toISOString(), o.lang, o.timeZone)))}
  ${sections.map(section).join('\n')}
  <p class="end">*** ${t.end} ***</p>`);
}
