import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CasinoLiveView, JackpotTileView } from '../../../workers/core/api.ts';
import { CASINO_UI } from './constants.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/** The socket pushes every 5 s: a tile counts up over the same time, so the amount never stands still. */
const COUNT_MS = 5_000;

/**
 * An amount in ten-thousandths (the jackpot scale) with 4 decimals in the locale's format: formatted
 * from its decimal string, never through a float. The currency is drawn beside it by the tile.
 */
export function jackpotAmount(balance: number, view: Pick<CasinoLiveView, 'locale' | 'scale'>): string {
  const digits = CASINO_UI.jackpotDecimals;
  const b = Math.max(0, Math.round(balance));
  const whole = Math.floor(b / view.scale);
  const frac = String(b % view.scale).padStart(digits, '0').slice(0, digits);
  const opts = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  let f: Intl.NumberFormat;
  try { f = new Intl.NumberFormat(view.locale, opts); } catch { f = new Intl.NumberFormat('en', opts); }
  // a decimal string is formatted exactly (Intl.NumberFormat v3)
  return f.format(`${whole}.${frac}` as unknown as number);
}

/** One tile: its amount counts from what is shown to the new balance (jumps under reduced motion). */
function Tile({ tier, label, view, reduced }: { tier: JackpotTileView; label: string; view: CasinoLiveView; reduced: boolean }) {
  const out = useRef<HTMLElement>(null);
  const shown = useRef(tier.balance);
  // the text is drawn here, never by React: a re-render must not reset a count in progress
  useLayoutEffect(() => {
    if (out.current && !out.current.textContent) out.current.textContent = jackpotAmount(shown.current, view);
  }, [view]);
  useEffect(() => {
    const el = out.current;
    if (!el) return;
    const from = shown.current;
    const to = tier.balance;
    const draw = (b: number) => { shown.current = b; el.textContent = jackpotAmount(b, view); };
    if (reduced || to <= from) { draw(to); return; }
    const start = performance.now();
    let raf = 0;
    const step = (now: number) => {
      const k = Math.min(1, (now - start) / COUNT_MS);
      draw(Math.round(from + (to - from) * k));
      if (k < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [tier.balance, view, reduced]);
  return (
    <div className="jackpot-tile" data-tier={tier.key} data-light={tier.light} data-testid={`casino-jackpot-${tier.key}`}>
      <small>{label}</small>
      <span className="jackpot-amount" dir="ltr"><strong ref={out} aria-live="off" />{view.symbol && <span className="jackpot-cur">{view.symbol}</span>}</span>
    </div>
  );
}

/** The jackpot tiles (mega, daily, weekly for slots; daily for live casino), 130 px high. */
export function JackpotTiles({ tiers, view }: { tiers: readonly JackpotTileView[]; view: CasinoLiveView }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  if (!tiers.length) return null;
  const label = { mega: t`Mega jackpot`, daily: t`Daily jackpot`, weekly: t`Weekly jackpot` };
  return (
    <section className="jackpot-tiles" aria-label={t`Jackpots`} data-testid="casino-jackpots">
      {tiers.map((tier) => <Tile key={tier.key} tier={tier} label={label[tier.key]} view={view} reduced={reduced} />)}
    </section>
  );
}
