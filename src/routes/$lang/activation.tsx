import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ActivationPage } from '../../features/account/ActivationPage.tsx';

/** Account activation: the e-mail link (?code=) or an SMS code; logged-out only like Login. */
export const Route = createFileRoute('/$lang/activation')({
  validateSearch: (s: Record<string, unknown>): { code?: string; u?: string } => ({
    ...(typeof s.code === 'string' ? { code: s.code.slice(0, 100) } : {}),
    ...(typeof s.u === 'string' ? { u: s.u.slice(0, 20) } : {}),
  }),
  beforeLoad: ({ params, location }) => guardRoute('firstlogin', params.lang, location.href),
  component: function ActivationRoute() {
    const { lang } = Route.useParams();
    const { code, u } = Route.useSearch();
    return <ActivationPage lang={lang} code={code ?? ''} user={u ?? ''} />;
  },
});
