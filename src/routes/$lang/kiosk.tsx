import { createFileRoute } from '@tanstack/react-router';
import { KioskHome } from '../../features/kiosk/KioskHome.tsx';

/** Kiosk mode's home: a terminal session's credit, cash, ticket check and booking codes. */
export const Route = createFileRoute('/$lang/kiosk')({
  component: function KioskRoute() {
    const { lang } = Route.useParams();
    return <KioskHome lang={lang} />;
  },
});
