import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../features/account/guard.ts';
import { ContactPage } from '../../features/content/ContactPage.tsx';

/** The contact form. */
export const Route = createFileRoute('/$lang/contact')({
  beforeLoad: ({ params, location }) => guardRoute('contact', params.lang, location.href),
  component: function ContactRoute() {
    return <ContactPage />;
  },
});
