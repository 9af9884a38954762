/**
 * GET /ws/site: the push of site revisions to every open app. A small JSON text frame
 * {settings, content} is sent at connect and whenever this process's settings or content revision
 * moves (a change saved here, or announced by another process); the worker then reloads that part.
 * The live feed socket cannot carry it: the app opens that one only on betslip-related pages.
 * Apps keep polling /api/settings/rev while this socket is down, and re-fetch every 6 hours.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { contentRev, onContentRev } from '../content/revision.ts';
import { onSettingsRev, settingsRev } from './site-settings.ts';
import { countWsClient } from '../ops/metrics.ts';
import type { WsLike } from '../util/ws-like.ts';

/** What the socket and the revision poll send. */
export interface SiteRevision { settings: number; content: number }
export const siteRevision = (): SiteRevision => ({ settings: settingsRev(), content: contentRev() });

/** Registers GET /ws/site (and @fastify/websocket unless the app has it); call before listen(). Returns the stop. */
export async function registerSitePush(app: FastifyInstance): Promise<() => void> {
  if (!app.hasPlugin('@fastify/websocket')) await app.register(websocket, { options: { maxPayload: 1024 } });
  const clients = new Set<WsLike>();
  let last = '';
  // Changes that come together (a settings save and its reload) go out as one frame.
  let queued = false;
  const broadcast = () => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      const frame = JSON.stringify(siteRevision());
      if (frame === last) return;
      last = frame;
      for (const ws of clients) {
        // A client that does not read is dropped; it reconnects and polls meanwhile.
        if (ws.bufferedAmount > 64 * 1024) ws.close(1013, 'slow');
        else ws.send(frame);
      }
    });
  };
  const stops = [onSettingsRev(broadcast), onContentRev(broadcast)];
  app.get('/ws/site', { websocket: true }, (socket) => {
    const ws = socket as unknown as WsLike;
    clients.add(ws);
    countWsClient('site', 1);
    ws.send(JSON.stringify(siteRevision()));
    // Nothing is expected from the app: anything it sends is ignored.
    ws.on('message', () => undefined);
    let open = true;
    const closed = () => {
      clients.delete(ws);
      if (open) { open = false; countWsClient('site', -1); }
    };
    ws.on('close', closed);
    ws.on('error', closed);
  });
  return () => { for (const s of stops) s(); };
}
