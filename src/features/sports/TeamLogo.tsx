import { memo } from 'react';
import { useDataSaver } from '../../pwa/data-saver.ts';

/** A 1x1 transparent GIF: what a broken team logo is replaced by (section 8). */
export const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** A team logo by the address the worker built; decorative (the team name is next to it). */
export const TeamLogo = memo(function TeamLogo({ src, size = 18 }: { src: string | null | undefined; size?: number }) {
  // Data saver: no team logos (issue 17).
  const saver = useDataSaver();
  if (!src || saver.on) return null;
  return (
    <img
      className="team-logo" src={src} alt="" width={size} height={size} loading="lazy" decoding="async"
      onError={(e) => { if (e.currentTarget.src !== BLANK_PIXEL) e.currentTarget.src = BLANK_PIXEL; }}
    />
  );
});
