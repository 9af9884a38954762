/**
 * createCoupon's odds-change choice (domain/betslip/odds-change.ts) on every driver: the three
 * choices x an odd that went up, went down, or a suspended market, for a pre-match and for a live
 * tip. Every cell is either placed at the server's odd or refused with nothing changed; a refused
 * move names the match in changed[] and a suspended market is closed whatever the choice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LiveState } from '../../server/feed/live-state.ts';
import { fixtureMatch } from '../../server/feed/test-fixtures.ts';
import { ODDS_CHANGES, type OddsChange } from '../../domain/betslip/odds-change.ts';
import { drivers, snapshot, useHarness, SEED_NOW } from './harness.ts';

const DRIVERS = await drivers();
const ODDS_CHANGED = 'Oranlar değişti: kuponu kontrol ediniz';
const TIP_CLOSED = 'Bu maç için tahmin kapalı';

type Move = 'up' | 'down' | 'suspended';
type Expect = 'placed' | 'changed' | 'closed';
/** The expected outcome of every cell. */
const MATRIX: Record<OddsChange, Record<Move, Expect>> = {
  none: { up: 'changed', down: 'changed', suspended: 'closed' },
  higher: { up: 'placed', down: 'changed', suspended: 'closed' },
  any: { up: 'placed', down: 'placed', suspended: 'closed' },
};
const CELLS = ODDS_CHANGES.flatMap((c) => (['up', 'down', 'suspended'] as const).map((m) => [c, m, MATRIX[c][m]] as const));

interface Reply { status: boolean; msg: string; ticketId?: number; changed?: number[]; couponErrors?: Array<{ mid: number; msg: string }> }

describe.each(DRIVERS)('createCoupon odds-change choice on %s', (driver) => {
  const h = useHarness(driver);
  let fixtures: Array<{ mid: number; odd: number }>;
  let next = 0;
  const LIVE_ID = 9_100_001;
  let live: LiveState;
  let liveApp: FastifyInstance;

  beforeAll(async () => {
    fixtures = (await h.db.query<{ mid: number; odd: number }>(
      `select m.id as mid, o.odd from matches m
         join odds_groups g on g.match_id = m.id and g.odds_type = 1 and g.special = ''
         join outcomes o on o.group_id = g.id and o.outcome_id = 1
        where m.sport_id = 1 and m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > $1
          and g.active = 1 and o.active = 1 and o.odd >= 1200 and m.min_tip <= 1
        order by m.match_date, m.id limit 40`,
      [new Date(SEED_NOW + 3_600_000)],
    )).map((r) => ({ mid: r.mid, odd: Number(r.odd) }));
    live = new LiveState();
    liveApp = await h.buildApp({ live });
  });

  const body = (mid: number, seen: number, ttype: 'N' | 'L', choice: Record<string, unknown>) => ({
    lang: 'tr', ticketType: 'TK', systemTickets: [], totalStake: 1_000, ticketStake: 1_000,
    tips: [{ mid, oddTypeId: 1, ttype, odd: seen, banko: false, sid: 1, ktip: { outcomeid: 1, special: '' } }], ...choice,
  });

  /** Sends the coupon and checks the cell: placed at `server`, or refused changing nothing. */
  async function check(app: FastifyInstance, mid: number, seen: number, server: number, ttype: 'N' | 'L', choice: Record<string, unknown>, want: Expect): Promise<void> {
    const u = await h.player('oc', 100_000);
    const before = await snapshot(h.db, u.id);
    const res = await app.inject({ method: 'POST', url: '/api/createCoupon', headers: { 'content-type': 'application/json', cookie: u.cookie }, payload: JSON.stringify(body(mid, seen, ttype, choice)) });
    const r = res.json<Reply>();
    if (want === 'placed') {
      expect(res.statusCode, res.body).toBe(200);
      expect(r).toMatchObject({ status: true, changed: [], couponErrors: [] });
      const [t] = await h.db.query<{ odd: number }>('select odd from coupon_tips where coupon_id = $1', [r.ticketId]);
      expect(t!.odd).toBe(server);
      expect((await snapshot(h.db, u.id)).balance).toBe(before.balance - 1_000);
      return;
    }
    expect(r.status).toBe(false);
    if (want === 'changed') {
      expect(res.statusCode).toBe(409);
      expect(r).toMatchObject({ msg: ODDS_CHANGED, changed: [mid], couponErrors: [] });
    } else {
      expect(res.statusCode).toBe(422);
      expect(r).toMatchObject({ msg: TIP_CLOSED, couponErrors: [{ mid, msg: TIP_CLOSED }] });
    }
    expect(await snapshot(h.db, u.id)).toEqual(before);
  }

  describe('pre-match tip', () => {
    it.each(CELLS)('%s, odd %s: %s', async (choice, move, want) => {
      const f = fixtures[next++]!;
      // The player saw 0.05 less (the odd went up since) or 0.05 more (it went down).
      const seen = move === 'down' ? f.odd + 50 : move === 'up' ? f.odd - 50 : f.odd;
      const group = `(select id from odds_groups where match_id = $1 and odds_type = 1 and special = '')`;
      if (move === 'suspended') await h.db.query(`update odds_groups set active = 0 where id = ${group}`, [f.mid]);
      try {
        await check(h.app, f.mid, seen, f.odd, 'N', { oddsChange: choice }, want);
      } finally {
        if (move === 'suspended') await h.db.query(`update odds_groups set active = 1 where id = ${group}`, [f.mid]);
      }
    });
  });

  describe('live tip', () => {
    it.each(CELLS)('%s, odd %s: %s', async (choice, move, want) => {
      const m = fixtureMatch(LIVE_ID, 1, SEED_NOW - 20 * 60_000);
      if (move === 'suspended') m.odds[0]!.iss = 1;
      live.reset([m]);
      // The live home odd is 2.10: seen 2.00 (it went up) or 2.20 (it went down).
      const seen = move === 'down' ? 2_200 : move === 'up' ? 2_000 : 2_100;
      await check(liveApp, LIVE_ID, seen, 2_100, 'L', { oddsChange: choice }, want);
    });
  });

  describe("today's oddChangeOk", () => {
    it("true is 'any', false is 'none', and oddsChange wins over it", async () => {
      const [a, b, c, d] = [fixtures[next++]!, fixtures[next++]!, fixtures[next++]!, fixtures[next++]!];
      await check(h.app, a.mid, a.odd + 50, a.odd, 'N', { oddChangeOk: true }, 'placed');
      await check(h.app, b.mid, b.odd - 50, b.odd, 'N', { oddChangeOk: false }, 'changed');
      await check(h.app, c.mid, c.odd + 50, c.odd, 'N', { oddChangeOk: true, oddsChange: 'higher' }, 'changed');
      // Nothing sent: no change accepted, as before the choice existed.
      await check(h.app, d.mid, d.odd - 50, d.odd, 'N', {}, 'changed');
    });

    it('an unknown choice is refused as bad input', async () => {
      const u = await h.player('ocbad', 100_000);
      const f = fixtures[next++]!;
      const res = await h.call('createCoupon', body(f.mid, f.odd, 'N', { oddsChange: 'sometimes' }), { cookie: u.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json<Reply>().status).toBe(false);
    });
  });
});
