import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { SettingsPage } from '../../features/account/SettingsPage.tsx';

/** Settings: login. */
export const Route = createFileRoute('/$lang/settings')({
  beforeLoad: ({ params, location }) => guardRoute('settings', params.lang, location.href),
  component: function SettingsRoute() {
    const { lang } = Route.useParams();
    return <SettingsPage lang={lang} />;
  },
});
