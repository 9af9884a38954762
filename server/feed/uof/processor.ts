/**
 * Applies the Unified Odds Feed's messages, in the order they arrive, as the same internal changes
 * the simulator makes:
 * - a live match (in play) lives in the live state: its fixture, markets, odds, statuses and scores
 *   go out as adapter events (server/feed/adapter.ts), so the bus, the fan-out, the worker, the slip
 *   and the freshness rule work unchanged;
 * - a match not started lives in the database like every pre-match match: its odds are written
 *   there (placement reads them) and its wire changes are queued in the same transaction on the
 *   feed's own path (trading_feed_outbox), as the back office's trading does;
 * - settlements, cancels and their rollbacks go to settlement.ts (exactly once, by message identity).
 * Odds and groups get our ids from odds_groups and outcomes (the same rows before and after kick-off,
 * so a pick keeps its ids), new ones in one statement per message; known ones stay in memory.
 * A producer that is down has its matches shown stopped (bet status) until its recovery completes.
 */
import type { Db, Queryable, TxQueryable } from '../../db/client.ts';
import { parseDecimalOdds } from '../../../domain/odds/decimal-odds.ts';
import { marketOf, outcomeName } from '../../../domain/market/catalogue.ts';
import type { BetStatus, OddsGroup } from '../../../domain/protocol/entities.ts';
import { groupChange, marketsChange, statusChange, type FeedChange, type LiveMatch } from '../../../domain/protocol/feed.ts';
import { isRemovedStatus } from '../../../domain/match/status.ts';
import type { FeedEvent, OddUpdate } from '../adapter.ts';
import type { Clock } from '../clock.ts';
import { LiveState } from '../live-state.ts';
import { queueFeedChanges } from '../../trading/feed-outbox.ts';
import type { Fixture } from './api.ts';
import type { MarketDescriptions } from './descriptions.ts';
import { fixtureRowOf, upsertFixture, type FixtureRow } from './fixtures.ts';
import { specialOf, type ProviderIds } from './ids.ts';
import { parseSpecifiers, type EventStatus, type OddsMarket, type UofMessage } from './messages.ts';
import { applyStateful, isStateful } from './settlement.ts';
import { clockOf, isInPlay, matchStatusOf, periodLength, scoresOf } from './status.ts';

type Flags = { active: 0 | 1; iss: 0 | 1; isv: 0 | 1 };

/** A market's status as our group flags: active, suspended (also handed over), or closed. */
export function flagsOf(status: number): Flags {
  if (status === 1) return { active: 1, iss: 0, isv: 1 };
  if (status === -1 || status === -2) return { active: 1, iss: 1, isv: 1 };
  return { active: 0, iss: 1, isv: 0 };
}

interface GroupRef {
  oddsid: number;
  oddsType: number;
  special: string;
  marketId: number;
  specifiers: Array<[string, string]>;
  /** Our outcome id -> its row id (oddid). */
  outcomes: Map<number, number>;
}

interface EventEntry {
  eventId: string;
  row: FixtureRow;
  producer: number | undefined;
  lastTs: number;
  live: boolean;
  ended: boolean;
  /** The bet status the feed wants (shown stopped while its producer is down). */
  feedBs: BetStatus;
  groups: Map<string, GroupRef>;
  /** Producer and bet status as last written to feed_events. */
  saved?: string;
}

/** A market of a message in our ids. */
interface Mapped {
  key: string;
  oddsType: number;
  special: string;
  marketId: number;
  specifiers: Array<[string, string]>;
  flags: Flags;
  outcomes: Array<{ ext: string; ours: number; odd: number | undefined; active: 0 | 1 }>;
}

export interface ProcessorOptions {
  db: Db;
  api: { fixture(eventId: string, lang: string): Promise<Fixture> };
  ids: ProviderIds;
  descriptions: MarketDescriptions;
  /** Languages fetched; the first names live matches and markets. */
  languages: readonly string[];
  clock: Clock;
  /** Whether a producer's markets take bets now (producers.ts). */
  isProducerUp: (id: number | undefined) => boolean;
  /**
   * Publishes wire changes of matches not started on the feed's path at once, in order with the
   * live events (FeedService.inject); false when it cannot (then they go through the outbox).
   * Absent: the outbox (trading_feed_outbox) carries them.
   */
  publish?: ((changes: FeedChange[]) => boolean) | undefined;
  /** Settles a match's coupons after the feed changed its results. */
  settle: (matchId: number) => Promise<void>;
  log: (msg: string) => void;
}

const gkey = (oddsType: number, special: string) => `${oddsType}|${special}`;

export class UofProcessor {
  private emitFn: (events: FeedEvent[], at: number) => void = () => undefined;
  /** The live matches as the leader's state holds them (the same mutation path), for current() and diffs. */
  readonly mirror = new LiveState();
  private readonly events = new Map<string, EventEntry>();
  private readonly byMatch = new Map<number, EventEntry>();
  /** Events whose fixture could not be fetched, and when to try again. */
  private readonly retryFixture = new Map<string, number>();
  private readonly lang: string;

  constructor(private readonly opts: ProcessorOptions) {
    this.lang = opts.languages[0] ?? 'en';
  }

  setEmit(fn: (events: FeedEvent[], at: number) => void): void {
    this.emitFn = fn;
  }

  /** The live matches held (copies). */
  liveMatches(): LiveMatch[] {
    return this.mirror.listMatches({ includeEnded: true });
  }

  /** Live matches from a checkpoint (a failover): held again, shown stopped until their producer recovers. */
  restore(matches: readonly LiveMatch[]): void {
    this.mirror.reset(matches.map((m) => ({ ...m, bs: 'stopped' as const })));
  }

  private emit(events: FeedEvent[]): void {
    if (!events.length) return;
    const now = this.opts.clock.now();
    this.mirror.apply(events, now);
    this.emitFn(events, now);
  }

  /** Applies one message; `body` is its XML (the identity of stateful messages). */
  async handle(msg: UofMessage, body: string): Promise<void> {
    if (isStateful(msg)) {
      const matchId = await applyStateful(this.opts.db, this.opts.ids, msg, body, this.opts.clock.now(), (q, id) => this.score(q, id));
      if (matchId !== null) await this.opts.settle(matchId);
      return;
    }
    switch (msg.type) {
      case 'odds_change': return this.oddsChange(msg);
      case 'bet_stop': return this.betStop(msg);
      case 'fixture_change': return this.fixtureChange(msg);
      default:
    }
  }

  /**
   * Runs a database change of matches not started and sends its wire changes: at once after the
   * commit when the feed's path can take them (so they never overtake or trail a live event),
   * else through the outbox in the same transaction.
   */
  private async preMatchTx(fn: (q: TxQueryable) => Promise<FeedChange[]>): Promise<void> {
    const direct = !!this.opts.publish;
    const changes = await this.opts.db.tx(async (q) => {
      const c = await fn(q);
      if (!direct) await queueFeedChanges(q, c);
      return c;
    });
    if (direct && changes.length && !this.opts.publish!(changes)) await queueFeedChanges(this.opts.db, changes);
  }

  // ------------------------------------------------------------------ events and ids

  /** The entry of an event: held, loaded from the database, or (fetch) created from its fixture. */
  private async entry(eventId: string, fetch: boolean): Promise<EventEntry | undefined> {
    const held = this.events.get(eventId);
    if (held) return held;
    if (!/^(sr|[a-z]+):match:\d+$/.test(eventId)) return undefined;
    const { db, ids } = this.opts;
    const matchId = await ids.get(db, 'match', eventId);
    let row = matchId === undefined ? undefined : await fixtureRowOf(db, matchId);
    if (!row) {
      if (!fetch || (this.retryFixture.get(eventId) ?? 0) > this.opts.clock.now()) return undefined;
      try {
        row = await upsertFixture(db, ids, await this.fixtures(eventId), this.lang);
        this.retryFixture.delete(eventId);
      } catch (err) {
        this.retryFixture.set(eventId, this.opts.clock.now() + 30_000);
        this.opts.log(`uof: fixture of ${eventId}: ${(err as Error).message}`);
        return undefined;
      }
    }
    const [fe] = await db.query<{ producer: number | null; feed_bet_status: BetStatus; last_ts: string; status: string }>(
      'select e.producer, e.feed_bet_status, e.last_ts, m.status from feed_events e join matches m on m.id = e.match_id where e.match_id = $1', [row.matchId]);
    const entry: EventEntry = {
      eventId, row, producer: fe?.producer ?? undefined, lastTs: Number(fe?.last_ts ?? 0), live: !!this.mirror.getMatch(row.matchId),
      ended: fe ? isRemovedStatus({ ms: fe.status as LiveMatch['ms'], sid: row.sportId, pl: periodLength(row.sportId) }) : false,
      feedBs: fe?.feed_bet_status ?? 'started', groups: new Map(),
    };
    const rows = await db.query<{ id: number; odds_type: number; special: string; oid: number | null; outcome_id: number | null }>(
      `select g.id, g.odds_type, g.special, o.id as oid, o.outcome_id
         from odds_groups g left join outcomes o on o.group_id = g.id where g.match_id = $1`, [row.matchId]);
    for (const r of rows) {
      const k = gkey(r.odds_type, r.special);
      let g = entry.groups.get(k);
      if (!g) {
        g = { oddsid: r.id, oddsType: r.odds_type, special: r.special, marketId: r.odds_type, specifiers: [], outcomes: new Map() };
        entry.groups.set(k, g);
      }
      if (r.oid !== null && r.outcome_id !== null) g.outcomes.set(r.outcome_id, r.oid);
    }
    this.events.set(eventId, entry);
    this.byMatch.set(row.matchId, entry);
    return entry;
  }

  /** The fixture in every configured language (one failing language fails the event: tried again later). */
  private async fixtures(eventId: string): Promise<Map<string, Fixture>> {
    const list = await Promise.all(this.opts.languages.map(async (l) => [l, await this.opts.api.fixture(eventId, l)] as const));
    return new Map(list);
  }

  /** A message's markets in our ids (new outcome ids numbered in one statement). */
  private async map(markets: readonly OddsMarket[]): Promise<Mapped[]> {
    const { db, ids } = this.opts;
    const out: Mapped[] = [];
    for (const m of markets) {
      // known ids without a round trip (every message of a match after its first)
      const oddsType = ids.cachedMarket(m.id) ?? await ids.market(db, m.id);
      const special = specialOf(m.specifiers);
      const outcomeIds = m.outcomes.map((o) => o.id);
      const specifiers = parseSpecifiers(m.specifiers);
      const cached = ids.cachedOutcomes(m.id, outcomeIds);
      const ours = cached ?? await ids.outcomes(db, m.id, outcomeIds);
      // outcome ids first seen by this process: those of variants get their names in the stored type
      if (!cached) await this.opts.descriptions.nameOutcomes(db, m.id, specifiers, ours);
      out.push({
        key: gkey(oddsType, special), oddsType, special, marketId: m.id, specifiers, flags: flagsOf(m.status),
        outcomes: m.outcomes.map((o) => {
          const odd = parseDecimalOdds(o.odds);
          return { ext: o.id, ours: ours.get(o.id)!, odd, active: odd === undefined || o.active === 0 ? 0 : 1 };
        }),
      });
    }
    return out;
  }

  /**
   * Makes sure every group and outcome of the markets has its row and id. Prices are written too
   * when `prices` (a match not started: the database is what placement reads).
   */
  private async ensureRows(q: Queryable, e: EventEntry, markets: readonly Mapped[], prices: boolean): Promise<void> {
    const missing = prices ? markets : markets.filter((m) => {
      const g = e.groups.get(m.key);
      return !g || m.outcomes.some((o) => !g.outcomes.has(o.ours));
    });
    for (const m of markets) {
      const g = e.groups.get(m.key);
      if (g) { g.marketId = m.marketId; g.specifiers = m.specifiers; }
    }
    if (!missing.length) return;
    const groups = await q.query<{ id: number; odds_type: number; special: string }>(
      `insert into odds_groups (match_id, odds_type, special, active)
       select $1, x.odds_type, x.special, x.active from json_to_recordset($2::json) as x(odds_type int, special text, active smallint)
       on conflict (match_id, odds_type, special) do update set active = excluded.active returning id, odds_type, special`,
      [e.row.matchId, JSON.stringify(missing.map((m) => ({ odds_type: m.oddsType, special: m.special, active: m.flags.active && !m.flags.iss ? 1 : 0 })))]);
    for (const r of groups) {
      const k = gkey(r.odds_type, r.special);
      const m = missing.find((x) => x.key === k)!;
      const g = e.groups.get(k) ?? { oddsid: r.id, oddsType: r.odds_type, special: r.special, marketId: m.marketId, specifiers: m.specifiers,
        outcomes: new Map<number, number>() };
      g.oddsid = r.id;
      e.groups.set(k, g);
    }
    const outcomes = missing.flatMap((m) => m.outcomes.map((o) => ({ group_id: e.groups.get(m.key)!.oddsid, outcome_id: o.ours, odd: o.odd,
      active: o.active })));
    const byId = new Map([...e.groups.values()].map((g) => [g.oddsid, g]));
    // an outcome sent without odds keeps the price it had (a new one gets 1.000, inactive)
    for (const [list, keep] of [[outcomes.filter((o) => o.odd !== undefined), false], [outcomes.filter((o) => o.odd === undefined), true]] as const) {
      if (!list.length) continue;
      const rows = await q.query<{ id: number; group_id: number; outcome_id: number }>(
        `insert into outcomes (group_id, outcome_id, odd, active)
         select x.group_id, x.outcome_id, coalesce(x.odd, 1000), x.active from json_to_recordset($1::json) as x(group_id int, outcome_id int, odd int,
           active smallint)
         on conflict (group_id, outcome_id) do update set ${keep ? '' : 'odd = excluded.odd, '}active = excluded.active
         returning id, group_id, outcome_id`,
        [JSON.stringify(list)]);
      for (const r of rows) byId.get(r.group_id)?.outcomes.set(r.outcome_id, r.id);
    }
  }

  /** A market as a wire group, named for the match (the catalogue's names for its own types). */
  private wireGroup(e: EventEntry, m: Mapped, previous?: OddsGroup): OddsGroup {
    const g = e.groups.get(m.key)!;
    const def = marketOf(m.oddsType);
    const name = def?.name ?? this.opts.descriptions.marketName(m.marketId, this.lang, m.specifiers, e.row.home, e.row.away);
    return {
      oddsid: g.oddsid, oddstype: m.oddsType, typeName: name, nicename: name, special: m.special, ...m.flags,
      outcomes: m.outcomes.map((o) => {
        const odd = o.odd ?? previous?.outcomes.find((x) => x.outcomeid === o.ours)?.odd ?? 1000;
        return {
          oddid: g.outcomes.get(o.ours)!, outcomeid: o.ours,
          outcome: outcomeName(m.oddsType, o.ours) || this.opts.descriptions.outcomeName(m.marketId, o.ext, this.lang, m.specifiers, e.row.home,
            e.row.away) || o.ext,
          odd, special: m.special, active: o.active, iss: odd < 1010 ? 1 : 0, isv: 1,
        };
      }),
    };
  }

  /** The live match as held (not a copy: read only). */
  private held(id: number): LiveMatch | undefined {
    return this.mirror.snapshot({ matches: [id], includeEnded: true }).find((m) => m.id === id);
  }

  /** The bet status players see: the feed's, or stopped while the producer is down. */
  private shownBs(e: EventEntry): BetStatus {
    return this.opts.isProducerUp(e.producer) ? e.feedBs : 'stopped';
  }

  // ------------------------------------------------------------------ messages

  private async oddsChange(msg: Extract<UofMessage, { type: 'odds_change' }>): Promise<void> {
    const e = await this.entry(msg.eventId, true);
    if (!e || e.ended) return;
    // an older message arriving late (a redelivery) must not take prices back; a recovery's messages are current
    if (msg.timestamp < e.lastTs && msg.requestId === undefined) return;
    e.lastTs = Math.max(e.lastTs, msg.timestamp);
    e.producer = msg.product;
    if (msg.markets.some((m) => m.status === 1)) e.feedBs = 'started';
    const markets = await this.map(msg.markets);
    const live = e.live || (msg.status ? isInPlay(msg.status) : msg.product === 1);
    if (live) await this.liveOdds(e, markets, msg.status);
    else await this.preMatchOdds(e, markets, msg.status);
  }

  private async liveOdds(e: EventEntry, markets: Mapped[], status: EventStatus | undefined): Promise<void> {
    const { db } = this.opts;
    await this.ensureRows(db, e, markets, false);
    const id = e.row.matchId;
    const events: FeedEvent[] = [];
    const st = status ? { ...matchStatusOf(status), ...clockOf(status), ...scoresOf(status) } : undefined;
    const current = this.held(id);
    if (!current) {
      // kick-off: the match joins the live state with the markets of this message
      e.live = true;
      const bs = this.shownBs(e);
      const match: LiveMatch = {
        id, h: e.row.home, a: e.row.away, hid: e.row.homeId, aid: e.row.awayId, sid: e.row.sportId, cid: e.row.categoryId, tid: e.row.tournamentId,
        cn: e.row.category, tn: e.row.tournament, d: e.row.start, ms: st?.ms ?? '1p', bs, ac: 1, iss: 0, isv: 1,
        scr: st?.scr ?? { h: 0, a: 0 }, sscr: st?.sscr ?? [], pe: st?.pe ?? 1, ti: st?.ti ?? 0, pl: periodLength(e.row.sportId),
        cards: st?.cards ?? { yh: 0, ya: 0, rh: 0, ra: 0 }, corners: st?.corners ?? { h: 0, a: 0 }, u: this.opts.clock.now(),
        odds: markets.map((m) => this.wireGroup(e, m)), p: st?.p ?? { h: 0, a: 0 }, tie: st?.tie ?? 0, tiee: st?.tiee ?? 0,
      };
      events.push({ type: 'fixture', match });
      await db.query(`update matches set status = $2, bet_status = $3, live_active = 1 where id = $1`, [id, match.ms, bs]);
    } else {
      const whole: OddsGroup[] = [];
      const odds: OddUpdate[] = [];
      for (const m of markets) {
        const g = e.groups.get(m.key)!;
        const held = current.odds.find((x) => x.oddsid === g.oddsid);
        const same = held && held.outcomes.length === m.outcomes.length && m.outcomes.every((o) => held.outcomes.some((x) => x.outcomeid === o.ours));
        if (!held || !same) {
          whole.push(this.wireGroup(e, m, held));
          continue;
        }
        events.push({ type: 'market-status', matchId: id, oddsid: g.oddsid, ...m.flags });
        for (const o of m.outcomes) {
          const oddid = g.outcomes.get(o.ours)!;
          const odd = o.odd ?? held.outcomes.find((x) => x.oddid === oddid)?.odd ?? 1000;
          odds.push({ oddsid: g.oddsid, oddid, odd, active: o.active });
        }
      }
      if (whole.length) events.push({ type: 'markets', matchId: id, groups: whole });
      if (odds.length) events.push({ type: 'odds', matchId: id, odds });
      const bs = this.shownBs(e);
      if (st || bs !== current.bs) {
        events.push({ type: 'status', matchId: id, ms: st?.ms ?? current.ms, bs, ti: st?.ti ?? current.ti, pe: st?.pe ?? current.pe,
          tie: st?.tie ?? current.tie ?? 0, tiee: st?.tiee ?? current.tiee ?? 0 });
      }
      if (st && (st.scr.h !== current.scr.h || st.scr.a !== current.scr.a || JSON.stringify([st.sscr, st.cards, st.corners,
        st.p]) !== JSON.stringify([current.sscr, current.cards, current.corners, current.p]))) {
        events.push({ type: 'score', matchId: id, scr: st.scr, sscr: st.sscr, cards: st.cards, corners: st.corners, p: st.p });
      }
      if (st && st.ms !== current.ms) await db.query('update matches set status = $2 where id = $1', [id, st.ms]);
    }
    if (st && isRemovedStatus({ ms: st.ms, sid: e.row.sportId, pl: periodLength(e.row.sportId) })) {
      // over: it leaves the live lists; its settlement comes in bet_settlement messages
      e.ended = true;
      e.live = false;
      events.push({ type: 'removed', matchId: id });
      await db.query(`update matches set status = $2, bet_status = 'stopped' where id = $1`, [id, st.ms]);
    }
    // kept for the next leader only when it changes (not a write per message: live prices live in memory)
    if (e.saved !== `${e.producer}|${e.feedBs}`) {
      await db.query('update feed_events set producer = $2, feed_bet_status = $3, last_ts = $4 where match_id = $1', [id, e.producer ?? null,
        e.feedBs, e.lastTs]);
      e.saved = `${e.producer}|${e.feedBs}`;
    }
    this.emit(events);
  }

  private async preMatchOdds(e: EventEntry, markets: Mapped[], status: EventStatus | undefined): Promise<void> {
    const id = e.row.matchId;
    const cancelled = status && (status.status === 5 || status.status === 8 || status.status === 9);
    await this.preMatchTx(async (q) => {
      await this.ensureRows(q, e, markets, true);
      const bs = cancelled ? 'stopped' : this.shownBs(e);
      const [m] = await q.query<{ id: number }>(`update matches set bet_status = $2 where id = $1 and status = 'not_started' returning id`, [id, bs]);
      await q.query('update feed_events set producer = $2, feed_bet_status = $3, last_ts = $4, suspended = $5 where match_id = $1',
        [id, e.producer ?? null, e.feedBs, e.lastTs, !this.opts.isProducerUp(e.producer)]);
      const changes: FeedChange[] = [];
      if (markets.length) changes.push(marketsChange(id, markets.map((x) => this.wireGroup(e, x))));
      if (m) changes.push(statusChange(id, 'not_started', bs, 0, 0));
      return changes;
    });
  }

  private async betStop(msg: Extract<UofMessage, { type: 'bet_stop' }>): Promise<void> {
    const e = await this.entry(msg.eventId, false);
    if (!e || e.ended) return;
    const all = msg.groups.includes('all');
    const flags = flagsOf(msg.marketStatus ?? -1);
    const hit = [...e.groups.values()].filter((g) => {
      if (all) return true;
      const groups = this.opts.descriptions.groupsOf(g.marketId);
      // a market not described is stopped too: a price the feed may no longer stand behind
      return !groups || groups.some((x) => x !== 'all' && msg.groups.includes(x));
    });
    if (all) e.feedBs = 'stopped';
    const id = e.row.matchId;
    if (e.live) {
      const events: FeedEvent[] = hit.map((g) => ({ type: 'market-status', matchId: id, oddsid: g.oddsid, ...flags }));
      const current = this.held(id);
      if (all && current) events.push({ type: 'status', matchId: id, bs: this.shownBs(e) });
      this.emit(events);
      await this.opts.db.query('update feed_events set feed_bet_status = $2 where match_id = $1', [id, e.feedBs]);
      return;
    }
    await this.preMatchTx(async (q) => {
      await q.query('update odds_groups set active = 0 where id = any($1::int[])', [hit.map((g) => g.oddsid)]);
      if (all) await q.query(`update matches set bet_status = 'stopped' where id = $1 and status = 'not_started'`, [id]);
      await q.query('update feed_events set feed_bet_status = $2 where match_id = $1', [id, e.feedBs]);
      return [
        ...hit.map((g) => groupChange(id, g.oddsid, flags.active ? 1 : 0, 1, flags.isv)),
        ...(all ? [statusChange(id, 'not_started', 'stopped', 0, 0)] : []),
      ];
    });
  }

  private async fixtureChange(msg: Extract<UofMessage, { type: 'fixture_change' }>): Promise<void> {
    const { db, ids } = this.opts;
    if (!/^(sr|[a-z]+):match:\d+$/.test(msg.eventId)) return;
    let row: FixtureRow;
    try {
      row = await upsertFixture(db, ids, await this.fixtures(msg.eventId), this.lang);
    } catch (err) {
      this.opts.log(`uof: fixture_change of ${msg.eventId}: ${(err as Error).message}`);
      return;
    }
    const e = this.events.get(msg.eventId);
    if (e) e.row = row;
    else await this.entry(msg.eventId, false);
    // change_type 3: the event is cancelled
    if (msg.changeType !== 3) return;
    const entry = this.events.get(msg.eventId);
    if (entry?.live) {
      entry.live = false;
      entry.ended = true;
      this.emit([{ type: 'removed', matchId: row.matchId }]);
    }
    if (entry) entry.feedBs = 'stopped';
    await this.preMatchTx(async (q) => {
      await q.query(`update matches set active = 0, bet_status = 'stopped' where id = $1`, [row.matchId]);
      await q.query(`update feed_events set feed_bet_status = 'stopped' where match_id = $1`, [row.matchId]);
      return entry?.live === false && entry.ended ? [] : [statusChange(row.matchId, 'not_started', 'stopped', 0, 0)];
    });
  }

  // ------------------------------------------------------------------ producers

  /**
   * A producer went down (suspend) or came back after its recovery (reopen): its live matches are
   * shown stopped or as the feed wants them, its matches not started likewise in the database.
   */
  async producerChanged(producer: number, up: boolean): Promise<void> {
    const events: FeedEvent[] = [];
    for (const e of this.byMatch.values()) {
      if (!e.live || e.producer !== producer) continue;
      const m = this.mirror.getMatch(e.row.matchId);
      const bs = up ? e.feedBs : 'stopped';
      if (m && m.bs !== bs) events.push({ type: 'status', matchId: m.id, bs });
    }
    this.emit(events);
    await this.preMatchTx(async (q) => {
      const rows = up
        ? await q.query<{ id: number; bet_status: BetStatus }>(
          `update matches m set bet_status = e.feed_bet_status from feed_events e
            where e.match_id = m.id and e.producer = $1 and e.suspended and m.status = 'not_started' returning m.id, m.bet_status`, [producer])
        : await q.query<{ id: number; bet_status: BetStatus }>(
          `update matches m set bet_status = 'stopped' from feed_events e
            where e.match_id = m.id and e.producer = $1 and m.status = 'not_started' and m.bet_status = 'started' returning m.id, m.bet_status`, [producer]);
      await q.query(`update feed_events set suspended = $2 where producer = $1 and match_id = any($3::int[])`, [producer, !up, rows.map((r) => r.id)]);
      if (up) await q.query('update feed_events set suspended = false where producer = $1 and suspended', [producer]);
      return rows.map((r) => statusChange(r.id, 'not_started', r.bet_status, 0, 0));
    });
  }

  /** The score a match's feed result carries for its results text: the live one, else the last stored. */
  private async score(q: Queryable, matchId: number): Promise<{ ft: { h: number; a: number }; ht: { h: number; a: number } }> {
    const m = this.mirror.getMatch(matchId);
    if (m) return { ft: { ...m.scr }, ht: m.sscr[0] ? { ...m.sscr[0] } : { h: 0, a: 0 } };
    const [r] = await q.query<{ ft: { h: number; a: number } | null; ht: { h: number; a: number } | null }>(
      `select result->'ft' as ft, result->'ht' as ht from result_versions where match_id = $1 order by version desc limit 1`, [matchId]);
    return { ft: r?.ft ?? { h: 0, a: 0 }, ht: r?.ht ?? { h: 0, a: 0 } };
  }
}
