import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/AccountPage.tsx';

export const Route = createFileRoute('/$lang/firstlogin')({
  component: function LoginRoute() {
    const { lang } = Route.useParams();
    return <AccountPage lang={lang} />;
  },
});
