import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { MenuPage } from '../../features/content/MenuPages.tsx';

/** The support menu. */
export const Route = createFileRoute('/$lang/support')({
  beforeLoad: ({ params, location }) => guardRoute('support', params.lang, location.href),
  component: function SupportRoute() {
    const { lang } = Route.useParams();
    return <MenuPage lang={lang} kind="support" />;
  },
});
