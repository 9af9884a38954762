/**
 * The back-office settings screens and which settings each edits (no zod: the screens import it).
 * domain/settings/site-settings.ts holds the rules and defaults and checks these lists against them.
 */

/** The back-office screens and the settings each edits, in screen order. */
export const SETTINGS_SCREENS = {
  general: [
    'maintenance', 'login_screen', 'register_disabled', 'register_activation', 'registerTcRequired', 'registerMobileRequired',
    'affiliateStatus', 'tv_access', 'second_live_view', 'team_logos', 'live_show_tracker', 'browser_language', 'orderByTime',
    'enable_rows', 'payway', 'currencyMode', 'tofixedNumber', 'serverId', 'matches_day', 'coupons_day',
    'coupon_amount_group', 'odds_change_default', 'virtualgames_ids', 'tvgames_ids', 'languages',
    'liability_market_limit', 'liability_match_limit', 'liability_auto_suspend',
  ],
  site: [
    'base_url', 'site_api', 'logo_host', 'statistic_url', 'points_table_url', 'redirectRegister', 'whatsapp_number',
    'facebook_link', 'twitter_link', 'instagram_link', 'telegram_link', 'youtube_link', 'tv_link', 'curacao_gaming',
    'footer_text', 'mobile_css', 'general_js',
  ],
  theme: ['default_language', 'default_theme', 'theme_primary', 'theme_accent', 'logo_url'],
  email: ['mail_from', 'smtp_host', 'smtp_port', 'smtp_user', 'smtp_tls'],
  retail: ['ticket_expiry_days', 'voucher_expiry_days', 'booking_valid_hours', 'kiosk_idle_warn_sec', 'kiosk_idle_reset_sec'],
} as const;
export type SettingsScreen = keyof typeof SETTINGS_SCREENS;

/** The settings that are on/off switches (0 or 1). */
export const SETTING_FLAGS = [
  'login_screen', 'register_disabled', 'currencyMode', 'orderByTime', 'tv_access', 'second_live_view', 'team_logos', 'affiliateStatus',
  'browser_language', 'enable_rows', 'payway', 'live_show_tracker', 'registerTcRequired', 'registerMobileRequired', 'maintenance', 'smtp_tls',
  'liability_auto_suspend',
] as const;
