/**
 * The feed's settlement exactly once whatever the number of processes: several processes (their
 * own id caches, their own database connections) apply the same bet_settlement at the same time,
 * and a recovery's copy (with a request_id) comes later; one of them applies it, one result
 * version is made, the coupon on it is paid once. Both databases (PGlite serialises the
 * transactions, PostgreSQL runs them at once on separate connections).
 */
import { describe, expect, it } from 'vitest';
import { applyStateful, type StatefulMessage } from '../../server/feed/uof/settlement.ts';
import { ProviderIds } from '../../server/feed/uof/ids.ts';
import { parseMessage } from '../../server/feed/uof/messages.ts';
import { runMatch } from '../../server/settlement/settle-match.ts';
import { drivers, ledgerViolations, useHarness } from './harness.ts';
import { message } from './uof-stub.ts';

const DRIVERS = await drivers();
const EVENT = 'sr:match:7701';

describe.each(DRIVERS)('feed settlement exactly once on %s', (driver) => {
  const h = useHarness(driver);

  it('four processes apply one bet_settlement at once, a recovery copy later: one inbox row, one version, one payout', async () => {
    const [m] = await h.db.query<{ id: number }>(
      `select m.id from matches m where m.status = 'not_started' and m.active = 1 and m.bet_status = 'started' and m.match_date > $1
          and exists (select 1 from odds_groups g join outcomes o on o.group_id = g.id where g.match_id = m.id and g.odds_type = 1 and g.special = ''
                      and o.outcome_id = 1 and o.active = 1 and g.active = 1)
        order by m.match_date limit 1`, [new Date(h.clock.now + 3600_000)]);
    const matchId = m!.id;
    await h.db.query(`insert into provider_ids (provider, kind, ext_id, our_id) values ('uof', 'match', $1, $2)`, [EVENT, matchId]);
    const [g] = await h.db.query<{ odd: number }>(
      `select o.odd from odds_groups g join outcomes o on o.group_id = g.id where g.match_id = $1 and g.odds_type = 1 and g.special = '' and o.outcome_id = 1`,
      [matchId]);
    const u = await h.player('uofonce');
    const placed = await h.call('createCoupon', {
      ticketType: 'TK', couponType: 3, oddChangeOk: true, systemTickets: [], totalStake: 1000, ticketStake: 1000,
      tips: [{ mid: matchId, oddTypeId: 1, ttype: 'N', odd: g!.odd, banko: false, sid: 1, ktip: { outcomeid: 1, special: '' } }],
    }, { cookie: u.cookie });
    expect(placed.statusCode, placed.body).toBe(200);
    const couponId = placed.json<{ ticketId: number }>().ticketId;

    const xml = message('bet_settlement', { timestamp: h.clock.now }, EVENT);
    const parsed = parseMessage(xml);
    const stateful = (p: typeof parsed) => {
      if (!('message' in p) || !p.message) throw new Error('fixture did not parse');
      return p.message as StatefulMessage;
    };
    const msg = stateful(parsed);
    const score = async () => ({ ft: { h: 2, a: 0 }, ht: { h: 1, a: 0 } });
    const settled = await Promise.all([0, 1, 2, 3].map(() => applyStateful(h.db, new ProviderIds(), msg, xml, h.clock.now, score)));
    expect(settled.filter((x) => x === matchId)).toHaveLength(1);
    expect(settled.filter((x) => x === null)).toHaveLength(3);
    const copy = xml.replace('certainty="2"', 'certainty="2" request_id="42"');
    expect(await applyStateful(h.db, new ProviderIds(), stateful(parseMessage(copy)), copy, h.clock.now, score)).toBeNull();

    const [inbox] = await h.db.query<{ n: number }>(`select count(*)::int as n from feed_inbox where event_id = $1`, [EVENT]);
    expect(inbox!.n).toBe(1);
    const [versions] = await h.db.query<{ n: number }>(`select count(*)::int as n from result_versions where match_id = $1`, [matchId]);
    expect(versions!.n).toBe(1);
    // the settlement engine run by each process (twice here) pays the coupon once
    await Promise.all([runMatch(h.db, matchId, h.clock.now), runMatch(h.db, matchId, h.clock.now)]);
    const ledger = await h.db.query<{ kind: string; amount: number }>(
      `select kind, amount::int as amount from ledger where ref_type = 'coupon' and ref_id = $1 order by id`, [couponId]);
    expect(ledger).toEqual([{ kind: 'bet', amount: -1000 }, { kind: 'win', amount: g!.odd }]);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
