import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A page title with a back arrow; onBack steps out one level (or leaves the page). */
export function PageHeader({ title, onBack, children }: { title: string; onBack?: () => void; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="acc-header">
      <button type="button" className="icon-btn acc-back" aria-label={t`Back`} onClick={onBack ?? (() => history.back())}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
