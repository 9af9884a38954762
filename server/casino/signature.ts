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

/**
 * The secrets a site draws itself when none is configured: the demo provider's wallet signing
 * secret, and the seed secret of its timed games (roulette, keno, bingo, virtual football), which
 * only the provider knows, so no round's result can be worked out before its seed is revealed.
 */
const DRAWN_SECRETS = ['DEMO_PROVIDER_SECRET', 'DEMO_GAME_SEED'] as const;

/**
 * A provider's secret from the env variable its row names (configured, or drawn at the first start
 * by ensureDeploymentSecrets). There is no built-in default in any mode: a known secret would let
 * anyone post wins to the wallet; without one nothing verifies.
 */
export const providerSecret = (envName: string, env: NodeJS.ProcessEnv = process.env): string => (envName && env[envName]) || '';

/**
 * On a site that configures a secret of DRAWN_SECRETS not, draws it at the first start (stored in
 * provider_secrets, so every process of the site shares it) and puts it in the environment where
 * providerSecret reads it; in every mode, demo and development included.
 */
export async function ensureDeploymentSecrets(db: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const name of DRAWN_SECRETS) {
    if (env[name]) continue;
    await db.query('insert into provider_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(32).toString('hex')]);
    const [row] = await db.query<{ secret: string }>('select secret from provider_secrets where name = $1', [name]);
    if (row) env[name] = row.secret;
  }
}

/**
 * What a provider that checks its launch URL signs (HMAC, `sig`): the token, game, mode
 * and table limit, so the limit a game plays by is the launch's, never one the player's page sends.
 */
export const launchText = (l: { token: string; game: string; mode: string; limit: string }): string => `launch:${l.token}:${l.game}:${l.mode}:${l.limit}`;
