/** The retail settings this process runs with: the site settings the back office edits (screen 'retail'). */
import { SITE_SETTINGS } from '../settings/site-settings.ts';
import { retailSettings, type RetailSettings } from '../../domain/retail/calls.ts';

export const retail = (): RetailSettings => retailSettings(SITE_SETTINGS);
