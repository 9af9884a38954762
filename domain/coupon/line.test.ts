import { describe, expect, it } from 'vitest';
import { parseLineQuarters, parseScoreSpecial, settleMargin } from './line.ts';

describe('parseLineQuarters', () => {
  it('reads half, whole and quarter lines as quarter units without floats', () => {
    expect(parseLineQuarters('2.5')).toBe(10);
    expect(parseLineQuarters('2.50')).toBe(10);
    expect(parseLineQuarters('2,5')).toBe(10);
    expect(parseLineQuarters('-0.75')).toBe(-3);
    expect(parseLineQuarters('+1')).toBe(4);
    expect(parseLineQuarters('0')).toBe(0);
    expect(parseLineQuarters('2.25')).toBe(9);
    expect(parseLineQuarters('2.2500')).toBe(9);
    expect(parseLineQuarters(' 1.5* ')).toBe(6);
  });
  it('refuses values that are not multiples of 0.25', () => {
    expect(parseLineQuarters('2.3')).toBeUndefined();
    expect(parseLineQuarters('2.125')).toBeUndefined();
    expect(parseLineQuarters('2.250001')).toBeUndefined();
    expect(parseLineQuarters('abc')).toBeUndefined();
    expect(parseLineQuarters('')).toBeUndefined();
  });
});

describe('parseScoreSpecial', () => {
  it('reads h:a with an optional star', () => {
    expect(parseScoreSpecial('1:0')).toEqual({ h: 1, a: 0 });
    expect(parseScoreSpecial('0 : 2*')).toEqual({ h: 0, a: 2 });
    expect(parseScoreSpecial('2')).toBeUndefined();
  });
});

describe('settleMargin', () => {
  it('settles whole and half margins by sign, zero pushes', () => {
    expect(settleMargin(2)).toBe('won');
    expect(settleMargin(-2)).toBe('lost');
    expect(settleMargin(0)).toBe('void');
    expect(settleMargin(4)).toBe('won');
  });
  it('splits quarter margins over the neighbouring lines', () => {
    expect(settleMargin(1)).toBe('halfWon');
    expect(settleMargin(-1)).toBe('halfLost');
    expect(settleMargin(3)).toBe('won');
    expect(settleMargin(-3)).toBe('lost');
  });
});
