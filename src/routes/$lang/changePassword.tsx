import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ChangePasswordPage } from '../../features/account/PasswordPages.tsx';

/** Change password: login. */
export const Route = createFileRoute('/$lang/changePassword')({
  beforeLoad: ({ params, location }) => guardRoute('changePassword', params.lang, location.href),
  component: function ChangepasswordRoute() {
    const { lang } = Route.useParams();
    return <ChangePasswordPage lang={lang} />;
  },
});
