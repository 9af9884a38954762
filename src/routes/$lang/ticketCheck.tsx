import { createFileRoute } from '@tanstack/react-router';
import { TicketCheckPage } from '../../features/kiosk/TicketCheckPage.tsx';

/** The public ticket check: status and payout of a shop ticket's code, no login. */
export const Route = createFileRoute('/$lang/ticketCheck')({
  component: TicketCheckPage,
});
