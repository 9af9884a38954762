import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { core, subscribeCore } from './core-client.ts';
import { i18n, activateLanguage, currentLang, setSiteLanguages } from './i18n/i18n.ts';
import { isLang } from './i18n/languages.ts';
import { sessionStore } from './state/session.ts';
import { setSlipView } from './state/slip.ts';
import { showNotice } from './state/ui.ts';
import { setContentRev, setSiteView } from './state/site.ts';
import { setPreMatchRev } from './state/prematch.ts';
import { registerServiceWorker } from './pwa/register.ts';
import { createAppRouter } from './router.tsx';
import { applyPatches, setFeedStatus } from './state/live.ts';
import { removeBootShellWhenDrawn } from './ui/boot-shell.ts';
import { dataSaverStore, loadDataSaver } from './pwa/data-saver.ts';
import { loadOddsStyle } from './features/account/odds-style.ts';
import { subscribe } from 'valtio';

/**
 * The last session and slip the stores got, as JSON: the worker pushes both again at start (on
 * subscribe, after the slip loads, after the session check), mostly unchanged, and a store write
 * re-renders its readers at once (valtio's snapshots are external stores: never a transition), the
 * whole shell for the session. An unchanged push is dropped (main-thread time at load).
 */
const lastPush = new Map<string, string>();
const changed = (type: string, payload: unknown): boolean => {
  const json = JSON.stringify(payload) ?? 'null';
  if (lastPush.get(type) === json) return false;
  lastPush.set(type, json);
  return true;
};

// The worker's pushes feed the valtio stores; the screens read only the stores.
void subscribeCore((e) => {
  if (e.type === 'session') {
    if (changed('session', e.payload)) sessionStore.user = e.payload;
    sessionStore.known = true;
  } else if (e.type === 'slip-changed') { if (changed('slip', e.payload)) setSlipView(e.payload); }
  else if (e.type === 'notice') showNotice(e.payload);
  else if (e.type === 'match-patch') applyPatches(e.payload);
  else if (e.type === 'feed-status') setFeedStatus(e.payload);
  else if (e.type === 'site') setSiteView(e.payload);
  else if (e.type === 'content') setContentRev(e.payload.rev);
  else if (e.type === 'prematch-changed') setPreMatchRev(e.payload.id, e.payload.rev);
});

const first = location.pathname.split('/')[1];
const lang = isLang(first) ? first : currentLang();
// The worker starts at once.
void core.init(lang);
loadDataSaver();
loadOddsStyle();

/** The end of the current task: what follows runs in a task of its own (no long task at start). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Draws the app once the catalog and the stylesheet are in and the router has loaded the page.
 * The stylesheet is not in the HTML's head: the boot shell paints with its inlined critical CSS
 * meanwhile, and React draws only with both (no unstyled frame). Not a top-level await: with one,
 * the bundler could not share the entry's modules with the lazy chunks and split them into dozens
 * of small initial requests.
 */
async function start(): Promise<void> {
  await nextTask();
  // The stylesheet and, with a language in the URL, its catalog are asked for first.
  const styled = import('./ui/app.css');
  const worded = isLang(first) ? activateLanguage(lang, false) : null;
  const router = createAppRouter(!dataSaverStore.on);
  // Data saver: nothing is fetched ahead of a tap (no route preloading on intent).
  subscribe(dataSaverStore, () => router.update({ ...router.options, defaultPreload: dataSaverStore.on ? false : 'intent' }));
  // Building the router is a task's worth on a cheap phone: what follows runs in the next one.
  await nextTask();
  // The page's route chunks load now, beside the worker's first calls: the router would start them
  // only once the layout's beforeLoad has the site view and the session (first paint).
  // A route may ask for its first data now too (its staticData's atStart).
  for (const route of router.getMatchedRoutes(location.pathname)[0]) {
    void router.loadRouteChunk(route)?.catch(() => undefined);
    route.options.staticData?.atStart?.();
  }
  // No language in the URL (a first visit at /): the site's offered languages and default decide.
  const boot = isLang(first) ? lang : await core.siteView().then((v) => { setSiteLanguages(v); return currentLang(); }, () => lang);
  await Promise.all([worded ?? activateLanguage(boot, false), styled]);
  // The router loads the page (the layout's checks, on the worker's session already under way)
  // before React draws anything, so that the first render, in a transition below, is the frame
  // with its page: when the router loaded only once mounted, its update drew the frame
  // synchronously, one task of 25-30 ms here (x4 on a cheap phone). After the language, so that a
  // redirect's URL never shows before its language; a redirect is followed once mounted (the
  // Transitioner sees the location change).
  await router.load().catch(() => undefined);
  // A task of its own for the first render: with the catalog and the stylesheet named in the HTML,
  // both are in by the time the entry has run, and the render joined the entry's evaluation in one
  // long task (about 30 ms here, 120 ms on a cheap phone).
  await nextTask();
  const root = document.getElementById('root')!;
  removeBootShellWhenDrawn(root);
  // The first render in slices too (a transition): the boot shell stands meanwhile.
  startTransition(() => createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  ));
  registerServiceWorker();
}
void start();
