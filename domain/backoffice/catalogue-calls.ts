/**
 * The back-office calls of part 2: site settings and results. Same conventions as calls.ts: the
 * zod schema of every payload, the reply types and the permission of each call in one table.
 */
import { z } from 'zod';
import { common, enterResultPayload } from '../protocol/calls.ts';
import type { MatchResult } from '../coupon/result.ts';
import type { TipOutcome } from '../coupon/settle.ts';
import type { ResultFields } from '../match/result-timing.ts';
import type { Permission } from './permissions.ts';
import { paging } from './replies.ts';
import { SETTINGS_SCREENS, siteSettingsPatch, type SettingsScreen, type SiteSettings } from '../settings/site-settings.ts';

const screen = z.enum(Object.keys(SETTINGS_SCREENS) as [SettingsScreen, ...SettingsScreen[]]);

/** bo/siteSettings: every setting with its current value and default, and the screens' keys. */
export const boSiteSettingsPayload = z.object({ ...common });
export interface BoSiteSettingsReply { status: true; settings: SiteSettings; defaults: SiteSettings; rev: number }
/** bo/saveSiteSettings: the settings of one screen that change (only that screen's keys). */
export const boSaveSiteSettingsPayload = z.object({ ...common, screen, settings: siteSettingsPatch })
  .refine((p) => Object.keys(p.settings).every((k) => (SETTINGS_SCREENS[p.screen] as readonly string[]).includes(k)), { path: ['settings'], message: 'a setting of another screen' });
export interface BoSaveSiteSettingsReply { status: true; msg: string; rev: number; changed: string[] }

/** bo/resultPreview and bo/saveResult: a match and its result (full time, half time, corners, cards, goal order, status). */
export const boResultPayload = z.object({
  ...common, matchId: z.number().int().positive(), result: enterResultPayload.shape.result,
  /** Saving before kick-off plus the sport's minimum duration: the reason (permission overrideResultTime). */
  override: z.object({ reason: z.string().trim().min(5).max(500) }).optional(),
});
/** bo/resultQueue: matches past their earliest result time with no result, oldest first; filters by sport and league. */
export const boResultQueuePayload = z.object({
  ...common, ...paging, sportId: z.number().int().positive().optional(), tournamentId: z.number().int().positive().optional(),
});
/** One match waiting for its result: its open coupons (count and stakes, minor units) and the fields its markets need. */
export interface BoResultQueueRow {
  matchId: number; sportId: number; sportName: string; tournamentId: number; tournamentName: string; home: string; away: string;
  matchDate: string; earliestAt: string; openCoupons: number; openStakes: number; fields: ResultFields;
}
export interface BoResultQueueReply { status: true; totalCount: number; results: BoResultQueueRow[] }
/** One coupon tip on the match with the outcome the result gives it. */
export interface BoResultPreviewRow {
  couponId: number; userName: string; couponStatus: number; stake: number; maxPay: number;
  oddsType: number; outcomeId: number; special: string; odd: number; outcome: TipOutcome;
}
/** bo/resultPreview: the coupons the result settles (the first 500 tips; totalCount all), and the result stored now. */
export interface BoResultPreviewReply {
  status: true; match: { id: number; home: string; away: string; matchDate: string };
  current: { version: number; result: MatchResult } | null; totalCount: number; coupons: BoResultPreviewRow[];
  /** The first moment a score may be saved without the override, whether that is still ahead, and the fields the markets need. */
  earliestAt: string; tooEarly: boolean; fields: ResultFields;
}
/** bo/saveResult: the version the coupons reflect, whether this call added it, and the settlement run's figures (minor units). */
export interface BoSaveResultReply { status: true; msg: string; version: number; added: boolean; coupons: number; changed: number; paid: number }

/** The reply of each call of this file. */
export interface SettingsResultReplies {
  'bo/siteSettings': BoSiteSettingsReply; 'bo/saveSiteSettings': BoSaveSiteSettingsReply;
  'bo/resultPreview': BoResultPreviewReply; 'bo/saveResult': BoSaveResultReply; 'bo/resultQueue': BoResultQueueReply;
}

/** Every call of this file with its payload schema and permission. */
export const BO_CATALOGUE_CALLS = {
  'bo/siteSettings': { payload: boSiteSettingsPayload, permission: 'manageSettings' },
  'bo/saveSiteSettings': { payload: boSaveSiteSettingsPayload, permission: 'manageSettings' },
  'bo/resultPreview': { payload: boResultPayload, permission: 'enterResults' },
  'bo/saveResult': { payload: boResultPayload, permission: 'enterResults' },
  'bo/resultQueue': { payload: boResultQueuePayload, permission: 'enterResults' },
} as const satisfies Record<string, { payload: z.ZodType; permission: Permission }>;
export type BoCatalogueCallName = keyof typeof BO_CATALOGUE_CALLS;
