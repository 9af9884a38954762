/**
 * The back office of the Hub88 aggregator (domain/casino/hub88-calls.ts, permission manageCasino):
 * its state, a game-list sync now (audited), a round's details for support, the prepaids of a game,
 * and free rounds granted to a player through Hub88's Freebets API (audited, once per
 * Idempotency-Key). The games themselves are managed on the casino screens like every other.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/client.ts';
import { CallError } from '../../core/call.ts';
import type { BoContext } from '../../backoffice/guard.ts';
import { HUB88_PROVIDER, hub88ToMinor, hub88User, minorToHub88 } from '../../../domain/casino/hub88.ts';
import type { BoHub88Prepaid, BoHub88Reward, BoHub88Status, BoHub88Sync } from '../../../domain/casino/hub88-calls.ts';
import { hub88Outbound, type Hub88Config } from './config.ts';
import { Hub88Error, type Hub88Client } from './client.ts';
import { syncHub88Games } from './sync.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
/** Hub88's ISO 8601 without a zone (YYYY-MM-DDThh:mm:ss), in UTC. */
const hub88Time = (t: string): string => (t.length === 16 ? `${t}:00` : t);

/** A refusal of Hub88 (or no answer) as the back office shows it. */
const failed = (err: unknown): CallError => {
  const reason = err instanceof Hub88Error ? err.reason : String((err as Error).message ?? err);
  return new CallError(502, 'aggregatorFailed', { reason }, { error: 'aggregatorFailed' });
};
const requireApi = (cfg: Hub88Config): void => {
  if (!hub88Outbound(cfg)) throw new CallError(409, 'aggregatorOff', {}, { error: 'aggregatorOff' });
};

const SYNC_COLUMNS = `s.started_at, s.finished_at, u.username as by_user, s.games, s.added, s.updated, s.hidden, s.error`;
type SyncRow = { started_at: Date; finished_at: Date | null; by_user: string | null; games: number; added: number; updated: number; hidden: number; error: string };
const toSync = (r: SyncRow): BoHub88Sync => ({
  startedAt: iso(r.started_at)!, finishedAt: iso(r.finished_at), byUser: r.by_user, games: r.games, added: r.added, updated: r.updated, hidden: r.hidden, error: r.error,
});

export async function boHub88Status(q: Queryable, cfg: Hub88Config): Promise<BoHub88Status> {
  const [agg] = await q.query<{ status: number; studios: number; games: number; enabled: number }>(
    `select p.status, (select count(*)::int from casino_providers s where s.parent_id = p.id) as studios,
            (select count(*)::int from hub88_games) as games,
            (select count(*)::int from hub88_games h join casino_games g on g.id = h.game_id where g.status = 1) as enabled
       from casino_providers p where p.code = $1`, [HUB88_PROVIDER]);
  const syncs = await q.query<SyncRow>(`select ${SYNC_COLUMNS} from hub88_syncs s left join users u on u.id = s.by_user order by s.id desc limit 10`);
  const freebetGames = await q.query<{ id: number; title: string; studio: string }>(
    `select g.id, g.title, h.studio from hub88_games h join casino_games g on g.id = h.game_id where h.freebet_support and h.available order by g.title limit 500`);
  return {
    status: true, wallet: cfg.publicKey !== null, api: hub88Outbound(cfg), prefix: cfg.prefix, operatorId: cfg.operatorId,
    enabled: agg?.status === 1, studios: agg?.studios ?? 0, games: agg?.games ?? 0, gamesEnabled: agg?.enabled ?? 0, freebetGames, syncs: syncs.map(toSync),
  };
}

/** Syncs the game list now; the run and its figures are one audit row. */
export async function boHub88Sync(ctx: BoContext, cfg: Hub88Config, client: Hub88Client): Promise<BoHub88Sync> {
  requireApi(cfg);
  const r = await syncHub88Games(ctx.db, client, ctx.now, ctx.actor.userId);
  const [agg] = await ctx.db.query<{ id: number }>('select id from casino_providers where code = $1', [HUB88_PROVIDER]);
  await ctx.db.tx((q) => ctx.audit(q, { action: 'hub88.sync', objectType: 'casino_provider', objectId: agg?.id ?? 0, after: r }));
  if (r.error) throw new CallError(502, 'aggregatorFailed', { reason: r.error }, { error: 'aggregatorFailed' });
  const [row] = await ctx.db.query<SyncRow>(`select ${SYNC_COLUMNS} from hub88_syncs s left join users u on u.id = s.by_user order by s.id desc limit 1`);
  return toSync(row!);
}

const playerOf = async (q: Queryable, userName: string): Promise<{ id: number; currency: string }> => {
  const [u] = await q.query<{ id: number; currency: string }>(`select id, currency from users where username = $1 and user_type in ('U', 'F', 'T')`, [userName]);
  if (!u) throw new CallError(404, 'notFound', {}, { error: 'notFound' });
  return u;
};

/** The page of a round's details at Hub88 (for support: what was played, bet and won). */
export async function boHub88Round(db: Db, cfg: Hub88Config, client: Hub88Client, p: { userName: string; round: string; transactionUuid?: string | undefined }): Promise<string> {
  requireApi(cfg);
  const u = await playerOf(db, p.userName);
  try {
    return await client.gameRound({ user: hub88User(u.id), round: p.round, ...(p.transactionUuid ? { transaction_uuid: p.transactionUuid } : {}) });
  } catch (err) {
    throw failed(err);
  }
}

const hub88GameOf = async (q: Queryable, gameId: number) => {
  const [g] = await q.query<{ code: string; title: string; freebet_support: boolean }>(
    'select h.game_code as code, g.title, h.freebet_support from hub88_games h join casino_games g on g.id = h.game_id where h.game_id = $1', [gameId]);
  if (!g) throw new CallError(404, 'gameNotFound', {}, { error: 'gameNotFound' });
  return g;
};

/** The free-round templates Hub88 offers for a game; values in minor units (null: the operator chooses). */
export async function boHub88Prepaids(db: Db, cfg: Hub88Config, client: Hub88Client, gameId: number): Promise<BoHub88Prepaid[]> {
  requireApi(cfg);
  const g = await hub88GameOf(db, gameId);
  let list;
  try { list = await client.prepaids({ game_code: g.code }); } catch (err) { throw failed(err); }
  return list.map((x) => ({
    prepaidUuid: x.prepaid_uuid, gameCode: x.game_code, currency: x.currency,
    betValue: x.bet_value === null || x.bet_value === undefined ? null : hub88ToMinor(x.bet_value), betCount: x.bet_count ?? null, bonusBuy: x.bonus_buy === true,
  }));
}

type RewardRow = {
  id: number; reward_uuid: string | null; username: string; title: string; prepaid_uuid: string; currency: string; bet_value: number; bet_count: number;
  start_time: Date | null; end_time: Date | null; status: string; created_name: string | null; created_at: Date;
};
const REWARD_SELECT = `select r.id, r.reward_uuid, u.username, g.title, r.prepaid_uuid, r.currency, r.bet_value, r.bet_count, r.start_time, r.end_time, r.status,
    c.username as created_name, r.created_at
  from hub88_rewards r join users u on u.id = r.user_id join casino_games g on g.id = r.game_id left join users c on c.id = r.created_by`;
const toReward = (r: RewardRow): BoHub88Reward => ({
  id: Number(r.id), rewardUuid: r.reward_uuid, userName: r.username, game: r.title, prepaidUuid: r.prepaid_uuid, currency: r.currency,
  betValue: Number(r.bet_value), betCount: r.bet_count, startTime: iso(r.start_time), endTime: iso(r.end_time), status: r.status,
  createdBy: r.created_name, createdAt: iso(r.created_at)!,
});

export interface GrantInput { userName: string; gameId: number; prepaidUuid: string; betValue?: number | undefined; betCount?: number | undefined; startTime?: string | undefined; endTime?: string | undefined }

/**
 * Grants free rounds of a game to a player through Hub88 (rewards/create). A repeat with the same
 * Idempotency-Key answers the first grant without a second call. The player's wins from them come
 * through the wallet flagged is_free and are booked as bonus money.
 */
export async function boHub88Grant(ctx: BoContext, cfg: Hub88Config, client: Hub88Client, p: GrantInput): Promise<BoHub88Reward> {
  requireApi(cfg);
  if (ctx.idempotencyKey) {
    const [done] = await ctx.db.query<RewardRow>(`${REWARD_SELECT} where r.idem_key = $1`, [ctx.idempotencyKey]);
    if (done) return toReward(done);
  }
  const u = await playerOf(ctx.db, p.userName);
  const g = await hub88GameOf(ctx.db, p.gameId);
  if (!g.freebet_support) throw new CallError(400, 'badRequest', { field: 'gameId' }, { field: 'gameId' });
  if (p.startTime && p.endTime && p.startTime >= p.endTime) throw new CallError(400, 'badRequest', { field: 'endTime' }, { field: 'endTime' });
  const reference = randomUUID();
  let reward;
  try {
    reward = await client.createReward({
      user: hub88User(u.id), ...(cfg.subPartnerId ? { sub_partner_id: cfg.subPartnerId } : {}), prepaid_uuid: p.prepaidUuid, game_code: g.code, currency: u.currency,
      ...(p.betValue !== undefined ? { bet_value: minorToHub88(p.betValue) } : {}), ...(p.betCount !== undefined ? { bet_count: p.betCount } : {}),
      ...(p.startTime ? { start_time: hub88Time(p.startTime) } : {}), ...(p.endTime ? { end_time: hub88Time(p.endTime) } : {}),
      operator_reference: reference,
    });
  } catch (err) {
    throw failed(err);
  }
  // what Hub88 granted, as it says it (its values over ours when it answers them)
  const betValue = typeof reward.bet_value === 'number' ? hub88ToMinor(reward.bet_value) ?? p.betValue ?? 0 : p.betValue ?? 0;
  const betCount = typeof reward.bet_count === 'number' ? reward.bet_count : p.betCount ?? 0;
  const id = await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: number }>(
      `insert into hub88_rewards (reward_uuid, user_id, game_id, prepaid_uuid, currency, bet_value, bet_count, start_time, end_time, status, reply, operator_reference, idem_key, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
      [reward.reward_uuid, u.id, p.gameId, p.prepaidUuid, u.currency, betValue, betCount, p.startTime ? new Date(`${hub88Time(p.startTime)}Z`) : null,
        p.endTime ? new Date(`${hub88Time(p.endTime)}Z`) : null, reward.status ?? '', JSON.stringify(reward), reference, ctx.idempotencyKey ?? null, ctx.actor.userId, new Date(ctx.now)]);
    await ctx.audit(q, {
      action: 'hub88.freebet', objectType: 'user', objectId: u.id,
      after: { rewardUuid: reward.reward_uuid, game: g.code, prepaidUuid: p.prepaidUuid, currency: u.currency, betValue, betCount, startTime: p.startTime ?? null, endTime: p.endTime ?? null },
    });
    return row!.id;
  });
  const [r] = await ctx.db.query<RewardRow>(`${REWARD_SELECT} where r.id = $1`, [id]);
  return toReward(r!);
}

export async function boHub88Rewards(q: Queryable, userName?: string): Promise<BoHub88Reward[]> {
  const rows = await q.query<RewardRow>(`${REWARD_SELECT} where ($1::text is null or u.username = $1) order by r.id desc limit 100`, [userName ?? null]);
  return rows.map(toReward);
}
