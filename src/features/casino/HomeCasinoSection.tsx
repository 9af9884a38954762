import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../../state/session.ts';

const HomeCasino = lazy(() => import('./HomeCasino.tsx'));

/** Height kept for Home's casino and slot lists before and while they load (two rows of tiles). */
export const HOME_CASINO_HEIGHT = 326;

/**
 * Home's casino and slot lists, loaded only when the player scrolls near them: the code, the call
 * and the images stay off Home's first load; the space is reserved, so nothing moves.
 */
export function HomeCasinoSection({ lang }: { lang: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // a login or logout asks again: the lists follow the player's products
  const uid = useSession().user?.userId ?? 0;
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) setNear(true); }, { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={ref} style={{ minHeight: near ? undefined : HOME_CASINO_HEIGHT }}>
      {near && <Suspense fallback={<div style={{ minHeight: HOME_CASINO_HEIGHT }} />}><HomeCasino key={uid} lang={lang} /></Suspense>}
    </div>
  );
}
