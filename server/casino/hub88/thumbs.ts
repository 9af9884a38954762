/**
 * The tiles of Hub88's games, proxied: a thumbnail is fetched from Hub88's URL the first time a
 * player's lobby asks for it, checked to be an image (magic bytes, at most 2 MB) and kept in the
 * media folder, so the site's CSP keeps images same-origin and players' browsers never call the
 * image host. Only URLs of the synced list are fetched (never one from a request).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../db/client.ts';
import { sniffImageType } from '../../media/store.ts';

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' } as const;

export interface Thumb { bytes: Buffer; type: string }

export function hub88Thumbs(db: Queryable, dir: () => string, fetchImpl: typeof fetch = fetch): { get(gameId: number): Promise<Thumb | null> } {
  const pending = new Map<string, Promise<Thumb | null>>();
  async function load(gameId: number): Promise<Thumb | null> {
    const [g] = await db.query<{ url_thumb: string }>('select url_thumb from hub88_games where game_id = $1', [gameId]);
    if (!g || !/^https?:\/\//.test(g.url_thumb)) return null;
    const folder = join(dir(), 'hub88');
    // the name carries the URL's hash: a new thumbnail from Hub88 is a new file
    const stem = `${gameId}-${createHash('sha256').update(g.url_thumb).digest('hex').slice(0, 16)}`;
    const cached = (await readdir(folder).catch(() => [] as string[])).find((f) => f.startsWith(`${stem}.`));
    if (cached) {
      const ext = cached.slice(stem.length + 1) as keyof typeof TYPES;
      return { bytes: await readFile(join(folder, cached)), type: TYPES[ext] ?? 'application/octet-stream' };
    }
    const res = await fetchImpl(g.url_thumb, { signal: AbortSignal.timeout(5_000), redirect: 'follow' }).catch(() => null);
    if (!res?.ok) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    const kind = bytes.length <= MAX_BYTES ? sniffImageType(bytes) : null;
    if (!kind) return null;
    await mkdir(folder, { recursive: true });
    const tmp = join(folder, `${stem}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(tmp, bytes);
    await rename(tmp, join(folder, `${stem}.${kind}`));
    return { bytes, type: TYPES[kind] };
  }
  return {
    get(gameId) {
      const key = String(gameId);
      let p = pending.get(key);
      if (!p) {
        p = load(gameId).catch(() => null).finally(() => pending.delete(key));
        pending.set(key, p);
      }
      return p;
    },
  };
}
