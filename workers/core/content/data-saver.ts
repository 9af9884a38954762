/**
 * The player's data-saver choice (issue 17), kept in IndexedDB like the other settings: true on,
 * false off, null to follow the browser (Save-Data / navigator.connection.saveData). The UI draws
 * no banner or team logo while it is on; the server leaves the first banner out of the HTML.
 */
import type { CoreContext } from '../context.ts';

const KEY = 'dataSaver';

/** The data-saver calls of the core. */
export function createDataSaverApi(ctx: Pick<CoreContext, 'db'>) {
  return {
    /** The player's choice: true, false, or null (follow the browser). */
    async dataSaver(): Promise<boolean | null> {
      const row = await ctx.db.kv.get(KEY);
      return typeof row?.value === 'boolean' ? row.value : null;
    },
    /** Remembers the player's choice (null forgets it: the browser decides again). */
    async setDataSaver(on: boolean | null): Promise<void> {
      if (on === null) await ctx.db.kv.delete(KEY);
      else await ctx.db.kv.put({ key: KEY, value: on });
    },
  };
}
