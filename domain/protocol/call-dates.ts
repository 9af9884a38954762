/**
 * The date fields of the calls (startDate, endDate: 'yyyy/MM/dd'), as the start of that day (UTC)
 * or, for the end of a range, the start of the next one; null when absent or not a date.
 */
export const dayOf = (s: string | undefined, next: boolean): Date | null => {
  if (!s) return null;
  const t = Date.parse(`${s.replaceAll('/', '-')}T00:00:00Z`);
  return Number.isNaN(t) ? null : new Date(t + (next ? 86_400_000 : 0));
};
