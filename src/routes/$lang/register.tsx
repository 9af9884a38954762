import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { RegisterPage } from '../../features/account/RegisterPage.tsx';

/** Register: logged-out only, and only when register_disabled is not 1. */
export const Route = createFileRoute('/$lang/register')({
  beforeLoad: ({ params, location }) => guardRoute('register', params.lang, location.href),
  component: function RegisterRoute() {
    const { lang } = Route.useParams();
    return <RegisterPage lang={lang} />;
  },
});
