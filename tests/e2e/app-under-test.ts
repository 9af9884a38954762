/**
 * The app under test of a browser suite: the real server on the embedded database (PGlite in a
 * throwaway DATA_DIR, no Redis, serving the build in STATIC_DIR) and Chromium, started in beforeAll
 * and stopped in afterAll, so each suite states only its own environment and assertions.
 */
import { afterAll, beforeAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, phone } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';

/** The build the server serves: dist/, or one made elsewhere (`npx vite build --outDir /tmp/x` with STATIC_DIR=/tmp/x). */
export const STATIC = process.env.STATIC_DIR ?? 'dist';

/** Fails at once, saying how to fix it, when there is no build to test. */
export function assertBuilt(): void {
  if (!existsSync(join(STATIC, 'index.html'))) throw new Error(`${STATIC}/ is missing: run \`npm run build\` first (npm test does)`);
}

/** A reply a suite counts as an error: a server error. */
const serverError = (status: number): boolean => status >= 500;

/**
 * Records a page's uncaught errors, and the replies `bad` flags (server errors unless told; null:
 * none), into `into`; a suite expects the list empty at its end.
 */
export function collectErrors(page: Page, bad: ((status: number, url: string) => boolean) | null = serverError, into: string[] = []): string[] {
  page.on('pageerror', (e) => into.push(e.message));
  if (bad) page.on('response', (r) => { if (bad(r.status(), r.url())) into.push(`${r.status()} ${r.url()}`); });
  return into;
}

export interface AppOptions {
  /**
   * One phone page opened in beforeAll: 'plain', or with its uncaught errors ('errors') and also
   * its server errors ('errors-and-5xx') collected in `errors`.
   */
  page?: 'plain' | 'errors' | 'errors-and-5xx';
  /** Browser permissions the page's context gets for the server's origin before the page opens. */
  permissions?: string[];
  /** beforeAll's time limit (the project's hookTimeout when absent). */
  timeout?: number;
}

export interface AppUnderTest {
  readonly browser: Browser;
  readonly server: RunningServer;
  readonly dataDir: string;
  /** The context and page of `options.page`. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** What `options.page` collected: empty at the end of a clean run. */
  readonly errors: string[];
  /** A fresh phone context (390x844, touch) on the server and a page in it. */
  newPhonePage(userAgent?: string): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Registers the beforeAll that starts the server (DATA_DIR a temporary folder named after `name`,
 * DATABASE_URL and REDIS_URL empty, STATIC_DIR, then `env`) and Chromium, and the afterAll that
 * closes them and removes the folder. The getters are valid inside tests and later hooks.
 */
export function useAppUnderTest(name: string, env: Record<string, string> = {}, options: AppOptions = {}): AppUnderTest {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const errors: string[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test or a hook after useAppUnderTest's`);
    return value;
  };

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(join(tmpdir(), `bet-e2e-${name}-`));
    [browser, server] = await Promise.all([
      launch(),
      startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', STATIC_DIR: STATIC, ...env }),
    ]);
    if (!options.page) return;
    context = await phone(browser, server.url);
    if (options.permissions) await context.grantPermissions(options.permissions, { origin: server.url });
    page = await context.newPage();
    if (options.page !== 'plain') collectErrors(page, options.page === 'errors-and-5xx' ? serverError : null, errors);
  }, options.timeout);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get browser() { return started(browser, 'the browser'); },
    get server() { return started(server, 'the server'); },
    get dataDir() { return started(dataDir, 'the data folder'); },
    get context() { return started(context, 'the phone context'); },
    get page() { return started(page, 'the phone page'); },
    errors,
    async newPhonePage(userAgent) {
      const ctx = await phone(started(browser, 'the browser'), started(server, 'the server').url, userAgent);
      return { context: ctx, page: await ctx.newPage() };
    },
  };
}
