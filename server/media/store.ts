/**
 * The image store: an upload is checked (size, magic bytes, what the decoder reads),
 * turned upright, resized to the widths its kind is drawn at (domain/content/media.ts) and written
 * as AVIF, WebP and a PNG/JPEG fallback into the media folder, under names made of a hash of the
 * kind and bytes. A file never changes once written, so it is served with immutable caching.
 * The folder is MEDIA_DIR, else DATA_DIR/media (./data/media): with several server processes on
 * several hosts it must be a shared volume.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Queryable } from '../db/client.ts';
import {
  describeImage, MEDIA_KINDS, MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, mediaFile,
  type MediaFormat, type MediaKind, type StoredImage,
} from '../../domain/content/media.ts';

/** The folder of the image files (read at each use, so tests may point it elsewhere). */
export function mediaDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.MEDIA_DIR || join(env.DATA_DIR || './data', 'media'));
}

/** Why an upload was refused: too big, or not an image of a type we take. */
export class MediaError extends Error {
  constructor(readonly reason: 'tooLarge' | 'badType' | 'badImage') {
    super(reason);
  }
}

type SourceType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** The image type the first bytes announce (null: none we take; SVG is refused, it can hold script). */
export function sniffImageType(b: Uint8Array): SourceType | null {
  const at = (i: number, s: string) => [...s].every((c, k) => b[i + k] === c.charCodeAt(0));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && at(1, 'PNG\r\n\x1a\n')) return 'png';
  if (b.length >= 6 && (at(0, 'GIF87a') || at(0, 'GIF89a'))) return 'gif';
  if (b.length >= 12 && at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  if (b.length >= 12 && at(4, 'ftyp') && (at(8, 'avif') || at(8, 'avis'))) return 'avif';
  return null;
}

// What sharp's metadata calls each type (AVIF is read by its HEIF loader).
const DECODED_AS: Record<SourceType, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

const exists = (p: string) => stat(p).then(() => true, () => false);

/**
 * Stores an uploaded image of a kind and returns its URLs. The same kind and bytes give the same
 * id (stored once). Throws MediaError for a refused upload. The caller audits its own action.
 */
export async function storeImage(db: Queryable, bytes: Uint8Array, kind: MediaKind, opts: { by?: number; now?: number; dir?: string } = {}): Promise<StoredImage> {
  if (bytes.length > MEDIA_MAX_BYTES) throw new MediaError('tooLarge');
  const type = sniffImageType(bytes);
  if (!type) throw new MediaError('badType');
  const id = createHash('sha256').update(kind).update('\0').update(bytes).digest('hex').slice(0, 24);
  const [seen] = await db.query<{ kind: MediaKind; width: number; height: number; widths: number[]; fallback: 'png' | 'jpg' }>(
    'select kind, width, height, widths, fallback from media where id = $1', [id]);
  const dir = opts.dir ?? mediaDir();
  if (seen && await exists(join(dir, mediaFile(id, seen.widths[0]!, seen.fallback)))) return describeImage({ id, ...seen });

  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS }).metadata();
  } catch {
    throw new MediaError('badImage');
  }
  if (meta.format !== DECODED_AS[type] || !meta.width || !meta.height) throw new MediaError('badImage');
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) throw new MediaError('tooLarge');
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const spec = MEDIA_KINDS[kind];
  const fits = spec.square ? spec.widths.filter((w) => w <= Math.max(width, height) * 2) : spec.widths.filter((w) => w <= width);
  const widths = fits.length ? [...fits] : [spec.widths[0]!];
  const fallback: 'png' | 'jpg' = spec.square || meta.hasAlpha ? 'png' : 'jpg';

  await mkdir(dir, { recursive: true });
  try {
    for (const w of widths) {
      const base = sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS }).rotate().resize(
        spec.square
          ? { width: w, height: w, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }
          : { width: w, withoutEnlargement: true });
      const encoders: Record<MediaFormat, () => Sharp> = {
        avif: () => base.clone().avif({ quality: 55, effort: 2 }),
        webp: () => base.clone().webp({ quality: 80 }),
        png: () => base.clone().png({ compressionLevel: 9, palette: spec.square }),
        jpg: () => base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }),
      };
      for (const f of ['avif', 'webp', fallback] as const) {
        await writeAtomic(join(dir, mediaFile(id, w, f)), await encoders[f]().toBuffer());
      }
    }
  } catch (err) {
    // A file the header passed but the decoder cannot read through (truncated, corrupt).
    if (err instanceof Error && /Input|corrupt|premature|bad|unsupported|VipsJpeg|pngload|webp|heif/i.test(err.message)) throw new MediaError('badImage');
    throw err;
  }
  await db.query(
    `insert into media (id, kind, source_type, source_bytes, width, height, widths, fallback, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing`,
    [id, kind, type, bytes.length, width, height, widths, fallback, opts.by ?? null, new Date(opts.now ?? Date.now())]);
  return describeImage({ id, kind, width, height, widths, fallback });
}

/** A stored image by id (null: none). */
export async function imageById(db: Queryable, id: string): Promise<StoredImage | null> {
  const [r] = await db.query<{ kind: MediaKind; width: number; height: number; widths: number[]; fallback: 'png' | 'jpg' }>(
    'select kind, width, height, widths, fallback from media where id = $1', [id]);
  return r ? describeImage({ id, ...r }) : null;
}
