import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { UserInformationPage } from '../../features/account/UserInformationPage.tsx';

/** User information: login. */
export const Route = createFileRoute('/$lang/userInformation')({
  beforeLoad: ({ params, location }) => guardRoute('userInformation', params.lang, location.href),
  component: function UserinformationRoute() {
    return <UserInformationPage />;
  },
});
