/**
 * Signatures of provider wallet calls. The demo protocol signs the raw body with HMAC-SHA256 and a
 * shared secret (hex in the X-Signature header); a real provider's module may verify an RSA
 * signature instead behind the same interface.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

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
 * never signs on a production site (NODE_ENV=production): the demo providers are in every database
 * (migration 181), and a known secret would let anyone post wins to a real-money wallet. There the
 * demo provider uses the secret the deployment drew at its first start (ensureDeploymentSecrets),
 * or the configured one.
 */
export const providerSecret = (envName: string, env: NodeJS.ProcessEnv = process.env): string =>
  (envName && env[envName]) || (env.NODE_ENV === 'production' ? '' : DEV_SECRETS[envName]) || '';

/**
 * On a production site that configures no demo provider secret, draws one at the first start
 * (stored in provider_secrets, so every process of the deployment shares it) and puts it in the
 * environment where providerSecret reads it. A development or test process keeps the default.
 */
export async function ensureDeploymentSecrets(db: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.NODE_ENV !== 'production') return;
  for (const name of Object.keys(DEV_SECRETS)) {
    if (env[name]) continue;
    await db.query('insert into provider_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(32).toString('hex')]);
    const [row] = await db.query<{ secret: string }>('select secret from provider_secrets where name = $1', [name]);
    if (row) env[name] = row.secret;
  }
}
