/** Banner rules shared by the worker (Home's carousels) and the server (the HTML shell's first banner). */

/** Home's top carousel display state (account-platform.md section 7); 1 is the second strip. */
export const HOME_TOP_BANNER_STATE = 12;

/** Banner display states of the casino screens, by route (section 2): live casino and TV games 10, slots 3. */
export const CASINO_BANNER_STATE: Readonly<Partial<Record<string, number>>> = { livecasino: 10, tvgames: 10, casino: 3 };

/**
 * The carousel on top of a page, by the path after the language: Home's top strip, or a casino
 * lobby's (the first banner the server puts in the page's HTML, app-shell.ts). Undefined elsewhere.
 */
export function topBannerState(segments: readonly string[]): number | undefined {
  if (segments.length === 0) return HOME_TOP_BANNER_STATE;
  return segments.length === 1 ? CASINO_BANNER_STATE[segments[0]!] : undefined;
}

/** A banner image: {site_api}/yib/{url} (section 7), or the same-origin /banners/{url} when site_api is empty. */
export function bannerImageUrl(siteApi: string | undefined, url: string): string {
  const file = url.replace(/^\/+/, '');
  return siteApi ? `${siteApi.replace(/\/$/, '')}/yib/${file}` : `/banners/${file}`;
}

/**
 * A stored image as the back office shows it and sends it back: an address (https:, or a path of
 * the site: /media/, /site/, /banners/) as it is; a bare file name (the demo's and the feed's
 * banners) as /banners/{name}, which the image-address check of the save calls accepts.
 */
export const storedImageAddress = (url: string): string => (/^(https:|\/)/.test(url) ? url : `/banners/${url}`);
