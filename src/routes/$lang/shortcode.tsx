import { createFileRoute } from '@tanstack/react-router';
import { ShortCode } from '../../features/sports/ShortCode.tsx';

export const Route = createFileRoute('/$lang/shortcode')({
  component: function ShortCodeRoute() {
    const { lang } = Route.useParams();
    return <ShortCode lang={lang} />;
  },
});
