/** What the casino suites share: the launch signature a demo provider page carries (server/casino/launch.ts signs it). */
import { hmacSign, launchText, providerSecret } from '../../server/casino/signature.ts';

/** The `sig` of a demo provider launch URL for these fields. */
export const launchSig = (token: string, game: string, mode: string, limit: string): string =>
  hmacSign(providerSecret('DEMO_PROVIDER_SECRET'), launchText({ token, game, mode, limit }));
