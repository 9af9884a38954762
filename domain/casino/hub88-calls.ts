/**
 * Back-office calls of the Hub88 aggregator (permission manageCasino, operator team): its state
 * and the last syncs of its game list, a sync now, a round's details for support, the prepaids
 * (free-round templates) of a game and the free rounds granted to players. Money in minor units.
 */
import { z } from 'zod';
import { int4Id } from '../protocol/input-guard.ts';
import { common } from '../protocol/calls.ts';

const id = int4Id();
const ref = z.string().trim().min(1).max(255);
const userName = z.string().trim().min(1).max(40);
/** A date and time in Hub88's ISO 8601 format (YYYY-MM-DDThh:mm:ss), taken as UTC. */
const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);

export const boHub88StatusPayload = z.object({ ...common });
export const boHub88SyncPayload = z.object({ ...common });
/** A round of a player for support: Hub88 answers a page with its details. */
export const boHub88RoundPayload = z.object({ ...common, userName, round: ref, transactionUuid: ref.optional() });
export const boHub88PrepaidsPayload = z.object({ ...common, gameId: id });
/**
 * Free rounds for a player: a prepaid of the game; when the prepaid leaves value or count open
 * (null) the operator gives them (betValue in minor units). Without an end the reward expires when Hub88 says.
 */
export const boHub88GrantPayload = z.object({
  ...common, userName, gameId: id, prepaidUuid: z.string().trim().min(1).max(100),
  betValue: z.number().int().positive().max(100_000_000).optional(), betCount: z.number().int().positive().max(1_000).optional(),
  startTime: isoTime.optional(), endTime: isoTime.optional(),
});
export const boHub88RewardsPayload = z.object({ ...common, userName: userName.optional() });

export interface BoHub88Sync { startedAt: string; finishedAt: string | null; byUser: string | null; games: number; added: number; updated: number; hidden: number; error: string }
export interface BoHub88Status {
  status: true;
  /** Hub88's wallet calls can be verified (its public key is set). */
  wallet: boolean;
  /** Our calls to Hub88 can be made (API URL, operator id and private key are set). */
  api: boolean;
  /** Where Hub88 calls the wallet (HUB88_PREFIX). */
  prefix: string;
  operatorId: number;
  /** The aggregator's provider row is enabled (its switch is on the Providers tab). */
  enabled: boolean;
  studios: number;
  games: number;
  gamesEnabled: number;
  /** The games Hub88 offers free rounds of (their prepaids are asked for when one is chosen). */
  freebetGames: Array<{ id: number; title: string; studio: string }>;
  syncs: BoHub88Sync[];
}
export interface BoHub88Prepaid { prepaidUuid: string; gameCode: string; currency: string; betValue: number | null; betCount: number | null; bonusBuy: boolean }
export interface BoHub88Reward {
  id: number; rewardUuid: string | null; userName: string; game: string; prepaidUuid: string; currency: string; betValue: number; betCount: number;
  startTime: string | null; endTime: string | null; status: string; createdBy: string | null; createdAt: string;
}

export const BO_HUB88_CALLS = {
  'bo/hub88Status': { payload: boHub88StatusPayload, permission: 'manageCasino' },
  'bo/hub88Sync': { payload: boHub88SyncPayload, permission: 'manageCasino' },
  'bo/hub88Round': { payload: boHub88RoundPayload, permission: 'manageCasino' },
  'bo/hub88Prepaids': { payload: boHub88PrepaidsPayload, permission: 'manageCasino' },
  'bo/hub88Grant': { payload: boHub88GrantPayload, permission: 'manageCasino' },
  'bo/hub88Rewards': { payload: boHub88RewardsPayload, permission: 'manageCasino' },
} as const;

/** The reply of each Hub88 bo call. */
export interface Hub88BoReplies {
  'bo/hub88Status': BoHub88Status;
  'bo/hub88Sync': { status: true; msg: string; sync: BoHub88Sync };
  'bo/hub88Round': { status: true; url: string };
  'bo/hub88Prepaids': { status: true; results: BoHub88Prepaid[] };
  'bo/hub88Grant': { status: true; msg: string; reward: BoHub88Reward };
  'bo/hub88Rewards': { status: true; results: BoHub88Reward[] };
}
