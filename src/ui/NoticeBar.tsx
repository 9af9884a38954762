import { lazy, Suspense } from 'react';
import { useUi } from '../state/ui.ts';

// Loaded with the first notice, not with the first screen (see NoticeCard).
const NoticeCard = lazy(() => import('./NoticeCard.tsx'));

/** The current notice in a live region, so screen readers hear coupon results and warnings. */
export function NoticeBar() {
  const { notice } = useUi();
  return (
    <div role="status" aria-live="polite">
      {notice && notice.status !== 0 && <Suspense fallback={null}><NoticeCard notice={notice} /></Suspense>}
    </div>
  );
}
