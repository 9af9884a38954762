import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

// The menu's contents come with its first opening, not with every page's first load.
const LeftMenuPanel = lazy(() => import('./LeftMenuPanel.tsx').then((m) => ({ default: m.LeftMenuPanel })));

/** The header's left menu button; the panel (sports A-Z, pages, notifications) opens over the page. */
export function LeftMenu({ lang }: { lang: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-btn" aria-label={t`Menu`} aria-expanded={open} onClick={() => setOpen(true)} data-testid="left-menu-button">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      {open && <Suspense fallback={null}><LeftMenuPanel lang={lang} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
