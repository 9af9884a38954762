import { describe, expect, it } from 'vitest';
import { compactMatches, expandMatches, keysBack, keysOnce } from './compact-rows.ts';

const row = (id: number, home: string, away: string) => ({
  id, matchDate: '2026-11-24T10:30:00.000Z', homeTeam: home, awayTeam: away, homeTeamId: id * 2, awayTeamId: id * 2 + 1,
  categoryName: 'İspanya', categoryFlag: 'es', sportId: 1, sportName: 'Futbol', tournamentId: 2, tournamentName: 'La Liga',
  matchstatus: 'not_started', betstatus: 'started', shortCode: `1${id}`,
  odds: [{ oddsid: id * 10, oddstype: 1, typeName: 'Match result', nicename: 'Match result', special: '', active: 1,
    outcomes: ['1', 'X', '2'].map((o, i) => ({ oddid: id * 100 + i, outcomeid: i + 1, outcome: o, odd: 2000 + i, special: '' })) }],
});

describe('keys said once', () => {
  it('sends a list of same-shaped rows as keys once and reads the same rows back', () => {
    const data = { results: Array.from({ length: 10 }, (_, i) => row(i + 1, `Home ${i}`, `Away ${i}`)), totalRows: 10 };
    const compact = compactMatches(data);
    expect(compact.results).toMatchObject({ $k: expect.arrayContaining(['id', 'homeTeam', 'odds']) });
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(data).length * 0.7);
    expect(expandMatches(compact)).toEqual(data);
  });

  it('keeps lists of different shapes, single objects and plain values as they are', () => {
    const mixed = [{ a: 1, b: 2 }, { b: 2, a: 1 }, { a: 1 }];
    expect(keysOnce(mixed)).toEqual(mixed);
    expect(keysOnce([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(keysOnce([1, 'x', null])).toEqual([1, 'x', null]);
    expect(keysBack(keysOnce({ l: [{ a: [{ x: 1 }, { x: 2 }] }, { a: [] }] }))).toEqual({ l: [{ a: [{ x: 1 }, { x: 2 }] }, { a: [] }] });
  });

  it('leaves a reply in the spec\'s shape as it is', () => {
    const data = { results: [row(3, 'A', 'B')], totalRows: 1 };
    expect(expandMatches(data)).toBe(data);
    expect(expandMatches(compactMatches({ results: [], totalRows: 0 }))).toEqual({ results: [], totalRows: 0 });
  });
});
