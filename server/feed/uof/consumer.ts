/**
 * The AMQP side of the Unified Odds Feed: one connection, a server-named exclusive queue bound to
 * the feed's topic exchange with the routing keys its documentation gives, messages handed over
 * one at a time in the order they arrive and acknowledged once handled. A dropped connection is
 * reported (every producer goes down) and made again after a pause; the queue goes with the
 * connection, so nothing is consumed twice by one process, and recovery fills the gap.
 */
import * as amqp from 'amqplib';

/**
 * Routing keys: priority.pre.live.type.sport.urn_type.event_id.node. Everything meant for every
 * node, plus what a recovery of this node sends (its node id in the eighth word), the
 * snapshot_complete of this node's requests, and the producers' alive messages.
 */
export function routingKeys(nodeId?: number): string[] {
  if (nodeId === undefined) return ['-.-.-.snapshot_complete.-.-.-.-', '*.*.*.*.*.*.*.#', '-.-.-.alive.#'];
  return [`*.*.*.*.*.*.*.${nodeId}.#`, `-.-.-.snapshot_complete.-.-.-.${nodeId}`, '*.*.*.*.*.*.*.-.#', '-.-.-.alive.#'];
}

/**
 * The connection options of an AMQP URL. The feed's virtual host has slashes of its own
 * ('/unifiedfeed/12345'): a path of several segments is taken whole as the virtual host; a single
 * segment is read as the AMQP URI scheme says (decoded, '/' when empty).
 */
export function connectOptions(url: string): amqp.Options.Connect {
  const u = new URL(url);
  const raw = u.pathname;
  const vhost = raw.slice(1).includes('/') ? decodeURIComponent(raw) : decodeURIComponent(raw.slice(1)) || '/';
  const tls = u.protocol === 'amqps:';
  return {
    protocol: tls ? 'amqps' : 'amqp', hostname: u.hostname, port: u.port ? Number(u.port) : tls ? 5671 : 5672,
    username: decodeURIComponent(u.username), password: decodeURIComponent(u.password), vhost, heartbeat: 30,
  };
}

export interface ConsumerOptions {
  url: string;
  exchange: string;
  nodeId?: number | undefined;
  /** Handles one message; the next waits for it. A throw is logged and the message dropped. */
  onMessage: (body: Buffer, routingKey: string) => Promise<void>;
  onConnect: () => void;
  onDisconnect: (reason: string) => void;
  log: (msg: string) => void;
  /** Pause before connecting again (default 5 s). */
  reconnectMs?: number;
  prefetch?: number;
}

export interface Consumer {
  stop(): Promise<void>;
  readonly connected: boolean;
}

/** Connects and consumes until stopped, connecting again after every drop. */
export function startConsumer(opts: ConsumerOptions): Consumer {
  let stopped = false;
  let conn: amqp.ChannelModel | null = null;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;

  const drop = (reason: string) => {
    if (!connected && conn === null) return;
    connected = false;
    conn = null;
    opts.onDisconnect(reason);
    if (!stopped) timer = setTimeout(() => void connect(), opts.reconnectMs ?? 5000);
  };

  const connect = async () => {
    timer = null;
    if (stopped) return;
    let c: amqp.ChannelModel;
    try {
      c = await amqp.connect(connectOptions(opts.url), { timeout: 10_000 });
    } catch (err) {
      opts.log(`uof: AMQP connection failed: ${(err as Error).message}`);
      if (!stopped) timer = setTimeout(() => void connect(), opts.reconnectMs ?? 5000);
      return;
    }
    if (stopped) { await c.close().catch(() => undefined); return; }
    conn = c;
    c.on('error', (err: Error) => opts.log(`uof: AMQP: ${err.message}`));
    c.on('close', () => drop('connection closed'));
    try {
      const ch = await c.createChannel();
      ch.on('error', (err: Error) => opts.log(`uof: AMQP channel: ${err.message}`));
      ch.on('close', () => { if (conn === c) void c.close().catch(() => undefined); });
      await ch.prefetch(opts.prefetch ?? 500);
      const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      for (const key of routingKeys(opts.nodeId)) await ch.bindQueue(queue, opts.exchange, key);
      let chain = Promise.resolve();
      await ch.consume(queue, (m) => {
        if (!m) return;
        chain = chain.then(() => opts.onMessage(m.content, m.fields.routingKey)).catch((err: unknown) => {
          opts.log(`uof: message on ${m.fields.routingKey} failed: ${(err as Error).stack ?? err}`);
        }).then(() => { if (conn === c) ch.ack(m); });
      });
      connected = true;
      opts.onConnect();
    } catch (err) {
      opts.log(`uof: AMQP setup failed: ${(err as Error).message}`);
      await c.close().catch(() => undefined);
    }
  };

  void connect();
  return {
    get connected() {
      return connected;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = conn;
      conn = null;
      connected = false;
      await c?.close().catch(() => undefined);
    },
  };
}
