import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof matchMedia === 'function' ? matchMedia(QUERY) : null);

/** True while the player asks the system for less motion (counters jump, carousels stand still). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (cb) => { const m = media(); m?.addEventListener('change', cb); return () => m?.removeEventListener('change', cb); },
    () => media()?.matches ?? false,
    () => false,
  );
}
