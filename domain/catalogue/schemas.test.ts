import { describe, expect, it } from 'vitest';
import { filtersSchema, liveLeagueOrderSchema } from './schemas.ts';

describe('catalogue schemas', () => {
  it('refuses (and does not throw on) filter tabs that are empty, lack all first or repeat a tab', () => {
    // zod runs the refine after a failed min(1): it must not read a missing first tab
    expect(filtersSchema.safeParse([]).success).toBe(false);
    expect(filtersSchema.safeParse([{ id: 'main', types: [1] }]).success).toBe(false);
    expect(filtersSchema.safeParse([{ id: 'all', types: [] }, { id: 'all', types: [] }]).success).toBe(false);
    expect(filtersSchema.safeParse([{ id: 'all', types: [] }, { id: 'main', types: [1, 2] }]).success).toBe(true);
  });

  it('refuses a live league order naming a league twice', () => {
    expect(liveLeagueOrderSchema.safeParse([3, 3]).success).toBe(false);
    expect(liveLeagueOrderSchema.safeParse([]).success).toBe(true);
  });
});
