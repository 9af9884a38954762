import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { TransferPage } from '../../features/money/TransferPage.tsx';

/** Deposit: online users of a site without login_screen / register_disabled. */
export const Route = createFileRoute('/$lang/deposit')({
  beforeLoad: ({ params, location }) => guardRoute('deposit', params.lang, location.href),
  component: function DepositRoute() {
    const { lang } = Route.useParams();
    return <TransferPage lang={lang} transferType={0} />;
  },
});
