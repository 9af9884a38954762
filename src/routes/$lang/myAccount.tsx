import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { MyAccountPage } from '../../features/account/MyAccountPage.tsx';

/** The account hub: login. */
export const Route = createFileRoute('/$lang/myAccount')({
  beforeLoad: ({ params, location }) => guardRoute('myAccount', params.lang, location.href),
  component: function MyaccountRoute() {
    const { lang } = Route.useParams();
    return <MyAccountPage lang={lang} />;
  },
});
