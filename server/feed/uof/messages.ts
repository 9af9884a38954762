/**
 * The AMQP messages of the Unified Odds Feed (UnifiedFeed.xsd) as typed objects: what the adapter
 * acts on, read from the XML tree field by field. Unknown elements and attributes are ignored; a
 * message missing a required attribute, or whose XML does not parse, is an error (logged and
 * dropped by the caller). Odds stay the decimal text they came as (parsed exactly later).
 */
import { attr, child, children, intAttr, numAttr, parseXml, type XmlNode } from './xml.ts';

interface Common {
  product: number;
  eventId: string;
  /** When the producer generated the message (epoch ms). */
  timestamp: number;
  /** Set on messages sent for a recovery request of ours. */
  requestId?: number | undefined;
}

/** An outcome of odds_change: id (a number, or a URN for players and variants), decimal odds, active. */
export interface OddsOutcome {
  id: string;
  odds?: string | undefined;
  active?: 0 | 1 | undefined;
}

/** A market of odds_change. status: 1 active, 0 deactivated, -1 suspended, -2 handed over, -3 settled, -4 cancelled. */
export interface OddsMarket {
  id: number;
  specifiers: string;
  status: number;
  favourite: boolean;
  outcomes: OddsOutcome[];
}

/** sport_event_status: the event's state, scores, clock and statistics. */
export interface EventStatus {
  /** 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed, 7 interrupted, 8 postponed, 9 abandoned. */
  status: number;
  /** The match_status code (match_status_descriptions: 6 1st half, 31 halftime, 100 ended ...). */
  matchStatus: number;
  homeScore?: number | undefined;
  awayScore?: number | undefined;
  homeGamescore?: number | undefined;
  awayGamescore?: number | undefined;
  periods: Array<{ number: number; matchStatusCode: number; home: number; away: number }>;
  clock?: { matchTime?: string | undefined; stoppageTime?: string | undefined; stoppageTimeAnnounced?: string | undefined;
    stopped?: boolean | undefined } | undefined;
  yellowCards?: { home: number; away: number } | undefined;
  redCards?: { home: number; away: number } | undefined;
  yellowRedCards?: { home: number; away: number } | undefined;
  corners?: { home: number; away: number } | undefined;
}

/** A market reference (rollbacks, cancels). */
export interface MarketRef {
  id: number;
  specifiers: string;
  voidReason?: number | undefined;
}

/** An outcome of bet_settlement: result 1 won, 0 lost, -1 not decided; factors as sent. */
export interface SettledOutcome {
  id: string;
  result: -1 | 0 | 1;
  voidFactor?: string | undefined;
  deadHeatFactor?: string | undefined;
}

export type UofMessage =
  | ({ type: 'odds_change'; status?: EventStatus | undefined; markets: OddsMarket[]; bettingStatus?: number | undefined;
    betstopReason?: number | undefined } & Common)
  | ({ type: 'bet_stop'; groups: string[]; marketStatus?: number | undefined } & Common)
  | ({ type: 'bet_settlement'; certainty: number; markets: Array<MarketRef & { outcomes: SettledOutcome[] }> } & Common)
  | ({ type: 'rollback_bet_settlement'; markets: MarketRef[] } & Common)
  | ({ type: 'bet_cancel'; startTime?: number | undefined; endTime?: number | undefined; supercededBy?: string | undefined; markets: MarketRef[] } & Common)
  | ({ type: 'rollback_bet_cancel'; startTime?: number | undefined; endTime?: number | undefined; markets: MarketRef[] } & Common)
  | ({ type: 'fixture_change'; changeType?: number | undefined; startTime: number; nextLiveTime?: number | undefined } & Common)
  | { type: 'alive'; product: number; timestamp: number; subscribed: 0 | 1 }
  | { type: 'snapshot_complete'; product: number; timestamp: number; requestId: number };

/** The message types the feed sends, by root element. */
export const MESSAGE_TYPES = [
  'odds_change', 'bet_stop', 'bet_settlement', 'rollback_bet_settlement', 'bet_cancel', 'rollback_bet_cancel', 'fixture_change', 'alive', 'snapshot_complete',
] as const;

class Missing extends Error {}

const need = <T>(v: T | undefined, what: string): T => {
  if (v === undefined) throw new Missing(`missing ${what}`);
  return v;
};

function common(n: XmlNode): Common {
  return {
    product: need(intAttr(n, 'product'), 'product'),
    eventId: need(attr(n, 'event_id'), 'event_id'),
    timestamp: need(intAttr(n, 'timestamp'), 'timestamp'),
    requestId: intAttr(n, 'request_id'),
  };
}

const pair = (n: XmlNode | undefined) => {
  const home = intAttr(n, 'home');
  const away = intAttr(n, 'away');
  return home === undefined || away === undefined ? undefined : { home, away };
};

/** sport_event_status as typed (also read by the REST summary). */
export function readEventStatus(n: XmlNode | undefined): EventStatus | undefined {
  if (!n) return undefined;
  const status = intAttr(n, 'status');
  if (status === undefined) return undefined;
  const clock = child(n, 'clock');
  const stats = child(n, 'statistics');
  return {
    status,
    matchStatus: intAttr(n, 'match_status') ?? 0,
    homeScore: numAttr(n, 'home_score'),
    awayScore: numAttr(n, 'away_score'),
    homeGamescore: intAttr(n, 'home_gamescore'),
    awayGamescore: intAttr(n, 'away_gamescore'),
    periods: children(child(n, 'period_scores'), 'period_score').flatMap((p) => {
      const number = intAttr(p, 'number');
      const home = numAttr(p, 'home_score');
      const away = numAttr(p, 'away_score');
      return number === undefined || home === undefined || away === undefined ? [] : [{ number, matchStatusCode: intAttr(p, 'match_status_code') ?? 0,
        home, away }];
    }),
    clock: clock ? {
      matchTime: attr(clock, 'match_time'), stoppageTime: attr(clock, 'stoppage_time'),
      stoppageTimeAnnounced: attr(clock, 'stoppage_time_announced'), stopped: attr(clock, 'stopped') === 'true' ? true : undefined,
    } : undefined,
    yellowCards: pair(child(stats, 'yellow_cards')),
    redCards: pair(child(stats, 'red_cards')),
    yellowRedCards: pair(child(stats, 'yellow_red_cards')),
    corners: pair(child(stats, 'corners')),
  };
}

const marketRef = (m: XmlNode): MarketRef => ({ id: need(intAttr(m, 'id'), 'market id'), specifiers: attr(m, 'specifiers') ?? '',
  voidReason: intAttr(m, 'void_reason') });

function active(n: XmlNode): 0 | 1 | undefined {
  const a = intAttr(n, 'active');
  return a === 0 || a === 1 ? a : undefined;
}

function result(n: XmlNode): -1 | 0 | 1 {
  const r = need(intAttr(n, 'result'), 'outcome result');
  if (r !== -1 && r !== 0 && r !== 1) throw new Missing(`result ${r}`);
  return r;
}

function read(root: string, n: XmlNode): UofMessage | null {
  switch (root) {
    case 'odds_change': {
      const odds = child(n, 'odds');
      return {
        type: 'odds_change', ...common(n), status: readEventStatus(child(n, 'sport_event_status')),
        bettingStatus: intAttr(odds, 'betting_status'), betstopReason: intAttr(odds, 'betstop_reason'),
        markets: children(odds, 'market').map((m) => ({
          ...marketRef(m), status: intAttr(m, 'status') ?? 1, favourite: attr(m, 'favourite') === '1',
          outcomes: children(m, 'outcome').map((o) => ({ id: need(attr(o, 'id'), 'outcome id'), odds: attr(o, 'odds'), active: active(o) })),
        })),
      };
    }
    case 'bet_stop':
      return {
        type: 'bet_stop', ...common(n), groups: need(attr(n, 'groups'), 'groups').split('|').map((g) => g.trim()).filter(Boolean),
        marketStatus: intAttr(n, 'market_status'),
      };
    case 'bet_settlement':
      return {
        type: 'bet_settlement', ...common(n), certainty: need(intAttr(n, 'certainty'), 'certainty'),
        markets: children(child(n, 'outcomes'), 'market').map((m) => ({
          ...marketRef(m),
          outcomes: children(m, 'outcome').map((o) => ({
            id: need(attr(o, 'id'), 'outcome id'), result: result(o), voidFactor: attr(o, 'void_factor'), deadHeatFactor: attr(o, 'dead_heat_factor'),
          })),
        })),
      };
    case 'rollback_bet_settlement':
      return { type: 'rollback_bet_settlement', ...common(n), markets: children(n, 'market').map(marketRef) };
    case 'bet_cancel':
      return {
        type: 'bet_cancel', ...common(n), startTime: intAttr(n, 'start_time'), endTime: intAttr(n, 'end_time'),
        supercededBy: attr(n, 'superceded_by'), markets: children(n, 'market').map(marketRef),
      };
    case 'rollback_bet_cancel':
      return { type: 'rollback_bet_cancel', ...common(n), startTime: intAttr(n, 'start_time'), endTime: intAttr(n, 'end_time'), markets: children(n,
        'market').map(marketRef) };
    case 'fixture_change':
      return {
        type: 'fixture_change', ...common(n), changeType: intAttr(n, 'change_type'),
        startTime: need(intAttr(n, 'start_time'), 'start_time'), nextLiveTime: intAttr(n, 'next_live_time'),
      };
    case 'alive': {
      const subscribed = need(intAttr(n, 'subscribed'), 'subscribed');
      return { type: 'alive', product: need(intAttr(n, 'product'), 'product'), timestamp: need(intAttr(n, 'timestamp'), 'timestamp'),
        subscribed: subscribed === 1 ? 1 : 0 };
    }
    case 'snapshot_complete':
      return {
        type: 'snapshot_complete', product: need(intAttr(n, 'product'), 'product'), timestamp: need(intAttr(n, 'timestamp'), 'timestamp'),
        requestId: need(intAttr(n, 'request_id'), 'request_id'),
      };
    default:
      return null;
  }
}

/**
 * One AMQP message body as a typed message; `null` for a root element the feed may add later (not
 * ours to act on); an error text for broken XML or a message without what it must carry.
 */
export function parseMessage(body: string | Buffer): { message: UofMessage | null } | { error: string } {
  const doc = parseXml(body);
  if ('error' in doc) return doc;
  try {
    return { message: read(doc.root, doc.node) };
  } catch (err) {
    if (err instanceof Missing) return { error: `${doc.root}: ${err.message}` };
    throw err;
  }
}

const specifierCache = new Map<string, Array<[string, string]>>();

/** Specifiers 'total=2.5|hcp=0:1' as ordered name/value pairs (the same few texts recur: kept, read only). */
export function parseSpecifiers(text: string): Array<[string, string]> {
  if (!text) return [];
  const hit = specifierCache.get(text);
  if (hit) return hit;
  const pairs = text.split('|').flatMap((part) => {
    const i = part.indexOf('=');
    return i > 0 ? [[part.slice(0, i).trim(), part.slice(i + 1).trim()] as [string, string]] : [];
  });
  if (specifierCache.size > 50_000) specifierCache.clear();
  specifierCache.set(text, pairs);
  return pairs;
}
