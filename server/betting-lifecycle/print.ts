/**
 * The coupon receipt for 80 mm receipt printers (betting-core.md section 4, Print): operator,
 * coupon number, date in the player's time zone, tips, stake, odds, maximum payout and a barcode
 * of the coupon number. Plain HTML, printed by the browser 1 s after load.
 */
import type { CouponItem, CouponLine } from '../../domain/protocol/coupons.ts';
import { minorToDecimal } from '../../domain/money.ts';
import { formatOdds } from '../../domain/odds/display.ts';

const LABELS = {
  tr: { terminal: 'Terminal', coupon: 'Kupon No', date: 'Tarih', stake: 'Bahis', odds: 'Oran', maxPay: 'Maks. Kazanç', type: 'Tip', pick: 'Tahmin', banko: 'Banko', combis: 'Kombinasyon' },
  en: { terminal: 'Terminal', coupon: 'Coupon no', date: 'Date', stake: 'Stake', odds: 'Odds', maxPay: 'Max payout', type: 'Type', pick: 'Pick', banko: 'Banker', combis: 'Combinations' },
} as const;

const OPERATOR = 'BetPWA';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A date in the given IANA zone; an unknown zone falls back to UTC rather than failing the print. */
export function formatInZone(iso: string, lang: string, timeZone: string): string {
  const d = new Date(iso);
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(lang, { ...opts, timeZone }).format(d);
  } catch {
    return `${new Intl.DateTimeFormat(lang, { ...opts, timeZone: 'UTC' }).format(d)} UTC`;
  }
}

// Interleaved 2 of 5: digits only, which is all a coupon number is; N narrow, W wide.
const ITF: readonly string[] = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];

/** An Interleaved 2 of 5 barcode of a number as an SVG (narrow 2 units, wide 5). */
export function itfBarcode(value: string, height = 48): string {
  const digits = value.length % 2 ? `0${value}` : value;
  // Start: bar space bar space, all narrow; stop: wide bar, narrow space, narrow bar.
  const widths: number[] = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF[Number(digits[i])]!;
    const spaces = ITF[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'W' ? 3 : 1, spaces[k] === 'W' ? 3 : 1);
  }
  widths.push(3, 1, 1);
  const unit = 2;
  let x = 10 * unit; // quiet zone
  let rects = '';
  widths.forEach((w, i) => {
    if (i % 2 === 0) rects += `<rect x="${x}" y="0" width="${w * unit}" height="${height}"/>`;
    x += w * unit;
  });
  const total = x + 10 * unit;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(value)}" viewBox="0 0 ${total} ${height}" width="100%" height="${height}" preserveAspectRatio="none">${rects}</svg>`;
}

// Integer formatting only (domain/): a float like 1.005 * 100 would print the wrong cent or odd.
const money = (minor: number): string => minorToDecimal(minor);

// A coupon's total odds may pass the display cap of one odd, so the receipt prints them uncapped.
const odds = (o: number): string => formatOdds(o, { maxOdds: Number.MAX_SAFE_INTEGER });

/**
 * The receipt page. `nonce` allows the one inline script (the delayed print) under the CSP; a
 * terminal's receipt names the terminal (its terminalNo).
 */
export function receiptHtml(c: CouponItem, lines: CouponLine[], o: { lang: string; timeZone: string; currency: string; nonce: string; terminalNo?: string }): string {
  const L = o.lang === 'tr' ? LABELS.tr : LABELS.en;
  const rows = lines.map((l) => `
    <div class="tip">
      <div class="when">${esc(formatInZone(l.matchDate, o.lang, o.timeZone))}${l.isBank ? ` · ${L.banko}` : ''}</div>
      <div class="teams">${esc(l.home)} - ${esc(l.away)}</div>
      <div class="pick"><span>${esc(l.typeName)}: ${esc(l.outComeName)}${l.special ? ` (${esc(l.special)})` : ''}</span><b>${odds(l.odds)}</b></div>
    </div>`).join('');
  return `<!doctype html>
<html lang="${esc(o.lang)}"><head><meta charset="utf-8"><title>${L.coupon} ${c.ticketId}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
  @page { size: 80mm auto; margin: 3mm; }
  * { box-sizing: border-box; }
  body { width: 74mm; margin: 0 auto; font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; color: #000; background: #fff; }
  h1 { font-size: 16px; text-align: center; margin: 4px 0; }
  .row { display: flex; justify-content: space-between; gap: 8px; }
  .tip { border-top: 1px dashed #000; padding: 4px 0; }
  .teams { font-weight: bold; }
  .pick { display: flex; justify-content: space-between; gap: 8px; }
  .totals { border-top: 2px solid #000; padding-top: 4px; margin-top: 4px; }
  .code { text-align: center; margin-top: 8px; }
  .code svg { fill: #000; display: block; }
</style></head>
<body>
  <h1>${OPERATOR}</h1>
  ${o.terminalNo ? `<div class="row"><span>${L.terminal}</span><b data-testid="receipt-terminal">${esc(o.terminalNo)}</b></div>` : ''}
  <div class="row"><span>${L.coupon}</span><b data-testid="receipt-number">${c.ticketId}</b></div>
  <div class="row"><span>${L.date}</span><span data-testid="receipt-date">${esc(formatInZone(c.ticketDate, o.lang, o.timeZone))}</span></div>
  <div class="row"><span>${L.type}</span><span>${esc(c.ticketType)} / ${c.totalTipps}${c.totalTickets > 1 ? ` · ${L.combis} ${c.totalTickets}` : ''}</span></div>
  ${rows}
  <div class="totals">
    <div class="row"><span>${L.stake}</span><b>${money(c.totalStake)} ${esc(o.currency)}</b></div>
    <div class="row"><span>${L.odds}</span><b>${odds(c.totalOdds)}</b></div>
    <div class="row"><span>${L.maxPay}</span><b>${money(c.maxPay)} ${esc(o.currency)}</b></div>
  </div>
  <div class="code">${itfBarcode(String(c.ticketId))}<div>${c.ticketId}</div></div>
  <script nonce="${o.nonce}">addEventListener('load', function () { setTimeout(function () { window.print(); }, 1000); });</script>
</body></html>`;
}
