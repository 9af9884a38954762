/**
 * The image store (server/media) on both databases: an upload through bo/uploadImage is
 * checked by its magic bytes and decoder, resized to its kind's widths in AVIF, WebP and a fallback,
 * audited, and served under a content-hashed URL with immutable caching (the format picked by the
 * Accept header); oversized, mislabelled, SVG and broken files are refused and store nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { sniffImageType, storeImage } from '../../server/media/store.ts';
import { MEDIA_KINDS, MEDIA_MAX_BYTES, type StoredImage } from '../../domain/content/media.ts';

const DRIVERS = await drivers();
const dir = mkdtempSync(join(tmpdir(), 'media-test-'));
const savedEnv = process.env.MEDIA_DIR;
process.env.MEDIA_DIR = dir;
afterAll(() => {
  if (savedEnv === undefined) delete process.env.MEDIA_DIR; else process.env.MEDIA_DIR = savedEnv;
  rmSync(dir, { recursive: true, force: true });
});

/** A photo-like test image (a gradient, with or without transparency). */
const picture = (w: number, h: number, format: 'png' | 'jpeg' | 'webp', alpha = false) => {
  const img = sharp({ create: { width: w, height: h, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 20, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(`<svg width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="#fc0"/></svg>`) }]);
  return img[format]().toBuffer();
};

describe('magic bytes', () => {
  it('names the image types we take and nothing else', async () => {
    expect(sniffImageType(await picture(10, 10, 'png'))).toBe('png');
    expect(sniffImageType(await picture(10, 10, 'jpeg'))).toBe('jpeg');
    expect(sniffImageType(await picture(10, 10, 'webp'))).toBe('webp');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.4'))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe.each(DRIVERS)('image store on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const who = useTeamAndDealer(h);
  let admin = '';
  beforeAll(() => { admin = who.admin(); });

  const upload = (kind: string, bytes: Buffer, cookie = admin) => h.call('bo/uploadImage', { kind, data: bytes.toString('base64') }, { cookie });
  const count = async () => ({
    media: (await h.db.query<{ n: number }>('select count(*)::int as n from media'))[0]!.n,
    audits: (await h.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'media.upload'"))[0]!.n,
    files: readdirSync(dir).length,
  });

  it('stores a banner in its widths and formats, audited, served immutable by content hash', async () => {
    const before = await count();
    const t0 = performance.now();
    const res = await upload('banner', await picture(1600, 575, 'jpeg'));
    const ms = performance.now() - t0;
    expect(res.statusCode).toBe(200);
    const image = json(res).image as StoredImage;
    console.log(`[media] banner 1600x575 JPEG -> 3 widths x (AVIF, WebP, JPEG) in ${ms.toFixed(0)} ms on ${driver}`);
    expect(image).toMatchObject({ kind: 'banner', width: 1600, height: 575, widths: [...MEDIA_KINDS.banner.widths], fallback: 'jpg' });
    expect(image.id).toMatch(/^[0-9a-f]{24}$/);
    expect(image.url).toBe(`/media/${image.id}-1170`);
    expect(image.srcset.webp).toBe(`/media/${image.id}-390.webp 390w, /media/${image.id}-780.webp 780w, /media/${image.id}-1170.webp 1170w`);
    const after = await count();
    expect({ ...after, files: 0 }).toEqual({ media: before.media + 1, audits: before.audits + 1, files: 0 });
    expect(readdirSync(dir).filter((f) => f.startsWith(image.id)).sort()).toEqual(
      [390, 780, 1170].flatMap((w) => ['avif', 'jpg', 'webp'].map((f) => `${image.id}-${w}.${f}`)).sort());

    // Each file is the width named, in the format named.
    for (const [fmt, mime] of [['avif', 'image/avif'], ['webp', 'image/webp'], ['jpg', 'image/jpeg']] as const) {
      const r = await h.app.inject({ method: 'GET', url: `/media/${image.id}-780.${fmt}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe(mime);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(r.rawPayload).metadata();
      expect(meta.width).toBe(780);
      expect(meta.height).toBe(Math.round(575 * 780 / 1600));
    }
    // Without a format the Accept header picks one; the banner path serves the same files.
    const neg = async (accept: string, url = image.url) => (await h.app.inject({ method: 'GET', url, headers: { accept } })).headers;
    expect(await neg('image/avif,image/webp,*/*')).toMatchObject({ 'content-type': 'image/avif', vary: 'Accept' });
    expect((await neg('image/webp,*/*'))['content-type']).toBe('image/webp');
    expect((await neg('*/*'))['content-type']).toBe('image/jpeg');
    expect((await neg('image/webp', `/banners/media/${image.id}-1170`))['content-type']).toBe('image/webp');
    // The same upload again: the same id, nothing new stored.
    const again = json(await upload('banner', await picture(1600, 575, 'jpeg'))).image as StoredImage;
    expect(again.id).toBe(image.id);
    expect((await count()).media).toBe(after.media);
  });

  it('boxes a logo into squares with transparency, PNG fallback; a small image is not enlarged', async () => {
    const logo = json(await upload('logo', await picture(300, 150, 'png', true))).image as StoredImage;
    expect(logo).toMatchObject({ widths: [32, 64, 128], fallback: 'png' });
    const r = await h.app.inject({ method: 'GET', url: `/media/${logo.id}-64.png` });
    const meta = await sharp(r.rawPayload).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([64, 64, true]);
    const small = json(await upload('banner', await picture(300, 100, 'webp'))).image as StoredImage;
    expect(small.widths).toEqual([390]);
    const s = await h.app.inject({ method: 'GET', url: `/media/${small.id}-390.webp` });
    expect((await sharp(s.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses what is not an image, too large, or broken, and stores nothing', async () => {
    const before = await count();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const png = await picture(200, 200, 'png');
    const cases: Array<[string, Buffer, string]> = [
      ['svg', svg, 'imageInvalid'],
      ['text named png', Buffer.from('hello, not an image at all'), 'imageInvalid'],
      ['truncated png', png.subarray(0, 60), 'imageInvalid'],
      ['png header on jpeg bytes', Buffer.concat([png.subarray(0, 8), (await picture(50, 50, 'jpeg')).subarray(8)]), 'imageInvalid'],
      ['over the size', Buffer.concat([png, Buffer.alloc(MEDIA_MAX_BYTES + 1000 - png.length)]), 'imageTooLarge'],
    ];
    for (const [what, bytes, error] of cases) {
      const res = await upload('banner', bytes);
      expect({ what, code: res.statusCode, error: json(res).error, status: json(res).status }).toEqual({ what, code: 422, error, status: false });
    }
    // A body past the upload limit, a kind we do not know, bad base64: refused before any work.
    expect((await h.call('bo/uploadImage', { kind: 'banner', data: 'A'.repeat(8 * 1024 * 1024) }, { cookie: admin })).statusCode).toBe(413);
    expect((await h.call('bo/uploadImage', { kind: 'poster', data: png.toString('base64') }, { cookie: admin })).statusCode).toBe(400);
    expect((await h.call('bo/uploadImage', { kind: 'banner', data: '**not base64**' }, { cookie: admin })).statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('refuses a dealer (no content permission) and a visitor', async () => {
    const png = await picture(40, 40, 'png');
    expect((await upload('logo', png, who.dealer())).statusCode).toBe(403);
    expect((await upload('logo', png, '')).statusCode).toBe(401);
  });

  it('answers 404 for names that are not ours (no path escape)', async () => {
    for (const url of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/abc-390.webp', `/media/${'0'.repeat(24)}-390.webp`, '/media/x.svg']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
    }
  });

  it('storeImage is callable from other modules (returns the same shape)', async () => {
    const img = await storeImage(h.db, await picture(200, 200, 'jpeg'), 'game');
    expect(img.widths).toEqual([180]);
    expect(img.urls.fallback).toBe(`/media/${img.id}-180.jpg`);
  });
});
