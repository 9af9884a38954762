import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketView } from '../../../workers/core/api.ts';

/** The status words of a ticket. */
export function useTicketStatus(): Record<TicketView['status'], string> {
  const { t } = useLingui();
  return { waiting: t`Waiting`, won: t`Won`, lost: t`Lost`, cancelled: t`Cancelled`, sold: t`Sold`, paid: t`Paid`, expired: t`Expired` };
}

/** A checked ticket: status and payout, and (on the kiosk) its selections. */
export function TicketCard({ ticket, lines = false }: { ticket: TicketView; lines?: boolean }) {
  const status = useTicketStatus();
  return (
    <section className="ticket-card" aria-live="polite" data-testid="ticket-card">
      <div className={`status ${ticket.status}`} data-testid="ticket-status">{status[ticket.status]}</div>
      <div className="figures">
        <span><Trans>Ticket code</Trans></span><b dir="ltr">{ticket.code}</b>
        <span><Trans>Stake</Trans></span><b>{ticket.stakeText}</b>
        <span><Trans>Payout</Trans></span><b data-testid="ticket-payout">{ticket.payoutText}</b>
        {ticket.paidAtText && <><span><Trans>Paid on</Trans></span><b>{ticket.paidAtText}</b></>}
        {ticket.status === 'won' && <><span><Trans>Pay by</Trans></span><b>{ticket.expiresText}</b></>}
      </div>
      {lines && (
        <ul className="ticket-lines">
          {ticket.lines.map((l, i) => (
            <li key={i}><span><b>{l.matchName}</b><br /><span className="when">{l.dateText}</span> · {l.pick}</span><b>{l.oddsText}</b></li>
          ))}
        </ul>
      )}
    </section>
  );
}
