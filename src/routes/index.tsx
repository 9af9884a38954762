import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentLang } from '../i18n/i18n.ts';

/** The root goes to Home in the current (stored or default) language. */
export const Route = createFileRoute('/')({
  beforeLoad: () => { throw redirect({ to: '/$lang', params: { lang: currentLang() } }); },
});
