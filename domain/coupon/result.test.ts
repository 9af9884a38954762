import { describe, expect, it } from 'vitest';
import { formatResultText, isVoidResult, periodScore } from './result.ts';
import type { MatchResult } from './result.ts';

const r: MatchResult = { ft: { h: 2, a: 1 }, ht: { h: 1, a: 0 } };

describe('formatResultText', () => {
  it('gives the FT and HT parts of the match line', () => {
    expect(formatResultText(r)).toBe('FT 2:1 HT 1:0');
    expect(formatResultText({ ft: { h: 0, a: 0 }, ht: { h: 0, a: 0 }, status: 'ended' })).toBe('FT 0:0 HT 0:0');
  });
  it('is empty while there is no result', () => {
    expect(formatResultText(undefined)).toBe('');
  });
});

describe('periodScore', () => {
  it('reads ft and h1, and derives h2 as ft minus ht', () => {
    expect(periodScore(r, 'ft')).toEqual({ h: 2, a: 1 });
    expect(periodScore(r, 'h1')).toEqual({ h: 1, a: 0 });
    expect(periodScore(r, 'h2')).toEqual({ h: 1, a: 1 });
  });
  it('refuses inconsistent data instead of guessing', () => {
    expect(periodScore({ ft: { h: 0, a: 1 }, ht: { h: 1, a: 0 } }, 'h2')).toBeUndefined();
    expect(periodScore({ ft: { h: 1.5, a: 1 }, ht: { h: 1, a: 0 } }, 'ft')).toBeUndefined();
  });
});

describe('isVoidResult', () => {
  it('voids cancelled, interrupted and walkover matches only', () => {
    expect(isVoidResult({ ...r, status: 'cancelled' })).toBe(true);
    expect(isVoidResult({ ...r, status: 'interrupted' })).toBe(true);
    expect(isVoidResult({ ...r, status: 'walkover' })).toBe(true);
    expect(isVoidResult({ ...r, status: 'retired' })).toBe(false);
    expect(isVoidResult({ ...r, status: 'after_ot' })).toBe(false);
    expect(isVoidResult(r)).toBe(false);
  });
});
