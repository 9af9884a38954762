import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { BannerView } from '../../workers/core/api.ts';
import { BLANK_PIXEL } from './icons.tsx';
import { bootBannerHere } from './boot-shell.ts';

/** Banner carousels advance every 4 s (account-platform.md section 9). */
export const BANNER_INTERVAL_MS = 4_000;

/** The player asked the system for less motion: nothing moves by itself then. */
function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia(query);
    const on = () => setReduced(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return reduced;
}

/** A banner's tap target: an app page through the router, an https address in a new tab, or none. */
function BannerLink({ banner, lang, children }: { banner: BannerView; lang: string; children: ReactNode }) {
  const navigate = useNavigate();
  const link = banner.link;
  if (!link) return <div className="banner-link">{children}</div>;
  if (link.kind === 'external') return <a className="banner-link" href={link.href} target="_blank" rel="noopener noreferrer">{children}</a>;
  const href = `/${lang}/${link.to}`;
  return (
    <a className="banner-link" href={href} onClick={(e) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      void navigate({ href });
    }}>{children}</a>
  );
}

/**
 * A banner carousel: swipe (scroll snap) or the dots, autoplay every 4 s that stops while touched,
 * hovered or focused, on the pause button, and altogether when the player prefers reduced motion.
 * `first`: the carousel at the top of the first screen, whose first image is the page's largest
 * paint: fetched first (fetchpriority high), never lazy.
 */
export function BannerCarousel({ banners, lang, label, testId, first = false }: { banners: readonly BannerView[]; lang: string; label: string; testId: string; first?: boolean }) {
  const { t } = useLingui();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const reduced = useReducedMotion();
  const n = banners.length;
  const autoplay = n > 1 && !reduced;

  const go = useCallback((i: number) => {
    const el = track.current;
    if (!el || n === 0) return;
    const next = ((i % n) + n) % n;
    // scrollLeft runs negative in a right-to-left layout
    const dir = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollTo({ left: dir * next * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
    setIndex(next);
  }, [n, reduced]);

  useEffect(() => {
    if (!autoplay || paused || held) return;
    const timer = setTimeout(() => go(index + 1), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [autoplay, paused, held, index, go]);

  const onScroll = () => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const i = Math.round(Math.abs(el.scrollLeft) / el.clientWidth);
    if (i !== index && i >= 0 && i < n) setIndex(i);
  };

  if (!n) return null;
  return (
    <section className="banner-carousel" aria-roledescription={t`carousel`} aria-label={label} data-testid={testId}
      onPointerEnter={() => setHeld(true)} onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)} onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false); }}>
      <div className="banner-track" ref={track} onScroll={onScroll} aria-live={autoplay && !paused ? 'off' : 'polite'}
        onTouchStart={() => setHeld(true)} onTouchEnd={() => setHeld(false)}>
        {banners.map((b, i) => {
          const pos = i + 1;
          return (
            <div key={b.id} className="banner-slide" role="group" aria-roledescription={t`slide`} aria-label={t`${pos} of ${n}`} data-testid="banner-slide">
              <BannerLink banner={b} lang={lang}>
                <img src={b.image} alt={b.title} width={b.width} height={b.height} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={first && i === 0 ? 'high' : 'auto'} decoding="async" draggable={false}
                  onError={(e) => { if (e.currentTarget.src !== BLANK_PIXEL) e.currentTarget.src = BLANK_PIXEL; }} />
              </BannerLink>
            </div>
          );
        })}
      </div>
      {n > 1 && (
        <div className="banner-controls">
          {autoplay && (
            <button type="button" className="banner-pause" onClick={() => setPaused((p) => !p)} aria-pressed={paused}
              aria-label={paused ? t`Play banners` : t`Pause banners`}>
              <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
            </button>
          )}
          <div className="banner-dots">
            {banners.map((b, i) => {
              const pos = i + 1;
              return (
                <button key={b.id} type="button" className="banner-dot" aria-label={t`Show banner ${pos}`} aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}><span aria-hidden="true" /></button>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The carousel's shape while its banners load: the first banner the server put in the boot shell
 * of this page when there is one (the same image, already fetched: no flash), else a plain box.
 */
export function BannerSkeleton() {
  const bootBanner = bootBannerHere();
  if (bootBanner) {
    return <div className="banner-carousel" aria-hidden="true"><img src={bootBanner.src} alt="" width={bootBanner.width} height={bootBanner.height} fetchPriority="high" /></div>;
  }
  return <div className="banner-carousel banner-skeleton skeleton" aria-hidden="true" />;
}
