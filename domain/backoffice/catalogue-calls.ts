/**
 * The back-office calls of part 2 (issue 13): site settings. Same conventions as calls.ts: the
 * zod schema of every payload, the reply types and the permission of each call in one table.
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import type { Permission } from './permissions.ts';
import { SETTINGS_SCREENS, siteSettingsPatch, type SettingsScreen, type SiteSettings } from '../settings/site-settings.ts';

const screen = z.enum(Object.keys(SETTINGS_SCREENS) as [SettingsScreen, ...SettingsScreen[]]);

/** bo/siteSettings: every setting with its current value and default, and the screens' keys. */
export const boSiteSettingsPayload = z.object({ ...common });
export interface BoSiteSettingsReply { status: true; settings: SiteSettings; defaults: SiteSettings; rev: number }
/** bo/saveSiteSettings: the settings of one screen that change (only that screen's keys). */
export const boSaveSiteSettingsPayload = z.object({ ...common, screen, settings: siteSettingsPatch })
  .refine((p) => Object.keys(p.settings).every((k) => (SETTINGS_SCREENS[p.screen] as readonly string[]).includes(k)), { path: ['settings'], message: 'a setting of another screen' });
export interface BoSaveSiteSettingsReply { status: true; msg: string; rev: number; changed: string[] }

/** Every call of this file with its payload schema and permission. */
export const BO_CATALOGUE_CALLS = {
  'bo/siteSettings': { payload: boSiteSettingsPayload, permission: 'manageSettings' },
  'bo/saveSiteSettings': { payload: boSaveSiteSettingsPayload, permission: 'manageSettings' },
} as const satisfies Record<string, { payload: z.ZodType; permission: Permission }>;
export type BoCatalogueCallName = keyof typeof BO_CATALOGUE_CALLS;
