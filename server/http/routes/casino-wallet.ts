/**
 * The operator's seamless-wallet API that game providers call:
 * POST /casino/wallet/<provider code>/<balance|bet|win|rollback>. The provider's protocol module
 * verifies the signature of the raw body before anything else; every answer is HTTP 200 with a
 * business status, within 2 s (a call still running then is answered with the protocol's unknown
 * error: the provider retries with the same transaction id and gets the stored reply).
 */
import type { FastifyInstance } from 'fastify';
import type { CallDeps } from '../call.ts';
import { createWalletQueue, type WalletOp } from '../../casino/wallet.ts';
import { demoReply, parseDemoCall, WALLET_OPS, type DemoReply } from '../../casino/protocols/demo.ts';
import { hmacVerifier, providerSecret, SIGNATURE_HEADER } from '../../casino/signature.ts';
import { publishWinners } from '../../casino/events.ts';
import { jackpotFolder } from '../../casino/jackpot-pools.ts';
import { providerLookup, WALLET_DEADLINE_MS } from '../../casino/wallet-endpoint.ts';

export function registerCasinoWallet(app: FastifyInstance, deps: CallDeps): { fold(): Promise<void> } {
  const folder = jackpotFolder(deps.db, deps.clock, (drops) => void publishWinners(deps.db, { drops }, deps.clock()).catch(() => undefined));
  const wallet = createWalletQueue(deps.db);
  const providerOf = providerLookup(deps.db);

  void app.register(async (scope) => {
    // The raw bytes are what the signature covers: no JSON parsing before the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    scope.post<{ Params: { provider: string; op: string } }>('/casino/wallet/:provider/:op', async (req, reply) => {
      const op = req.params.op as WalletOp;
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const send = (r: DemoReply) => reply.code(200).send(r);
      const provider = await providerOf(req.params.provider);
      if (!provider || provider.status !== 1 || provider.protocol !== 'demo' || !WALLET_OPS.includes(op)) {
        return send({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: '' });
      }
      const sig = req.headers[SIGNATURE_HEADER];
      const parsed = parseDemoCall(raw, typeof sig === 'string' ? sig : undefined, op, provider.id, hmacVerifier(providerSecret(provider.secret_env)));
      if ('reply' in parsed) return send(parsed.reply);
      const now = deps.clock();
      const work = wallet.call(parsed.request, now).then(async ({ reply: r, effects }) => {
        await publishWinners(deps.db, effects, now).catch((err: unknown) => req.log.warn({ err }, 'casino winners not published'));
        // the pools take the bet's contribution after the reply is on its way
        if (effects.contributed) void folder.request();
        return demoReply(r, parsed.requestUuid, parsed.user);
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<DemoReply>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'RS_ERROR_UNKNOWN', request_uuid: parsed.requestUuid, reason: 'timeout' }), WALLET_DEADLINE_MS);
      });
      try {
        return send(await Promise.race([work, late]));
      } catch (err) {
        req.log.error({ err }, `casino wallet ${op} failed`);
        return send({ status: 'RS_ERROR_UNKNOWN', request_uuid: parsed.requestUuid });
      } finally {
        clearTimeout(timer);
        work.catch(() => undefined);
      }
    });
  });
  return { fold: () => folder.request() };
}
