/**
 * Auto cash out: a player's rule on a waiting coupon (sell the whole offer, or a part of it, once
 * the offer reaches a target). Each server process keeps the armed rules in an index by the
 * outcomes of their open tips and checks only the rules a feed change touches (LiveState.onChanges),
 * never a poll per coupon. A rule whose offer reaches its target is fired in one transaction that
 * locks the coupon and the rule row, prices the coupon again and sells at that moment's offer only
 * when it is still at or above the target; the row's fired_at makes it once, whichever process
 * gets there first. Rules live in the database, so a restart loads them again.
 */
import type { Db, Queryable } from '../db/client.ts';
import { canOfferSell, partialSell, SELL_MARGIN_PERMILLE, SELL_PART_MIN, sellPotential } from '../../domain/coupon/sell.ts';
import { settleTip } from '../../domain/coupon/settle.ts';
import type { FeedChange } from '../../domain/protocol/feed.ts';
import type { AutoSellView } from '../../domain/protocol/coupons.ts';
import { message } from '../../domain/messages.ts';
import { formatAmount } from '../../domain/money.ts';
import { outcomeKey } from '../feed/live-state.ts';
import type { LiveState } from '../feed/live-state.ts';
import { createRedisBus, type FeedBus } from '../feed/bus.ts';
import { CallError } from '../core/call.ts';
import { currentPrice, lockCoupon, offerOf, pricedTips, sellCouponIn, type PricedTip, type SellLive, type SellRow } from './sell.ts';

/** What the watcher reads of the live state: prices, and the changes as they are applied. */
export type AutoSellLive = SellLive & Pick<LiveState, 'onChanges' | 'outcomeKeyOf'>;

/** An armed rule with the coupon and tips it prices in memory (refreshed when the coupon changes). */
export interface ArmedRule {
  couponId: number;
  userId: number;
  target: number;
  part: number | null;
  lang: string;
  coupon: SellRow;
  tips: PricedTip[];
}

/**
 * What the watcher keeps of a rule to reject it cheaply: the coupon's potential payout P (fixed
 * while no tip settles) and its open tips; null when it cannot be sold (a tip lost, none open).
 */
interface Quick {
  potential: number;
  open: PricedTip[];
}

function quickOf(r: ArmedRule): Quick | null {
  const tips = r.tips.map((t) => ({ t, outcome: settleTip({ oddsType: t.odds_type, outcomeId: t.outcome_id, special: t.special }, t.result ?? undefined) }));
  if (!tips.length || tips.some((x) => x.outcome === 'lost')) return null;
  const open = tips.filter((x) => x.outcome === 'open').map((x) => x.t);
  if (!open.length) return null;
  const potential = sellPotential({
    ticketStake: Number(r.coupon.ticket_stake), tips: tips.map((x) => ({ placedOdd: x.t.odd, currentOdd: null, outcome: x.outcome })),
    bonusPercent: r.coupon.bonus_percent, maxPay: Number(r.coupon.max_pay),
  });
  return { potential, open };
}

/**
 * The armed rules by the outcomes of their tips: match id -> outcome key -> coupon ids. A price
 * change of one outcome reaches only the rules holding it; a match-wide change (status, group)
 * reaches the rules of that match.
 */
export class AutoSellIndex {
  private readonly rules = new Map<number, ArmedRule>();
  private readonly quick = new Map<number, Quick | null>();
  private readonly byMatch = new Map<number, Map<string, Set<number>>>();

  get size(): number {
    return this.rules.size;
  }

  get(couponId: number): ArmedRule | undefined {
    return this.rules.get(couponId);
  }

  put(rule: ArmedRule): void {
    this.remove(rule.couponId);
    this.rules.set(rule.couponId, rule);
    this.quick.set(rule.couponId, quickOf(rule));
    for (const t of rule.tips) {
      let keys = this.byMatch.get(t.match_id);
      if (!keys) this.byMatch.set(t.match_id, (keys = new Map()));
      const key = outcomeKey(t.odds_type, t.outcome_id, t.special);
      let ids = keys.get(key);
      if (!ids) keys.set(key, (ids = new Set()));
      ids.add(rule.couponId);
    }
  }

  remove(couponId: number): void {
    const rule = this.rules.get(couponId);
    if (!rule) return;
    this.rules.delete(couponId);
    this.quick.delete(couponId);
    for (const t of rule.tips) {
      const keys = this.byMatch.get(t.match_id);
      const key = outcomeKey(t.odds_type, t.outcome_id, t.special);
      keys?.get(key)?.delete(couponId);
      if (keys?.get(key)?.size === 0) keys.delete(key);
      if (keys?.size === 0) this.byMatch.delete(t.match_id);
    }
  }

  /**
   * Whether the offer may be at the target now, from floats without allocating: the offer is
   * P * (1 - margin) * product(1000 / current) rounded down, so an estimate more than one unit under
   * the target is surely under it. Only the rest are priced exactly (offerOf).
   */
  mayReach(couponId: number, now: number, live: SellLive): boolean {
    const q = this.quick.get(couponId);
    const r = this.rules.get(couponId);
    if (!q || !r) return false;
    let value = q.potential * (1000 - SELL_MARGIN_PERMILLE) / 1000;
    for (const t of q.open) {
      const c = currentPrice(t, now, live);
      if (c === null || c <= 1000) return false;
      value = value * 1000 / c;
    }
    return value + 1 >= r.target;
  }

  /** The coupon ids a feed change may move the offer of. */
  touched(changes: readonly FeedChange[], keyOf: (matchId: number, oddid: number) => string | undefined, out = new Set<number>()): Set<number> {
    for (const c of changes) {
      if (c.k === 'r') continue; // a match gone has no price: nothing to sell at
      const keys = this.byMatch.get(c.k === 'a' ? c.match.id : c.m);
      if (!keys) continue;
      if (c.k === 'o') {
        const key = keyOf(c.m, c.o);
        const ids = key === undefined ? undefined : keys.get(key);
        if (ids) for (const id of ids) out.add(id);
      } else {
        // Match-wide: a group or status reopening, new markets, a match going live, a score moving specials.
        for (const ids of keys.values()) for (const id of ids) out.add(id);
      }
    }
    return out;
  }
}

/** The armed rules (not fired, on waiting coupons), all or those of some coupons, with their priced tips. */
export async function loadArmedRules(q: Queryable, couponIds?: readonly number[]): Promise<ArmedRule[]> {
  const rows = await q.query<{
    coupon_id: number | string; user_id: number; target: number | string; part: number | string | null; lang: string;
  } & SellRow>(
    `select a.coupon_id, a.user_id, a.target, a.part, a.lang, c.id, c.status, c.ticket_type, c.ticket_stake, c.total_stake, c.bonus_percent, c.max_pay, c.is_live
       from auto_sells a join coupons c on c.id = a.coupon_id
      where a.fired_at is null and c.status = 0${couponIds ? ' and a.coupon_id = any($1::bigint[])' : ''}`,
    couponIds ? [couponIds] : [],
  );
  const out: ArmedRule[] = [];
  // Tips in batches: a restart loads every armed rule at once.
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    const tips = await pricedTips(q, batch.map((r) => Number(r.coupon_id)), false);
    const byCoupon = new Map<number, PricedTip[]>();
    for (const t of tips) {
      const id = Number(t.coupon_id);
      const list = byCoupon.get(id);
      if (list) list.push(t); else byCoupon.set(id, [t]);
    }
    for (const r of batch) {
      const id = Number(r.coupon_id);
      out.push({
        couponId: id, userId: r.user_id, target: Number(r.target), part: r.part === null ? null : Number(r.part), lang: r.lang,
        coupon: { id, user_id: r.user_id, status: r.status, ticket_type: r.ticket_type, ticket_stake: r.ticket_stake, total_stake: r.total_stake,
          bonus_percent: r.bonus_percent, max_pay: r.max_pay, is_live: r.is_live },
        tips: byCoupon.get(id) ?? [],
      });
    }
  }
  return out;
}

/** A coupon's rule as the detail shows it; null when none was ever set. */
export async function autoSellOf(q: Queryable, couponId: number): Promise<AutoSellView | null> {
  const [r] = await q.query<{ target: number | string; part: number | string | null; fired_at: Date | null; sold_amount: number | string | null }>(
    'select target, part, fired_at, sold_amount from auto_sells where coupon_id = $1', [couponId],
  );
  if (!r) return null;
  return {
    target: Number(r.target), part: r.part === null ? null : Number(r.part),
    firedAt: r.fired_at?.toISOString() ?? null, soldAmount: r.sold_amount === null ? null : Number(r.sold_amount),
  };
}

/**
 * Sets (or changes) the rule of a waiting TK/KK coupon of the player. The target must be above the
 * offer now (else the player would sell now); a part must be a valid part of an offer at the target.
 * A rule that fired by a part is armed again.
 */
export async function setAutoSell(
  db: Db, userId: number, couponId: number, rule: { target: number; part?: number | undefined }, now: number, lang: string, live?: SellLive,
): Promise<AutoSellView> {
  return db.tx(async (q) => {
    const c = await lockCoupon(q, couponId, userId);
    if (c.status !== 0) throw new CallError(409, 'couponNotWaiting');
    if (!canOfferSell({ status: c.status, ticketType: c.ticket_type })) throw new CallError(422, 'sellNotOffered');
    const offer = offerOf(c, await pricedTips(q, [couponId], false), now, live);
    if (!offer.offered && offer.reason !== 'suspended') throw new CallError(422, 'sellNotOffered');
    if (offer.offered && rule.target <= offer.amount) {
      throw new CallError(422, 'autoSellTargetLow', { amount: formatAmount(offer.amount, '', lang) }, { amount: offer.amount });
    }
    if (rule.part !== undefined) {
      const split = partialSell({ offer: rule.target, part: rule.part, ticketStake: Number(c.ticket_stake), totalStake: Number(c.total_stake), maxPay: Number(c.max_pay) });
      if (!split.ok) throw new CallError(422, 'sellPartInvalid', { min: formatAmount(SELL_PART_MIN, '', lang) }, { reason: split.reason });
    }
    await q.query(
      `insert into auto_sells (coupon_id, user_id, target, part, lang, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)
       on conflict (coupon_id) do update set target = excluded.target, part = excluded.part, lang = excluded.lang, updated_at = excluded.updated_at,
                                            fired_at = null, sold_amount = null`,
      [couponId, userId, rule.target, rule.part ?? null, lang, new Date(now)],
    );
    return (await autoSellOf(q, couponId))!;
  });
}

/** Removes the player's rule of a coupon (nothing to remove is not an error). */
export async function clearAutoSell(db: Db, userId: number, couponId: number): Promise<void> {
  await db.tx(async (q) => {
    await lockCoupon(q, couponId, userId);
    await q.query('delete from auto_sells where coupon_id = $1 and fired_at is null', [couponId]);
  });
}

export type FireOutcome = 'sold' | 'below' | 'gone' | 'refused';

/**
 * Fires a coupon's rule if its offer is at or above the target now: locks the coupon, then the
 * rule row (not fired), prices again and sells at that offer (the whole, or the rule's part),
 * marks the rule fired and leaves the player a notice and a pop-up, all in one transaction.
 * 'gone': no armed rule or the coupon is no longer waiting (another process sold it, the player
 * cleared it); 'below': the offer is under the target (or not offered) now.
 */
export async function fireAutoSell(db: Db, couponId: number, now: number, live?: SellLive): Promise<FireOutcome> {
  return db.tx(async (q) => {
    const [owner] = await q.query<{ user_id: number }>('select user_id from coupons where id = $1', [couponId]);
    if (!owner) return 'gone';
    const c = await lockCoupon(q, couponId, owner.user_id);
    const [rule] = await q.query<{ target: number | string; part: number | string | null; lang: string }>(
      'select target, part, lang from auto_sells where coupon_id = $1 and fired_at is null for update', [couponId],
    );
    if (!rule || c.status !== 0) return 'gone';
    const offer = offerOf(c, await pricedTips(q, [couponId], true), now, live);
    const target = Number(rule.target);
    if (!offer.offered || offer.amount < target) return 'below';
    const part = rule.part === null ? undefined : Math.min(Number(rule.part), offer.amount);
    let sold;
    try {
      sold = await sellCouponIn(q, owner.user_id, couponId, now, rule.lang, { expected: offer.amount, part, auto: true }, live);
    } catch (err) {
      // The price moved between the two readings, or the part no longer fits: not now.
      if (err instanceof CallError) return 'refused';
      throw err;
    }
    await q.query('update auto_sells set fired_at = $2, sold_amount = $3 where coupon_id = $1', [couponId, new Date(now), sold.part]);
    const text = message('autoSellFired', rule.lang, { ticketId: couponId, amount: formatAmount(sold.part, '', rule.lang) });
    const title = message('autoSellTitle', rule.lang);
    await q.query('insert into notifications (user_id, title, banner, content, created_at) values ($1, $2, $3, $4, $5)',
      [owner.user_id, title, '', text, new Date(now)]);
    await q.query('insert into popups (type, type2, title, content, auto_close, lang, status, user_id) values (0, 1, $1, $2, 10, $3, 1, $4)',
      [title, text, '', owner.user_id]);
    return 'sold';
  });
}

export interface AutoSellWatcherOptions {
  db: Db;
  live: AutoSellLive;
  clock: () => number;
  /** Tells the other processes that a coupon's rule changed (Redis); they call `changed`. */
  announce?: (couponId: number) => void;
  onError?: (err: unknown) => void;
  /** Fired rules, for tests and logs. */
  onFired?: (couponId: number, outcome: FireOutcome) => void;
}

/**
 * The rules of this process: loaded at start, kept by `changed` (a set, clear or sale here or in
 * another process), checked on every feed change that touches them. A rule whose offer estimate
 * reaches its target is fired (fireAutoSell decides in the database); one fire at a time per coupon.
 */
export class AutoSellWatcher {
  readonly index = new AutoSellIndex();
  private readonly firing = new Set<number>();
  private readonly again = new Set<number>();
  private unsubscribe: (() => void) | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly opts: AutoSellWatcherOptions) {}

  async start(): Promise<void> {
    for (const r of await loadArmedRules(this.opts.db)) this.index.put(r);
    this.unsubscribe = this.opts.live.onChanges((changes) => this.check(changes));
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Waits for the fires under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** A coupon's rule or coupon changed (here or, announced, elsewhere): read it again. */
  changed(couponId: number, announce = true): Promise<void> {
    if (announce) this.opts.announce?.(couponId);
    return this.track(loadArmedRules(this.opts.db, [couponId]).then(([r]) => {
      if (r) this.index.put(r); else this.index.remove(couponId);
    }));
  }

  /**
   * The feed changed: estimate the offer of every rule the changes touch, in memory, and fire
   * those at or above their target. Returns how many rules were checked (the benchmark's count).
   */
  check(changes: readonly FeedChange[]): number {
    const ids = this.index.touched(changes, (m, o) => this.opts.live.outcomeKeyOf(m, o));
    if (!ids.size) return 0;
    const now = this.opts.clock();
    for (const id of ids) {
      const r = this.index.get(id);
      if (!r || !this.index.mayReach(id, now, this.opts.live)) continue;
      const offer = offerOf(r.coupon, r.tips, now, this.opts.live);
      if (offer.offered && offer.amount >= r.target) this.fire(id);
    }
    return ids.size;
  }

  private fire(couponId: number): void {
    if (this.firing.has(couponId)) {
      this.again.add(couponId);
      return;
    }
    this.firing.add(couponId);
    this.track((async () => {
      try {
        const out = await fireAutoSell(this.opts.db, couponId, this.opts.clock(), this.opts.live);
        this.opts.onFired?.(couponId, out);
        if (out === 'sold' || out === 'gone') await this.changed(couponId);
        // The price moved between the two readings of the sale: look again at the price now.
        if (out === 'refused') this.again.add(couponId);
      } catch (err) {
        this.opts.onError?.(err);
      } finally {
        this.firing.delete(couponId);
        // A change that came while the fire ran: check that rule once more with the prices now.
        if (this.again.delete(couponId)) {
          const r = this.index.get(couponId);
          const offer = r && offerOf(r.coupon, r.tips, this.opts.clock(), this.opts.live);
          if (r && offer?.offered && offer.amount >= r.target) this.fire(couponId);
        }
      }
    })());
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }
}

/**
 * The process's watcher, started on the feed's live state. With Redis (several processes) a rule
 * set, cleared or sold here is announced on the 'auto-sell' channel and every other process reads
 * it again; rules changed since the last look are read again every `catchUpMs` too, for an
 * announcement lost on the way. Without Redis there is one process and nothing to announce.
 */
export async function startAutoSellWatcher(
  db: Db, live: AutoSellLive, clock: () => number, opts: { redisUrl?: string | undefined; catchUpMs?: number; onError?: (err: unknown) => void; onFired?: AutoSellWatcherOptions['onFired'] } = {},
): Promise<{ watcher: AutoSellWatcher; stop: () => Promise<void> }> {
  const onError = opts.onError ?? ((err: unknown) => console.error('auto cash out:', err));
  let bus: FeedBus | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  if (opts.redisUrl) bus = createRedisBus(opts.redisUrl, { channel: 'auto-sell', snapshotKey: 'auto-sell:none', onError });
  const b = bus;
  const watcher = new AutoSellWatcher({
    db, live, clock, onError, ...(opts.onFired ? { onFired: opts.onFired } : {}),
    ...(b ? { announce: (id: number) => void b.publish(new TextEncoder().encode(String(id))).catch(onError) } : {}),
  });
  await watcher.start();
  if (b) unsubscribe = await b.subscribe((bytes) => void watcher.changed(Number(new TextDecoder().decode(bytes)), false).catch(onError));
  let since = new Date(clock());
  const timer = setInterval(() => {
    const from = since;
    since = new Date(clock());
    void db.query<{ coupon_id: number | string }>('select coupon_id from auto_sells where updated_at >= $1 or fired_at >= $1', [from])
      .then((rows) => Promise.all(rows.map((r) => watcher.changed(Number(r.coupon_id), false))))
      .catch(onError);
  }, opts.catchUpMs ?? 15_000);
  timer.unref();
  return {
    watcher,
    async stop() {
      clearInterval(timer);
      watcher.stop();
      await watcher.idle();
      await unsubscribe?.();
      await bus?.close();
    },
  };
}
