import { memo } from 'react';
import { useDataSaver } from '../pwa/data-saver.ts';
// A broken team logo is replaced by the blank pixel (section 8).
import { BLANK_PIXEL } from './icons.tsx';

/** A team logo by the address the worker built; decorative (the team name is next to it). */
export const TeamLogo = memo(function TeamLogo({ src, size = 18 }: { src: string | null | undefined; size?: number }) {
  // Data saver: no team logos.
  const saver = useDataSaver();
  if (!src || saver.on) return null;
  return (
    <img
      className="team-logo" src={src} alt="" width={size} height={size} loading="lazy" decoding="async"
      onError={(e) => { if (e.currentTarget.src !== BLANK_PIXEL) e.currentTarget.src = BLANK_PIXEL; }}
    />
  );
});
