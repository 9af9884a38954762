import type { ReactNode } from 'react';
import { LINE_ICON } from './icons.tsx';

/*
 * A line icon per sport id of section 9, for headers, chips and tabs. Inline SVG rather than emoji:
 * the emoji font (Noto Color Emoji on Android and Linux) is loaded cold on a first visit and
 * lengthened Home's first layout; without one (a Linux kiosk) emoji show as boxes; and
 * they look different on every system.
 * Sized 1em, so the surrounding font-size sets it, as it did for the glyphs.
 */
const PATHS: Record<number, ReactNode> = {
  // All sports (the live list's first tab): a grid.
  0: <><rect x="4" y="4" width="6.5" height="6.5" rx="1.5" /><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" /><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" /><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" /></>,
  // Football: a ball with its centre panel and seams.
  1: <><circle cx="12" cy="12" r="9" /><path d="m12 7.5 4.3 3.1-1.6 5h-5.4l-1.6-5z" /><path d="M12 7.5V3m4.3 7.6 4.3-1.4m-5.9 6.4 2.7 3.6m-8.1-3.6-2.7 3.6m1.1-8.6L3.4 9.2" /></>,
  // Basketball: a ball with its cross and side curves.
  3: <><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3v18M6 5.3a9 9 0 0 1 0 13.4M18 5.3a9 9 0 0 0 0 13.4" /></>,
  // Ice hockey: a stick and a puck.
  4: <><path d="M6 3l6.5 13.5a2 2 0 0 0 1.8 1.1H21" /><ellipse cx="7" cy="18.5" rx="3.5" ry="1.8" /></>,
  // Tennis: a racket and a ball.
  5: <><ellipse cx="14" cy="9" rx="5.5" ry="6.5" transform="rotate(45 14 9)" /><path d="m9.8 13.2-6.3 6.3" /><circle cx="6" cy="6" r="2" /></>,
  // Handball: a ball with its panels.
  6: <><circle cx="12" cy="12" r="9" /><path d="M12 3c-3.5 4.5-3.5 13.5 0 18M4.5 7.5c5 1.5 10 1.5 15 0M4.5 16.5c5-1.5 10-1.5 15 0" /></>,
  // Baseball: a ball with its two seams.
  7: <><circle cx="12" cy="12" r="9" /><path d="M7.5 4.2c2.3 4.4 2.3 11.2 0 15.6M16.5 4.2c-2.3 4.4-2.3 11.2 0 15.6" /></>,
  // Volleyball: a ball with its three curved panels.
  23: <><circle cx="12" cy="12" r="9" /><path d="M12 12V3m0 9 7.8 4.5M12 12l-7.8 4.5M12 3c3.5 2 5.5 5.5 5.5 9.5m2.3 3c-3.5 2-7.5 2.2-11 .2M4.2 16.5C4 12.5 5.8 8.8 8.5 6.7" /></>,
  // Table tennis: a paddle and a ball.
  41: <><circle cx="10" cy="10" r="6.5" /><path d="m14.6 14.6 5.4 5.4" /><circle cx="19" cy="5" r="1.8" /></>,
};
// Esports (109-111): a game controller.
const ESPORTS = <><path d="M7 7h10a5 5 0 0 1 5 5v3a3 3 0 0 1-5.2 2L15 15H9l-1.8 2A3 3 0 0 1 2 15v-3a5 5 0 0 1 5-5z" /><path d="M7 10v4M5 12h4" /><circle cx="16" cy="11" r=".6" /><circle cx="18" cy="13" r=".6" /></>;
// Any other sport: a plain dot, as the glyphs' '•' was.
const OTHER = <circle cx="12" cy="12" r="2.5" fill="currentColor" />;

export function SportIcon({ id }: { id: number }) {
  const body = PATHS[id] ?? (id >= 109 && id <= 111 ? ESPORTS : OTHER);
  return (
    <svg {...LINE_ICON} className="sport-icon" width="1em" height="1em" strokeWidth={1.8} focusable="false">
      {body}
    </svg>
  );
}
