import type { Messages } from '@lingui/core';
import { i18n } from '../../i18n/i18n.ts';

// The back office's own catalogue (lingui.config.ts): loaded with the back office, so none of its
// words sit in the player's start. One lazy chunk per language (each glob match is split); a
// language without one falls back to English, like the app's.
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/messages.po');

/** Adds the back office's words to the active language (i18n.load merges and re-renders). */
export async function loadBoWords(lang: string): Promise<void> {
  const { messages } = await (catalogs[`./locales/${lang}/messages.po`] ?? catalogs['./locales/en/messages.po']!)();
  i18n.load(i18n.locale, messages);
}
