/**
 * The images of the affiliate banners: drawn here as SVG at the banner's size, so the demo needs
 * no image files and an affiliate's copied code shows a real picture.
 */

const SIZE = /^(\d{2,4})x(\d{2,4})\.svg$/;

/** The SVG of a banner file name like '300x250.svg', or null for any other name. */
export function affiliateBannerSvg(file: string): string | null {
  const m = SIZE.exec(file);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w > 2000 || h > 2000) return null;
  const big = Math.max(14, Math.min(h * 0.3, w * 0.09));
  const small = Math.max(10, big * 0.5);
  const wide = w / h > 3;
  const cx = wide ? w * 0.36 : w / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1220"/><stop offset="1" stop-color="#12324f"/></linearGradient></defs>' +
    `<rect width="${w}" height="${h}" rx="8" fill="url(#g)"/>` +
    `<text x="${cx}" y="${wide ? h * 0.48 : h * 0.42}" fill="#ffffff" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${big}" text-anchor="middle">BetPWA</text>` +
    `<text x="${cx}" y="${wide ? h * 0.8 : h * 0.58}" fill="#9fb3c8" font-family="Arial,Helvetica,sans-serif" font-size="${small}" text-anchor="middle">Spor bahisleri ve casino</text>` +
    `<rect x="${wide ? w * 0.72 : w / 2 - w * 0.3}" y="${wide ? h * 0.28 : h * 0.7}" width="${wide ? w * 0.24 : w * 0.6}" height="${wide ? h * 0.44 : h * 0.16}" rx="6" fill="#22c55e"/>` +
    `<text x="${wide ? w * 0.84 : w / 2}" y="${wide ? h * 0.56 : h * 0.8}" fill="#04210f" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${small * 1.1}" text-anchor="middle" dominant-baseline="middle">Hemen Üye Ol</text>` +
    '</svg>';
}
