/**
 * The settings-injected files (settings mobile_css and general_js, account-platform.md section 2)
 * served from a folder (SITE_DIR, default ./site) under the same origin's /site/, so the CSP keeps
 * scripts to 'self'. A folder holding mobile.css or general.js turns the matching setting on.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { siteAssetName } from '../../../domain/account/site-assets.ts';
import { message } from '../../../domain/messages.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';

const TYPES = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' } as const;

export function registerSiteFiles(app: FastifyInstance, dir: string): void {
  const root = resolve(dir);
  const file = (name: string) => join(root, name);
  if (!SITE_SETTINGS.mobile_css && existsSync(file('mobile.css'))) SITE_SETTINGS.mobile_css = '/site/mobile.css';
  if (!SITE_SETTINGS.general_js && existsSync(file('general.js'))) SITE_SETTINGS.general_js = '/site/general.js';

  app.get<{ Params: { name: string } }>('/site/:name', async (req, reply) => {
    const name = req.params.name;
    const ext = name.endsWith('.css') ? 'css' : name.endsWith('.js') ? 'js' : null;
    const path = file(name);
    if (!ext || !siteAssetName(name, ext) || !existsSync(path) || !statSync(path).isFile()) {
      return reply.code(404).send({ status: false, msg: message('notFound', 'tr') });
    }
    // Small operator files, re-checked on each load so an edit shows without a restart.
    return reply.header('content-type', TYPES[ext]).header('cache-control', 'no-cache').send(readFileSync(path));
  });
}
