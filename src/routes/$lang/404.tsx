import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { NotFoundPage } from '../../features/content/StatusPages.tsx';

/** The 404 page. */
export const Route = createFileRoute('/$lang/404')({
  beforeLoad: ({ params, location }) => guardRoute('404', params.lang, location.href),
  component: function NotFoundRoute() {
    const { lang } = Route.useParams();
    return <NotFoundPage lang={lang} />;
  },
});
