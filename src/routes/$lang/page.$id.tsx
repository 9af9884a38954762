import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { StaticPage } from '../../features/content/StaticPage.tsx';

/** A static page by id. */
export const Route = createFileRoute('/$lang/page/$id')({
  beforeLoad: ({ params, location }) => guardRoute('page', params.lang, location.href),
  component: function PageRoute() {
    return <StaticPage id={Number(Route.useParams().id)} />;
  },
});
