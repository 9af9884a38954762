import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { TransferPage } from '../../features/money/TransferPage.tsx';

/** Withdraw: online users of a site without login_screen / register_disabled. */
export const Route = createFileRoute('/$lang/withdraw')({
  beforeLoad: ({ params, location }) => guardRoute('withdraw', params.lang, location.href),
  component: function WithdrawRoute() {
    const { lang } = Route.useParams();
    return <TransferPage lang={lang} transferType={1} />;
  },
});
