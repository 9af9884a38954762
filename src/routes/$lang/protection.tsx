import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ProtectionPage } from '../../features/protection/ProtectionPage.tsx';

/** Responsible gaming: limits, reality check, break, self-exclusion, closure; login. */
export const Route = createFileRoute('/$lang/protection')({
  beforeLoad: ({ params, location }) => guardRoute('myAccount', params.lang, location.href),
  component: function ProtectionRoute() {
    return <ProtectionPage />;
  },
});
