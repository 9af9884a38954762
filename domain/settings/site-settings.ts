/**
 * The site settings (account-platform.md section 3): one typed schema with today's defaults, read
 * by the server (GET /api/settings, the rules that depend on a flag) and edited in the back office
 * (bo/siteSettings, bo/saveSiteSettings), grouped by the screen that edits them.
 */
import { z } from 'zod';
import { SETTING_FLAGS, SETTINGS_SCREENS } from './screens.ts';
import { DEFAULT_LANG, LANGUAGES } from '../languages.ts';
import { ODDS_CHANGES, SLIP_ODDS_CHANGE_DEFAULT } from '../betslip/odds-change.ts';

// 0 or 1, typed as a number (the rules and tests compare and assign numbers).
const flag = z.number().int().min(0).max(1);
const link = z.string().trim().max(300).refine((s) => s === '' || /^https?:\/\//.test(s), 'an http(s) address');
const text = (max: number) => z.string().trim().max(max);
const ids = z.array(z.number().int().positive()).max(200);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
// A same-origin file under /site/ (served from SITE_DIR) or nothing; the worker checks it again.
const sitePath = (ext: 'css' | 'js') => z.string().regex(new RegExp(`^(|/site/[\\w.-]+\\.${ext})$`));

/** Every setting with its type and default (the values the site ran with before they were editable). */
export const siteSettingsSchema = z.object({
  // general
  login_screen: flag.default(0),
  register_disabled: flag.default(0),
  tofixedNumber: z.number().int().min(0).max(3).default(2),
  currencyMode: flag.default(0),
  serverId: z.number().int().min(1).max(999).default(1),
  matches_day: z.number().int().min(1).max(30).default(1),
  coupons_day: z.number().int().min(1).max(365).default(30),
  orderByTime: flag.default(1),
  tv_access: flag.default(0),
  // LiveBets offers its list-view toggle only when 1 (betting-core.md section 2).
  second_live_view: flag.default(0),
  team_logos: flag.default(0),
  affiliateStatus: flag.default(0),
  browser_language: flag.default(0),
  enable_rows: flag.default(0),
  payway: flag.default(0),
  coupon_amount_group: z.array(z.number().int().positive().max(1_000_000_00)).max(8).default([]),
  // The slip's odds-change choice until the player picks one on the device (domain/betslip/odds-change.ts).
  odds_change_default: z.enum(ODDS_CHANGES).default(SLIP_ODDS_CHANGE_DEFAULT),
  // Automatic protection (domain/trading/liability.ts liabilityBreaches), minor units, 0 = none: a coupon that
  // would take a market's worst case, or a match's summed worst cases, above these is refused; leagues and
  // matches may have their own (bo/setLiabilityLimit). With the switch on, the market is suspended too.
  liability_market_limit: z.number().int().min(0).max(1_000_000_000_00).default(5_000_000),
  liability_match_limit: z.number().int().min(0).max(1_000_000_000_00).default(15_000_000),
  liability_auto_suspend: flag.default(0),
  live_show_tracker: flag.default(0),
  virtualgames_ids: ids.default([]),
  tvgames_ids: ids.default([]),
  registerTcRequired: flag.default(0),
  registerMobileRequired: flag.default(0),
  // Activation after registration (section 4): 0 none (logged in at once), 1 e-mail, 2 SMS.
  register_activation: z.number().int().min(0).max(2).default(0),
  // Players see the maintenance page while 1; the back office keeps working.
  maintenance: flag.default(0),
  // The languages offered (the `languages` call, the Languages page): any of section 9's, all by default.
  languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length).default([...LANGUAGES]),
  // site: addresses, links and texts of the header, footer and account area (sections 2 and 3)
  // Team logo host ('' = same origin /logos), path {host}/{id / 2000}/{id}.png; banner images at
  // {site_api}/yib/{url} ('' = same origin /banners/{url}). Both hosts must be in the CSP img-src.
  logo_host: link.default(''),
  site_api: link.default(''),
  base_url: link.default(''),
  statistic_url: link.default(''),
  points_table_url: link.default(''),
  redirectRegister: link.default(''),
  whatsapp_number: z.string().regex(/^(|\+?[0-9 ]{6,20})$/).default(''),
  facebook_link: link.default(''),
  twitter_link: link.default(''),
  instagram_link: link.default(''),
  telegram_link: link.default(''),
  youtube_link: link.default(''),
  tv_link: link.default(''),
  footer_text: text(2000).default(''),
  curacao_gaming: link.default(''),
  // Injected files (section 2): same-origin paths under /site/ (served from SITE_DIR), '' none.
  mobile_css: sitePath('css').default(''),
  general_js: sitePath('js').default(''),
  // theme
  default_language: z.enum(LANGUAGES).default(DEFAULT_LANG),
  default_theme: z.enum(['dark', 'light']).default('dark'),
  theme_primary: colour.default('#f5b400'),
  theme_accent: colour.default('#1e88e5'),
  logo_url: z.string().regex(/^(|\/(site|media)\/[\w./-]+\.(png|svg|webp))$/).default(''),
  // e-mail relay of the activation and password mails
  mail_from: z.union([z.literal(''), z.string().email().max(120)]).default(''),
  smtp_host: z.string().regex(/^(|[a-zA-Z0-9.-]{1,120})$/).default(''),
  smtp_port: z.number().int().min(1).max(65535).default(587),
  smtp_user: text(120).default(''),
  smtp_tls: flag.default(1),
  // retail: how long a shop ticket's win and a voucher can be paid, a booking code loads,
  // and the kiosk's idle timer (a warning, then the slip is cleared and the kiosk goes home)
  ticket_expiry_days: z.number().int().min(1).max(3650).default(180),
  voucher_expiry_days: z.number().int().min(1).max(3650).default(90),
  booking_valid_hours: z.number().int().min(1).max(720).default(24),
  kiosk_idle_warn_sec: z.number().int().min(10).max(600).default(60),
  kiosk_idle_reset_sec: z.number().int().min(20).max(1200).default(90),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

// Every setting is on exactly one screen, and the flags of screens.ts are exactly the settings whose rule is `flag`.
const onScreens: string[] = Object.values(SETTINGS_SCREENS).flat();
if (onScreens.length !== Object.keys(siteSettingsSchema.shape).length || !Object.keys(siteSettingsSchema.shape).every((k) => onScreens.includes(k))) throw new Error('site settings: every setting belongs to one screen');
for (const [k, v] of Object.entries(siteSettingsSchema.shape)) {
  if (((v as z.ZodDefault<z.ZodType>).unwrap() === flag) !== (SETTING_FLAGS as readonly string[]).includes(k)) throw new Error(`site settings: ${k} is a flag in one list only`);
}

/** Today's defaults: every setting the operator has not changed. */
export const SITE_SETTING_DEFAULTS: SiteSettings = siteSettingsSchema.parse({});

// The rules without their defaults: a partial object with defaults would fill in every missing key.
const rules = Object.fromEntries(Object.entries(siteSettingsSchema.shape).map(([k, v]) => [k, (v as z.ZodDefault<z.ZodType>).unwrap()]));
/** A change from the back office: any subset of the settings, each checked by its own rule; an unknown key is refused. */
export const siteSettingsPatch = z.object(rules).partial().strict() as unknown as z.ZodType<Partial<SiteSettings>>;

export { SETTINGS_SCREENS, type SettingsScreen } from './screens.ts';


/**
 * Stored values over the defaults: a stored value that no longer fits the schema (an older
 * release's) is left out rather than failing the whole site.
 */
export function mergeStored(base: SiteSettings, stored: Record<string, unknown>): SiteSettings {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(stored)) {
    const rule = rules[k];
    if (!rule) continue;
    const r = rule.safeParse(v);
    if (r.success) out[k] = r.data;
  }
  return out as SiteSettings;
}
