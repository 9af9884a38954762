import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage, parseSpecifiers, type UofMessage } from './messages.ts';
import { clockOf, matchStatusOf, scoresOf } from './status.ts';
import { specialOf, plainOutcomeId, sportIdOf } from './ids.ts';
import { connectOptions, routingKeys } from './consumer.ts';
import { flagsOf } from './processor.ts';

const fx = (name: string) => readFileSync(join(import.meta.dirname, '../../../tests/fixtures/uof/messages', `${name}.xml`), 'utf8');
const parsed = (name: string): UofMessage => {
  const r = parseMessage(fx(name));
  if ('error' in r || !r.message) throw new Error(`not parsed: ${JSON.stringify(r)}`);
  return r.message;
};

describe('Unified Odds Feed messages', () => {
  it('reads every message type of the fixtures', () => {
    const oc = parsed('odds_change_live');
    expect(oc).toMatchObject({ type: 'odds_change', product: 1, eventId: 'sr:match:1001', timestamp: 1795010600000 });
    if (oc.type !== 'odds_change') throw new Error();
    expect(oc.markets.map((m) => [m.id, m.specifiers, m.status, m.outcomes.length])).toEqual([[1, '', 1, 3], [18, 'total=2.5', 1, 2], [29, '', -1, 2]]);
    expect(oc.markets[0]!.outcomes[0]).toEqual({ id: '1', odds: '1.55', active: 1 });
    expect(oc.status).toMatchObject({ status: 1, matchStatus: 6, homeScore: 1, awayScore: 0, clock: { matchTime: '12:30' }, corners: { home: 2, away: 1 } });
    expect(parsed('bet_stop')).toMatchObject({ type: 'bet_stop', groups: ['all'], marketStatus: -1 });
    const bs = parsed('bet_settlement');
    expect(bs).toMatchObject({ type: 'bet_settlement', certainty: 2 });
    if (bs.type !== 'bet_settlement') throw new Error();
    expect(bs.markets[1]).toEqual({ id: 18, specifiers: 'total=2.5', voidReason: undefined, outcomes: [
      { id: '12', result: 1, voidFactor: '0.5', deadHeatFactor: undefined }, { id: '13', result: 0, voidFactor: '0.5', deadHeatFactor: undefined }] });
    expect(bs.markets[2]!.outcomes[0]).toMatchObject({ id: '418', result: 1, deadHeatFactor: '0.5' });
    expect(parsed('rollback_bet_settlement')).toMatchObject({ type: 'rollback_bet_settlement', markets: [{ id: 1, specifiers: '' }] });
    expect(parsed('bet_cancel')).toMatchObject({ type: 'bet_cancel', startTime: 1795000000000, endTime: 1795009000000, markets: [{ id: 1, voidReason: 12 }] });
    expect(parsed('rollback_bet_cancel')).toMatchObject({ type: 'rollback_bet_cancel', startTime: 1795000000000, endTime: 1795009000000 });
    expect(parsed('fixture_change')).toMatchObject({ type: 'fixture_change', changeType: 1, startTime: 1795010000000 });
    expect(parsed('alive')).toEqual({ type: 'alive', product: 1, timestamp: 1795000000000, subscribed: 1 });
    expect(parsed('snapshot_complete')).toEqual({ type: 'snapshot_complete', product: 1, timestamp: 1795000000000, requestId: 7 });
  });
  it('ignores unknown elements and attributes, refuses broken XML and missing required attributes', () => {
    const extra = fx('bet_stop').replace('groups="all"', 'groups="all" shiny_new="1"').replace('/>', '><new_child a="1"/></bet_stop>');
    expect(parseMessage(extra)).toMatchObject({ message: { type: 'bet_stop', groups: ['all'] } });
    expect(parseMessage('<future_message product="1"/>')).toEqual({ message: null });
    expect(parseMessage('<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds>')).toHaveProperty('error');
    expect(parseMessage('not xml at all <<<')).toHaveProperty('error');
    expect(parseMessage('<alive product="1" timestamp="5"/>')).toEqual({ error: 'alive: missing subscribed' });
    expect(parseMessage(fx('bet_settlement').replace('result="1"', 'result="7"'))).toHaveProperty('error');
  });
  it('specifiers, our ids and sports', () => {
    expect(parseSpecifiers('total=2.5|from=1|to=15')).toEqual([['total', '2.5'], ['from', '1'], ['to', '15']]);
    expect(specialOf('hcp=0:1')).toBe('0:1');
    expect(specialOf('')).toBe('');
    expect(specialOf('total=2.5|from=1')).toBe('total=2.5|from=1');
    expect([plainOutcomeId(14, '1711'), plainOutcomeId(16, '1715'), plainOutcomeId(1, '3'), plainOutcomeId(800, 'sr:player:123')]).toEqual([1, 5, 3,
      undefined]);
    expect([sportIdOf('sr:sport:1'), sportIdOf('sr:sport:2'), sportIdOf('sr:sport:20'), sportIdOf('sr:sport:31')]).toEqual([1, 3, 41, 1031]);
  });
  it('market status as group flags', () => {
    expect([1, -1, -2, 0, -3, -4].map(flagsOf)).toEqual([
      { active: 1, iss: 0, isv: 1 }, { active: 1, iss: 1, isv: 1 }, { active: 1, iss: 1, isv: 1 },
      { active: 0, iss: 1, isv: 0 }, { active: 0, iss: 1, isv: 0 }, { active: 0, iss: 1, isv: 0 },
    ]);
  });
  it('sport_event_status in our live terms', () => {
    expect(matchStatusOf({ status: 1, matchStatus: 6 })).toEqual({ ms: '1p', pe: 1 });
    expect(matchStatusOf({ status: 1, matchStatus: 31 })).toEqual({ ms: 'pause1', pe: 1 });
    expect(matchStatusOf({ status: 1, matchStatus: 9 })).toEqual({ ms: '2set', pe: 2 });
    expect(matchStatusOf({ status: 4, matchStatus: 100 })).toEqual({ ms: 'ended', pe: 0 });
    expect(matchStatusOf({ status: 4, matchStatus: 120 })).toEqual({ ms: 'after_ot', pe: 0 });
    expect(matchStatusOf({ status: 5, matchStatus: 0 }).ms).toBe('interrupted');
    expect(matchStatusOf({ status: 0, matchStatus: 0 }).ms).toBe('not_started');
    const s = { status: 1, matchStatus: 7, homeScore: 2, awayScore: 1, periods: [{ number: 2, matchStatusCode: 7, home: 1, away: 1 }, { number: 1,
      matchStatusCode: 6, home: 1, away: 0 }],
      clock: { matchTime: '90:00', stoppageTime: '2:10', stoppageTimeAnnounced: '4:00' }, redCards: { home: 1, away: 0 }, yellowRedCards: { home: 0,
        away: 1 } };
    expect(clockOf(s)).toEqual({ ti: 90, tie: 3, tiee: 4 });
    expect(scoresOf(s)).toMatchObject({ scr: { h: 2, a: 1 }, sscr: [{ h: 1, a: 0 }, { h: 1, a: 1 }], cards: { yh: 0, ya: 0, rh: 1, ra: 1 } });
  });
  it('routing keys and the virtual host of the feed\'s URL', () => {
    expect(routingKeys()).toEqual(['-.-.-.snapshot_complete.-.-.-.-', '*.*.*.*.*.*.*.#', '-.-.-.alive.#']);
    expect(routingKeys(7)).toEqual(['*.*.*.*.*.*.*.7.#', '-.-.-.snapshot_complete.-.-.-.7', '*.*.*.*.*.*.*.-.#', '-.-.-.alive.#']);
    expect(connectOptions('amqps://TOKEN@mq.betradar.com:5671/unifiedfeed/12345')).toMatchObject({ protocol: 'amqps', hostname: 'mq.betradar.com',
      port: 5671, username: 'TOKEN', vhost: '/unifiedfeed/12345' });
    expect(connectOptions('amqp://guest:guest@127.0.0.1:5672/')).toMatchObject({ vhost: '/', username: 'guest', password: 'guest', port: 5672 });
    expect(connectOptions('amqp://u@h/%2Funifiedfeed%2F1')).toMatchObject({ vhost: '/unifiedfeed/1' });
  });
});
