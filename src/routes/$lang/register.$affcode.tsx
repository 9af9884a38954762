import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { RegisterPage } from '../../features/account/RegisterPage.tsx';

/** Register with an affiliate code. */
export const Route = createFileRoute('/$lang/register/$affcode')({
  beforeLoad: ({ params, location }) => guardRoute('register', params.lang, location.href),
  component: function RegisterRoute() {
    const { lang } = Route.useParams();
    return <RegisterPage lang={lang} affcode={Route.useParams().affcode} />;
  },
});
