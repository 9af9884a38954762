/** Banner rules shared by the worker (Home's carousels) and the server (the HTML shell's first banner). */

/** Home's top carousel display state (account-platform.md section 7); 1 is the second strip. */
export const HOME_TOP_BANNER_STATE = 12;

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
