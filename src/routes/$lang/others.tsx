import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { MenuPage } from '../../features/content/MenuPages.tsx';

/** The others menu. */
export const Route = createFileRoute('/$lang/others')({
  beforeLoad: ({ params, location }) => guardRoute('others', params.lang, location.href),
  component: function OthersRoute() {
    const { lang } = Route.useParams();
    return <MenuPage lang={lang} kind="others" />;
  },
});
