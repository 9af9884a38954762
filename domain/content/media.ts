/**
 * Images stored by the server (server/media): the kinds of image the app shows, the
 * widths each is resized to, and the stable URLs of a stored image. Shared by the server (which
 * writes and serves the files) and the back office (which shows what it uploaded).
 */

/** An image kind: the widths it is resized to (never enlarged) and whether it is boxed into a square. */
export interface MediaKindSpec {
  widths: readonly number[];
  /** Square logos: fitted whole into a width x width box on a transparent background. */
  square: boolean;
}

/**
 * The sizes the app draws: banners fill the phone's width (390 CSS px at 1x to 3x, the spec's
 * 1170 x 420), promotions and pop-ups likewise, casino game tiles are about 160 px wide, logos
 * (teams, leagues, payment methods) 16 to 48 px.
 */
export const MEDIA_KINDS = {
  banner: { widths: [390, 780, 1170], square: false },
  promo: { widths: [390, 780, 1170], square: false },
  game: { widths: [180, 360, 540], square: false },
  logo: { widths: [32, 64, 128], square: true },
} as const satisfies Record<string, MediaKindSpec>;
export type MediaKind = keyof typeof MEDIA_KINDS;
export const MEDIA_KIND_NAMES = Object.keys(MEDIA_KINDS) as MediaKind[];

/** Formats of every width: AVIF, WebP, and the fallback (PNG when the image has transparency, else JPEG). */
export type MediaFormat = 'avif' | 'webp' | 'png' | 'jpg';

/** The largest upload accepted, in bytes (before base64). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The largest upload accepted, in pixels (width x height), so a small file cannot decode to gigabytes. */
export const MEDIA_MAX_PIXELS = 40_000_000;

/** A stored image as the upload call returns it. All URLs are same-origin, content-hashed and immutable. */
export interface StoredImage {
  /** Content hash of the kind and the uploaded bytes: the same upload gives the same id. */
  id: string;
  kind: MediaKind;
  /** The original's size after orientation. */
  width: number;
  height: number;
  /** The widths actually written (the kind's widths up to the original's width; at least one). */
  widths: number[];
  fallback: 'png' | 'jpg';
  /** The largest width in the best format the browser accepts (the server picks by Accept). */
  url: string;
  /** The largest width in each format, for <picture> sources. */
  urls: Record<'avif' | 'webp' | 'fallback', string>;
  /** srcset strings ("url 390w, url 780w") of each format. */
  srcset: Record<'avif' | 'webp' | 'fallback', string>;
}

/** The URL path prefix every stored image is served under. */
export const MEDIA_PATH = '/media/';

/** The file name of one variant (no format: the server negotiates it). */
export const mediaFile = (id: string, width: number, format?: MediaFormat): string => `${id}-${width}${format ? `.${format}` : ''}`;

/** The same-origin URL of one variant. */
export const mediaUrl = (id: string, width: number, format?: MediaFormat): string => MEDIA_PATH + mediaFile(id, width, format);

/** A stored image's id, width and format from a URL or file name (null: not one of ours). */
export function parseMediaName(name: string): { id: string; width: number; format: MediaFormat | null } | null {
  const m = /^([0-9a-f]{24})-(\d{1,4})(?:\.(avif|webp|png|jpg))?$/.exec(name);
  if (!m) return null;
  return { id: m[1]!, width: Number(m[2]), format: (m[3] as MediaFormat | undefined) ?? null };
}

/** The reply fields of a stored image from what is kept of it. */
export function describeImage(r: { id: string; kind: MediaKind; width: number; height: number; widths: number[]; fallback: 'png' | 'jpg' }): StoredImage {
  const top = r.widths[r.widths.length - 1]!;
  const set = (f: MediaFormat) => r.widths.map((w) => `${mediaUrl(r.id, w, f)} ${w}w`).join(', ');
  return {
    ...r,
    url: mediaUrl(r.id, top),
    urls: { avif: mediaUrl(r.id, top, 'avif'), webp: mediaUrl(r.id, top, 'webp'), fallback: mediaUrl(r.id, top, r.fallback) },
    srcset: { avif: set('avif'), webp: set('webp'), fallback: set(r.fallback) },
  };
}
