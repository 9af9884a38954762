import { NetworkError, type Reply } from '../request.ts';
import type { CoreContext } from '../context.ts';

/** What the UI gets back from a back-office call: the server's reply, or a network failure. */
export type BoReply<T = Record<string, unknown>> = Reply<T> | { status: false; msg: ''; error: 'network' };

/**
 * The back office's door into the worker (ARCHITECTURE.md: the worker owns every call). One
 * generic call to /api/bo/<name>; a money call passes the Idempotency-Key its confirmation dialog made (a repeat of the same
 * dialog reuses it). Screens
 * type the payload and the reply from domain/backoffice/calls.ts, so the worker stays thin and the
 * player's worker code does not grow with every back-office screen.
 */
export function createBackOfficeApi(ctx: CoreContext) {
  return {
    async boCall<T = Record<string, unknown>>(name: string, payload: Record<string, unknown> = {}, opts: { idempotencyKey?: string } = {}): Promise<BoReply<T>> {
      try {
        return await ctx.call<T>(`bo/${name}`, payload, opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {});
      } catch (err) {
        if (err instanceof NetworkError) return { status: false, msg: '', error: 'network' };
        throw err;
      }
    },
  };
}
