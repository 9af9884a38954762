import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { LanguagesPage } from '../../features/account/LanguagesPage.tsx';

/** Languages: open. */
export const Route = createFileRoute('/$lang/languages')({
  beforeLoad: ({ params, location }) => guardRoute('languages', params.lang, location.href),
  component: function LanguagesRoute() {
    const { lang } = Route.useParams();
    return <LanguagesPage lang={lang} />;
  },
});
