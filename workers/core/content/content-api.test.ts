import { describe, expect, it } from 'vitest';
import { popupsFor, type PopupView } from './content-api.ts';
import { dateTimeText, moneyText, slashDate } from '../account/format.ts';

const p = (id: number, type: number, type2: number): PopupView => ({ id, type, type2, title: '', content: '', autoClose: 0 });

describe('push popups and formats', () => {
  it('shows types 0 and 2 only; type2 0 only on Home', () => {
    const all = [p(1, 0, 0), p(2, 1, 1), p(3, 2, 1), p(4, 2, 0)];
    expect(popupsFor(all, true).map((x) => x.id)).toEqual([1, 3, 4]);
    expect(popupsFor(all, false).map((x) => x.id)).toEqual([3]);
  });
  it('does not show again a popup already shown this session', () => {
    const all = [p(1, 0, 0), p(3, 2, 1), p(4, 2, 0)];
    expect(popupsFor(all, true, new Set([3])).map((x) => x.id)).toEqual([1, 4]);
    expect(popupsFor(all, false, new Set([3]))).toEqual([]);
  });
  it('dates are dd.MM.yyyy HH:mm in the chosen zone; history dates use slashes', () => {
    expect(dateTimeText('2026-06-01T12:05:00Z', 'Europe/Istanbul')).toBe('01.06.2026 15:05');
    expect(dateTimeText('2026-06-01T12:05:00Z', 'America/New_York')).toBe('01.06.2026 08:05');
    expect(slashDate(Date.parse('2026-06-01T22:30:00Z'), 'Europe/Istanbul')).toBe('2026/06/02');
  });
  it('money with the currency rules of section 9', () => {
    expect(moneyText(123_456, 'TRY', 'tr')).toBe('1.234,56 TL');
    expect(moneyText(100, 'EUR', 'en')).toBe('1.00 €');
    expect(moneyText(100, 'TRY', 'tr', { serverId: 3 })).toBe('1,00 $');
    expect(moneyText(100, 'TRY', 'tr', { currencyMode: 1 })).toBe('1,00');
  });
});
