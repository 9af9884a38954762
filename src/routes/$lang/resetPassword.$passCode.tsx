import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ResetPasswordPage } from '../../features/account/PasswordPages.tsx';

/** Reset password by the pass code of the e-mailed link: logged-out only. */
export const Route = createFileRoute('/$lang/resetPassword/$passCode')({
  beforeLoad: ({ params, location }) => guardRoute('resetPassword', params.lang, location.href),
  component: function ResetpasswordRoute() {
    const { lang } = Route.useParams();
    return <ResetPasswordPage lang={lang} passCode={Route.useParams().passCode} />;
  },
});
