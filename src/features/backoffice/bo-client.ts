import type { z } from 'zod';
import { core } from '../../core-client.ts';
import type {
  BO_CALLS, BoAccountsReply, BoAuditCheckReply, BoAuditReply, BoCardsReply, BoCouponDetailReply, BoCouponsReply, BoCreatedReply, BoCreditReply,
  BoCutoffCreateReply, BoCutoffPreviewReply, BoCutoffsReply, BoDailyReply, BoBandsReply, BoDealersReply, BoDealerTreeReply, BoIpLogsReply,
  BoIssueCardReply, BoLoginReply, BoMovementsReply, BoPermissionsReply, BoUserDetailReply, BoUsersReply, BoWhoami, Done, Refusal,
} from '../../../domain/backoffice/calls.ts';
import type { CatalogueReplies } from '../../../domain/catalogue/calls.ts';
import type { CasinoBoReplies } from '../../../domain/casino/calls.ts';
import type { Hub88BoReplies } from '../../../domain/casino/hub88-calls.ts';
import type { ContentReplies } from '../../../domain/content/bo-calls.ts';
import type { boApplyProtectionPayload, boPlayerProtectionPayload, ProtectionReply } from '../../../domain/protection/calls.ts';
import type { BO_CATALOGUE_CALLS, SettingsResultReplies } from '../../../domain/backoffice/catalogue-calls.ts';
import type { TradingReplies } from '../../../domain/trading/calls.ts';
import type { shopReportPayload, ShopReportReply, terminalPairingPayload, TerminalPairingReply } from '../../../domain/retail/calls.ts';

/** bo/playerProtection: the player's state, plus every block with who applied it (a user id, null: the player) and why. */
export interface BoProtectionBlock { kind: string; startedAt: string; endsAt: string | null; reopenAt: string | null; byUser: number | null; reason: string }
export type BoPlayerProtectionReply = ProtectionReply & { playerId: number; blocks: BoProtectionBlock[] };
export interface BoApplyProtectionReply { status: true; msg: string; endsAt: string }

/** The reply of each bo call (domain/backoffice/calls.ts gives the types; this ties them to the names). */
interface Replies extends CatalogueReplies, CasinoBoReplies, ContentReplies, TradingReplies, SettingsResultReplies, Hub88BoReplies {
  'bo/login': BoLoginReply; 'bo/verifyOtp': BoWhoami; 'bo/whoami': BoWhoami; 'bo/logout': Done; 'bo/changePassword': Done;
  'bo/dealerTree': BoDealerTreeReply; 'bo/dealers': BoDealersReply; 'bo/createDealer': BoCreatedReply; 'bo/editDealer': Done;
  'bo/setDealerLimits': Done; 'bo/blockTransfers': Done;
  'bo/users': BoUsersReply; 'bo/userDetail': BoUserDetailReply; 'bo/createUser': BoCreatedReply; 'bo/setUserStatus': Done;
  'bo/setUserProducts': Done; 'bo/setUserLimits': Done; 'bo/resetPassword': Done;
  'bo/getPermissions': BoPermissionsReply; 'bo/setPermissions': Done;
  'bo/loadCredit': BoCreditReply; 'bo/withdrawCredit': BoCreditReply;
  'bo/issueCard': BoIssueCardReply; 'bo/cards': BoCardsReply; 'bo/voidCard': Done;
  'bo/cutoffPreview': BoCutoffPreviewReply; 'bo/createCutoff': BoCutoffCreateReply; 'bo/revertCutoff': Done; 'bo/cutoffs': BoCutoffsReply;
  'bo/userMovements': BoMovementsReply; 'bo/dealerMovements': BoMovementsReply; 'bo/accounts': BoAccountsReply;
  'bo/coupons': BoCouponsReply; 'bo/couponDetail': BoCouponDetailReply; 'bo/cancelCoupon': Done; 'bo/setCouponWaiting': Done;
  'bo/sellCoupon': Done; 'bo/markCouponPaid': Done;
  'bo/dailyReport': BoDailyReply; 'bo/stakeRanges': BoBandsReply; 'bo/paymentBands': BoBandsReply;
  'bo/auditLog': BoAuditReply; 'bo/auditCheck': BoAuditCheckReply; 'bo/ipLogs': BoIpLogsReply;
  'bo/playerProtection': BoPlayerProtectionReply; 'bo/applyProtection': BoApplyProtectionReply;
  'bo/shopReport': ShopReportReply; 'bo/terminalPairingCode': TerminalPairingReply;
}
/**
 * The payload schema of each call: BO_CALLS, the settings and results calls (BO_CATALOGUE_CALLS), and the protection and
 * retail calls registered with their areas.
 */
type Schemas = { [K in keyof typeof BO_CALLS]: (typeof BO_CALLS)[K]['payload'] }
  & { [K in keyof typeof BO_CATALOGUE_CALLS]: (typeof BO_CATALOGUE_CALLS)[K]['payload'] } & {
    'bo/playerProtection': typeof boPlayerProtectionPayload; 'bo/applyProtection': typeof boApplyProtectionPayload;
    'bo/shopReport': typeof shopReportPayload; 'bo/terminalPairingCode': typeof terminalPairingPayload;
  };
export type BoName = keyof Replies & keyof Schemas;
/** A call's payload without the common fields the worker adds. */
export type BoPayload<K extends BoName> = Omit<z.input<Schemas[K]>, 'lang' | 'serverId' | 'operatorId'>;
/** A failure as the screens see it: the server's refusal, a lost session, or no network. */
export type BoFailure = Refusal & { login?: boolean; needOtp?: boolean };
export type BoResult<K extends BoName> = Extract<Replies[K], { status: true }> | BoFailure;

/** Who listens for a lost back-office session (the shell shows the login again). */
let onLost: ((needOtp: boolean) => void) | null = null;
/** needOtp: the session lives but asks for the second factor again (15 minutes idle). */
export function onSessionLost(fn: ((needOtp: boolean) => void) | null): void { onLost = fn; }

/**
 * Calls /api/bo/<name> through the worker. `idempotencyKey`: a money call's key, made once per
 * confirmation dialog. A reply saying the session is gone (login false, or the 15-minute idle
 * expiry asking for the second factor again) brings the login back.
 */
export async function bo<K extends BoName>(name: K, payload: BoPayload<K>, idempotencyKey?: string): Promise<BoResult<K>> {
  const r = await core.boCall(name.slice(3), payload as Record<string, unknown>, idempotencyKey ? { idempotencyKey } : {});
  if (!r.status) {
    const f = r as BoFailure & { needOtp?: boolean };
    if ((f.login === false || f.needOtp === true) && name !== 'bo/login' && name !== 'bo/verifyOtp') onLost?.(f.needOtp === true);
    return { status: false, msg: f.msg ?? '', error: f.error ?? '', ...(f.login === false ? { login: false } : {}), ...(f.needOtp ? { needOtp: true } : {}) };
  }
  return r as unknown as BoResult<K>;
}

/** The legacy transfer-request calls (payloads in domain/protocol/calls.ts). */
export interface TransferRequestRow { id: number; userName: string; catName: string; payTag: string; transferType: number; amount: number; currency: string; status: number; reqResult: string; values: unknown; createdAt: string }
export async function boLegacy<T>(name: 'transferRequests' | 'approveTransferReq' | 'rejectTransferReq', payload: Record<string, unknown>): Promise<(T & { status: true }) | BoFailure> {
  const r = await core.boCall(name, payload) as { status: boolean; msg?: string; error?: string; login?: boolean };
  if (!r.status) { if (r.login === false) onLost?.(false); return { status: false, msg: r.msg ?? '', error: r.error ?? '' }; }
  return r as unknown as T & { status: true };
}

/**
 * A fresh key for one money action (one confirmation dialog). getRandomValues, not randomUUID:
 * the latter exists only in secure contexts, and a shop's back office may run on plain HTTP.
 */
export const newIdempotencyKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
