import { core } from '../../../core-client.ts';
import type { BoFailure } from '../bo-client.ts';

/** A reply that succeeded, with the server's message. */
export type Ok<T> = T & { status: true; msg?: string };
/** A trading or live-settings call through the worker (payload and reply types of domain/trading/calls.ts). */
export const tradingCall = <T>(name: string, payload: Record<string, unknown>): Promise<Ok<T> | BoFailure> =>
  core.boCall(name, payload) as unknown as Promise<Ok<T> | BoFailure>;
