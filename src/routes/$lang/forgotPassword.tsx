import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ForgotPasswordPage } from '../../features/account/PasswordPages.tsx';

/** Forgot password: logged-out only. */
export const Route = createFileRoute('/$lang/forgotPassword')({
  beforeLoad: ({ params, location }) => guardRoute('forgotPassword', params.lang, location.href),
  component: function ForgotpasswordRoute() {
    const { lang } = Route.useParams();
    return <ForgotPasswordPage lang={lang} />;
  },
});
