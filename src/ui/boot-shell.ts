/**
 * The boot shell of index.html: a still picture of the app painted before any script.
 * It lies over the page (fixed) until React has drawn the app under it, then goes, so nothing
 * moves. The page's first banner, when the server put it in the boot shell, is read here first so
 * that the page shows the same image while its banners load.
 */

/** The first banner the server put in the boot shell (Home and the casino lobbies), else null; `path` the page it came with. */
export interface BootBanner { src: string; alt: string; width: number; height: number; path: string }

function readBootBanner(): BootBanner | null {
  const img = document.querySelector<HTMLImageElement>('#boot .banner-carousel img');
  if (!img) return null;
  // The attributes, not img.width: that one lays the page out, inside the entry's evaluation.
  return { src: img.getAttribute('src') ?? '', alt: img.alt, width: Number(img.getAttribute('width')) || 1170, height: Number(img.getAttribute('height')) || 420, path: location.pathname };
}

/** Read once, at start, before the boot shell goes. */
const bootBanner: BootBanner | null = readBootBanner();

/** The boot shell's banner when the page shown now is the one it came with (not after a navigation). */
export function bootBannerHere(): BootBanner | null {
  const trim = (p: string) => p.replace(/\/+$/, '');
  return bootBanner && trim(bootBanner.path) === trim(location.pathname) ? bootBanner : null;
}

/**
 * Removes the boot shell once `root` holds the app's frame with its first page drawn (`.app` with
 * data-page: the layout draws the page a moment after the frame), after that frame is painted.
 */
export function removeBootShellWhenDrawn(root: HTMLElement): void {
  const boot = document.getElementById('boot');
  if (!boot) return;
  const DRAWN = '.app[data-page]';
  const done = (): void => { requestAnimationFrame(() => requestAnimationFrame(() => boot.remove())); };
  if (root.querySelector(DRAWN)) { done(); return; }
  const watch = new MutationObserver(() => {
    if (!root.querySelector(DRAWN)) return;
    watch.disconnect();
    done();
  });
  watch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-page'] });
}

/** Resolves once the boot shell has gone (the app has drawn its first frame); at once without one. */
export function bootShellGone(): Promise<void> {
  return new Promise((resolve) => {
    const boot = document.getElementById('boot');
    if (!boot?.parentNode) { resolve(); return; }
    const watch = new MutationObserver(() => {
      if (boot.isConnected) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(boot.parentNode, { childList: true });
  });
}
