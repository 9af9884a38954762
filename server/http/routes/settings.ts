import type { FastifyInstance } from 'fastify';

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
  team_logos: 0,
  affiliateStatus: 0,
  default_language: 'tr',
  default_theme: 'dark',
  registerTcRequired: 0,
  registerMobileRequired: 0,
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
};

export function registerSettings(app: FastifyInstance): void {
  app.get('/api/settings', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ status: true, settings: SITE_SETTINGS, version: '1.36.3', operatorId: 1, serverid: 1 }),
  );
}
