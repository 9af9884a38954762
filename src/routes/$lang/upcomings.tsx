import { createFileRoute, redirect } from '@tanstack/react-router';

/** The upcomings path redirects to UpHigh act 2 (section 2). */
export const Route = createFileRoute('/$lang/upcomings')({
  beforeLoad: ({ params }) => { throw redirect({ to: '/$lang/uphigh', params, search: { act: 2 }, replace: true }); },
});
