import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { AccountPage } from '../../features/account/AccountPage.tsx';

/** Login: logged-out only; query nextUrl (where to go after login); header and footer hidden. */
export const Route = createFileRoute('/$lang/firstlogin')({
  validateSearch: (search: Record<string, unknown>): { nextUrl?: string } => (typeof search.nextUrl === 'string' ? { nextUrl: search.nextUrl } : {}),
  beforeLoad: ({ params, location }) => guardRoute('firstlogin', params.lang, location.href),
  component: function LoginRoute() {
    const { lang } = Route.useParams();
    const { nextUrl } = Route.useSearch();
    return <AccountPage lang={lang} nextUrl={nextUrl} />;
  },
});
