/**
 * The Unified Odds Feed behind the feed adapter interface (server/feed/adapter.ts), run by the
 * elected leader only: it loads the market descriptions and producers, consumes the AMQP messages
 * in order (consumer.ts), applies them (processor.ts), keeps each producer's recovery
 * (producers.ts) and its health figures (health.ts). While the connection is up and a producer is
 * up or recovering it speaks for the feed every half second (a heartbeat: the freshness rule keeps
 * live markets open); without one, every process's live markets are suspended within the
 * freshness limit, and a producer that is down has its own matches shown stopped at once.
 */
import type { Db } from '../../db/client.ts';
import type { FeedChange, LiveMatch } from '../../../domain/protocol/feed.ts';
import { runMatch } from '../../settlement/settle-match.ts';
import type { FeedAdapter, FeedEvent } from '../adapter.ts';
import type { Scheduler } from '../clock.ts';
import { UofApi, type MarketDescription, type VariantDescription } from './api.ts';
import type { UofConfig } from './config.ts';
import { startConsumer, type Consumer } from './consumer.ts';
import { MarketDescriptions } from './descriptions.ts';
import { FeedCounters, writeFeedFigures } from './health.ts';
import { ProviderIds } from './ids.ts';
import { parseMessage } from './messages.ts';
import { UofProcessor } from './processor.ts';
import { Producers, type ProducerInfo } from './producers.ts';

/** Producers' API paths and recovery windows when producers.xml cannot be read. */
const KNOWN: Readonly<Record<number, { name: string; path: string; windowMin: number }>> = {
  1: { name: 'LO', path: 'liveodds', windowMin: 600 }, 3: { name: 'Ctrl', path: 'pre', windowMin: 4320 },
  4: { name: 'BetPal', path: 'betpal', windowMin: 4320 }, 5: { name: 'PremiumCricket', path: 'premium_cricket', windowMin: 4320 },
};

export interface UofAdapterOptions {
  db: Db;
  config: UofConfig;
  scheduler: Scheduler;
  log?: (msg: string) => void;
  /** The REST client (tests pass one with their own fetch). */
  api?: UofApi;
  /** The feed's own path for changes of matches not started (FeedService.inject); absent: the outbox. */
  publish?: ((changes: FeedChange[]) => boolean) | undefined;
}

interface Checkpoint {
  at: number;
  live: LiveMatch[];
}

export class UofFeedAdapter implements FeedAdapter {
  readonly name = 'uof';
  readonly api: UofApi;
  readonly ids = new ProviderIds();
  readonly descriptions = new MarketDescriptions();
  readonly processor: UofProcessor;
  producers: Producers | null = null;
  private consumer: Consumer | null = null;
  private emit: (events: FeedEvent[], at: number) => void = () => undefined;
  private readonly timers: Array<() => void> = [];
  private readonly counters: FeedCounters;
  /** Everything that changes state runs here, one at a time, in arrival order. */
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Resolves when the descriptions and producers are loaded and the consumer started. */
  ready: Promise<void> = Promise.resolve();
  private readonly log: (msg: string) => void;

  constructor(private readonly opts: UofAdapterOptions) {
    this.log = opts.log ?? ((m) => console.log(m));
    this.api = opts.api ?? new UofApi({ baseUrl: opts.config.apiUrl, token: opts.config.token });
    this.counters = new FeedCounters(opts.scheduler.now());
    this.processor = new UofProcessor({
      db: opts.db, api: this.api, ids: this.ids, descriptions: this.descriptions, languages: opts.config.languages, clock: opts.scheduler,
      isProducerUp: (id) => this.producers?.isUp(id) ?? false, log: this.log, publish: opts.publish,
      settle: async (matchId) => {
        await runMatch(opts.db, matchId, opts.scheduler.now(), { warn: this.log });
      },
    });
  }

  /** Runs `fn` after everything queued before it. */
  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.chain.then(fn).catch((err: unknown) => this.log(`uof: ${(err as Error).stack ?? err}`));
    this.chain = next;
    return next;
  }

  start(emit: (events: FeedEvent[], at: number) => void): void {
    this.emit = emit;
    this.processor.setEmit(emit);
    this.ready = this.boot();
    const { scheduler } = this.opts;
    this.timers.push(
      scheduler.every(1000, () => void this.serial(async () => { await this.producers?.tick(); })),
      scheduler.every(500, () => {
        if (this.consumer?.connected && this.producers?.anyAlive()) this.emit([], scheduler.now());
      }),
      scheduler.every(5000, () => void this.report()),
    );
  }

  private async boot(): Promise<void> {
    const { db, config, scheduler } = this.opts;
    await this.loadDescriptions();
    let listed: Awaited<ReturnType<UofApi['producers']>> = [];
    try {
      listed = await this.api.producers();
    } catch (err) {
      this.log(`uof: producers.xml: ${(err as Error).message}; using the known producers' API paths`);
    }
    const infos: ProducerInfo[] = config.producers.map((id) => {
      const p = listed.find((x) => x.id === id);
      const k = KNOWN[id];
      return {
        id, name: p?.name ?? k?.name ?? `producer ${id}`, apiUrl: p?.apiUrl || `${config.apiUrl}/${k?.path ?? id}/`,
        recoveryWindowMin: p?.recoveryWindowMin ?? k?.windowMin ?? 4320,
      };
    });
    this.producers = new Producers({
      db, clock: scheduler, producers: infos, aliveTimeoutMs: config.aliveTimeoutMs, log: this.log,
      requestRecovery: (p, after, requestId) => this.api.initiateRecovery(p.apiUrl, { after, requestId, nodeId: config.nodeId }),
      onState: (id, state) => void this.serial(() => this.processor.producerChanged(id, state === 'up')),
    });
    await this.producers.load();
    if (this.stopped) return;
    this.consumer = startConsumer({
      url: config.amqpUrl, exchange: config.exchange, nodeId: config.nodeId, log: this.log,
      onMessage: (body) => this.serial(() => this.onMessage(body)),
      onConnect: () => this.log(`uof: consuming ${config.exchange}`),
      onDisconnect: (reason) => {
        this.log(`uof: AMQP ${reason}`);
        this.producers?.onDisconnect();
      },
    });
  }

  /** The market descriptions of every language (those stored earlier when the API cannot be reached). */
  private async loadDescriptions(): Promise<void> {
    const byLang = new Map<string, MarketDescription[]>();
    try {
      for (const lang of this.opts.config.languages) byLang.set(lang, await this.api.marketDescriptions(lang));
      const n = await this.descriptions.store(this.opts.db, byLang);
      this.log(`uof: ${n} market descriptions in ${[...byLang.keys()].join(', ')}`);
    } catch (err) {
      this.log(`uof: market descriptions: ${(err as Error).message}; using those stored`);
      await this.descriptions.loadGroups(this.opts.db).catch(() => undefined);
    }
    try {
      const variants = new Map<string, VariantDescription[]>();
      for (const lang of this.opts.config.languages) variants.set(lang, await this.api.variantDescriptions(lang));
      this.log(`uof: ${this.descriptions.storeVariants(variants)} variant descriptions`);
    } catch (err) {
      // outcomes of variant markets already named stay named (provider_market_types); new ones wait for the next start
      this.log(`uof: variant descriptions: ${(err as Error).message}`);
    }
  }

  /** One AMQP message: parsed (a broken one is logged and dropped), then applied. */
  async onMessage(body: Buffer | string): Promise<void> {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const parsed = parseMessage(text);
    if ('error' in parsed) {
      this.log(`uof: dropped a message: ${parsed.error}`);
      return;
    }
    const msg = parsed.message;
    if (!msg) return;
    const now = this.opts.scheduler.now();
    if (msg.type === 'alive') return this.producers?.onAlive(msg.product, msg.timestamp, msg.subscribed);
    if (msg.type === 'snapshot_complete') return this.producers?.onSnapshotComplete(msg.product, msg.requestId);
    this.counters.record(msg.product, msg.timestamp, now);
    await this.processor.handle(msg, text);
  }

  /** Writes the window's figures for every process to read. */
  private async report(): Promise<void> {
    const p = this.producers;
    if (!p) return;
    const health = p.health();
    await writeFeedFigures(this.opts.db, this.counters.take(this.opts.scheduler.now()), new Map(health.map((h) => [h.id, h.lastAliveAt])),
      health.map((h) => h.id))
      .catch((err: unknown) => this.log(`uof: health figures: ${(err as Error).message}`));
  }

  /** Waits until everything received so far is applied (tests). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) t();
    void this.consumer?.stop();
  }

  /** stop(), then waits for the connection to close and the messages in hand to be applied. */
  async close(): Promise<void> {
    this.stop();
    await this.ready.catch(() => undefined);
    await this.consumer?.stop();
    await this.idle();
  }

  current(): LiveMatch[] {
    return this.processor.liveMatches();
  }

  checkpoint(): Checkpoint {
    return { at: this.opts.scheduler.now(), live: this.processor.liveMatches() };
  }

  restore(checkpoint: unknown, notBefore: number): boolean {
    const cp = checkpoint as Checkpoint | null;
    if (!cp || typeof cp.at !== 'number' || cp.at < notBefore || !Array.isArray(cp.live)) return false;
    this.processor.restore(cp.live);
    return true;
  }
}
