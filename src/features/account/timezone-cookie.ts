import { core } from '../../core-client.ts';
import { setDisplayZone } from '../../ui/format.ts';

/** The zone of the cookie `timezone` ('' = the device's). */
export function readTimezoneCookie(): string {
  const m = /(?:^|;\s*)timezone=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : '';
}

/** Saves the choice in the cookie and tells the worker, which formats every date in it. */
export function saveTimezone(zone: string): void {
  document.cookie = `timezone=${encodeURIComponent(zone)}; path=/; max-age=${365 * 86_400}; samesite=lax`;
  setDisplayZone(zone);
  void core.setTimezone(zone);
}
