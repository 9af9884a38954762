import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { NotificationsPage } from '../../features/content/NotificationsPage.tsx';

/** Notifications: login; the open one is in the hash. */
export const Route = createFileRoute('/$lang/notifications')({
  beforeLoad: ({ params, location }) => guardRoute('notifications', params.lang, location.href),
  component: function NotificationsRoute() {
    return <NotificationsPage />;
  },
});
