/**
 * The coupon receipt for 80 mm receipt printers (betting-core.md section 4, Print): operator,
 * coupon number, date in the player's time zone, tips, stake, odds, maximum payout and a Code 128
 * barcode of the coupon number; a terminal's ticket prints its bearer code instead, as
 * text, Code 128 and QR, with its expiry, DUPLICATE on a reprint and a responsible-gambling line.
 * Plain HTML, printed by the browser 1 s after load.
 */
import type { CouponItem, CouponLine } from '../../domain/protocol/coupons.ts';
import { formatAmount } from '../../domain/money.ts';
import { couponKindShown, type CouponKindShown } from '../../domain/coupon/display.ts';
import { formatOdds } from '../../domain/odds/display.ts';
import bwipjs from 'bwip-js/node';
import { renderSVG } from 'uqr';
import { formatCode } from '../../domain/retail/codes.ts';
import { lineIn } from '../retail/market-names.ts';
import { esc } from '../content/escape.ts';

const LABELS = {
  tr: { terminal: 'Terminal', coupon: 'Kupon No', date: 'Tarih', stake: 'Bahis', odds: 'Oran', maxPay: 'Maks. Kazanç', type: 'Kupon türü', pick: 'Tahmin', banko: 'Banko', combis: 'Kombinasyon', ticket: 'Bilet Kodu', expires: 'Son Ödeme', duplicate: 'KOPYA', payout: 'Olası Kazanç', rg: 'Şans oyunları bağımlılık yapabilir. 18 yaş altına yasaktır. Yardım: 0 800 000 00 00' },
  en: { terminal: 'Terminal', coupon: 'Coupon no', date: 'Date', stake: 'Stake', odds: 'Odds', maxPay: 'Max payout', type: 'Coupon type', pick: 'Pick', banko: 'Banker', combis: 'Combinations', ticket: 'Ticket code', expires: 'Pay by', duplicate: 'DUPLICATE', payout: 'Potential payout', rg: 'Gambling can be addictive. Over 18s only. Help: 0 800 000 00 00' },
} as const;

/** A coupon's kind in words (never its code: 'KK' means nothing on paper) and its tip count. */
const KINDS: Record<'tr' | 'en', Record<CouponKindShown, string> & { tips: (n: number) => string }> = {
  tr: { single: 'Tekli', combine: 'Kombine', system: 'Sistem', multipleCoupon: 'Çoklu', live: 'Canlı', tips: (n) => `${n} maç` },
  en: { single: 'Single', combine: 'Combined', system: 'System', multipleCoupon: 'Multiple', live: 'Live', tips: (n) => (n === 1 ? '1 selection' : `${n} selections`) },
};

/**
 * The mark of a settled or withdrawn coupon, big on the paper so a cancelled or sold receipt is never
 * taken for a valid one (statuses of betting-core.md section 4); a waiting coupon has none.
 */
const STATES: Record<'tr' | 'en', Record<number, string>> = {
  tr: { 1: 'KAZANDI', [-1]: 'KAYBETTİ', [-2]: 'İPTAL EDİLDİ · GEÇERSİZ', 2: 'SATILDI · GEÇERSİZ' },
  en: { 1: 'WON', [-1]: 'LOST', [-2]: 'CANCELLED · NOT VALID', 2: 'SOLD · NOT VALID' },
};

const OPERATOR = 'BetPWA';

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

/**
 * A Code 128 barcode of a value as an SVG (bwip-js: a well-kept encoder, the one of every receipt),
 * sized for an 80 mm roll; the human-readable text is printed beside it, not inside.
 */
export function code128Svg(value: string): string {
  const svg = bwipjs.toSVG({ bcid: 'code128', text: value, height: 14, scale: 1, paddingwidth: 10, includetext: false });
  // Drawn at its own size: whole pixels per module, so printers and scanners see even bars.
  const [, w = '0', h = '0'] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
  return svg.replace('<svg ', `<svg role="img" aria-label="${esc(value)}" width="${w}" height="${h}" shape-rendering="crispEdges" `);
}

/** A QR code of a value as an SVG (uqr, as the back office's cards). */
export function qrSvg(value: string): string {
  return renderSVG(value, { border: 2 }).replace('<svg ', `<svg role="img" aria-label="${esc(value)}" width="120" height="120" `);
}


// A coupon's total odds may pass the display cap of one odd, so the receipt prints them uncapped.
const odds = (o: number): string => formatOdds(o, { maxOdds: Number.MAX_SAFE_INTEGER });

/** What a retail ticket's receipt adds: its bearer code, expiry and print count. */
export interface RetailReceipt { code: string; expiresAt: string; duplicate: boolean; prints: number }

/**
 * The receipt page. `nonce` allows the one inline script (the delayed print) under the CSP; a
 * terminal's receipt names the terminal (its terminalNo).
 */
export function receiptHtml(c: CouponItem, lines: CouponLine[], o: { lang: string; timeZone: string; currency: string; nonce: string; terminalNo?: string; ticket?: RetailReceipt }): string {
  const lang = o.lang === 'tr' ? 'tr' : 'en';
  const L = LABELS[lang];
  // Amounts as the app shows them, in the receipt's language (domain/money.ts).
  const money = (minor: number): string => formatAmount(minor, o.currency, lang);
  const kind = KINDS[lang];
  const state = STATES[lang][c.status];
  const rows = lines.map((line) => lineIn(line, o.lang)).map((l) => `
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
  .code svg { fill: #000; display: block; margin: 0 auto; }
  .code .big { font-size: 16px; font-weight: bold; letter-spacing: 1px; }
  .qr svg { margin: 4px auto; }
  .state { text-align: center; font-size: 20px; font-weight: bold; border: 3px double #000; margin: 6px 0; padding: 4px; }
  .state[data-status="-2"], .state[data-status="2"] { background: #000; color: #fff; }
  .dup { text-align: center; font-size: 18px; font-weight: bold; border: 2px solid #000; margin: 4px 0; }
  .rg { font-size: 10px; text-align: center; border-top: 1px dashed #000; padding-top: 4px; }
</style></head>
<body>
  <h1>${OPERATOR}</h1>
  ${o.ticket?.duplicate ? `<div class="dup" data-testid="receipt-duplicate">${L.duplicate} #${o.ticket.prints - 1}</div>` : ''}
  ${o.terminalNo ? `<div class="row"><span>${L.terminal}</span><b data-testid="receipt-terminal">${esc(o.terminalNo)}</b></div>` : ''}
  ${state ? `<div class="state" data-status="${c.status}" data-testid="receipt-state">${esc(state)}</div>` : ''}
  <div class="row"><span>${L.coupon}</span><b data-testid="receipt-number">${c.ticketId}</b></div>
  <div class="row"><span>${L.date}</span><span data-testid="receipt-date">${esc(formatInZone(c.ticketDate, o.lang, o.timeZone))}</span></div>
  <div class="row"><span>${L.type}</span><span data-testid="receipt-type">${esc(kind[couponKindShown(c)])} · ${esc(kind.tips(c.totalTipps))}${c.totalTickets > 1 ? ` · ${L.combis} ${c.totalTickets}` : ''}</span></div>
  ${rows}
  <div class="totals">
    <div class="row"><span>${L.stake}</span><b>${esc(money(c.totalStake))}</b></div>
    <div class="row"><span>${L.odds}</span><b>${odds(c.totalOdds)}</b></div>
    <div class="row"><span>${o.ticket ? L.payout : L.maxPay}</span><b>${esc(money(c.maxPay))}</b></div>
  </div>
  ${o.ticket ? `<div class="row"><span>${L.expires}</span><span data-testid="receipt-expiry">${esc(formatInZone(o.ticket.expiresAt, o.lang, o.timeZone))}</span></div>` : ''}
  <div class="code">${o.ticket
    ? `${code128Svg(o.ticket.code)}<div>${L.ticket}</div><div class="big" data-testid="receipt-code">${esc(formatCode(o.ticket.code))}</div><div class="qr">${qrSvg(o.ticket.code)}</div>`
    : `${code128Svg(String(c.ticketId))}<div>${c.ticketId}</div>`}</div>
  <p class="rg">${L.rg}</p>
  <script nonce="${o.nonce}">addEventListener('load', function () { setTimeout(function () { window.print(); }, 1000); });</script>
</body></html>`;
}
