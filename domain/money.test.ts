import { describe, expect, it } from 'vitest';
import { currencySymbol, decimalInLang, formatAmount, minorToDecimal, parseAmount } from './money.ts';

describe('parseAmount', () => {
  it('reads whole and decimal amounts into minor units without float math', () => {
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('12,05')).toBe(1205);
    expect(parseAmount('0.01')).toBe(1);
    expect(parseAmount('19.99')).toBe(1999);
  });
  it('refuses zero, negative, sub-cent and garbage', () => {
    for (const bad of ['0', '0.00', '-5', '1.001', 'abc', '', '1e3', '.5']) expect(parseAmount(bad)).toBeNull();
  });
});

describe('minorToDecimal', () => {
  it('prints two places', () => {
    expect(minorToDecimal(1250)).toBe('12.50');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-100)).toBe('-1.00');
  });
});

describe('currencySymbol', () => {
  it('follows the section 9 rule', () => {
    expect(currencySymbol('TRY')).toBe('TL');
    expect(currencySymbol('EUR', { serverId: 3 })).toBe('$');
    expect(currencySymbol('EUR', { currencyMode: 1 })).toBe('');
    expect(currencySymbol('XYZ')).toBe('XYZ');
  });
});

describe('a typed decimal in the player\'s language', () => {
  it('uses the language\'s decimal mark, and parses back either way', () => {
    expect(decimalInLang('10.00', 'tr')).toBe('10,00');
    expect(decimalInLang('10.00', 'en')).toBe('10.00');
    expect(decimalInLang('12', 'tr')).toBe('12');
    expect(parseAmount(decimalInLang('10.50', 'tr'))).toBe(1_050);
    expect(formatAmount(1_000, 'TL', 'tr')).toBe('10,00 TL');
  });
});
