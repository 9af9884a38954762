/**
 * Hub88 on the HTTP side: the Wallet API Hub88 calls (POST <prefix>/user/info, /user/balance,
 * /transaction/bet, /transaction/win, /transaction/rollback, each verified against Hub88's public
 * key before anything else and answered HTTP 200 with a status within the wallet's deadline), the
 * proxied game tiles (/casino/thumb/hub88/<game>), and the back-office calls of the aggregator.
 * Returns the launcher that makes Hub88's game URLs (server/casino/launch.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { CallDeps } from '../call.ts';
import { boCalls } from '../bo-call.ts';
import { createWalletQueue } from '../../casino/wallet.ts';
import { publishWinners } from '../../casino/events.ts';
import { jackpotFolder } from '../../casino/jackpot-pools.ts';
import { providerLookup, WALLET_DEADLINE_MS } from '../../casino/wallet-endpoint.ts';
import type { ProtocolLauncher } from '../../casino/launch.ts';
import { HUB88_ENDPOINTS, hub88Reply, parseHub88Call, type Hub88Endpoint, type Hub88Reply } from '../../casino/protocols/hub88.ts';
import { HUB88_SIGNATURE_HEADER, rsaVerifier } from '../../casino/hub88/keys.ts';
import type { Hub88Config } from '../../casino/hub88/config.ts';
import { hub88Client, type Hub88Client } from '../../casino/hub88/client.ts';
import { hub88Launcher } from '../../casino/hub88/launch.ts';
import { hub88Thumbs } from '../../casino/hub88/thumbs.ts';
import { boHub88Grant, boHub88Prepaids, boHub88Rewards, boHub88Round, boHub88Status, boHub88Sync } from '../../casino/hub88/backoffice.ts';
import { mediaDir } from '../../media/store.ts';
import { HUB88_PROVIDER } from '../../../domain/casino/hub88.ts';
import { message } from '../../../domain/messages.ts';

export interface Hub88Routes {
  launcher: ProtocolLauncher;
}

export interface Hub88Options {
  /** Tests give a fetch of their own (Hub88's stand-in, image hosts). */
  fetchImpl?: typeof fetch;
}

export function registerHub88(app: FastifyInstance, deps: CallDeps, cfg: Hub88Config, opts: Hub88Options = {}): Hub88Routes {
  const client: Hub88Client = hub88Client(cfg, opts.fetchImpl);
  const verifier = rsaVerifier(cfg.publicKey);
  const wallet = createWalletQueue(deps.db);
  const folder = jackpotFolder(deps.db, deps.clock, (drops) => void publishWinners(deps.db, { drops }, deps.clock()).catch(() => undefined));
  const providerOf = providerLookup(deps.db);
  const aggregator = () => providerOf(HUB88_PROVIDER);

  void app.register(async (scope) => {
    // The raw bytes are what the signature covers: no JSON parsing before the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    for (const endpoint of HUB88_ENDPOINTS) {
      scope.post(`${cfg.prefix}/${endpoint}`, async (req, reply) => {
        const send = (r: Hub88Reply) => reply.code(200).send(r);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sig = req.headers[HUB88_SIGNATURE_HEADER];
        const agg = await aggregator();
        const parsed = parseHub88Call(raw, typeof sig === 'string' ? sig : undefined, endpoint as Hub88Endpoint, agg?.id ?? 0, verifier);
        if ('reply' in parsed) return send(parsed.reply);
        // the operator switched Hub88 off (its provider row): every call is refused as a disabled partner
        const requestUuid = 'info' in parsed ? parsed.info.requestUuid : parsed.requestUuid;
        if (!agg || agg.status !== 1) return send({ user: 'info' in parsed ? parsed.info.user : parsed.user, status: 'RS_ERROR_INVALID_PARTNER', request_uuid: requestUuid });
        if ('info' in parsed) return send(await userInfo(parsed.info));
        const now = deps.clock();
        const op = parsed.request.op;
        const work = wallet.call(parsed.request, now).then(async ({ reply: r, effects }) => {
          await publishWinners(deps.db, effects, now).catch((err: unknown) => req.log.warn({ err }, 'casino winners not published'));
          if (effects.contributed) void folder.request();
          return hub88Reply(r, op, parsed.requestUuid, parsed.user);
        });
        let timer: ReturnType<typeof setTimeout> | undefined;
        // past the deadline Hub88 hears a general error and retries with the same transaction id (its stored outcome)
        const late = new Promise<Hub88Reply>((resolve) => {
          timer = setTimeout(() => resolve({ user: parsed.user, status: 'RS_ERROR_UNKNOWN', request_uuid: parsed.requestUuid }), WALLET_DEADLINE_MS);
        });
        try {
          return send(await Promise.race([work, late]));
        } catch (err) {
          req.log.error({ err }, `hub88 ${endpoint} failed`);
          return send({ user: parsed.user, status: 'RS_ERROR_UNKNOWN', request_uuid: parsed.requestUuid });
        } finally {
          clearTimeout(timer);
          work.catch(() => undefined);
        }
      });
    }
  });

  /** /user/info: what we may tell Hub88 of a player (country, birth and registration dates), never a name. */
  async function userInfo(p: { userId: number | null; user: string; requestUuid: string }): Promise<Hub88Reply & Record<string, unknown>> {
    const base = { user: p.user, request_uuid: p.requestUuid };
    const [u] = p.userId === null ? [] : await deps.db.query<{ status: number; birth_date: Date | string | null; created_at: Date; iso: string | null; user_type: string }>(
      'select u.status, u.birth_date, u.created_at, c.iso, u.user_type from users u left join countries c on c.id = u.country_id where u.id = $1', [p.userId]);
    if (!u || !['U', 'F', 'T'].includes(u.user_type)) return { ...base, status: 'RS_ERROR_UNKNOWN' };
    if (u.status !== 1) return { ...base, status: 'RS_ERROR_USER_DISABLED' };
    const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
    return {
      ...base, status: 'RS_OK',
      ...(u.iso ? { country: u.iso.toUpperCase() } : {}),
      ...(cfg.subPartnerId ? { sub_partner_id: cfg.subPartnerId } : {}),
      ...(u.birth_date ? { birth_date: day(u.birth_date) } : {}),
      registration_date: day(u.created_at),
    };
  }

  const thumbs = hub88Thumbs(deps.db, () => mediaDir(), opts.fetchImpl);
  app.get<{ Params: { gameId: string } }>('/casino/thumb/hub88/:gameId', async (req, reply) => {
    const id = Number(req.params.gameId);
    const t = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await thumbs.get(id) : null;
    if (!t) return reply.code(404).header('cache-control', 'public, max-age=300').send({ status: false, msg: message('notFound', 'tr') });
    return reply.header('content-type', t.type).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(t.bytes);
  });

  const call = boCalls(app, deps);
  call('bo/hub88Status', async (_p, ctx) => boHub88Status(ctx.db, cfg) as unknown as Record<string, unknown>);
  call('bo/hub88Sync', async (_p, ctx) => ({ status: true, msg: message('updateSuccess', ctx.lang), sync: await boHub88Sync(ctx, cfg, client) }));
  call('bo/hub88Round', async (p, ctx) => ({ status: true, url: await boHub88Round(ctx.db, cfg, client, p) }));
  call('bo/hub88Prepaids', async (p, ctx) => ({ status: true, results: await boHub88Prepaids(ctx.db, cfg, client, p.gameId) }));
  call('bo/hub88Grant', async (p, ctx) => ({ status: true, msg: message('updateSuccess', ctx.lang), reward: await boHub88Grant(ctx, cfg, client, p) }));
  call('bo/hub88Rewards', async (p, ctx) => ({ status: true, results: await boHub88Rewards(ctx.db, p.userName) }));

  return { launcher: hub88Launcher(deps.db, cfg, client, (m) => app.log.warn(m)) };
}
