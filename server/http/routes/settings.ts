import type { FastifyInstance } from 'fastify';
import { siteAssetPath } from '../../../domain/account/site-assets.ts';

/** Site settings (account-platform.md section 3); later editable in the back office. */
export const SITE_SETTINGS = {
  login_screen: 0,
  register_disabled: 0,
  tofixedNumber: 2,
  currencyMode: 0,
  serverId: 1,
  matches_day: 1,
  coupons_day: 30,
  orderByTime: 1,
  tv_access: 0,
  // LiveBets offers its list-view toggle only when 1 (betting-core.md section 2).
  second_live_view: 0,
  team_logos: 0,
  // Team logo host ('' = same origin /logos), path {host}/{id / 2000}/{id}.png; banner images at
  // {site_api}/yib/{url} ('' = same origin /banners/{url}). Both hosts must be in the CSP img-src.
  logo_host: '',
  site_api: '',
  affiliateStatus: 0,
  default_language: 'tr',
  default_theme: 'dark',
  registerTcRequired: 0,
  registerMobileRequired: 0,
  // Activation after registration (section 4): 0 none (logged in at once), 1 e-mail, 2 SMS.
  register_activation: 0,
  // Header, footer and account area (account-platform.md sections 2 and 3).
  redirectRegister: '',
  whatsapp_number: '',
  facebook_link: '',
  twitter_link: '',
  instagram_link: '',
  telegram_link: '',
  tv_link: '',
  footer_text: '',
  curacao_gaming: '',
  browser_language: 0,
  maintenance: 0,
  // Injected files (section 2): same-origin paths under /site/ (served from SITE_DIR), '' none.
  mobile_css: '',
  general_js: '',
};

/** What the demo (DEMO, on by default) turns on so its features can be seen: live TV, the second live view, the affiliate area. */
export const DEMO_SETTINGS: Partial<Record<keyof typeof SITE_SETTINGS, number>> = { second_live_view: 1, tv_access: 1, affiliateStatus: 1 };

export function registerSettings(app: FastifyInstance): void {
  app.get('/api/settings', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({
      status: true, settings: SITE_SETTINGS, version: '1.36.3', operatorId: 1, serverid: 1,
      mobileCss: siteAssetPath(SITE_SETTINGS.mobile_css, 'css'), generalJs: siteAssetPath(SITE_SETTINGS.general_js, 'js'),
    }),
  );
}
