/** Casino settings from the environment (README: Casino). */

/**
 * Origins the app may frame games from (CSP frame-src): the site itself (the built-in demo
 * provider lives under /demo-provider/) and CASINO_FRAME_ORIGINS, comma-separated https origins.
 */
export function casinoFrameOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CASINO_FRAME_ORIGINS ?? '').split(',').map((s) => s.trim()).filter((s) => /^https?:\/\/[^/\s;,']+$/.test(s));
}

/** Where the demo provider sends its wallet calls; empty: this process itself. */
export const demoProviderWalletUrl = (env: NodeJS.ProcessEnv = process.env): string => env.DEMO_PROVIDER_WALLET_URL ?? '';
