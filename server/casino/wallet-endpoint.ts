/**
 * What the providers' wallet endpoints share, whatever their protocol (server/http/routes/casino-wallet.ts
 * and casino-hub88.ts): the provider of a call, and the time a call has to be answered in.
 */
import type { Queryable } from '../db/client.ts';

/**
 * The answer deadline of a wallet call: a call still running then is answered with the protocol's
 * unknown error, and the provider's retry with the same transaction id gets the stored reply.
 */
export const WALLET_DEADLINE_MS = 1_800;

/** What a wallet call needs of its provider: its id, protocol, where its secret is, and whether it is on. */
export interface ProviderRow { id: number; protocol: string; secret_env: string; status: number }

/**
 * The providers by code for the wallet endpoints, each read at most every 10 s: a provider the
 * back office switches off or edits stops (or starts) answering within that time, and the calls
 * in between cost no query. A code not found is read again on the next call.
 */
export function providerLookup(db: Queryable, ttlMs = 10_000): (code: string) => Promise<ProviderRow | undefined> {
  const cache = new Map<string, { row: ProviderRow; at: number }>();
  return async (code) => {
    const hit = cache.get(code);
    if (hit && Date.now() - hit.at < ttlMs) return hit.row;
    const [row] = await db.query<ProviderRow>('select id, protocol, secret_env, status from casino_providers where code = $1', [code]);
    if (row) cache.set(code, { row, at: Date.now() });
    return row;
  };
}
