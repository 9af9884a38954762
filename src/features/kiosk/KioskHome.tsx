import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingLoaded, RedeemView, RetailFailure, TicketView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { CodeEntry } from './CodeEntry.tsx';
import { TicketCard } from './TicketCard.tsx';
import { printVoucher, printZReport } from './print-ticket.ts';
import { BackIcon, CouponsIcon, SportsIcon } from '../../ui/icons.tsx';
import { PairingScreen } from './PairingScreen.tsx';

type Mode = 'menu' | 'ticket' | 'voucher' | 'booking';
type Shown = { kind: 'ticket'; view: TicketView } | { kind: 'paid'; view: RedeemView } | { kind: 'booking'; view: BookingLoaded } | { kind: 'error'; text: string } | null;

const svg = { width: 56, height: 56, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round', className: 'tile-icon', 'aria-hidden': true } as const;
const WalletIcon = () => <svg {...svg}><rect x="3" y="6" width="18" height="13" rx="2" /><path d="M3 10h18M16 14.5h2" /></svg>;
const QrIcon = () => <svg {...svg}><rect x="3" y="3" width="7" height="7" /><rect x="14" y="3" width="7" height="7" /><rect x="3" y="14" width="7" height="7" /><path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" /></svg>;

/** Demo notes the cash button inserts (minor units). */
const DEMO_NOTES = [1_000, 2_000, 5_000];

/**
 * The kiosk's home: the credit of the session with cash in and cash out, and the three
 * things a customer comes for: bet, check and pay a ticket or voucher, load a booking code.
 */
export function KioskHome({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { user, known } = useSession();
  const [mode, setMode] = useState<Mode>('menu');
  const [shown, setShown] = useState<Shown>(null);
  const [busy, setBusy] = useState(false);
  const [credit, setCredit] = useState<{ text: string; amount: number; demo: boolean } | null>(null);

  // Only the latest reply counts: a slow earlier one (under load) must not show a stale credit.
  const asked = useRef(0);
  const refresh = useCallback(() => {
    const n = ++asked.current;
    return core.kioskCredit().then((c) => { if (n === asked.current) setCredit('ok' in c ? null : { text: c.creditText, amount: c.credit, demo: c.demo }); });
  }, []);
  // Again when the kiosk is paired: the credit is the new session's, so the session is the trigger.
  const userId = user?.userId;
  // oxlint-disable-next-line react/exhaustive-effect-dependencies
  useEffect(() => { void refresh(); }, [refresh, userId]);

  const run = async <T,>(work: () => Promise<T | RetailFailure>, show: (v: T) => Shown) => {
    setBusy(true);
    try {
      const r = await work();
      setShown(r && typeof r === 'object' && 'ok' in r && r.ok === false ? { kind: 'error', text: (r as RetailFailure).text } : show(r as T));
    } catch {
      setShown({ kind: 'error', text: t`No connection. Try again.` });
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const paid = (v: RedeemView): Shown => {
    if (v.voucher) void printVoucher(lang, v.voucher.code);
    return { kind: 'paid', view: v };
  };
  const open = (m: Mode) => { setMode(m); setShown(null); };


  if (known && !user) return <PairingScreen />;
  if (user && user.userType !== 'T') return <p className="kiosk-msg bad"><Trans>This page is for shop terminals.</Trans></p>;

  return (
    <div className={mode === 'menu' ? 'kiosk-page kiosk-home' : 'kiosk-page kiosk-home entering'} data-testid="kiosk-home">
      <section className="kiosk-credit" aria-live="polite">
        <div><div className="label"><Trans>Your credit</Trans></div><div className="amount" data-testid="kiosk-credit">{credit?.text ?? '…'}</div></div>
        <button type="button" className="btn btn-primary kiosk-big" disabled={busy || !credit?.amount} data-testid="kiosk-cashout"
          onClick={() => void run(() => core.cashOut(), paid)}><Trans>Cash out</Trans></button>
      </section>
      {credit?.demo && (
        <div className="kiosk-row kiosk-notes" role="group" aria-label={t`Insert cash (demo)`}>
          {DEMO_NOTES.map((n) => (
            <button key={n} type="button" className="btn" disabled={busy} data-testid={`kiosk-cash-${n}`}
              onClick={() => { setBusy(true); void core.cashIn(n).finally(() => { setBusy(false); void refresh(); }); }}>
              <Trans>Insert {n / 100} TL (demo)</Trans>
            </button>
          ))}
        </div>
      )}
      {mode === 'menu' ? (
        <>
          <div className="kiosk-tiles">
            <Link to="/$lang" params={{ lang }} className="kiosk-tile primary" data-testid="kiosk-bet">
              <SportsIcon className="tile-icon" aria-hidden="true" /><span><Trans>Bet now</Trans><small><Trans>Today's matches and live</Trans></small></span>
            </Link>
            <button type="button" className="kiosk-tile" onClick={() => open('ticket')} data-testid="kiosk-ticket">
              <CouponsIcon className="tile-icon" aria-hidden="true" /><span><Trans>Check a ticket</Trans><small><Trans>Scan or type the code</Trans></small></span>
            </button>
            <button type="button" className="kiosk-tile" onClick={() => open('voucher')} data-testid="kiosk-voucher">
              <WalletIcon /><span><Trans>Redeem a voucher</Trans><small><Trans>Add it to your credit</Trans></small></span>
            </button>
            <button type="button" className="kiosk-tile" onClick={() => open('booking')} data-testid="kiosk-booking">
              <QrIcon /><span><Trans>Booking code</Trans><small><Trans>Load a slip saved on your phone</Trans></small></span>
            </button>
          </div>
          <footer className="kiosk-foot">
            <p><Trans>How it works: insert cash, bet, take your printed ticket. Winning tickets are paid here or at the counter.</Trans></p>
            <p className="rg"><Trans>Gambling can be addictive. Over 18s only.</Trans></p>
            <button type="button" className="btn kiosk-staff" onClick={() => void printZReport(lang, new Date().toISOString().slice(0, 10))} data-testid="kiosk-z"><Trans>Day report (Z)</Trans></button>
          </footer>
        </>
      ) : (
        <>
          <button type="button" className="btn kiosk-back" onClick={() => open('menu')} data-testid="kiosk-back"><BackIcon aria-hidden="true" /> <Trans>Back</Trans></button>
          {mode === 'ticket' && <CodeEntry keys folded={!!shown} camera title={t`Ticket code`} busy={busy} testId="kiosk-code" onSubmit={(c) => void run(() => core.ticketCheck(c), (v) => ({ kind: 'ticket', view: v }))} />}
          {mode === 'voucher' && <CodeEntry keys folded={!!shown} camera title={t`Voucher code`} busy={busy} testId="kiosk-code" onSubmit={(c) => void run(() => core.redeemTicket(c), paid)} />}
          {mode === 'booking' && <CodeEntry keys folded={!!shown} camera title={t`Booking code`} busy={busy} testId="kiosk-code" onSubmit={(c) => void run(() => core.loadBooking(c), (v) => ({ kind: 'booking', view: v }))} />}
        </>
      )}
      {shown?.kind === 'error' && <p className="kiosk-msg bad" role="alert" data-testid="kiosk-error">{shown.text}</p>}
      {shown?.kind === 'ticket' && (
        <>
          <TicketCard ticket={shown.view} lines />
          {shown.view.status === 'won' && (
            <button type="button" className="btn btn-primary kiosk-big kiosk-pay" disabled={busy} data-testid="kiosk-pay"
              onClick={() => void run(() => core.redeemTicket(shown.view.code), paid)}><Trans>Pay out {shown.view.payoutText} as a voucher</Trans></button>
          )}
        </>
      )}
      {shown?.kind === 'paid' && (
        <div className="kiosk-msg good" role="status" data-testid="kiosk-paid">
          <p>{shown.view.text} · <b>{shown.view.amountText}</b></p>
          {shown.view.voucher && (
            <>
              <p><Trans>Voucher</Trans> <b dir="ltr" data-testid="kiosk-voucher-code">{shown.view.voucher.codeText}</b> · <Trans>valid until {shown.view.voucher.expiresText}</Trans></p>
              <button type="button" className="btn" onClick={() => shown.view.voucher && void printVoucher(lang, shown.view.voucher.code)}><Trans>Print again</Trans></button>
            </>
          )}
        </div>
      )}
      {shown?.kind === 'booking' && (
        <div className="kiosk-msg good" role="status" data-testid="kiosk-booking-loaded">
          <p><Trans>{shown.view.selections} selections are on the slip at today's odds.</Trans></p>
          {shown.view.changed.length > 0 && (
            <ul data-testid="kiosk-booking-changed">{shown.view.changed.map((c, i) => <li key={i}>{c.matchName}: {c.text}</li>)}</ul>
          )}
          <Link to="/$lang/betslip" params={{ lang }} className="btn btn-primary" data-testid="kiosk-to-slip"><Trans>Go to the slip</Trans></Link>
        </div>
      )}
      {shown && mode !== 'menu' && (
        <button type="button" className="btn kiosk-big kiosk-again" onClick={() => setShown(null)} data-testid="kiosk-again"><Trans>Enter another code</Trans></button>
      )}
    </div>
  );
}
