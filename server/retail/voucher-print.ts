/**
 * The voucher receipt for the 80 mm printer: operator, terminal, amount, the bearer code
 * as text, Code 128 and QR, the expiry and a responsible-gambling line; printed 1 s after load.
 */
import { minorToDecimal } from '../../domain/money.ts';
import { formatCode } from '../../domain/retail/codes.ts';
import { code128Svg, formatInZone, qrSvg } from '../betting-lifecycle/print.ts';
import { esc } from '../content/escape.ts';

const L = {
  tr: { title: 'Ödeme Fişi', terminal: 'Terminal', date: 'Tarih', amount: 'Tutar', expires: 'Son Kullanma', code: 'Fiş Kodu', rg: 'Şans oyunları bağımlılık yapabilir. 18 yaş altına yasaktır.' },
  en: { title: 'Cash voucher', terminal: 'Terminal', date: 'Date', amount: 'Amount', expires: 'Valid until', code: 'Voucher code', rg: 'Gambling can be addictive. Over 18s only.' },
} as const;

export function voucherHtml(v: { code: string; amount: number; createdAt: string; expiresAt: string }, o: { lang: string; timeZone: string; currency: string; terminalNo: string; nonce: string }): string {
  const t = o.lang === 'tr' ? L.tr : L.en;
  return receiptPage(o.lang, t.title, o.nonce, `
  .amount { font-size: 22px; text-align: center; font-weight: bold; margin: 8px 0; }
  .code { text-align: center; margin-top: 8px; } .code svg { display: block; margin: 4px auto; }
  .big { font-size: 16px; font-weight: bold; letter-spacing: 1px; }
  .rg { font-size: 10px; text-align: center; border-top: 1px dashed #000; padding-top: 4px; }`, `
  <div class="row"><span>${t.terminal}</span><b>${esc(o.terminalNo)}</b></div>
  <div class="row"><span>${t.date}</span><span>${esc(formatInZone(v.createdAt, o.lang, o.timeZone))}</span></div>
  <div class="amount" data-testid="voucher-amount">${minorToDecimal(v.amount)} ${esc(o.currency)}</div>
  <div class="row"><span>${t.expires}</span><span>${esc(formatInZone(v.expiresAt, o.lang, o.timeZone))}</span></div>
  <div class="code">${code128Svg(v.code)}<div>${t.code}</div><div class="big" data-testid="receipt-number">${esc(formatCode(v.code))}</div>${qrSvg(v.code)}</div>
  <p class="rg">${t.rg}</p>`);
}

/** An 80 mm receipt page (vouchers, the Z report): the shared styles, the title, and the print 1 s after load. */
export function receiptPage(lang: string, title: string, nonce: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><title>${title}</title>
<style>
  @page { size: 80mm auto; margin: 3mm; }
  body { width: 74mm; margin: 0 auto; font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; color: #000; background: #fff; }
  h1 { font-size: 16px; text-align: center; margin: 4px 0; }
  .row { display: flex; justify-content: space-between; gap: 8px; }${css}
</style></head><body>
  <h1>BetPWA · ${title}</h1>
  ${body}
  <script nonce="${nonce}">addEventListener('load', function () { setTimeout(function () { window.print(); }, 1000); });</script>
</body></html>`;
}
