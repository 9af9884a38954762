import { createFileRoute } from '@tanstack/react-router';
import { TicketCheckPage } from '../../features/kiosk/TicketCheckPage.tsx';

/** The public ticket check (issue 15): status and payout of a shop ticket's code, no login. */
export const Route = createFileRoute('/$lang/ticketCheck')({
  component: TicketCheckPage,
});
