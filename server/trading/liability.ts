/**
 * The book's liability as the back office reads it (migration 255 keeps it: triggers append a
 * delta for every tip that starts or stops riding, the leader folds them every second). A read
 * sums the folded totals and the deltas not folded yet, so it is exact at any moment; the grid of
 * each market (payout and net per outcome, the worst case) is domain/trading/liability.ts.
 */
import type { Queryable } from '../db/client.ts';
import { marketOf } from '../../domain/market/catalogue.ts';
import { REMOVAL_STATUSES } from '../../domain/match/status.ts';
import { byWorstCase, marketGrid, type LiabilityMarket, type OutcomeLiability } from '../../domain/trading/liability.ts';

/** How often the leader folds the deltas (the screen's revision check runs at the same pace). */
export const LIABILITY_FOLD_MS = 1_000;

/** Folds the deltas into book_liability; returns how many outcomes changed. */
export async function foldLiability(q: Queryable): Promise<number> {
  const [r] = await q.query<{ n: number }>('select book_liability_fold() as n');
  return Number(r?.n ?? 0);
}

/**
 * A number that changes whenever some tip starts or stops riding (the deltas' sequence), read by
 * each process with a back-office socket open to tell its screens to reload: no bus needed, and
 * it works the same on one process and many.
 */
export async function liabilityRevision(q: Queryable): Promise<string> {
  const [r] = await q.query<{ rev: string }>(`select (last_value::text || ':' || is_called::text) as rev from book_liability_delta_id_seq`);
  return r?.rev ?? '0';
}

/** One outcome's figures summed over the folded totals and the pending deltas. */
export interface OutcomeFigures extends OutcomeLiability { matchId: number; oddsType: number; special: string; outcomeId: number }

const SUMS = `
  select match_id, odds_type, special, outcome_id, sum(single_stake)::int8 as single_stake, sum(single_pay)::int8 as single_pay,
         sum(combo_stake)::int8 as combo_stake, sum(combo_pay)::int8 as combo_pay, sum(tips)::int as tips
    from (select match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips from book_liability
          union all
          select match_id, odds_type, special, outcome_id, single_stake, single_pay, combo_stake, combo_pay, tips from book_liability_delta) x
   group by match_id, odds_type, special, outcome_id
  having sum(tips) <> 0`;

interface SumRow {
  match_id: number; odds_type: number; special: string; outcome_id: number;
  single_stake: string | number; single_pay: string | number; combo_stake: string | number; combo_pay: string | number; tips: number;
}

const figures = (r: SumRow): OutcomeFigures => ({
  matchId: r.match_id, oddsType: r.odds_type, special: r.special, outcomeId: r.outcome_id,
  singleStake: Number(r.single_stake), singlePay: Number(r.single_pay), comboStake: Number(r.combo_stake), comboPay: Number(r.combo_pay), tips: Number(r.tips),
});

/** Every outcome with open tips, as the book holds it (the property test compares it with a recomputation). */
export async function bookFigures(q: Queryable): Promise<OutcomeFigures[]> {
  const rows = await q.query<SumRow>(`${SUMS} order by match_id, odds_type, special, outcome_id`);
  return rows.map(figures);
}

/** bo/liability's filters. live: only matches in play (true) or not started (false). */
export interface LiabilityFilter { sportId?: number | undefined; tournamentId?: number | undefined; matchId?: number | undefined; live?: boolean | undefined; limit: number }

/**
 * The markets of open matches with liability, worst case first (at most `limit`), with the
 * totals over all of them that pass the filter.
 */
export async function readLiability(q: Queryable, f: LiabilityFilter): Promise<{ markets: LiabilityMarket[]; totalCount: number; stakes: number; worst: number }> {
  const args: unknown[] = [[...REMOVAL_STATUSES, 'cancelled']];
  const cond: string[] = ['not (m.status = any($1::text[]))'];
  const add = (sql: string, v: unknown) => { args.push(v); cond.push(sql.replace('?', `$${args.length}`)); };
  if (f.sportId) add('m.sport_id = ?', f.sportId);
  if (f.tournamentId) add('m.tournament_id = ?', f.tournamentId);
  if (f.matchId) add('m.id = ?', f.matchId);
  if (f.live !== undefined) cond.push(f.live ? `m.status <> 'not_started'` : `m.status = 'not_started'`);
  const rows = await q.query<SumRow & {
    sport_id: number; sport_name: string; tournament_id: number; tournament_name: string; home: string; away: string; match_date: Date; status: string;
  }>(
    `with l as (${SUMS})
     select l.*, m.sport_id, s.name as sport_name, m.tournament_id, t.title as tournament_name, h.name as home, a.name as away, m.match_date, m.status
       from l join matches m on m.id = l.match_id join sports s on s.id = m.sport_id join tournaments t on t.id = m.tournament_id
       join teams h on h.id = m.home_id join teams a on a.id = m.away_id
      where ${cond.join(' and ')}`, args);
  const markets = new Map<string, { head: (typeof rows)[number]; outcomes: Array<OutcomeLiability & { outcomeId: number; name: string }> }>();
  for (const r of rows) {
    const key = `${r.match_id}|${r.odds_type}|${r.special}`;
    const m = markets.get(key) ?? { head: r, outcomes: [] };
    const def = marketOf(r.odds_type);
    m.outcomes.push({ ...figures(r), outcomeId: r.outcome_id, name: def?.outcomes.find((o) => o.id === r.outcome_id)?.name ?? String(r.outcome_id) });
    markets.set(key, m);
  }
  const all = [...markets.values()].map(({ head: r, outcomes }): LiabilityMarket => ({
    matchId: r.match_id, match: `${r.home} - ${r.away}`, sportId: r.sport_id, sportName: r.sport_name, tournamentId: r.tournament_id,
    tournamentName: r.tournament_name, matchDate: new Date(r.match_date).toISOString(), live: r.status !== 'not_started',
    oddsType: r.odds_type, market: marketOf(r.odds_type)?.name ?? String(r.odds_type), special: r.special, ...marketGrid(outcomes),
  })).sort(byWorstCase);
  return {
    markets: all.slice(0, f.limit), totalCount: all.length,
    stakes: all.reduce((s, m) => s + m.stakes, 0), worst: all.reduce((s, m) => s + Math.max(0, m.worst), 0),
  };
}
