import { readdirSync, readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { BOOT_SHELL_TEXTS } from './server/http/boot-shell.ts';
import { SESSION_CHUNK } from './server/http/page-preloads.ts';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Inlines the critical CSS (the tokens and the app shell's layout) into index.html in place of
 * `<!--critical-css-->`, so the boot shell paints with the HTML alone (issue 17). Comments and
 * line breaks are dropped; the files stay the one source of these rules.
 */
function criticalCss(files: string[]): Plugin {
  return {
    name: 'critical-css',
    transformIndexHtml(html) {
      const css = files.map((f) => readFileSync(f, 'utf8')).join('\n')
        .replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '').replace(/\s*([{};:,>])\s*/g, '$1');
      return html.replace('<!--critical-css-->', `<style>${css}</style>`);
    },
  };
}

/**
 * Writes the translations of the boot shell's few words (server/http/boot-shell.ts) from the
 * player's catalogs into the build (.vite/shell-texts.json: language -> English text -> its
 * translation), where the server reads them to draw a page's boot shell in its language.
 */
function shellTexts(dir: string): Plugin {
  return {
    name: 'shell-texts',
    apply: 'build',
    async generateBundle() {
      const po = formatter({ lineNumbers: false });
      const out: Record<string, Record<string, string>> = {};
      for (const lang of readdirSync(dir)) {
        const catalog = await po.parse(readFileSync(`${dir}/${lang}/messages.po`, 'utf8'), { locale: lang, sourceLocale: 'en', filename: `${lang}.po` });
        const texts: Record<string, string> = {};
        for (const entry of Object.values(catalog)) {
          const source = entry.message as (typeof BOOT_SHELL_TEXTS)[number] | undefined;
          if (source && !entry.context && BOOT_SHELL_TEXTS.includes(source) && entry.translation) texts[source] = entry.translation;
        }
        out[lang] = texts;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/shell-texts.json', source: JSON.stringify(out) });
    },
  };
}

/** The modules at these paths under src/ (without the extension, regular expressions, '/' for either separator). */
const modules = (...paths: string[]) => new RegExp(`src[\\\\/](${paths.join('|').replaceAll('/', '[\\\\/]')})\\.tsx?$`);

export default defineConfig({
  plugins: [
    criticalCss(['src/ui/theme.css', 'src/ui/shell.css']),
    shellTexts('src/i18n/locales'),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Catalogs (a chunk per language and area, 40% of the JavaScript) are not precached: the service
      // worker keeps the ones a player's language loads (workers/sw.ts).
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'], globIgnores: ['**/node_modules/**/*', '**/assets/messages-*.js'] },
      manifest: {
        name: 'Bahis',
        short_name: 'Bahis',
        description: 'Sports betting and casino',
        lang: 'tr',
        start_url: '/tr/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0b1426',
        theme_color: '#0b1426',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  // No modulepreload polyfill: every browser the app supports preloads modules itself (issue 17: initial JS).
  build: {
    target: 'es2022', sourcemap: false, modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server names a page's chunks in its HTML (server/http/app-shell.ts).
    manifest: true,
    // Everything the entry imports is one script (issue 17). Left to itself the bundler split the
    // modules the lazy pages share with the entry into nine more initial chunks: ten requests on the
    // six connections of HTTP/1.1 before the first page's own could start (Lighthouse's simulated
    // AllSports LCP 2.75 -> 2.34 s with the same bytes).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What the frame loads once a player is logged in (the account menu, the protection
            // layer and what they alone share) is one file, not four, and what the coupon pages
            // share one, not two: a logged-in page's first load has that many requests fewer on
            // the six connections (issue 17). The server names the first in a logged-in page's
            // HTML by its name (server/http/page-preloads.ts).
            { name: SESSION_CHUNK, test: modules('features/account/AccountMenu', 'features/protection/Protection(Layer|State)', 'state/notifications') },
            { name: 'coupon-shared', test: modules('features/coupons/OfflineNote', 'ui/coupon-text') },
            // The rows, odds buttons, clocks and words the betting pages share (Home, AllSports,
            // LiveBets, a match, results): one file instead of six to nine small ones (use-swr stays
            // apart: the casino shares it). Each was a
            // request at the first load and a link the loader added to the page, 1-2 ms each
            // here (issue 17: Home's blocking time); a page gets 1-3 KB it may not draw.
            {
              name: 'betting',
              test: modules('features/live/(LiveRow|FeedBanner)', 'ui/(OddButton|MatchRow|market-names|SportIcon|states|FreshnessBanner)',
                'ui/(ClockText|use-progressive|Skeleton|Caption)'),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
});
