import { createFileRoute } from '@tanstack/react-router';
import { BetSlipPage } from '../../features/betslip/BetSlipPage.tsx';

export const Route = createFileRoute('/$lang/betslip')({
  component: function BetSlipRoute() {
    const { lang } = Route.useParams();
    return <BetSlipPage lang={lang} />;
  },
});
