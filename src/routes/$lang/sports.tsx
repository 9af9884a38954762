import { createFileRoute, redirect } from '@tanstack/react-router';

/** 'sports' redirects to AllSports with type=sport (section 2). */
export const Route = createFileRoute('/$lang/sports')({
  beforeLoad: ({ params }) => { throw redirect({ to: '/$lang/allsports', params, search: { type: 'sport' }, replace: true }); },
});
