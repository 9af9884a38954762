/**
 * What a live match's clock shows: the minute (with added time) only for a sport played on a
 * clock (a period length, `pl`, above 0: football, basketball, hockey ...); a sport without one
 * (baseball, volleyball, darts ...) shows its period, never a minute that counts on and on.
 */
export type LiveClock = { kind: 'minute'; minute: number; added: number } | { kind: 'period'; period: number } | { kind: 'none' };

export function liveClock(m: { ti?: number | undefined; tie?: number | undefined; pl?: number | undefined; pe?: number | undefined }): LiveClock {
  if ((m.pl ?? 0) > 0 && (m.ti ?? 0) > 0) return { kind: 'minute', minute: m.ti!, added: m.tie ?? 0 };
  if ((m.pe ?? 0) > 0) return { kind: 'period', period: m.pe! };
  return { kind: 'none' };
}
