/** Casino settings from the environment (README: Casino). */

/**
 * Origins the app may frame games from (CSP frame-src): the site itself (the built-in demo
 * provider lives under /demo-provider/) and CASINO_FRAME_ORIGINS, comma-separated https origins.
 */
export function casinoFrameOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const origins = (list: string | undefined) => (list ?? '').split(',').map((s) => s.trim()).filter((s) => /^https?:\/\/[^/\s;,']+$/.test(s));
  // Hub88's game URLs are on the hosts of its many studios: with Hub88 configured any https page
  // may be framed, unless HUB88_FRAME_ORIGINS names the hosts.
  const hub88 = env.HUB88_API_URL ? (origins(env.HUB88_FRAME_ORIGINS).length ? origins(env.HUB88_FRAME_ORIGINS) : ['https:']) : [];
  return [...origins(env.CASINO_FRAME_ORIGINS), ...hub88];
}

/** Where the demo provider sends its wallet calls; empty: this process itself. */
export const demoProviderWalletUrl = (env: NodeJS.ProcessEnv = process.env): string => env.DEMO_PROVIDER_WALLET_URL ?? '';
