import { describe, expect, it } from 'vitest';
import { liveClock } from './clock.ts';

describe('a live match clock', () => {
  it('shows minutes, with added time, for a sport on a clock', () => {
    expect(liveClock({ ti: 67, tie: 0, pl: 45, pe: 2 })).toEqual({ kind: 'minute', minute: 67, added: 0 });
    expect(liveClock({ ti: 45, tie: 2, pl: 45, pe: 1 })).toEqual({ kind: 'minute', minute: 45, added: 2 });
  });

  it('shows the period, never a running minute, for a sport without a clock (a baseball game at its 132nd minute)', () => {
    expect(liveClock({ ti: 132, tie: 0, pl: 0, pe: 7 })).toEqual({ kind: 'period', period: 7 });
    expect(liveClock({ ti: 0, pl: 0, pe: 0 })).toEqual({ kind: 'none' });
  });
});
