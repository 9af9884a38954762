/**
 * The mobile stylesheet and general script the site settings may inject (account-platform.md
 * section 2; settings mobile_css and general_js): only a same-origin file directly under /site/
 * with the right extension is accepted, so the page's CSP (scripts from 'self') still holds and a
 * setting can never point the app at another host or up the folder tree.
 */
export function siteAssetPath(value: unknown, ext: 'css' | 'js'): string {
  if (typeof value !== 'string') return '';
  const name = value.startsWith('/site/') ? value.slice('/site/'.length) : '';
  return siteAssetName(name, ext) ? value : '';
}

/** A file name the /site/ folder serves: letters, digits, dot, dash, underscore; no dot-dot; the extension. */
export function siteAssetName(name: string, ext: 'css' | 'js'): boolean {
  return name.length <= 100 && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.includes('..') && name.endsWith(`.${ext}`);
}
