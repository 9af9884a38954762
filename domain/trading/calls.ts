/**
 * The trading calls of the back office: fixtures made by hand, their markets and prices,
 * suspensions, per-match stake limits, and the live betting settings (odd types shown live per
 * sport, IP permissions). Payload schemas, reply types and each call's permission in one table,
 * spread into BO_CALLS (domain/backoffice/calls.ts). Odds are integer thousandths, money minor units.
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import type { Permission } from '../backoffice/permissions.ts';
import { MIN_VALID_ODD_EXCLUSIVE } from '../odds/validity.ts';
import { isIpRange } from './ip-rules.ts';
import type { LiabilityMarket } from './liability.ts';

const int = z.number().int();
const id = int.positive().max(2_147_483_647);
/** A price: above 1.00, at most 1000.00. */
const odd = int.gt(MIN_VALID_ODD_EXCLUSIVE).max(1_000_000);
const special = z.string().trim().max(20).regex(/^[0-9.:+-]*$/);

/** One outcome of a fixture's market. */
export interface TradingOutcome { oddId: number; outcomeId: number; name: string; odd: number; active: number }
/** One market (odds group) of a fixture. */
export interface TradingMarket { oddsId: number; oddsType: number; name: string; special: string; active: number; outcomes: TradingOutcome[] }
/** A pre-match fixture as the trading screen lists it. */
export interface TradingFixture {
  id: number; sportId: number; sportName: string; tournamentId: number; tournamentName: string; categoryName: string;
  homeTeam: string; awayTeam: string; matchDate: string; status: string; betStatus: string; manual: boolean; stakeLimit: number; markets: number;
}

/** bo/tradingFixtures: pre-match fixtures (not live-feed ones) from today on, newest date first; manual: only hand-made ones. */
export const boTradingFixturesPayload = z.object({
  ...common, order: int.nonnegative().optional().default(0), limit: int.min(1).max(200).optional().default(50),
  search: z.string().trim().max(40).optional(), manual: z.boolean().optional(),
});
export type BoTradingFixturesReply = { status: true; totalCount: number; results: TradingFixture[] };
/** bo/tradingFixture: one fixture with its markets. */
export const boTradingMatchPayload = z.object({ ...common, matchId: id });
export type BoTradingFixtureReply = { status: true; fixture: TradingFixture; markets: TradingMarket[] };
/** bo/tradingCatalogue: sports, leagues and teams to build a fixture from, and the odd types with their outcomes. */
export const boTradingCataloguePayload = z.object({ ...common, sportId: id.optional() });
export type BoTradingCatalogueReply = {
  status: true; sports: Array<{ id: number; name: string }>;
  tournaments: Array<{ id: number; sportId: number; name: string; categoryName: string }>;
  teams: Array<{ id: number; sportId: number; name: string }>;
  oddTypes: Array<{ oddsType: number; name: string; hasSpecial: boolean; outcomes: Array<{ id: number; name: string }> }>;
};
/** bo/createFixture: a pre-match match made by hand (teams of the league's sport, a future date). */
export const boCreateFixturePayload = z.object({
  ...common, tournamentId: id, homeTeamId: id, awayTeamId: id, matchDate: z.iso.datetime({ offset: true }),
  stakeLimit: int.min(0).max(1_000_000_000_00).optional().default(0),
}).refine((p) => p.homeTeamId !== p.awayTeamId, { path: ['awayTeamId'], message: 'the same team twice' });
export type BoCreateFixtureReply = { status: true; msg: string; id: number };
/** bo/openMarket: a market of the odd-type catalogue opened on a fixture with a price for each of its outcomes. */
export const boOpenMarketPayload = z.object({
  ...common, matchId: id, oddsType: id, special: special.optional().default(''),
  outcomes: z.array(z.object({ outcomeId: id, odd })).min(1).max(20),
});
export type BoOpenMarketReply = { status: true; msg: string; oddsId: number };
/** bo/setPrice: a new price of one outcome (oddId: the outcome's row id of bo/tradingFixture). */
export const boSetPricePayload = z.object({ ...common, matchId: id, oddId: id, odd });
/** bo/setMarketStatus: suspends (0) or reopens (1) one market of a fixture. */
export const boSetMarketStatusPayload = z.object({ ...common, matchId: id, oddsId: id, active: z.union([z.literal(0), z.literal(1)]) });
/** bo/setMatchStatus: suspends (open false: bets stopped) or reopens a whole fixture. */
export const boSetMatchStatusPayload = z.object({ ...common, matchId: id, open: z.boolean() });
/** bo/setStakeLimit: the most a player may have riding on one tip of the fixture (minor units; 0: the site's default). */
export const boSetStakeLimitPayload = z.object({ ...common, matchId: id, stakeLimit: int.min(0).max(1_000_000_000_00) });
/** Every trading action reply. */
export type BoTradingDone = { status: true; msg: string };

/** One IP permission of live betting. */
export interface LiveIpRule { id: number; cidr: string; action: 'allow' | 'deny'; note: string; createdAt: string }
/** bo/liveSettings: the odd types shown live per sport (a sport without a row shows its default set) and the IP permissions. */
export const boLiveSettingsPayload = z.object({ ...common });
export type BoLiveSettingsReply = {
  status: true; sports: Array<{ id: number; name: string; oddsTypes: number[]; custom: boolean }>;
  oddTypes: Array<{ oddsType: number; name: string }>; rules: LiveIpRule[];
};
/** bo/setLiveOddTypes: the odd types shown live for a sport (an empty list: the sport's default set again). */
export const boSetLiveOddTypesPayload = z.object({ ...common, sportId: id, oddsTypes: z.array(id).max(100) });
/** bo/addIpRule: allow or deny an address range (CIDR, IPv4 or IPv6; a single address is a /32 or /128). */
export const boAddIpRulePayload = z.object({
  ...common, cidr: z.string().trim().max(60).refine(isIpRange, { message: 'not an address range' }),
  action: z.enum(['allow', 'deny']), note: z.string().trim().max(100).optional().default(''),
});
/** bo/removeIpRule. */
export const boIpRuleIdPayload = z.object({ ...common, ruleId: id });

/** liveOddTypes (players, no login): the odd types each sport shows live; a sport not named shows every type. */
export const liveOddTypesPayload = z.object({ ...common });
export type LiveOddTypesReply = { status: true; sports: Record<string, number[]> };

/** bo/liability: markets of open matches with open bets, worst case first; live: in play only (true) or pre-match only (false). */
export const boLiabilityPayload = z.object({
  ...common, sportId: id.optional(), tournamentId: id.optional(), matchId: id.optional(), live: z.boolean().optional(),
  limit: int.min(1).max(500).optional().default(100),
});
/** stakes: over every market that passes the filter; worst: the sum of their worst cases (a loss only). */
export interface BoLiabilityReply { status: true; totalCount: number; stakes: number; worst: number; markets: LiabilityMarket[] }

/** A league's or a match's own liability limits (minor units; null: the next level's, 0: none). */
export interface LiabilityLimitRow { scope: 'league' | 'match'; refId: number; name: string; marketLimit: number | null; matchLimit: number | null; updatedAt: string }
/** bo/liabilityLimits: the site's limits and every league's and match's own. */
export const boLiabilityLimitsPayload = z.object({ ...common });
export interface BoLiabilityLimitsReply { status: true; site: { market: number; match: number; autoSuspend: number }; rows: LiabilityLimitRow[] }
/** bo/setLiabilityLimit: a league's or a match's own limits; both null removes them (the next level's apply again). */
export const boSetLiabilityLimitPayload = z.object({
  ...common, scope: z.enum(['league', 'match']), refId: id,
  marketLimit: int.min(0).max(1_000_000_000_00).nullable(), matchLimit: int.min(0).max(1_000_000_000_00).nullable(),
});

/** The reply of each trading and live-settings call (the back office's typed client reads it). */
export interface TradingReplies {
  'bo/tradingFixtures': BoTradingFixturesReply; 'bo/tradingFixture': BoTradingFixtureReply; 'bo/tradingCatalogue': BoTradingCatalogueReply;
  'bo/createFixture': BoCreateFixtureReply; 'bo/openMarket': BoOpenMarketReply; 'bo/setPrice': BoTradingDone;
  'bo/setMarketStatus': BoTradingDone; 'bo/setMatchStatus': BoTradingDone; 'bo/setStakeLimit': BoTradingDone;
  'bo/liveSettings': BoLiveSettingsReply; 'bo/setLiveOddTypes': BoTradingDone; 'bo/addIpRule': BoTradingDone & { id: number };
  'bo/removeIpRule': BoTradingDone; 'bo/feedHealth': BoFeedHealthReply; 'bo/liability': BoLiabilityReply;
  'bo/liabilityLimits': BoLiabilityLimitsReply; 'bo/setLiabilityLimit': BoTradingDone;
}

/** A feed provider's producer as the back office, /readyz and /metrics show it (the leader reports every few seconds). */
export interface FeedProducerHealth {
  id: number;
  name: string;
  state: 'down' | 'recovering' | 'up';
  /** Seconds since its last alive message, null before any. */
  lastAliveAgoSec: number | null;
  lastAliveAt: number | null;
  /** The recovery in flight: our request id, the timestamp asked from (null: the full state), when asked. */
  recovery: { requestId: number; after: number | null; startedAt: number } | null;
  messagesPerSec: number;
  /** Median lag from a message's timestamp to its handling in the last window (ms), null without messages. */
  lagMs: number | null;
  /** When the leader last reported (epoch ms). */
  reportedAt: number;
}
/** bo/feedHealth: the odds feed's source and, for a provider's feed, its producers. */
export const boFeedHealthPayload = z.object({ ...common });
export interface BoFeedHealthReply { status: true; source: 'simulator' | 'uof'; producers: FeedProducerHealth[] }

/** The trading calls with their payload schemas and permission (spread into BO_CALLS). */
export const BO_TRADING_CALLS = {
  'bo/tradingFixtures': { payload: boTradingFixturesPayload, permission: 'manageTrading' },
  'bo/tradingFixture': { payload: boTradingMatchPayload, permission: 'manageTrading' },
  'bo/tradingCatalogue': { payload: boTradingCataloguePayload, permission: 'manageTrading' },
  'bo/createFixture': { payload: boCreateFixturePayload, permission: 'manageTrading' },
  'bo/openMarket': { payload: boOpenMarketPayload, permission: 'manageTrading' },
  'bo/setPrice': { payload: boSetPricePayload, permission: 'manageTrading' },
  'bo/setMarketStatus': { payload: boSetMarketStatusPayload, permission: 'manageTrading' },
  'bo/setMatchStatus': { payload: boSetMatchStatusPayload, permission: 'manageTrading' },
  'bo/setStakeLimit': { payload: boSetStakeLimitPayload, permission: 'manageTrading' },
  'bo/feedHealth': { payload: boFeedHealthPayload, permission: 'manageTrading' },
  'bo/liability': { payload: boLiabilityPayload, permission: 'manageTrading' },
  'bo/liabilityLimits': { payload: boLiabilityLimitsPayload, permission: 'manageTrading' },
  'bo/setLiabilityLimit': { payload: boSetLiabilityLimitPayload, permission: 'manageTrading' },
  'bo/liveSettings': { payload: boLiveSettingsPayload, permission: 'manageLiveBetting' },
  'bo/setLiveOddTypes': { payload: boSetLiveOddTypesPayload, permission: 'manageLiveBetting' },
  'bo/addIpRule': { payload: boAddIpRulePayload, permission: 'manageLiveBetting' },
  'bo/removeIpRule': { payload: boIpRuleIdPayload, permission: 'manageLiveBetting' },
} as const satisfies Record<string, { payload: z.ZodType; permission: Permission }>;
