import { wireLang } from '../../domain/wire-lang.ts';

/** Thrown when the server cannot be reached (offline, timeout, a non-JSON reply). */
export class NetworkError extends Error {}

/** Every reply carries status; failures carry msg (the spec's reply shape). */
export type Reply<T = Record<string, unknown>> = T & { status: boolean; msg?: string; error?: string; login?: boolean };

export interface RequestDeps {
  fetch: typeof fetch;
  /** The current language, sent as lang on every call. */
  lang: () => string;
  baseUrl?: string;
  timeoutMs?: number;
}

export type CallFn = <T = Record<string, unknown>>(key: string, payload?: Record<string, unknown>, opts?: { idempotencyKey?: string }) => Promise<Reply<T>>;

/**
 * The one request helper (account-platform.md section 7): POST /api/<key> with the common fields
 * (serverId, operatorId, lang, reqId). The session cookie identifies the user; userId is not trusted.
 */
export function createRequest(deps: RequestDeps): CallFn {
  let seq = 0;
  return async (key, payload = {}, opts = {}) => {
    // iq goes out as ku or kr on the calls that want Kurdish by those codes (domain/wire-lang.ts).
    const body = { serverId: 1, operatorId: 1, lang: wireLang(deps.lang(), key), reqId: `${Date.now().toString(36)}-${++seq}`, ...payload };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    let res: Response;
    try {
      res = await deps.fetch(`${deps.baseUrl ?? ''}/api/${key}`, {
        method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin',
        signal: AbortSignal.timeout(deps.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : String(err));
    }
    try {
      return (await res.json()) as Reply<never>;
    } catch {
      throw new NetworkError(`bad reply ${res.status}`);
    }
  };
}
