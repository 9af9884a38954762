import { createFileRoute, redirect } from '@tanstack/react-router';
import { core } from '../core-client.ts';
import { currentLang, setSiteLanguages } from '../i18n/i18n.ts';

/** The root goes to Home in the current language: the stored one, else the site's `default_language`. */
export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    setSiteLanguages(await core.siteView());
    throw redirect({ to: '/$lang', params: { lang: currentLang() } });
  },
});
