/**
 * Affiliate rules of account-platform.md sections 3, 5 and 9: the commission of a period and the
 * periods an affiliate can pick (monthly or Monday-start weekly, this year and the 3 before).
 */

/** cutoff: how an affiliate's account is cut (section 3). */
export const CUTOFF_MONTHLY = 0;
export const CUTOFF_WEEKLY = 1;

/** win = (income - expense) x percent / 100, only if positive (section 9); minor units, rounded down. */
export function affiliateWin(income: number, expense: number, percent: number): number {
  const net = income - expense;
  if (net <= 0 || percent <= 0) return 0;
  return Math.floor((net * percent) / 100);
}

/** A period the affiliate can pick: dates as the calls take them (yyyy/MM/dd, both days included). */
export interface AffiliatePeriod { startDate: string; endDate: string; start: number; end: number }

const DAY = 86_400_000;
const slash = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll('-', '/');
const period = (start: number, endExclusive: number): AffiliatePeriod =>
  ({ startDate: slash(start), endDate: slash(endExclusive - DAY), start, end: endExclusive });

/** The years of the picker: the current one and the 3 before (section 5). */
export function affiliateYears(now: number): number[] {
  const y = new Date(now).getUTCFullYear();
  return [y, y - 1, y - 2, y - 3];
}

/**
 * The periods of a year up to now, newest first: its months (cutoff 0) or its Monday-start weeks
 * (cutoff 1; a week belongs to the year its Monday is in). Dates are UTC days, like the server's.
 */
export function affiliatePeriods(cutoff: number, year: number, now: number): AffiliatePeriod[] {
  const out: AffiliatePeriod[] = [];
  if (cutoff === CUTOFF_WEEKLY) {
    const jan1 = Date.UTC(year, 0, 1);
    // The first Monday on or after 1 January (getUTCDay: 0 Sunday .. 6 Saturday).
    let monday = jan1 + ((8 - new Date(jan1).getUTCDay()) % 7) * DAY;
    while (new Date(monday).getUTCFullYear() === year && monday <= now) {
      out.push(period(monday, monday + 7 * DAY));
      monday += 7 * DAY;
    }
  } else {
    for (let m = 0; m < 12; m++) {
      const start = Date.UTC(year, m, 1);
      if (start > now) break;
      out.push(period(start, Date.UTC(year, m + 1, 1)));
    }
  }
  return out.reverse();
}

/** The period holding `now` (the default selection). */
export function currentAffiliatePeriod(cutoff: number, now: number): AffiliatePeriod {
  const year = new Date(now).getUTCFullYear();
  const list = affiliatePeriods(cutoff, year, now);
  const hit = list.find((p) => p.start <= now && now < p.end);
  if (hit) return hit;
  // Early January in weekly mode: the week began on a Monday of the previous year.
  return affiliatePeriods(cutoff, year - 1, now)[0] ?? period(Date.UTC(year, 0, 1), Date.UTC(year, 0, 8));
}
