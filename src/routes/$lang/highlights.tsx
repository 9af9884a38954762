import { createFileRoute, redirect } from '@tanstack/react-router';

/** The highlights path redirects to UpHigh act 1 (section 2). */
export const Route = createFileRoute('/$lang/highlights')({
  beforeLoad: ({ params }) => { throw redirect({ to: '/$lang/uphigh', params, search: { act: 1 }, replace: true }); },
});
