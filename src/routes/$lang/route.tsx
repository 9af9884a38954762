import { createElement, lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { activateLanguage, currentLang, offersLang, setSiteLanguages } from '../../i18n/i18n.ts';
import { TopBar } from '../../ui/TopBar.tsx';
import { LeftMenu } from '../../features/content/LeftMenu.tsx';
import { TabBar } from '../../ui/TabBar.tsx';
import { NoticeBar } from '../../ui/NoticeBar.tsx';
import { readTimezoneCookie } from '../../features/account/timezone-cookie.ts';
import { setDisplayZone } from '../../ui/format.ts';
import { MaintenancePage } from '../../features/content/StatusPages.tsx';
import { useLoad } from '../../ui/use-load.ts';
import { InstallHint } from '../../pwa/InstallHint.tsx';
import { UpdatePrompt } from '../../pwa/UpdatePrompt.tsx';
import { OfflineBanner } from '../../pwa/OfflineBanner.tsx';
import { useSiteAssets } from '../../features/account/site-assets.ts';
import { useSession } from '../../state/session.ts';
import { useSiteView } from '../../state/site.ts';
import { useUi } from '../../state/ui.ts';
import { useSlip } from '../../state/slip.ts';
import { useIdle } from '../../ui/use-idle.ts';

// Kiosk mode is a layout of a terminal session: its layer loads only for terminals.
const KioskLayer = lazy(() => import('../../features/kiosk/KioskLayer.tsx'));
// Out of the first script (Home's initial JavaScript): the footer (below the fold) and
// the push pop-ups (floating over the page) mount once the browser is idle, the login popup when it
// opens; none of them moves what is drawn.
const SiteFooter = lazy(() => import('../../features/content/SiteFooter.tsx').then((m) => ({ default: m.SiteFooter })));
const PushPopups = lazy(() => import('../../features/content/PushPopups.tsx').then((m) => ({ default: m.PushPopups })));
// Breaks, exclusions and the reality check concern a logged-in player only: loaded with the session
// (imported by hand rather than through lazy/Suspense, so its timers start without waiting for
// React's reveal of a suspended boundary).
let protectionLayer: typeof import('../../features/protection/ProtectionLayer.tsx').ProtectionLayer | null = null;
function SessionProtectionLayer({ lang }: { lang: string }) {
  const [loaded, setLoaded] = useState(protectionLayer !== null);
  useEffect(() => {
    if (!loaded) void import('../../features/protection/ProtectionLayer.tsx').then((m) => { protectionLayer = m.ProtectionLayer; setLoaded(true); });
  }, [loaded]);
  return loaded && protectionLayer ? createElement(protectionLayer, { lang }) : null;
}
// The coupon bar shows only once the slip holds a selection.
const CouponBar = lazy(() => import('../../features/betslip/CouponBar.tsx').then((m) => ({ default: m.CouponBar })));
const LoginPopup = lazy(() => import('../../features/account/LoginPopup.tsx').then((m) => ({ default: m.LoginPopup })));
// A visitor's first load carries no account menu: it comes with the session.
const AccountMenu = lazy(() => import('../../features/account/AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));
const TopBarMoney = lazy(() => import('../../features/account/AccountMenu.tsx').then((m) => ({ default: m.TopBarMoney })));

/** Every route sits under /{lang}; an unknown code, or one the site does not offer, is replaced by the current language. */
export const Route = createFileRoute('/$lang')({
  // The frame of every page is in the first script, not a chunk of its own: a page's first load
  // then waits for one wave of requests fewer.
  codeSplitGroupings: [],
  beforeLoad: async ({ params, location }) => {
    setSiteLanguages(await core.siteView());
    if (!offersLang(params.lang)) {
      const rest = location.pathname.split('/').filter(Boolean);
      // '/xx/coupons' keeps its path; '/coupons' (no code at all) is kept whole.
      const tail = /^[a-z]{2}$/.test(rest[0] ?? '') ? rest.slice(1) : rest;
      throw redirect({ href: `/${currentLang()}/${tail.join('/')}${location.searchStr}`, replace: true });
    }
    await activateLanguage(params.lang);
    void core.setLang(params.lang);
    // Every date the worker formats follows the cookie `timezone` (account-platform.md section 2).
    // The UI's own dates (match rows, coupons, results) follow the same zone.
    const zone = readTimezoneCookie();
    setDisplayZone(zone);
    void core.setTimezone(zone);
    // login_screen: a visitor goes to Login (the worker's guard; pages with their own guard decide themselves).
    const first = location.pathname.split('/')[2] ?? '';
    if (!['firstlogin', 'register', 'forgotPassword', 'resetPassword', 'languages'].includes(first)) {
      await core.session();
      if ((await core.guard('')) === 'login') throw redirect({ to: '/$lang/firstlogin', params: { lang: params.lang }, search: { nextUrl: location.href }, replace: true });
    }
  },
  component: Shell,
});

// The coupon bar appears on the sport and live sections (betting-core.md section 2), not on coupons or account pages.
const COUPON_BAR_PAGES = new Set(['home', 'allsports', 'sports', 'uphigh', 'livebets', 'favoriteslive', 'matchdetail', 'results']);

const siteView = () => core.siteView();

/**
 * Whether the page under the frame is drawn yet. The first one is drawn in a transition of its
 * own after the frame, which React renders in slices that yield to the browser. The app's start
 * loads the router before its first render (src/main.tsx), itself a transition; a router update
 * once mounted (a redirect at start) is synchronous, and drew frame and page in one task of
 * 30-45 ms here, 120-190 ms on a cheap phone (Lighthouse's blocking time). The boot
 * shell stays until that page is drawn (data-page, boot-shell.ts).
 */
let firstPageShown = false;
function useFirstPageInSlices(): boolean {
  const [shown, setShown] = useState(firstPageShown);
  useEffect(() => {
    if (!shown) startTransition(() => { firstPageShown = true; setShown(true); });
  }, [shown]);
  return shown;
}

function Shell() {
  const { lang } = Route.useParams();
  const path = useLocation({ select: (l) => l.pathname });
  // BetSlip is full screen: header and footer hidden (section 2).
  const fullScreen = path.endsWith('/betslip');
  // Login hides header and footer too (account-platform.md section 2).
  const bare = fullScreen || path.endsWith('/firstlogin');
  const { load: site } = useLoad(siteView);
  // The settings the worker pushes after a back-office change win over the first load.
  const pushed = useSiteView();
  const siteData = pushed ?? (site.state === 'ready' ? site.data : null);
  // The settings' mobile stylesheet and general script (same-origin /site/ files only).
  useSiteAssets(siteData);
  // The worker opens the live feed only on betslip-related pages (or with a slip), so it learns each page.
  const page = path.split('/')[2] || 'home';
  useEffect(() => { void core.setLivePage(page); }, [page]);
  const { user } = useSession();
  const kiosk = user?.userType === 'T';
  const idle = useIdle();
  const { loginOpen } = useUi();
  const slipFilled = (useSlip().view?.entries.length ?? 0) > 0;
  const pageShown = useFirstPageInSlices();
  return (
    <div className={kiosk ? 'app kiosk' : 'app'} data-page={pageShown ? 'drawn' : undefined}>
      <a href="#main" className="visually-hidden"><Trans>Skip to content</Trans></a>
      {kiosk && <Suspense fallback={null}><KioskLayer lang={lang} /></Suspense>}
      {!bare && <TopBar lang={lang} menu={<LeftMenu lang={lang} />} account={<><AccountMenu lang={lang} /><TopBarMoney lang={lang} /></>} />}
      {/* Break or exclusion banner and the reality check. */}
      {user && <SessionProtectionLayer lang={lang} />}
      <UpdatePrompt />
      <OfflineBanner />
      {!fullScreen && <InstallHint />}
      <main id="main" className={fullScreen ? undefined : 'app-main'}>
        {!bare && idle && <Suspense fallback={null}><PushPopups onHome={page === 'home'} /></Suspense>}
        {siteData?.maintenance ? <MaintenancePage /> : pageShown && <Outlet />}
        {!bare && idle && <Suspense fallback={null}><SiteFooter lang={lang} /></Suspense>}
      </main>
      {!fullScreen && slipFilled && COUPON_BAR_PAGES.has(page.toLowerCase()) && <Suspense fallback={null}><CouponBar lang={lang} /></Suspense>}
      {!bare && <TabBar lang={lang} />}
      <NoticeBar />
      {loginOpen && <Suspense fallback={null}><LoginPopup lang={lang} /></Suspense>}
    </div>
  );
}
