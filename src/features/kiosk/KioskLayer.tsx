import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { RETAIL_SETTINGS } from '../../../domain/retail/calls.ts';
import { core } from '../../core-client.ts';
import { useSlip } from '../../state/slip.ts';
import { showNotice } from '../../state/ui.ts';
import { printTicket } from './print-ticket.ts';
import { CouponsIcon, LiveIcon, SportsIcon } from '../../ui/icons.tsx';
import './kiosk.css';

/**
 * What a terminal session adds to every page (kiosk mode): the idle timer (a warning
 * after 60 s without a touch, then the slip is cleared and the kiosk goes home after 90 s; both
 * site settings), the
 * attract screen until the next touch, and the receipt of every ticket sold, printed at once.
 */
export default function KioskLayer({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [idle, setIdle] = useState(0);
  // The attract screen shows after an idle reset, until the next customer touches the screen.
  const [attract, setAttract] = useState(false);
  const last = useRef(0);
  const { view } = useSlip();

  // The idle timer's settings (back office, Shop and kiosk settings); the defaults until they arrive.
  const [limits, setLimits] = useState({ warn: RETAIL_SETTINGS.kioskIdleWarnSec, reset: RETAIL_SETTINGS.kioskIdleResetSec });
  // The timer reads them through a ref: their arrival does not restart the idle count.
  const limitsRef = useRef(limits);
  useEffect(() => {
    void core.kioskCredit().then((c) => {
      if ('ok' in c) return;
      limitsRef.current = { warn: c.idleWarnSec, reset: c.idleResetSec };
      setLimits(limitsRef.current);
    }).catch(() => undefined);
  }, []);

  useEffect(() => {
    last.current = Date.now();
    const touch = () => { last.current = Date.now(); setIdle(0); };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, touch, { capture: true, passive: true });
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - last.current) / 1000);
      if (s >= limitsRef.current.reset) {
        last.current = Date.now();
        setIdle(0);
        setAttract(true);
        void core.clearSlip();
        void navigate({ to: '/$lang/kiosk', params: { lang } });
      } else setIdle(s >= limitsRef.current.warn ? s : 0);
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, touch, { capture: true });
    };
  }, [lang, navigate]);

  // A ticket sold on this kiosk prints at once (a failed print cancels it: betting-core.md section 4).
  const printed = useRef<number | null | undefined>(undefined);
  const lastTicketId = view?.lastTicketId ?? null;
  useEffect(() => {
    if (printed.current === undefined) { printed.current = lastTicketId; return; }
    if (lastTicketId && lastTicketId !== printed.current) {
      printed.current = lastTicketId;
      void printTicket(lastTicketId).then((r) => {
        if (r !== 'printed') showNotice({ status: 2, key: '', text: r === 'cancelled' ? t`The receipt could not be printed, so the coupon was cancelled and the stake refunded.` : t`The receipt could not be printed.` });
      });
    }
  }, [lastTicketId, t]);

  return (
    <>
      <span hidden data-testid="kiosk-layer" />
      {idle > 0 && !attract && (
        <div className="kiosk-idle" role="alertdialog" aria-labelledby="kiosk-idle-title" data-testid="kiosk-idle">
          <div className="box">
            <p id="kiosk-idle-title"><Trans>Are you still there? The slip will be cleared in</Trans></p>
            <div className="count">{limits.reset - idle}</div>
            <button type="button" className="btn btn-primary" onClick={() => { last.current = Date.now(); setIdle(0); }}><Trans>I am still here</Trans></button>
          </div>
        </div>
      )}
      {attract && (
        <button type="button" className="kiosk-attract" onClick={() => setAttract(false)} data-testid="kiosk-attract">
          <span className="brand">BetPWA</span>
          <span className="icons" aria-hidden="true"><SportsIcon /><CouponsIcon /><LiveIcon /></span>
          <span className="touch"><Trans>Touch to start</Trans></span>
          <span className="sub what"><Trans>Bet on today's matches · Check your ticket · Load a booking code</Trans></span>
          <span className="sub rg"><Trans>Gambling can be addictive. Over 18s only.</Trans></span>
        </button>
      )}
    </>
  );
}
