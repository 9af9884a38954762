import { createHash } from 'node:crypto';
import type { Db, NamedSql, Queryable, TxQueryable } from '../db/client.ts';
import type { CreateCouponPayload } from '../../domain/protocol/calls.ts';
import type { BetStatus, UserLimits } from '../../domain/protocol/entities.ts';
import { selectionKey, type LimitError, type SlipSelection } from '../../domain/betslip/types.ts';
import { summarizeSlip } from '../../domain/betslip/summary.ts';
import { SLIP_CONSTANTS, kindLimitsFor, oddsLimitRefusal } from '../../domain/betslip/limits.ts';
import { validSystemSizes } from '../../domain/betslip/system-list.ts';
import { bankoCount } from '../../domain/betslip/banko.ts';
import { withMatchMinTip } from '../../domain/betslip/match-limits.ts';
import { judgeOddsChange, oddsChangeOf } from '../../domain/betslip/odds-change.ts';
import { legPayouts } from '../../domain/trading/liability.ts';
import { admit, afterRefusal, readExposure } from '../trading/liability-guard.ts';
import { isOddOpen, matchAllowsBets } from '../../domain/odds/validity.ts';
import { message, type MessageKey } from '../../domain/messages.ts';
import { limitsOf } from '../accounts/limits.ts';
import { CallError } from '../core/call.ts';
import { betGuard } from '../protection/enforce.ts';
import type { LiveState } from '../feed/live-state.ts';
import { upsertLiveMatch } from '../feed/live-catalogue.ts';
import { SAME_COUPON_MAX, isCancelledStatus, picksHash, stakeOnPicks } from './rules.ts';

import type { CouponWrite, CreateCouponReply } from './coupon-write.ts';

// The placement's reply and write: server/betting/coupon-write.ts (trading's guard reads them too).
export type { CouponWrite, CreateCouponReply };

/** What placement reads of the live feed (server/feed/live-state.ts LiveState has both). */
export type LiveOdds = Pick<LiveState, 'currentOdd' | 'getMatch'>;

export interface PlaceContext {
  userId: number;
  now: number;
  lang: string;
  idempotencyKey?: string | undefined;
  /** The live state: live (L) tips are priced and gated by it; without it they are refused as closed. */
  live?: LiveOdds | undefined;
}

/** Coupon filter types of the list (section 2): 0 combine, 1 system, 2 multiple, 3 single, 4 live. */
const KIND_FILTER = { TK: 3, KK: 0, CK: 2, SK: 1 } as const;

/** One tip of the payload as the server reads it: the pick and the odd the player saw. */
interface TipPick {
  i: number;
  matchId: number;
  oddsType: number;
  outcomeId: number;
  special: string;
  live: boolean;
  banko: boolean;
  seen: number;
}

/** stake_limit: the match's own limit per tip set in the back office (minor units; 0 or absent: the site's default). */
interface MatchRow { i: number; status: string; bet_status: BetStatus; active: number; match_date: string; min_tip: number; name: string; stake_limit?: number }
interface OddRow { i: number; group_active: number; outcome_active: number; odd: number }
interface ReadRow {
  user: { currency: string; staketype: number; limits: Partial<UserLimits> | null; balance: number };
  claimed: number;
  prior: { reply: CreateCouponReply; hash: string } | null;
  matches: MatchRow[];
  odds: OddRow[];
  exposure: Array<{ i: number; staked: number }>;
  same: number;
}

/** A tip the server will not take, with the message of section 8. */
interface TipRefusal { mid: number; key: MessageKey; args: Record<string, string> }

// The two statements of every placement, prepared once per connection (server/db/client.ts NamedSql).
const PLACE_READ: NamedSql = { name: 'coupon_place_read_batch', text: 'select coupon_place_read_batch($1) as states' };
const PLACE_COMMIT: NamedSql = { name: 'coupon_place_commit_batch', text: 'select coupon_place_commit_batch($1, $2) as ids' };

/** SQLSTATE of ledger_post_many (migration 120) when a balance cannot cover a debit. */
export const INSUFFICIENT_CREDIT = 'BT001';

/** Refusals that mean 'locked' (section 4: odd or type inactive, bets not started). */
const LOCK_KEYS: ReadonlySet<MessageKey> = new Set<MessageKey>(['tipClosed', 'betsClosed']);

/** A createCoupon request as both placement paths take it: the payload, its picks and hashes. */
export interface PlacementRequest {
  p: CreateCouponPayload;
  ctx: PlaceContext;
  picks: TipPick[];
  /** What makes two requests with one Idempotency-Key the same bet (requestHash). */
  hash: string;
  /** The set of picks, for the same-coupon rule (rules.ts picksHash). */
  sameHash: string;
}


/** The request's picks and hashes; the same outcome twice is refused before anything is read. */
export function placementRequest(p: CreateCouponPayload, ctx: PlaceContext): PlacementRequest {
  const picks = readTips(p);
  return { p, ctx, picks, hash: requestHash(p), sameHash: picksHash(picks) };
}

/**
 * Places one coupon in its own transaction. Trusts nothing from the client but the picks and the
 * stake: the odds and their state (the database for pre-match tips, the live state for live ones),
 * the coupon type, the limits and the payout are recomputed with domain/betslip, the player's other
 * waiting coupons are checked (same coupon N times, stake per tip), and the coupon, its tips and
 * the ledger debit are written in one transaction.
 *
 * Two round trips on PostgreSQL (both steps are database functions, so their plans are kept; the
 * driver sends BEGIN with the first and COMMIT with the second, server/db/pg.ts): the read
 * (readStates) locks the player's wallet row, which serialises one player's placements (the
 * balance, the same-coupon count and the stake per tip are read after the previous placement
 * committed, and one Idempotency-Key is never claimed twice at once), claims the key and reads the
 * picks' matches, odds (for share: they cannot change before commit), stakes and same coupons; the
 * write (commitWrites) writes the coupon, its tips, the key's reply and the ledger debit
 * (ledger_post_many, the SQL twin of server/wallet/ledger.ts postLedger).
 *
 * createCoupon goes through the placement queue (placement-queue.ts), which runs the same two
 * steps and the same rules for several players in one transaction; this is its path for what a
 * batch cannot take.
 */
export async function placeAlone(db: Db, req: PlacementRequest): Promise<CreateCouponReply> {
  return placeAloneTx(db, req).catch(async (err: unknown) => {
    await afterRefusal(db, err, req.ctx.now);
    throw err;
  });
}

async function placeAloneTx(db: Db, req: PlacementRequest): Promise<CreateCouponReply> {
  const { ctx } = req;
  return db.tx(async (q) => {
    const [read] = await readStates(q, [req]);
    const prior = priorReply(read ?? null, req);
    if (prior) return prior;
    if (ctx.idempotencyKey && !read!.claimed) {
      // The key was held by a request that did not take this wallet lock (another money call).
      const replay = await claimIdempotencyKey(q, ctx.userId, ctx.idempotencyKey, req.hash);
      if (replay) return replay;
    }
    // Player protection after the wallet lock of the read: the ledger it sums cannot move before commit.
    const guard = await betGuard(q, [ctx.userId], ctx.now);
    guard.blocked(ctx.userId, ctx.now, ctx.lang);
    const w = decideCoupon(read!, req);
    guard.stake(ctx.userId, Number(w.coupon.total_stake), ctx.now, ctx.lang);
    // The book's limits (server/trading/liability-guard.ts), read after the rules so a refused coupon costs no read.
    admit(await readExposure(q, w.tips.map((t) => Number(t.match_id))), w, ctx.lang);
    await ensureLiveMatches(q, w.liveMatchIds, ctx.live, ctx.lang);
    await commitWrites(q, [{ req, write: w }], []).catch((err: unknown) => {
      if ((err as { code?: unknown }).code === INSUFFICIENT_CREDIT) throw new CallError(422, 'insufficientCredit');
      throw err;
    });
    return w.reply;
  });
}

/**
 * Step 1 of a placement, for one or several players at once (coupon_place_read_batch, migration
 * 120; at most one request per player): locks their wallets, claims the keys and reads each
 * request's state. One state per request, in order; null for an unknown player.
 */
export async function readStates(q: Queryable, reqs: readonly PlacementRequest[]): Promise<Array<ReadRow | null>> {
  const [row] = await q.query<{ states: Array<ReadRow | null> }>(PLACE_READ, [JSON.stringify(reqs.map((req) => ({
    u: req.ctx.userId, picks: pickRows(req), key: req.ctx.idempotencyKey ?? null, hash: req.hash, same: req.sameHash,
  })))]);
  return row!.states;
}

/**
 * Step 2, sent with the COMMIT (coupon_place_commit_batch, migration 120): writes the accepted
 * coupons with their tips, keys' replies and debits, gives back the keys of refused placements,
 * and sets each reply's ticketId.
 */
export async function commitWrites(q: TxQueryable, writes: ReadonlyArray<{ req: PlacementRequest; write: CouponWrite }>, release: ReadonlyArray<{ u: number; key: string }>): Promise<void> {
  const [done] = await q.queryAndCommit<{ ids: Array<number | string> }>(PLACE_COMMIT, [
    JSON.stringify(writes.map(({ req, write }) => ({
      u: req.ctx.userId, coupon: write.coupon, tips: write.tips, reply: write.reply, key: req.ctx.idempotencyKey ?? null,
    }))),
    JSON.stringify(release),
  ]);
  writes.forEach(({ write }, k) => { write.reply.ticketId = Number(done!.ids[k]); });
}

/** The picks as coupon_place_read_batch takes them. */
function pickRows(req: PlacementRequest): Array<Record<string, unknown>> {
  return req.picks.map((x) => ({ i: x.i, match_id: x.matchId, odds_type: x.oddsType, outcome_id: x.outcomeId, special: x.special, live: x.live }));
}

/**
 * What the read says before any rule: an unknown player must log in; a key that already placed a
 * coupon answers with that first reply (or refuses a different bet under the same key).
 */
export function priorReply(read: ReadRow | null, req: PlacementRequest): CreateCouponReply | null {
  if (!read) throw new CallError(401, 'loginRequired', {}, { login: false });
  if (!read.prior) return null;
  if (read.prior.hash !== req.hash) throw new CallError(422, 'idempotencyKeyReused');
  return read.prior.reply;
}

/**
 * Every rule of the placement against what readStates returned: each tip against the
 * server's state, then the coupon recomputed with domain/betslip, then the player's money and
 * other coupons. Throws the first refusal as a CallError; returns the coupon to write.
 */
export function decideCoupon(read: ReadRow, req: PlacementRequest): CouponWrite {
  const { p, ctx, picks } = req;
  const { user } = read;

  // ------------------------------------------------------------ every tip against the server's state
  const matchOf = new Map(read.matches.map((m) => [m.i, m]));
  const oddOf = new Map(read.odds.map((o) => [o.i, o]));
  const refusals: TipRefusal[] = [];
  const changed: number[] = [];
  const selections: SlipSelection[] = [];
  const choice = oddsChangeOf(p);
  let matchMinTip = 1;
  for (const pick of picks) {
    const m = matchOf.get(pick.i);
    const v = pick.live ? judgeLive(pick, m, ctx.live) : judgePreMatch(pick, m, oddOf.get(pick.i), ctx);
    if ('key' in v) { refusals.push({ mid: pick.matchId, key: v.key, args: v.args ?? {} }); continue; }
    // The player's odds-change choice (domain/betslip/odds-change.ts); an accepted move books the server's odd.
    if (judgeOddsChange(choice, pick.seen, v.odd) === 'refuse') changed.push(pick.matchId);
    matchMinTip = Math.max(matchMinTip, m?.min_tip ?? 1);
    selections.push({
      matchId: pick.matchId, oddsType: pick.oddsType, outcomeId: pick.outcomeId, special: pick.special, odd: v.odd,
      banko: pick.banko, live: pick.live, locked: false, matchName: v.name, addedAt: ctx.now,
    });
  }
  const couponErrors = refusals.map((r) => ({ mid: r.mid, msg: message(r.key, ctx.lang, r.args) }));
  if (refusals.length) {
    const first = refusals[0]!;
    // Several locked picks: the spec's 'there are locked matches'; each pick keeps its own reason.
    const locked = refusals.length > 1 && refusals.every((r) => LOCK_KEYS.has(r.key));
    throw new CallError(422, locked ? 'lockedMatches' : first.key, locked ? {} : first.args, { changed, couponErrors });
  }
  if (changed.length) throw new CallError(409, 'oddsChanged', {}, { changed, couponErrors: [] });

  // ------------------------------------------------------------ the coupon, recomputed with domain/betslip
  const limits = withMatchMinTip(limitsOf(user), matchMinTip);
  const sent = [...new Set(p.systemTickets ?? [])].sort((a, b) => a - b);
  const sizes = validSystemSizes(selections, sent, limits);
  if (sizes.length !== sent.length) throw new CallError(422, 'wrongCouponType');
  const stake = limits.staketype === 1 ? p.totalStake : p.ticketStake;
  const summary = summarizeSlip({ selections, stake, systemSizes: sizes, limits });
  if (summary.couponType !== p.ticketType) throw new CallError(422, 'wrongCouponType');
  // Section 4: a system keeps at least two free picks (bankers < selections - 1).
  if (summary.couponType === 'SK' && selections.length - bankoCount(selections) < 2) throw new CallError(422, 'wrongCouponType');
  if (kindLimitsFor(summary.couponType, summary.isLive, limits).status === 0) throw new CallError(422, 'couponKindClosed');
  const limitError = summary.limitErrors[0];
  if (limitError) throw limitCallError(limitError, user.currency, selections, limits, ctx.lang);
  if (!summary.creatable) throw new CallError(422, 'wrongCouponType');
  if (summary.totalAmount !== p.totalStake || summary.baseAmount !== p.ticketStake) {
    throw new CallError(400, 'badRequest', { field: 'totalStake' });
  }

  // ------------------------------------------------------------ the player's money and other coupons
  if (user.balance < summary.totalAmount) throw new CallError(422, 'insufficientCredit');
  if (read.same >= SAME_COUPON_MAX) throw new CallError(422, 'sameCoupon', { n: SAME_COUPON_MAX });
  // Section 9 'bet total per tip 5000': per tip (match, market, outcome, special) and player, over
  // the stakes riding on it in their waiting coupons, this one included (rules.ts stakeOnPicks);
  // a match with its own stake limit (set in the back office's trading screen) uses that instead.
  const onPick = stakeOnPicks(summary.couponType, selections, sizes, summary.baseAmount);
  const staked = new Map(read.exposure.map((e) => [e.i, Number(e.staked)]));
  const tipLimit = (i: number) => Number(matchOf.get(i)?.stake_limit ?? 0) || SLIP_CONSTANTS.betTotalPerTip;
  const overLimit = picks.filter((pick, j) => (staked.get(pick.i) ?? 0) + onPick[j]! > tipLimit(pick.i));
  if (overLimit.length) {
    throw new CallError(422, 'matchStakeLimit', {}, { changed: [], couponErrors: overLimit.map((x) => ({ mid: x.matchId, msg: message('matchStakeLimit', ctx.lang) })) });
  }

  // ------------------------------------------------------------ the coupon to write
  // What the house pays on this coupon if each tip wins: the book's liability (server/trading/liability.ts).
  const winPay = legPayouts(summary.couponType, selections, sizes, summary.baseAmount, summary.maxPayout);
  return {
    coupon: {
      ticket_type: summary.couponType, is_live: summary.isLive ? 1 : 0, total_stake: summary.totalAmount, ticket_stake: summary.baseAmount,
      total_odds: String(summary.totalOdds), max_pay: summary.maxPayout, bonus_percent: summary.bonusPercent, total_tickets: summary.couponCount,
      system_combi: sizes.join(',') || '0', created_at: new Date(ctx.now).toISOString(), picks_hash: req.sameHash,
    },
    tips: selections.map((s, j) => ({
      match_id: s.matchId, odds_type: s.oddsType, outcome_id: s.outcomeId, special: s.special, odd: s.odd,
      banko: s.banko ? 1 : 0, ttype: s.live ? 'L' : 'N', stake: onPick[j], win_pay: winPay[j],
    })),
    reply: {
      status: true, msg: message('couponCreated', ctx.lang), ticketId: 0, changed: [], couponErrors: [], login: true,
      couponType: summary.isLive ? 4 : KIND_FILTER[summary.couponType as keyof typeof KIND_FILTER], totalStake: summary.totalAmount, maxPayout: summary.maxPayout,
    },
    liveMatchIds: [...new Set(picks.filter((x) => x.live && !matchOf.has(x.i)).map((x) => x.matchId))],
  };
}

function readTips(p: CreateCouponPayload): TipPick[] {
  const seen = new Set<string>();
  return p.tips.map((tip, i) => {
    const pick = { matchId: tip.mid, oddsType: tip.oddTypeId, outcomeId: tip.ktip.outcomeid, special: tip.ktip.special };
    const key = selectionKey(pick);
    if (seen.has(key)) throw new CallError(422, 'duplicateTip');
    seen.add(key);
    return {
      i, ...pick,
      live: tip.ttype === 'L',
      // Bankers exist only in a system; elsewhere the flag means nothing and is dropped.
      banko: p.ticketType === 'SK' && (tip.banko === true || tip.banko === 1),
      seen: tip.odd,
    };
  });
}

type Verdict = { odd: number; name: string } | { key: MessageKey; args?: Record<string, string> };

/**
 * A pre-match tip against the database (sections 4 and 5): the match exists, is not cancelled, has
 * not started (nor gone live), takes bets, and its market and outcome are open at a valid odd.
 */
function judgePreMatch(pick: TipPick, m: MatchRow | undefined, o: OddRow | undefined, ctx: PlaceContext): Verdict {
  if (!m) return { key: 'matchNotFound' };
  if (isCancelledStatus(m.status)) return { key: 'matchCancelled' };
  if (m.status !== 'not_started' || Date.parse(m.match_date) <= ctx.now || ctx.live?.currentOdd(pick.matchId, pick.oddsType, pick.outcomeId, pick.special)) {
    return { key: 'matchStarted' };
  }
  if (!o) return { key: 'tipClosed' };
  const gate = { bs: m.bet_status, ac: m.active ? 1 as const : 0 as const };
  if (!matchAllowsBets(gate)) return { key: 'betsClosed', args: { match: m.name } };
  if (!isOddOpen(gate, { active: o.group_active ? 1 : 0 }, { odd: o.odd, active: o.outcome_active ? 1 : 0 })) return { key: 'tipClosed' };
  return { odd: o.odd, name: m.name };
}

/** A live tip against the live state: without one, or when the outcome is gone, it is closed. */
function judgeLive(pick: TipPick, m: MatchRow | undefined, live: LiveOdds | undefined): Verdict {
  const cur = live?.currentOdd(pick.matchId, pick.oddsType, pick.outcomeId, pick.special);
  if (!live || !cur) return { key: 'tipClosed' };
  if (isCancelledStatus(cur.matchstatus)) return { key: 'matchCancelled' };
  const name = () => {
    if (m) return m.name;
    const lm = live.getMatch(pick.matchId);
    return lm ? `${lm.h} - ${lm.a}` : String(pick.matchId);
  };
  if (cur.betstatus !== 'started') return { key: 'betsClosed', args: { match: name() } };
  if (!cur.open) return { key: 'tipClosed' };
  return { odd: cur.odd, name: name() };
}

/**
 * A live match that went live a moment ago may not have its catalogue row yet (the live catalogue
 * writes them every 2 s); coupon_tips references matches(id), so it is written now, in this
 * transaction, in id order like the catalogue.
 */
async function ensureLiveMatches(q: Queryable, ids: number[], live: LiveOdds | undefined, lang: string): Promise<void> {
  for (const id of [...ids].sort((a, b) => a - b)) {
    const m = live?.getMatch(id);
    // it left the feed since its odd was read a moment ago
    if (!m) throw new CallError(422, 'tipClosed', {}, { changed: [], couponErrors: [{ mid: id, msg: message('tipClosed', lang) }] });
    await upsertLiveMatch(q, m);
  }
}

/**
 * Claims an Idempotency-Key, or returns the reply of the request that holds it. Used only when
 * the key was held by a request outside this player's wallet lock: the insert waits for it; if it
 * committed, its reply is read; if it rolled back, this request owns the key.
 */
async function claimIdempotencyKey(q: Queryable, userId: number, key: string, hash: string): Promise<CreateCouponReply | null> {
  const claimed = await q.query(
    `insert into idempotency_keys (user_id, key, call, reply, request_hash) values ($1, $2, 'createCoupon', 'null'::jsonb, $3)
     on conflict do nothing returning key`,
    [userId, key, hash],
  );
  if (claimed.length) return null;
  const [seen] = await q.query<{ reply: CreateCouponReply; request_hash: string }>('select reply, request_hash from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
  if (!seen || seen.request_hash !== hash) throw new CallError(422, 'idempotencyKeyReused');
  return seen.reply;
}

/** What makes two createCoupon requests the same bet: the picks, the stakes and the type. */
function requestHash(p: CreateCouponPayload): string {
  const picks = p.tips.map((t) => [t.mid, t.oddTypeId, t.ktip.outcomeid, t.ktip.special, t.banko === true || t.banko === 1]);
  return createHash('sha256').update(JSON.stringify([p.ticketType, p.totalStake, p.ticketStake, p.systemTickets ?? [], picks])).digest('hex');
}

function money(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

/** The first limit the coupon breaks as the reply; odds limits name the picks to remove. */
function limitCallError(e: LimitError, currency: string, selections: readonly SlipSelection[], limits: UserLimits, lang: string): CallError {
  const odds = (code: 'minOdds' | 'maxOdds', limit: number) => {
    const args = { amount: (limit / 1000).toFixed(2) };
    const couponErrors = selections.filter((s) => oddsLimitRefusal(s.odd, limits) === code).map((s) => ({ mid: s.matchId, msg: message(code, lang, args) }));
    return new CallError(422, code, args, { changed: [], couponErrors });
  };
  switch (e.code) {
    case 'minTip': return new CallError(422, 'minTip', { n: e.amount ?? 1 });
    case 'minOdds': return odds('minOdds', e.min ?? limits.minOddsCoupon);
    case 'maxOdds': return odds('maxOdds', e.max ?? limits.maxOddsCoupon);
    case 'maxStake': return new CallError(422, 'maxStake', { amount: money(e.max ?? 0, currency) });
    case 'maxPay': return new CallError(422, 'stakeLimited', { amount: money(e.amount ?? e.max ?? 0, currency) });
    case 'maxSelections': return new CallError(422, 'maxSelections', { max: e.max ?? 0 });
    default: return new CallError(422, 'minStake', { amount: money(e.min ?? 0, currency) });
  }
}
