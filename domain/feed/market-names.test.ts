import { describe, expect, it } from 'vitest';
import { genericName, ordinal, renderName } from './market-names.ts';

describe('provider market names', () => {
  const ctx = { specifiers: [['total', '2.5'], ['hcp', '-1.5'], ['goalnr', '2'], ['score', '1:0']] as Array<[string, string]>, home: 'Galatasaray',
    away: 'Fenerbahçe' };
  it('renders a template for one match', () => {
    expect(renderName('Total {total}', ctx)).toBe('Total 2.5');
    expect(renderName('{$competitor1} ({hcp})', ctx)).toBe('Galatasaray (-1.5)');
    expect(renderName('{$competitor2} ({-hcp})', ctx)).toBe('Fenerbahçe (+1.5)');
    expect(renderName('{$competitor1} ({+hcp})', { ...ctx, specifiers: [['hcp', '0.5']] })).toBe('Galatasaray (+0.5)');
    expect(renderName('{!goalnr} goal', ctx)).toBe('2nd goal');
    expect(renderName('{!goalnr} gol', { ...ctx, lang: 'tr' })).toBe('2. gol');
    expect(renderName('{!(goalnr)} goal', ctx)).toBe('{!(goalnr)} goal');
    expect(renderName('Which team wins the rest of the match {score}', ctx)).toBe('Which team wins the rest of the match 1:0');
    expect(renderName('{$event} - total', ctx)).toBe('Galatasaray - Fenerbahçe - total');
    expect(renderName('{!goalnr+1} goal', ctx)).toBe('3rd goal');
  });
  it('makes a template generic for the catalogue', () => {
    expect(genericName('Total {total}')).toBe('Total');
    expect(genericName('{$competitor1} ({hcp})')).toBe('1');
    expect(genericName('draw ({hcp})')).toBe('draw');
    expect(genericName('{!goalnr} goal')).toBe('Next goal');
    expect(genericName('Handicap {hcp}')).toBe('Handicap');
    expect(genericName('1x2')).toBe('1x2');
    expect(genericName('{$competitor1} total')).toBe('1 total');
  });
  it('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map((n) => ordinal(n))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st',
      '22nd', '101st', '111th']);
  });
});
