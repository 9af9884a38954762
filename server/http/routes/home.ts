/**
 * Home content of account-platform.md section 7: the calls `banners` (groups by display state)
 * and `jackpots` (the tiers of every group, growing with the clock), and the socket /ws/jackpot
 * that pushes the same data as `data` events. All public: a visitor sees banners, and whether
 * jackpots are shown (livejackpotUser status 1) is decided by the worker.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { bannersPayload, emptyPayload } from '../../../domain/protocol/calls.ts';
import { bannerGroups } from '../../content/banners.ts';
import { JACKPOT_SCALE, jackpotCurrencyOf, loadJackpots } from '../../content/jackpots.ts';
import { defineCall, type CallDeps } from '../call.ts';
import { onWinner } from '../../casino/events.ts';
import type { WsLike } from '../../util/ws-like.ts';

/** How often /ws/jackpot pushes the tiers (one computation a tick for every client). */
export const JACKPOT_PUSH_MS = 5_000;

export async function registerHomeCalls(app: FastifyInstance, deps: CallDeps, opts: { pushMs?: number } = {}): Promise<void> {
  defineCall(app, deps, 'banners', bannersPayload, async (p, ctx) => {
    const states = Array.isArray(p.displayState) ? p.displayState : [p.displayState];
    return { status: true, results: await bannerGroups(ctx.db, states, ctx.lang, ctx.now) };
  });

  defineCall(app, deps, 'jackpots', emptyPayload, async (_p, ctx) => ({ status: true, data: await loadJackpots(ctx.db, ctx.now, await jackpotCurrencyOf(ctx.db, ctx.userId)), scale: JACKPOT_SCALE }));

  await registerJackpotSocket(app, deps, opts.pushMs ?? JACKPOT_PUSH_MS);
}

/**
 * GET /ws/jackpot: JSON text frames {event:'data', data, scale}, one at connect and one every
 * `pushMs` while anyone listens, with the tiers of the viewer's currency (the session's wallet,
 * TRY for a visitor). The ticker runs only while there are clients, and a slow client (a large
 * send buffer) skips ticks instead of queueing them.
 */
async function registerJackpotSocket(app: FastifyInstance, deps: CallDeps, pushMs: number): Promise<void> {
  // The feed socket (server/feed/ws.ts) registers the plugin too unless it is already here: same limit.
  if (!app.hasPlugin('@fastify/websocket')) await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  /** Each client and the currency of its tiers. */
  const clients = new Map<WsLike, string>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const frame = async (currency: string) => JSON.stringify({ event: 'data', data: await loadJackpots(deps.db, deps.clock(), currency), scale: JACKPOT_SCALE });
  const send = (ws: WsLike, text: string) => { if (ws.bufferedAmount < 64 * 1024) ws.send(text); };
  const tick = async () => {
    if (!clients.size) return;
    // one computation a tick for each currency watched
    for (const currency of new Set(clients.values())) {
      const text = await frame(currency).catch(() => null);
      if (text) for (const [ws, c] of clients) if (c === currency) send(ws, text);
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  app.get('/ws/jackpot', { websocket: true }, (socket, req) => {
    const ws = socket as unknown as WsLike;
    clients.set(ws, 'TRY');
    const leave = () => {
      clients.delete(ws);
      if (!clients.size) stop();
    };
    ws.on('close', leave);
    ws.on('error', leave);
    // clients only listen; anything they send is ignored
    void req.sessionUser(deps.clock()).then((userId) => jackpotCurrencyOf(deps.db, userId)).then(async (currency) => {
      if (!clients.has(ws)) return;
      clients.set(ws, currency);
      const text = await frame(currency);
      if (clients.has(ws)) send(ws, text);
    }, () => undefined);
    timer ??= setInterval(() => void tick(), pushMs);
  });
  // Winners of the casino wallet (server/casino/events.ts): winnercasino / winnerlivecasino events.
  const offWinner = onWinner((e) => {
    const text = JSON.stringify(e);
    for (const ws of clients.keys()) send(ws, text);
  });
  app.addHook('onClose', async () => {
    offWinner();
    stop();
    for (const ws of clients.keys()) ws.close(1001, 'server closing');
  });
}
