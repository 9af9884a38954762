import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Db } from '../db/client.ts';
import { SESSION_COOKIE, sessionLookup, type SessionGuard } from '../accounts/sessions.ts';
import { message } from '../../domain/messages.ts';
import { registerAccountCalls } from './routes/accounts.ts';
import { registerSportsCalls } from './routes/sports.ts';
import { registerCouponCalls } from './routes/coupons.ts';
import { registerCouponLifecycle } from './routes/coupon-lifecycle.ts';
import { registerSettings } from './routes/settings.ts';
import { registerMoneyCalls } from './routes/money.ts';
import { registerContentCalls } from './routes/content.ts';
import { registerLanguageCalls } from './routes/languages.ts';
import { registerBackOfficeCalls } from './routes/backoffice.ts';
import { registerAffiliateCalls } from './routes/affiliate.ts';
import { registerProtectionCalls } from './routes/protection.ts';
import { registerRetailCalls } from './routes/retail.ts';
import { registerSiteFiles } from './routes/site-files.ts';
import { csrfGuard } from '../accounts/csrf.ts';
import { registerLiveCalls } from './routes/live.ts';
import { registerHomeCalls } from './routes/home.ts';
import { registerCasinoCalls } from './routes/casino.ts';
import { registerCasinoWallet } from './routes/casino-wallet.ts';
import { registerHub88 } from './routes/casino-hub88.ts';
import { loadHub88Config, type Hub88Config } from '../casino/hub88/config.ts';
import { registerDemoProvider } from '../casino/demo-provider/routes.ts';
import { casinoFrameOrigins } from '../casino/config.ts';
import { registerBoCasinoCalls } from './routes/casino-backoffice.ts';
import { registerBoSettingsCalls } from './routes/backoffice-settings.ts';
import { registerBoTradingCalls } from './routes/backoffice-trading.ts';
import { registerBoSocket } from './bo-socket.ts';
import { registerBoCatalogueCalls } from './routes/backoffice-catalogue.ts';
import { registerBoContentCalls } from './routes/backoffice-content.ts';
import { registerMediaFiles } from '../media/routes.ts';
import { registerHealth } from './routes/health.ts';
import { LiveState } from '../feed/live-state.ts';
import { appShell } from './app-shell.ts';
import { registerMetrics } from '../ops/metrics.ts';
import { registerOpenApi } from '../ops/openapi.ts';

// The session cookie's name lives with the sessions; also here for the tests that read it from the app.
export { SESSION_COOKIE };

/**
 * The headers of a build file that is a script a page imports or a stylesheet: no
 * MIME sniffing, no other site's page loading it, no referrer from what it loads. The document
 * headers (the CSP, frames, opener, agent cluster, the legacy X- ones) govern documents and
 * workers only: on these files they did nothing and were 640 of a small chunk's 1,040 bytes of
 * headers, sent some twenty times on a first load. A worker's script and any SVG (a document
 * when opened) keep them all.
 */
const BUILD_FILE_HEADERS = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'referrer-policy': 'no-referrer' } as const;
const plainBuildFile = (url: string): boolean => /^\/assets\/[\w.-]+\.(js|css)(\?|$)/.test(url) && !url.includes('.worker-');

export interface AppOptions {
  db: Db;
  /** METRICS_TOKEN: serve /metrics on this app to a bearer of it (none: not on this app). */
  metricsToken?: string | undefined;
  clock?: () => number;
  staticDir?: string;
  sessionTtl?: number;
  cookieSecure?: boolean;
  logger?: boolean | { level: string };
  /** Logins per minute per address. */
  loginRateMax?: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify trustProxy): false, or addresses and subnets. */
  trustProxy?: boolean | string;
  /** The live feed state (server/feed): the live calls read it and live tips are priced with live.currentOdd. */
  live?: LiveState;
  /** The auto cash-out watcher of this process, told of rule and coupon changes (server/betting-lifecycle/auto-sell.ts). */
  autoSell?: { changed(couponId: number): Promise<void> };
  /** The folder of the settings-injected files served under /site/ (default SITE_DIR, else ./site). */
  siteDir?: string;
  /** The feed bus, for /readyz (server/http/routes/health.ts). */
  bus?: { ping(): Promise<void> };
  /** Hub88's keys and addresses (default: HUB88_* of the environment); hub88Fetch: tests' stand-in of Hub88. */
  hub88?: Hub88Config;
  hub88Fetch?: typeof fetch;
  /** A feed provider's health per producer, for /readyz (FEED_SOURCE=uof). */
  feedHealth?: () => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user id of the request's session cookie, looked up once per request. */
    sessionUser(now: number): Promise<number | null>;
    /** The session's user with what the permission rules need, in one query (calls that check a permission). */
    sessionGuard(now: number): Promise<SessionGuard | null>;
  }
}

/** Builds the HTTP app: the spec's calls under /api, the PWA under /, errors in the spec's shape. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const clock = opts.clock ?? Date.now;
  const serverOptions: FastifyServerOptions = { logger: opts.logger ?? false, bodyLimit: 256 * 1024, trustProxy: opts.trustProxy ?? false };
  const app = Fastify(serverOptions);
  const deps = { db: opts.db, clock, ...(opts.live ? { live: opts.live } : {}), ...(opts.autoSell ? { autoSell: opts.autoSell } : {}) };
  // First, so that its hooks time every request, refused ones included (server/ops/metrics.ts).
  registerMetrics(app, { db: opts.db, token: opts.metricsToken });

  await app.register(cookie);
  // Security headers on every reply, by helmet built once (@fastify/helmet builds it again on every
  // request: about a twentieth of a coupon placement's server CPU). Fastify's own headers, such as
  // the print page's stricter CSP, take precedence over these raw ones.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiles (the camera scan's zxing reader), no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Games in frames only from the configured provider origins (server/casino/config.ts).
        frameSrc: ["'self'", ...casinoFrameOrigins()],
        upgradeInsecureRequests: null,
      },
    },
    // The print page and share links are opened by other windows of the same site.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: opts.cookieSecure ? undefined : false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (plainBuildFile(req.url)) { reply.headers(BUILD_FILE_HEADERS); done(); return; }
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // Brotli or gzip for API replies and the HTML shell above 1 KiB, as the request accepts
  //. Brotli quality 4 compresses JSON about as well as gzip 9 at a fraction of the CPU;
  // a smaller reply is sent as it is (the headers would weigh more than the saving). Static assets
  // come precompressed from the build (scripts/precompress.mjs) and are not compressed again.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, status: false, msg: message('tooManyRequests', 'tr') }),
  });

  // CSRF: every state-changing call must be JSON from this site (server/accounts/csrf.ts).
  app.addHook('onRequest', csrfGuard);

  // The session of every call; the lookups of requests that arrive together share one query.
  const lookup = sessionLookup(opts.db);
  app.decorateRequest('sessionUser', async function (this: { cookies: Record<string, string | undefined> }, now: number) {
    return (await lookup(this.cookies[SESSION_COOKIE], now))?.userId ?? null;
  });
  app.decorateRequest('sessionGuard', function (this: { cookies: Record<string, string | undefined> }, now: number) {
    return lookup(this.cookies[SESSION_COOKIE], now);
  });

  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (code === 500) req.log.error(err);
    const msg = code === 429 ? message('tooManyRequests', 'tr') : code === 500 ? message('technical', 'tr') : message('badRequest', 'tr', { field: 'payload' });
    return reply.code(code).send({ status: false, msg, ...(code === 500 ? { error: 'technical' } : {}) });
  });

  // /healthz and /readyz for the load balancer (not under /api: no session, no spec shape).
  registerHealth(app, { db: opts.db, bus: opts.bus, live: opts.live, providers: opts.feedHealth });
  // /api/openapi.json (server/ops) collects the calls registered below.
  registerOpenApi(app);
  registerSettings(app);
  registerAccountCalls(app, deps, { sessionTtl: opts.sessionTtl ?? 7 * 24 * 3600, cookieSecure: opts.cookieSecure ?? false, loginRateMax: opts.loginRateMax ?? 20 });
  registerSportsCalls(app, deps);
  registerCouponCalls(app, deps);
  registerMoneyCalls(app, deps);
  registerContentCalls(app, deps);
  registerLanguageCalls(app, deps);
  await registerHomeCalls(app, deps);
  registerCouponLifecycle(app, deps);
  registerBackOfficeCalls(app, deps, { sessionTtl: opts.sessionTtl ?? 7 * 24 * 3600, cookieSecure: opts.cookieSecure ?? false });
  registerAffiliateCalls(app, deps);
  registerProtectionCalls(app, deps);
  registerRetailCalls(app, deps, { sessionTtl: opts.sessionTtl ?? 7 * 24 * 3600, cookieSecure: opts.cookieSecure ?? false });
  const hub88 = registerHub88(app, deps, opts.hub88 ?? loadHub88Config(), opts.hub88Fetch ? { fetchImpl: opts.hub88Fetch } : {});
  registerCasinoCalls(app, deps, { launchers: { hub88: hub88.launcher } });
  registerCasinoWallet(app, deps);
  registerDemoProvider(app, deps);
  registerBoCasinoCalls(app, deps);
  registerBoSettingsCalls(app, deps);
  registerBoTradingCalls(app, deps);
  await registerBoSocket(app, deps);
  registerBoCatalogueCalls(app, deps);
  registerSiteFiles(app, opts.siteDir ?? process.env.SITE_DIR ?? './site');
  // Images uploaded in the back office (server/media): /media/<hash>-<width>, immutable.
  registerMediaFiles(app);
  registerBoContentCalls(app, deps);
  // Without a feed (tests of other areas) the live calls answer from an empty state.
  registerLiveCalls(app, deps, opts.live ?? new LiveState());

  app.all('/api/*', async (_req, reply) => reply.code(404).send({ status: false, msg: message('notFound', 'tr') }));

  const root = opts.staticDir ? resolve(opts.staticDir) : '';
  if (root && existsSync(resolve(root, 'index.html'))) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build writes name.br and name.gz beside each text asset: sent with Content-Encoding
      // and Vary: Accept-Encoding to a browser that accepts them, the plain file otherwise.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed build assets never change; the shell and the service worker must be re-checked.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    // Client routes (/tr/coupons ...) are served the app shell; Home's with its first banner in it.
    // A route rather than the not-found handler, so that @fastify/compress (route hooks) compresses it.
    const shell = appShell(opts.db, root, clock);
    const notFound = (reply: FastifyReply) => reply.code(404).send({ status: false, msg: message('notFound', 'tr') });
    app.get('/*', async (req, reply) => {
      if (/\.\w+$/.test(req.url.split('?')[0]!)) return notFound(reply);
      // Data saver: the browser's Save-Data, or the player's choice in Settings (a cookie, src/pwa/data-saver.ts).
      const html = await shell(req.url, req.headers['save-data'] === 'on' || req.cookies.dataSaver === '1', Boolean(req.cookies[SESSION_COOKIE]));
      return reply.header('cache-control', 'no-cache').header('vary', 'Save-Data, Cookie').type('text/html; charset=utf-8').send(html);
    });
    app.setNotFoundHandler((_req, reply) => notFound(reply));
  }
  return app;
}
