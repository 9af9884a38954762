import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { activateLanguage, currentLang } from '../../i18n/i18n.ts';
import { isLang } from '../../i18n/languages.ts';
import { TopBar } from '../../ui/TopBar.tsx';
import { TabBar } from '../../ui/TabBar.tsx';
import { NoticeBar } from '../../ui/NoticeBar.tsx';
import { CouponBar } from '../../features/betslip/CouponBar.tsx';
import { LoginPopup } from '../../features/account/LoginPopup.tsx';
import { InstallHint } from '../../pwa/InstallHint.tsx';
import { UpdatePrompt } from '../../pwa/UpdatePrompt.tsx';
import { OfflineBanner } from '../../pwa/OfflineBanner.tsx';

/** Every route sits under /{lang}; an unknown code is replaced by the current language. */
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params, location }) => {
    if (!isLang(params.lang)) {
      const rest = location.pathname.split('/').filter(Boolean);
      // '/xx/coupons' keeps its path; '/coupons' (no code at all) is kept whole.
      const tail = /^[a-z]{2}$/.test(rest[0] ?? '') ? rest.slice(1) : rest;
      throw redirect({ href: `/${currentLang()}/${tail.join('/')}${location.searchStr}`, replace: true });
    }
    await activateLanguage(params.lang);
    void core.setLang(params.lang);
  },
  component: Shell,
});

function Shell() {
  const { lang } = Route.useParams();
  const path = useLocation({ select: (l) => l.pathname });
  // BetSlip is full screen: header and footer hidden (section 2).
  const fullScreen = path.endsWith('/betslip');
  return (
    <div className="app">
      <a href="#main" className="visually-hidden"><Trans>Skip to content</Trans></a>
      {!fullScreen && <TopBar lang={lang} />}
      <UpdatePrompt />
      <OfflineBanner />
      {!fullScreen && <InstallHint />}
      <main id="main" className={fullScreen ? undefined : 'app-main'}><Outlet /></main>
      {!fullScreen && <CouponBar lang={lang} />}
      {!fullScreen && <TabBar lang={lang} />}
      <NoticeBar />
      <LoginPopup />
    </div>
  );
}
