/**
 * Serves the stored images (server/media/store.ts) at /media/<id>-<width>[.<format>], and at
 * /banners/media/... so a banner whose `url` is `media/<file>` loads through the banner path of the
 * app (domain/content/banner.ts). A name without a format gets the best one the browser's Accept
 * header takes (AVIF, WebP, else the fallback), with Vary: Accept. Names are content hashes:
 * cached for a year, immutable.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaFile, parseMediaName, type MediaFormat } from '../../domain/content/media.ts';
import { message } from '../../domain/messages.ts';
import { mediaDir } from './store.ts';

const TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** The formats to try for a request, best first. */
function formatsFor(asked: MediaFormat | null, accept: string): MediaFormat[] {
  if (asked) return [asked];
  const out: MediaFormat[] = [];
  if (accept.includes('image/avif')) out.push('avif');
  if (accept.includes('image/webp')) out.push('webp');
  return [...out, 'jpg', 'png'];
}

export function registerMediaFiles(app: FastifyInstance, opts: { dir?: string } = {}): void {
  const serve = async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const name = parseMediaName(req.params.name);
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ status: false, msg: message('notFound', 'tr') });
    if (!name) return notFound();
    const dir = opts.dir ?? mediaDir();
    for (const f of formatsFor(name.format, String(req.headers.accept ?? ''))) {
      const body = await readFile(join(dir, mediaFile(name.id, name.width, f))).catch(() => null);
      if (!body) continue;
      if (!name.format) reply.header('vary', 'Accept');
      return reply
        .header('content-type', TYPES[f])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${name.id}-${name.width}-${f}"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    }
    return notFound();
  };
  app.get('/media/:name', serve);
  app.get('/banners/media/:name', serve);
}
