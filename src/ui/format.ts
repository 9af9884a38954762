/** Presentation only: money and dates in the player's language; the figures come from the worker. */
const money = new Map<string, Intl.NumberFormat>();

export function formatMoney(minor: number, symbol: string, lang: string): string {
  let f = money.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'iq' || lang === 'kr' ? 'ckb' : lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    money.set(lang, f);
  }
  const text = f.format(minor / 100);
  return symbol ? `${text} ${symbol}` : text;
}

export function formatKickoff(iso: string, lang: string, now = Date.now()): { day: string; time: string } {
  const d = new Date(iso);
  const time = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hour12: false });
  const today = new Date(now).toDateString() === d.toDateString();
  const tomorrow = new Date(now + 86_400_000).toDateString() === d.toDateString();
  const day = today ? 'today' : tomorrow ? 'tomorrow' : d.toLocaleDateString(lang, { day: '2-digit', month: '2-digit' });
  return { day, time };
}

export function formatDateTime(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}
