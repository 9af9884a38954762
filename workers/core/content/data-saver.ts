/**
 * The player's data-saver choice, kept in IndexedDB like the other settings: true on,
 * false off, null to follow the browser (Save-Data / navigator.connection.saveData). The UI draws
 * no banner or team logo while it is on; the server leaves the first banner out of the HTML; the
 * worker asks for smaller pages of matches (workers/core/sports/sports-api.ts).
 */
import type { CoreContext } from '../context.ts';

const KEY = 'dataSaver';

/** The browser's own wish (Save-Data), as the worker's navigator reports it; false where it has none. */
const browserSaves = (): boolean =>
  Boolean((globalThis as { navigator?: { connection?: { saveData?: boolean } } }).navigator?.connection?.saveData);

/** The data-saver calls of the core. `browser` stands for the browser's wish (tests). */
export function createDataSaverApi(ctx: Pick<CoreContext, 'db'>, browser: () => boolean = browserSaves) {
  /** The choice as last read or set, so the other modules ask IndexedDB once. */
  let known: Promise<boolean | null> | null = null;
  const api = {
    /** The player's choice: true, false, or null (follow the browser). */
    async dataSaver(): Promise<boolean | null> {
      const row = await ctx.db.kv.get(KEY);
      return typeof row?.value === 'boolean' ? row.value : null;
    },
    /** Remembers the player's choice (null forgets it: the browser decides again). */
    async setDataSaver(on: boolean | null): Promise<void> {
      known = Promise.resolve(on);
      if (on === null) await ctx.db.kv.delete(KEY);
      else await ctx.db.kv.put({ key: KEY, value: on });
    },
    /** Whether data saver is on now: the player's choice, else the browser's. */
    async dataSaverOn(): Promise<boolean> {
      known ??= api.dataSaver().catch(() => null);
      return (await known) ?? browser();
    },
  };
  return api;
}
