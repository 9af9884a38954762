import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import { browserFetch, SEED_NOW, useCoreServer } from '../test-server.test-util.ts';

const NOW = SEED_NOW;
const DAY = 86_400_000;

const server = useCoreServer();
beforeAll(async () => {
  // 400 football matches before any other sport's first one: a global 'earliest 300' sees only football
  await server.db.query(`insert into matches (sport_id, category_id, tournament_id, home_id, away_id, match_date)
    select m.sport_id, m.category_id, m.tournament_id, m.home_id, m.away_id, $1::timestamptz + g * interval '5 seconds'
      from (select * from matches where sport_id = 1 limit 1) m, generate_series(1, 400) g`, [new Date(NOW + 60_000)]);
});

function core(name: string) {
  const calls: Array<{ key: string; body: Record<string, unknown> }> = [];
  const net = browserFetch(server);
  const fetch = (async (input: string, init?: RequestInit) => {
    calls.push({ key: String(input).replace('/api/', ''), body: init?.body ? JSON.parse(String(init.body)) as Record<string, unknown> : {} });
    return net(input, init);
  }) as typeof globalThis.fetch;
  return { api: createCoreApi({ fetch, db: new CoreDb(name), clock: () => NOW, uuid: () => name }), calls };
}

/** The highlights the server lists from `start` until `end`. */
async function highlights(start: number, end: number): Promise<Array<{ id: number; matchDate: string }>> {
  const r = await globalThis.fetch(`${server.base}/api/highlights`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ highList: 1, limit: 10, startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() }),
  });
  return ((await r.json()) as { data: { results: Array<{ id: number; matchDate: string }> } }).data.results;
}

describe('Home (worker on the real server)', () => {
  it('shows every sport with upcoming matches, at most 5 each, from one matches request', async () => {
    const listed = await server.db.query<{ sport_id: number }>(`select distinct m.sport_id from matches m join sports s on s.id = m.sport_id
      where m.status = 'not_started' and m.active = 1 and s.status = 1 and m.match_date > $1 and m.match_date < $2`,
    [new Date(NOW - 300_000), new Date(NOW + 30 * DAY)]);
    expect(listed.length).toBeGreaterThan(2);
    // the scenario: the 300 earliest listed matches are all football
    const [early] = await server.db.query<{ n: number }>(`select count(distinct x.sport_id)::int as n from (select m.sport_id from matches m
      join sports s on s.id = m.sport_id where m.status = 'not_started' and m.active = 1 and s.status = 1 and m.match_date > $1
      order by m.match_date limit 300) x`, [new Date(NOW - 300_000)]);
    expect(early!.n).toBe(1);

    const { api, calls } = core('home-per-sport');
    const home = await api.home();
    expect(home.sports.map((s) => s.id).sort((a, b) => a - b)).toEqual(listed.map((r) => r.sport_id).sort((a, b) => a - b));
    for (const s of home.sports) {
      expect(s.matches.length).toBeGreaterThan(0);
      expect(s.matches.length).toBeLessThanOrEqual(5);
    }
    // football shows its 5 earliest, the flood of early matches included
    expect(home.sports.find((s) => s.id === 1)!.matches).toHaveLength(5);
    expect(calls.filter((c) => c.key === 'matches')).toHaveLength(1);
  });

  it('asks the slider highlights for the matches_day window and gets only matches inside it', async () => {
    const { api, calls } = core('home-slider');
    const home = await api.home();
    const sent = calls.find((c) => c.key === 'highlights')!.body;
    // matches_day is 1 in the site settings: 24 hours from now
    expect(sent).toMatchObject({ startDate: new Date(NOW).toISOString(), endDate: new Date(NOW + DAY).toISOString(), highList: 1 });
    // the server honours both ends of a highlights call's window
    const near = await highlights(NOW, NOW + DAY);
    const late = await highlights(NOW + 2 * DAY, NOW + 30 * DAY);
    expect(near.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
    for (const m of near) expect(Date.parse(m.matchDate)).toBeLessThan(NOW + DAY);
    for (const m of late) expect(Date.parse(m.matchDate)).toBeGreaterThanOrEqual(NOW + 2 * DAY);
    expect(home.slider!.map((r) => r.id)).toEqual(near.map((m) => m.id));
  });
});
