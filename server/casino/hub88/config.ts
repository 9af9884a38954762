/** Hub88's settings from the environment (README: Casino, Hub88). */
import type { KeyObject } from 'node:crypto';
import { privateKeyOf, publicKeyOf, readPem } from './keys.ts';

export interface Hub88Config {
  /** Base URL of Hub88's Operator API (HUB88_API_URL), without a trailing slash; empty: the Games and Freebets API are off. */
  apiUrl: string;
  /** Our operator_id at Hub88 (HUB88_OPERATOR_ID). */
  operatorId: number;
  /** Our private key: signs our calls to Hub88 (HUB88_PRIVATE_KEY, PEM or a file path). */
  privateKey: KeyObject | null;
  /** Hub88's public key: verifies Hub88's wallet calls (HUB88_PUBLIC_KEY, PEM or a file path). */
  publicKey: KeyObject | null;
  /** Where the wallet API is served (HUB88_PREFIX, default /casino/hub88): Hub88 calls <prefix>/user/info ... */
  prefix: string;
  /** Our sub_partner_id at Hub88 (HUB88_SUB_PARTNER_ID), sent with launches and rewards when set. */
  subPartnerId: string;
  /** Minutes between two game-list syncs by the leader (HUB88_SYNC_MINUTES, default 60; 0: only on demand). */
  syncMinutes: number;
  /** How long a call to Hub88 may take (HUB88_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
}

/** True when our calls to Hub88 can be made (Games and Freebets API). */
export const hub88Outbound = (c: Hub88Config): boolean => c.apiUrl !== '' && c.operatorId > 0 && c.privateKey !== null;

/** Reads the configuration; a key that is set but unreadable is an error at start, not a silent off. */
export function loadHub88Config(env: NodeJS.ProcessEnv = process.env): Hub88Config {
  const prefix = (env.HUB88_PREFIX ?? '/casino/hub88').trim().replace(/\/+$/, '');
  if (!/^(\/[\w.-]+)+$/.test(prefix)) throw new Error(`HUB88_PREFIX: a path like /casino/hub88, got ${JSON.stringify(env.HUB88_PREFIX)}`);
  const operatorId = Number(env.HUB88_OPERATOR_ID ?? 0);
  return {
    apiUrl: (env.HUB88_API_URL ?? '').trim().replace(/\/+$/, ''),
    operatorId: Number.isSafeInteger(operatorId) && operatorId > 0 ? operatorId : 0,
    privateKey: env.HUB88_PRIVATE_KEY ? privateKeyOf(readPem(env.HUB88_PRIVATE_KEY, 'HUB88_PRIVATE_KEY')) : null,
    publicKey: env.HUB88_PUBLIC_KEY ? publicKeyOf(readPem(env.HUB88_PUBLIC_KEY, 'HUB88_PUBLIC_KEY')) : null,
    prefix,
    subPartnerId: (env.HUB88_SUB_PARTNER_ID ?? '').trim(),
    syncMinutes: Math.max(0, Number(env.HUB88_SYNC_MINUTES ?? 60) || 0),
    timeoutMs: Math.max(500, Number(env.HUB88_TIMEOUT_MS ?? 5_000) || 5_000),
  };
}
