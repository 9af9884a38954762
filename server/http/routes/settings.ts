import type { FastifyInstance } from 'fastify';
import { siteAssetPath } from '../../../domain/account/site-assets.ts';
import { publicSiteSettings, SITE_SETTINGS, settingsRev } from '../../settings/site-settings.ts';
import { contentRev } from '../../content/revision.ts';
import { sendCacheable } from '../etag.ts';

// The settings live in server/settings (stored in the database, edited in the back office);
// re-exported for the tests that read them from here.
export { DEMO_SETTINGS, SITE_SETTINGS } from '../../settings/site-settings.ts';

export function registerSettings(app: FastifyInstance): void {
  // A read the same for everyone: cached 5 minutes, then revalidated by its ETag (server/http/etag.ts).
  app.get('/api/settings', async (req, reply) =>
    sendCacheable(req, reply, {
      status: true, settings: publicSiteSettings(), version: '1.36.3', operatorId: 1, serverid: 1, rev: settingsRev(), contentRev: contentRev(),
      mobileCss: siteAssetPath(SITE_SETTINGS.mobile_css, 'css'), generalJs: siteAssetPath(SITE_SETTINGS.general_js, 'js'),
    }, 'public, max-age=300'),
  );
  // What an open app polls to notice a settings change (a few bytes; it then reloads /api/settings?rev=N).
  // `content` is the revision of banners, pages, pop-ups and the other content (server/content/revision.ts).
  app.get('/api/settings/rev', async (_req, reply) => reply.header('cache-control', 'no-store').send({ rev: settingsRev(), content: contentRev() }));
}
