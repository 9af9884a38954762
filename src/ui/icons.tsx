import type { SVGProps } from 'react';

/** The attributes of the app's line icons (here, and the sports' in SportIcon). */
export const LINE_ICON = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
type P = SVGProps<SVGSVGElement>;

/** A transparent pixel: what an image that failed to load shows instead (logos, banners, game tiles). */
export const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export const HomeIcon = (p: P) => <svg {...LINE_ICON} {...p}><path d="M3 10.5 12 3l9 7.5" /><path d="M5 9.5V21h14V9.5" /></svg>;
export const LiveIcon = (p: P) => <svg {...LINE_ICON} {...p}><circle cx="12" cy="12" r="3" /><path d="M6.3 6.3a8 8 0 0 0 0 11.4M17.7 6.3a8 8 0 0 1 0 11.4" /></svg>;
export const SportsIcon = (p: P) => <svg {...LINE_ICON} {...p}><circle cx="12" cy="12" r="9" /><path d="m12 7 4 3-1.5 4.5h-5L8 10z" /></svg>;
export const CouponsIcon = (p: P) => <svg {...LINE_ICON} {...p}><path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z" /><path d="M9 8h6M9 12h6" /></svg>;
export const AccountIcon = (p: P) => <svg {...LINE_ICON} {...p}><circle cx="12" cy="8" r="4" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" /></svg>;
export const CloseIcon = (p: P) => <svg {...LINE_ICON} {...p}><path d="M6 6l12 12M18 6 6 18" /></svg>;
export const TrashIcon = (p: P) => <svg {...LINE_ICON} {...p}><path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" /></svg>;
export const BackIcon = (p: P) => <svg {...LINE_ICON} {...p} className="flip-rtl"><path d="M15 5l-7 7 7 7" /></svg>;
export const LockIcon = (p: P) => <svg {...LINE_ICON} {...p}><rect x="5" y="11" width="14" height="10" rx="2" /><path d="M8 11V8a4 4 0 0 1 8 0v3" /></svg>;
