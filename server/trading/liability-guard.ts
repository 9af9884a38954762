/**
 * Automatic protection at placement: the book of the coupon's matches (folded totals and pending
 * deltas) and their limits (the match's own, else its league's, else the site's) are read inside
 * the placement's transaction, and a coupon that would take a market's or a match's worst case
 * above its limit is refused (domain/trading/liability.ts liabilityBreaches). A batch checks its
 * coupons one after the other, each seeing the ones before it. Coupons placed at the same moment
 * by other transactions are not seen, so under a burst the limit can be passed by a few coupons
 * at most: the guard is a risk control, not a ledger.
 */
import type { Db, Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { message } from '../../domain/messages.ts';
import {
  liabilityBreaches, withLegs, type BookOutcome, type LegExposure, type LiabilityBreach, type LiabilityLimits,
} from '../../domain/trading/liability.ts';
import { SITE_SETTINGS } from '../settings/site-settings.ts';
import { suspendMarketAuto } from './fixtures.ts';
import type { CouponWrite } from '../betting/coupon-write.ts';
import type { BoContext } from '../backoffice/guard.ts';
import type { BoLiabilityLimitsReply } from '../../domain/trading/calls.ts';

/** The book and the limits of some matches, as one placement (or batch) reads them. */
export interface Exposure { book: BookOutcome[]; limits: Map<number, LiabilityLimits> }

/** Reads the book of these matches and their limits (one statement each). */
export async function readExposure(q: Queryable, matchIds: readonly number[]): Promise<Exposure> {
  const ids = [...new Set(matchIds)];
  if (!ids.length) return { book: [], limits: new Map() };
  const rows = await q.query<{ match_id: number; odds_type: number; special: string; outcome_id: number; ss: string; sp: string; cs: string; cp: string; n: number }>(
    `select match_id, odds_type, special, outcome_id, sum(single_stake)::int8 as ss, sum(single_pay)::int8 as sp, sum(combo_stake)::int8 as cs,
            sum(combo_pay)::int8 as cp, sum(tips)::int as n
       from (select match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips from book_liability where match_id = any($1::int[])
             union all
             select match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips from book_liability_delta where match_id = any($1::int[])) x
      group by match_id, odds_type, special, outcome_id having sum(tips) <> 0`, [ids]);
  const limits = await q.query<{ id: number; lm_market: string | null; lm_match: string | null; ll_market: string | null; ll_match: string | null }>(
    `select m.id, lm.market_limit as lm_market, lm.match_limit as lm_match, ll.market_limit as ll_market, ll.match_limit as ll_match
       from matches m
       left join liability_limits lm on lm.scope = 'match' and lm.ref_id = m.id
       left join liability_limits ll on ll.scope = 'league' and ll.ref_id = m.tournament_id
      where m.id = any($1::int[])`, [ids]);
  const pick = (...xs: Array<string | null>) => Number(xs.find((x) => x !== null) ?? 0);
  return {
    book: rows.map((r) => ({
      matchId: r.match_id, oddsType: r.odds_type, special: r.special, outcomeId: r.outcome_id,
      singleStake: Number(r.ss), singlePay: Number(r.sp), comboStake: Number(r.cs), comboPay: Number(r.cp), tips: Number(r.n),
    })),
    limits: new Map(limits.map((l) => [l.id, {
      market: pick(l.lm_market, l.ll_market, String(SITE_SETTINGS.liability_market_limit)),
      match: pick(l.lm_match, l.ll_match, String(SITE_SETTINGS.liability_match_limit)),
    }])),
  };
}

/** The legs a coupon to write adds to the book (its tips' stakes and win_pay). */
export function legsOf(w: CouponWrite): LegExposure[] {
  const single = w.coupon.ticket_type === 'TK';
  return w.tips.map((t) => ({
    matchId: Number(t.match_id), oddsType: Number(t.odds_type), special: String(t.special), outcomeId: Number(t.outcome_id),
    single, stake: Number(t.stake), pay: Number(t.win_pay),
  }));
}

/** A refusal of the liability limit: the spec's shape, with the matches concerned in couponErrors. */
export class LiabilityRefusal extends CallError {
  constructor(readonly breaches: LiabilityBreach[], lang: string) {
    const mids = [...new Set(breaches.map((b) => b.matchId))];
    super(422, 'liabilityLimit', {}, { changed: [], couponErrors: mids.map((mid) => ({ mid, msg: message('liabilityLimit', lang) })) });
  }
}

/**
 * Checks a coupon against the exposure and, when it passes, adds it (so the next coupon of a batch
 * sees it). Throws LiabilityRefusal when it would pass a limit.
 */
export function admit(ex: Exposure, w: CouponWrite, lang: string): void {
  const legs = legsOf(w);
  const breaches = liabilityBreaches(ex.book, legs, (id) => ex.limits.get(id) ?? { market: SITE_SETTINGS.liability_market_limit, match: SITE_SETTINGS.liability_match_limit });
  if (breaches.length) throw new LiabilityRefusal(breaches, lang);
  ex.book = withLegs(ex.book, legs);
}

/**
 * After a refusal: with liability_auto_suspend on, each market whose limit refused the coupon is
 * suspended (pre-match markets held in the database; the feed owns live ones), one audited
 * transaction per market. A match's limit refuses but suspends nothing: which market to close is the trader's call.
 */
export async function afterRefusal(db: Db, err: unknown, now: number): Promise<void> {
  if (!(err instanceof LiabilityRefusal) || !SITE_SETTINGS.liability_auto_suspend) return;
  for (const b of err.breaches) {
    if (b.kind !== 'market') continue;
    await suspendMarketAuto(db, b.matchId, b.oddsType, b.special, now, { worst: b.worst, limit: b.limit })
      .catch((e: unknown) => console.error('liability auto-suspend:', e));
  }
}

/** bo/liabilityLimits: the site's limits and the leagues' and matches' own, newest first. */
export async function liabilityLimits(q: Queryable): Promise<Omit<BoLiabilityLimitsReply, 'status'>> {
  const rows = await q.query<{ scope: 'league' | 'match'; ref_id: number; name: string | null; market_limit: string | null; match_limit: string | null; updated_at: Date }>(
    `select l.scope, l.ref_id, coalesce(t.title, h.name || ' - ' || a.name) as name, l.market_limit, l.match_limit, l.updated_at
       from liability_limits l
       left join tournaments t on l.scope = 'league' and t.id = l.ref_id
       left join matches m on l.scope = 'match' and m.id = l.ref_id left join teams h on h.id = m.home_id left join teams a on a.id = m.away_id
      order by l.updated_at desc limit 500`);
  const num = (x: string | null) => (x === null ? null : Number(x));
  return {
    site: { market: SITE_SETTINGS.liability_market_limit, match: SITE_SETTINGS.liability_match_limit, autoSuspend: SITE_SETTINGS.liability_auto_suspend },
    rows: rows.map((r) => ({ scope: r.scope, refId: r.ref_id, name: r.name ?? '', marketLimit: num(r.market_limit), matchLimit: num(r.match_limit), updatedAt: new Date(r.updated_at).toISOString() })),
  };
}

/** bo/setLiabilityLimit: one audited change of a league's or a match's own limits (both null: removed). */
export async function setLiabilityLimit(ctx: BoContext, p: { scope: 'league' | 'match'; refId: number; marketLimit: number | null; matchLimit: number | null }): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [exists] = await q.query(p.scope === 'league' ? 'select 1 from tournaments where id = $1' : 'select 1 from matches where id = $1', [p.refId]);
    if (!exists) throw new CallError(404, 'notFound');
    const [before] = await q.query<{ market_limit: string | null; match_limit: string | null }>(
      'select market_limit, match_limit from liability_limits where scope = $1 and ref_id = $2 for update', [p.scope, p.refId]);
    if (p.marketLimit === null && p.matchLimit === null) {
      await q.query('delete from liability_limits where scope = $1 and ref_id = $2', [p.scope, p.refId]);
    } else {
      await q.query(
        `insert into liability_limits (scope, ref_id, market_limit, match_limit, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (scope, ref_id) do update set market_limit = excluded.market_limit, match_limit = excluded.match_limit, updated_at = excluded.updated_at`,
        [p.scope, p.refId, p.marketLimit, p.matchLimit, new Date(ctx.now)]);
    }
    await ctx.audit(q, {
      action: 'liability.limit', objectType: p.scope, objectId: p.refId,
      before: before ? { marketLimit: before.market_limit === null ? null : Number(before.market_limit), matchLimit: before.match_limit === null ? null : Number(before.match_limit) } : null,
      after: { marketLimit: p.marketLimit, matchLimit: p.matchLimit },
    });
  });
}
