import { offeredLanguages, type LanguageRow } from '../../../domain/languages.ts';
import type { CoreContext } from '../context.ts';

/** The languages the site offers (account-platform.md section 7, the `languages` call). */
export function createLanguagesApi(ctx: CoreContext) {
  return {
    /** The offered languages with native names and the default; every language of section 9 when the server cannot answer. */
    async languages(): Promise<LanguageRow[]> {
      const r = await ctx.call<{ results?: LanguageRow[] }>('languages').catch(() => null);
      return r?.status && Array.isArray(r.results) && r.results.length ? r.results : offeredLanguages({});
    },
  };
}
