import { describe, expect, it } from 'vitest';
import { affiliatePeriods, affiliateWin, affiliateYears, currentAffiliatePeriod } from './affiliate.ts';

describe('affiliate rules', () => {
  it('win is (income - expense) x percent / 100, only when positive, rounded down in minor units', () => {
    expect(affiliateWin(100_000, 40_000, 25)).toBe(15_000);
    expect(affiliateWin(1_001, 0, 33)).toBe(330);
    expect(affiliateWin(40_000, 100_000, 25)).toBe(0);
    expect(affiliateWin(50_000, 50_000, 25)).toBe(0);
  });

  it('years: the current one and the 3 before', () => {
    expect(affiliateYears(Date.parse('2026-06-01T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023]);
  });

  it('monthly periods run to now, newest first, with both days included', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const p = affiliatePeriods(0, 2026, now);
    expect(p.map((x) => `${x.startDate}-${x.endDate}`)).toEqual(['2026/03/01-2026/03/31', '2026/02/01-2026/02/28', '2026/01/01-2026/01/31']);
    expect(affiliatePeriods(0, 2025, now)).toHaveLength(12);
  });

  it('weekly periods start on Mondays', () => {
    const now = Date.parse('2026-01-20T12:00:00Z');
    const p = affiliatePeriods(1, 2026, now);
    // 5 January 2026 is the first Monday of 2026.
    expect(p.map((x) => x.startDate)).toEqual(['2026/01/19', '2026/01/12', '2026/01/05']);
    expect(p[0]!.endDate).toBe('2026/01/25');
    for (const x of p) expect(new Date(x.start).getUTCDay()).toBe(1);
    // 2 January 2026 (a Friday) is in the week of Monday 29 December 2025.
    expect(currentAffiliatePeriod(1, Date.parse('2026-01-02T08:00:00Z')).startDate).toBe('2025/12/29');
    expect(currentAffiliatePeriod(0, now).startDate).toBe('2026/01/01');
  });
});
