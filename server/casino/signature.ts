/**
 * Signatures of provider wallet calls. The demo protocol signs the raw body with HMAC-SHA256 and a
 * shared secret (hex in the X-Signature header); a real provider's module may verify an RSA
 * signature instead behind the same interface.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignatureVerifier {
  /** True when `signature` signs exactly `raw`. */
  verify(raw: Buffer, signature: string | undefined): boolean;
}

export const SIGNATURE_HEADER = 'x-signature';

export const hmacSign = (secret: string, raw: string | Buffer): string => createHmac('sha256', secret).update(raw).digest('hex');

export function hmacVerifier(secret: string): SignatureVerifier {
  return {
    verify(raw, signature) {
      if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
      const want = Buffer.from(hmacSign(secret, raw), 'hex');
      return timingSafeEqual(want, Buffer.from(signature, 'hex'));
    },
  };
}

/** Development default of the demo provider's secret; set DEMO_PROVIDER_SECRET in production. */
const DEV_SECRETS: Record<string, string> = { DEMO_PROVIDER_SECRET: 'demo-provider-dev-secret' };

/**
 * A provider's secret from the env variable its row names. The built-in default is public, so it
 * signs nothing on a production site without the demo data (NODE_ENV=production, DEMO=0): the demo
 * providers are in every database (migration 181), and a known secret would let anyone post wins.
 */
export const providerSecret = (envName: string, env: NodeJS.ProcessEnv = process.env): string =>
  (envName && env[envName]) || (env.NODE_ENV === 'production' && env.DEMO === '0' ? '' : DEV_SECRETS[envName]) || '';
