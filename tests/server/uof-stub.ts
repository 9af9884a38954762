/**
 * A local stand-in of the Unified Odds Feed for tests and the bench: an HTTP server that answers
 * the REST calls from the fixture files (tests/fixtures/uof/api; the event's id and start time put
 * in), records the recovery requests and refuses a wrong x-access-token; and an AMQP publisher to
 * a topic exchange of its own on the local RabbitMQ (a unique name per run, so parallel runs never
 * share messages), with the routing keys the feed uses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as amqp from 'amqplib';

export const FIXTURES = join(import.meta.dirname, '../fixtures/uof');
export const RABBIT_URL = process.env.TEST_AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672/';

/** A fixture file's text. */
export const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

/** Whether the local RabbitMQ answers (tests skip with a note when not). */
export async function rabbitAvailable(): Promise<boolean> {
  try {
    const c = await amqp.connect(RABBIT_URL, { timeout: 2000 });
    await c.close();
    return true;
  } catch (err) {
    const at = RABBIT_URL.replace(/\/\/[^@]*@/, '//');
    console.warn(`[uof] RabbitMQ not reachable at ${at} (${(err as Error).message}): the AMQP tests are SKIPPED. Set TEST_AMQP_URL to run them.`);
    return false;
  }
}

export interface RecoveryRequest { product: string; after?: number | undefined; requestId: number; nodeId?: number | undefined }

export interface UofStub {
  /** The API base URL (…/v1). */
  apiUrl: string;
  token: string;
  recoveries: RecoveryRequest[];
  /** Requests seen (method and path). */
  requests: string[];
  /** Events the fixture endpoint knows: id -> start (epoch ms). */
  events: Map<string, number>;
  close(): Promise<void>;
}

/** The REST stand-in. */
export async function startApiStub(token = `tok-${randomBytes(6).toString('hex')}`): Promise<UofStub> {
  const recoveries: RecoveryRequest[] = [];
  const requests: string[] = [];
  const events = new Map<string, number>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (code: number, body: string) => res.writeHead(code, { 'content-type': 'application/xml' }).end(body);
    if (req.headers['x-access-token'] !== token) return send(403,
      '<response response_code="FORBIDDEN"><action>auth</action><message>invalid token</message></response>');
    let m: RegExpExecArray | null;
    if ((m = /^\/v1\/descriptions\/(\w+)\/markets\.xml$/.exec(url.pathname))) return send(200, fixture(`api/markets_${m[1] === 'tr' ? 'tr' : 'en'}.xml`));
    if ((m = /^\/v1\/descriptions\/(\w+)\/variants\.xml$/.exec(url.pathname))) return send(200, fixture(`api/variants_${m[1] === 'tr' ? 'tr' : 'en'}.xml`));
    if (url.pathname === '/v1/descriptions/producers.xml') return send(200, fixture('api/producers.xml').replace(/https:\/\/api\.betradar\.com\/v1/g, base));
    if (url.pathname === '/v1/users/whoami.xml') return send(200, fixture('api/whoami.xml'));
    if ((m = /^\/v1\/sports\/(\w+)\/sport_events\/([^/]+)\/fixture\.xml$/.exec(url.pathname))) {
      const id = decodeURIComponent(m[2]!);
      const start = events.get(id);
      if (start === undefined) return send(404, '<response response_code="NOT_FOUND"><action>fixture</action><message>no such event</message></response>');
      const iso = new Date(start).toISOString().replace('.000Z', '+00:00');
      return send(200, fixture(`api/fixture_${m[1] === 'tr' ? 'tr' : 'en'}.xml`).replace(/sr:match:1001/g, id)
        .replace(/(scheduled|start_time)="[^"]*"/g, `$1="${iso}"`));
    }
    if ((m = /^\/v1\/(\w+)\/recovery\/initiate_request$/.exec(url.pathname)) && req.method === 'POST') {
      const num = (k: string) => (url.searchParams.has(k) ? Number(url.searchParams.get(k)) : undefined);
      recoveries.push({ product: m[1]!, after: num('after'), requestId: num('request_id')!, nodeId: num('node_id') });
      return send(202, fixture('api/recovery_accepted.xml'));
    }
    return send(404, '<response response_code="NOT_FOUND"><action>none</action><message>unknown</message></response>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { apiUrl: base, token, recoveries, requests, events, close: () => new Promise((r) => server.close(() => r())) };
}

/** A publisher to a fresh topic exchange of the local RabbitMQ. */
export interface FeedPublisher {
  exchange: string;
  publish(routingKey: string, xml: string): void;
  /** A message routed as the feed routes it (the key built from the message). */
  send(xml: string): void;
  close(): Promise<void>;
}

/** The feed's routing key of a message: priority.pre.live.type.sport.urn_type.event_id.node. */
export function routingKeyOf(xml: string, nodeId = '-'): string {
  const type = /<(\w+)/.exec(xml.replace(/<\?xml[^>]*\?>/, ''))![1]!;
  if (type === 'alive') return '-.-.-.alive.-.-.-.-';
  if (type === 'snapshot_complete') return `-.-.-.snapshot_complete.-.-.-.${nodeId}`;
  const event = /event_id="(\w+:\w+):(\d+)"/.exec(xml);
  const live = /product="1"/.test(xml);
  const prio = type === 'odds_change' || type === 'bet_stop' ? 'hi' : 'lo';
  return `${prio}.${live ? '-' : 'pre'}.${live ? 'live' : '-'}.${type}.1.${event?.[1] ?? '-'}.${event?.[2] ?? '-'}.-`;
}

export async function startPublisher(): Promise<FeedPublisher> {
  const conn = await amqp.connect(RABBIT_URL);
  const ch = await conn.createChannel();
  const exchange = `unifiedfeed-test-${randomBytes(6).toString('hex')}`;
  await ch.assertExchange(exchange, 'topic', { durable: false, autoDelete: false });
  const publish = (key: string, xml: string) => { ch.publish(exchange, key, Buffer.from(xml)); };
  return {
    exchange,
    publish,
    send: (xml) => publish(routingKeyOf(xml), xml),
    async close() {
      await ch.deleteExchange(exchange).catch(() => undefined);
      await conn.close().catch(() => undefined);
    },
  };
}

/** A message fixture with its event, timestamp and other attributes set (attribute="value" replaced or added on the root). */
export function message(name: string, attrs: Record<string, string | number>, eventId?: string): string {
  let xml = fixture(`messages/${name}.xml`);
  if (eventId) xml = xml.replace(/sr:match:1001/g, eventId);
  for (const [k, v] of Object.entries(attrs)) {
    const root = /<(?!\?)(\w+)([^>]*?)(\/?)>/.exec(xml)!;
    const re = new RegExp(`\\s${k}="[^"]*"`);
    const rootAttrs = re.test(root[2]!) ? root[2]!.replace(re, ` ${k}="${v}"`) : `${root[2]} ${k}="${v}"`;
    xml = xml.replace(root[0], `<${root[1]}${rootAttrs}${root[3]}>`);
  }
  return xml;
}

/** Waits until `fn` answers truthy (polling), or fails after `ms`. */
export async function until<T>(fn: () => Promise<T> | T, ms = 10_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
