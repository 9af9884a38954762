/**
 * The demo provider's side of the wallet protocol: signed HTTP calls into an operator's wallet API
 * (this server's /casino/wallet/<provider>/<op>, or another operator's), with the fault switches
 * tests use: a delay, a dropped reply (the call is sent, its answer lost, then retried), every call
 * sent twice, and a rollback sent before its bet (the late bet must be refused).
 */
import { randomUUID } from 'node:crypto';
import { hmacSign, SIGNATURE_HEADER } from '../signature.ts';
import type { DemoReply, DemoWalletBody } from '../protocols/demo.ts';

/** Sends a signed body to the operator and returns its JSON answer. */
export type WalletTransport = (path: string, body: string, headers: Record<string, string>) => Promise<unknown>;

export interface Faults { delayMs: number; drop: boolean; duplicate: boolean; lateRollback: boolean }
export const NO_FAULTS: Faults = { delayMs: 0, drop: false, duplicate: false, lateRollback: false };

export interface WalletClient {
  call(provider: string, op: 'balance' | 'bet' | 'win' | 'rollback', body: Omit<DemoWalletBody, 'request_uuid'>): Promise<DemoReply>;
  faults: Faults;
}

export function walletClient(transport: WalletTransport, secret: string): WalletClient {
  const client: WalletClient = {
    faults: { ...NO_FAULTS },
    async call(provider, op, body) {
      const f = client.faults;
      const send = async (b: Omit<DemoWalletBody, 'request_uuid'>, o: string) => {
        const raw = JSON.stringify({ ...b, request_uuid: randomUUID() });
        return (await transport(`/casino/wallet/${encodeURIComponent(provider)}/${o}`, raw, {
          'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(secret, raw),
        })) as DemoReply;
      };
      if (f.delayMs) await new Promise((r) => setTimeout(r, f.delayMs));
      if (f.lateRollback && op === 'bet') {
        await send({ ...body, reference_transaction_uuid: body.transaction_uuid, transaction_uuid: `rb-${body.transaction_uuid}` }, 'rollback');
      }
      if (f.drop && op !== 'balance') await send(body, op); // its answer is lost; the retry below gets the stored one
      const first = await send(body, op);
      return f.duplicate ? send(body, op) : first;
    },
  };
  return client;
}
