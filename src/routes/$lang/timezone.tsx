import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { TimezonePage } from '../../features/account/TimezonePage.tsx';

/** Time zone: login. */
export const Route = createFileRoute('/$lang/timezone')({
  beforeLoad: ({ params, location }) => guardRoute('timezone', params.lang, location.href),
  component: function TimezoneRoute() {
    return <TimezonePage />;
  },
});
