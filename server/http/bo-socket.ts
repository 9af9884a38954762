/**
 * GET /ws/bo: the back office's push socket. A back-office session with the trading permission
 * (and its second factor) gets a JSON text frame {event:'liability'} whenever the book's
 * liability moved, checked every second while anyone listens; the trader's screen then reloads
 * bo/liability with its own filters. The check reads the deltas' sequence in the database
 * (liabilityRevision), so a coupon placed on any process reaches the screens of every process.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { CallDeps } from './call.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { loadActor } from '../backoffice/guard.ts';
import type { WsLike } from '../util/ws-like.ts';
import { LIABILITY_FOLD_MS, liabilityRevision } from '../trading/liability.ts';

/** Registers GET /ws/bo (and @fastify/websocket unless the app has it); call before listen(). */
export async function registerBoSocket(app: FastifyInstance, deps: CallDeps, opts: { checkMs?: number } = {}): Promise<void> {
  if (!app.hasPlugin('@fastify/websocket')) await app.register(websocket, { options: { maxPayload: 1024 } });
  const clients = new Set<WsLike>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let last = '';
  const tick = async () => {
    if (!clients.size) return;
    const rev = await liabilityRevision(deps.db).catch(() => last);
    if (rev === last) return;
    last = rev;
    for (const ws of clients) if (ws.bufferedAmount < 64 * 1024) ws.send('{"event":"liability"}');
  };
  app.get('/ws/bo', { websocket: true }, (socket, req) => {
    const ws = socket as unknown as WsLike;
    let gone = false;
    const leave = () => {
      gone = true;
      clients.delete(ws);
      if (!clients.size && timer) { clearInterval(timer); timer = null; }
    };
    ws.on('close', leave);
    ws.on('error', leave);
    const now = deps.clock();
    void req.sessionUser(now)
      .then((userId) => (userId ? loadActor(deps.db, userId, req.cookies[SESSION_COOKIE], now) : null))
      .then((actor) => {
        if (gone) return;
        // not a back-office session that may trade: 4403, as the HTTP calls answer 403
        if (!actor || actor.needOtp || !actor.permissions.includes('manageTrading')) { ws.close(4403, 'forbidden'); return; }
        clients.add(ws);
        ws.send('{"event":"hello"}');
        timer ??= setInterval(() => void tick(), opts.checkMs ?? LIABILITY_FOLD_MS);
      }, () => ws.close(1011, 'error'));
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    for (const ws of clients) ws.close(1001, 'closing');
  });
}
