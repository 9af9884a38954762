import { createFileRoute } from '@tanstack/react-router';
import { core } from '../core-client.ts';
import { activateLanguage } from '../i18n/i18n.ts';
import { isLang } from '../i18n/languages.ts';
import { BoApp } from '../features/backoffice/BoApp.tsx';

/**
 * The back office: /{lang}/bo/..., outside the player's shell (no tab bar, no live feed). Only this
 * small guard is in the route tree; BoApp and every screen load lazily (autoCodeSplitting).
 */
export const Route = createFileRoute('/$lang_/bo')({
  beforeLoad: async ({ params }) => {
    if (!isLang(params.lang)) return;
    await activateLanguage(params.lang);
    void core.setLang(params.lang);
  },
  component: BoApp,
});
