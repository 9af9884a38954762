/**
 * The operator's game wallet (issue 14): what a provider's balance, bet, win and rollback calls do,
 * whatever the provider protocol that carried them (server/casino/protocols/). Each money call is
 * one database transaction: the provider's transaction row (unique per provider and id, inserted
 * first so a concurrent repeat waits for it), the protection check, the round, the ledger row and
 * the jackpot contribution rows. The stored reply answers a repeat with the same body.
 */
import { createHash } from 'node:crypto';
import type { Db, TxQueryable } from '../db/client.ts';
import { InsufficientCredit, postLedger } from '../wallet/ledger.ts';
import { assertCanPlay } from '../protection/enforce.ts';
import type { ProductId } from '../../domain/casino/calls.ts';
import { CONTRIBUTE_AND_REPLY, type JackpotDrop } from './jackpot-pools.ts';

/** Business result codes of the wallet; protocol modules map them to their own names. */
export type WalletCode =
  | 'OK' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'INSUFFICIENT_FUNDS' | 'DUPLICATE_TRANSACTION'
  | 'TRANSACTION_NOT_FOUND' | 'TRANSACTION_ROLLED_BACK' | 'ROUND_CLOSED' | 'WRONG_CURRENCY' | 'WRONG_GAME'
  | 'LIMIT_REACHED' | 'PLAYER_ON_BREAK' | 'PLAYER_EXCLUDED' | 'ACCOUNT_CLOSED' | 'CASINO_LIMIT_FULL'
  | 'INVALID_SIGNATURE' | 'BAD_REQUEST' | 'UNKNOWN_ERROR';

export type WalletOp = 'balance' | 'bet' | 'win' | 'rollback';

/** A provider call after its protocol module parsed and verified it. Amounts in minor units. */
export interface WalletRequest {
  op: WalletOp;
  providerId: number;
  token: string;
  requestId: string;
  txId: string;
  refTxId?: string | undefined;
  roundId: string;
  roundClosed: boolean;
  gameCode: string;
  currency: string;
  amount: number;
  /** sha256 of the raw body without its request id (a retry may carry a new request id). */
  bodyHash: string;
}

export interface WalletReply {
  code: WalletCode;
  balance?: number;
  currency?: string;
  /** Our id of the transaction (the ledger-side reference a provider may keep). */
  txId?: string;
  message?: string;
}

/** What happened besides the reply, for the jackpot socket (published after the commit). */
/** `contributed`: the bet added to a jackpot pool (the route asks the folder to fold). */
export interface WalletEffects { drops: JackpotDrop[]; contributed?: boolean; win?: { userId: number; gameId: number; amount: number; bet: number; product: ProductId } }

/** How long a launch token lasts for bets (wins and rollbacks are taken after it expired). */
export const BET_TOKEN_TTL_MS = 4 * 3600_000;

export const bodyHashOf = (raw: string | Buffer): string => createHash('sha256').update(raw).digest('hex');

/** Ledger ref_type of each product, read by `transactions` (serviceType 4 live casino, 5 slots). */
export const LEDGER_REF: Record<ProductId, string> = { 4: 'livecasino', 5: 'slot', 6: 'virtual', 7: 'tvgames', 8: 'bingo' };

class Refusal extends Error {
  constructor(readonly code: WalletCode, readonly balance?: number) { super(code); }
}

interface SessionRow {
  user_id: number | null; game_id: number; currency: string; fun: number; expires_at: Date | string; code: string; product: ProductId; provider_id: number;
  /** users.status of the player (1 active, 0 passive); read by the claim only, for the bet. */
  user_status?: number | null;
}

async function sessionOf(q: TxQueryable | Db, token: string): Promise<SessionRow | undefined> {
  const [s] = await q.query<SessionRow>(
    `select s.user_id, s.game_id, s.currency, s.fun, s.expires_at, g.code, g.product, g.provider_id
       from casino_sessions s join casino_games g on g.id = s.game_id where s.token = $1`, [token]);
  return s;
}

const balanceRow = async (q: TxQueryable | Db, userId: number) =>
  (await q.query<{ balance: number; currency: string }>('select balance, currency from wallets where user_id = $1', [userId]))[0];

/**
 * Runs one provider call. Never throws for a business outcome: a refusal is a reply with its code
 * (the transaction rolled back, so nothing of a refused bet stays), a repeat gets the stored reply.
 */
export async function walletCall(db: Db, req: WalletRequest, now: number): Promise<{ reply: WalletReply; effects: WalletEffects }> {
  const effects: WalletEffects = { drops: [] };
  if (req.op === 'balance') return { reply: await balanceCall(db, req, now), effects };
  let contributed = false;
  try {
    const reply = await db.tx(async (q) => {
      const claimed = await claim(q, req, now);
      if ('code' in claimed) return claimed;
      const session = userSession(claimed.session, req);
      const { reply: out, userId, roundId, product } = req.op === 'bet' ? await bet(q, req, now, session, claimed.id)
        : req.op === 'win' ? await win(q, req, now, session, effects, claimed.id) : await rollback(q, req, now, session);
      // The stored reply and the links, sent with the COMMIT (one round trip on PostgreSQL); a bet's
      // jackpot contributions go in the same statement (server/casino/jackpot-pools.ts).
      if (req.op === 'bet' && product !== undefined) {
        contributed = ((await q.queryAndCommit<{ contributions: number }>(CONTRIBUTE_AND_REPLY, [product, req.amount, claimed.id, new Date(now), JSON.stringify(out), userId, roundId]))[0]?.contributions ?? 0) > 0;
      } else {
        await q.queryAndCommit('update casino_transactions set reply = $2, user_id = $3, round_id = $4 where id = $1', [claimed.id, JSON.stringify(out), userId, roundId]);
      }
      return out;
    });
    return { reply, effects: reply.code === 'OK' ? { ...effects, contributed } : { drops: [] } };
  } catch (err) {
    if (err instanceof Refusal) {
      return { reply: { code: err.code, ...(err.balance !== undefined ? { balance: err.balance } : {}) }, effects: { drops: [] } };
    }
    throw err;
  }
}

async function balanceCall(db: Db, req: WalletRequest, now: number): Promise<WalletReply> {
  const s = await sessionOf(db, req.token);
  if (!s || s.user_id === null || s.provider_id !== req.providerId) return { code: 'INVALID_TOKEN' };
  if (new Date(s.expires_at).getTime() <= now) return { code: 'TOKEN_EXPIRED' };
  const w = await balanceRow(db, s.user_id);
  return { code: 'OK', balance: w?.balance ?? 0, currency: w?.currency ?? s.currency };
}

/**
 * Inserts the transaction row first and reads the token's session in the same statement. If
 * (provider, id) exists already, the call is a repeat: same body, the first reply; a rollback's
 * tombstone refuses a late bet; another body is a clash.
 */
const CLAIM = {
  name: 'casino_claim',
  text: `with ins as (insert into casino_transactions (provider_id, tx_ref, kind, ref_tx, amount, currency, body_hash, reply, created_at)
                  values ($1, $2, $3, $4, $5, $6, $7, '{}', $8) on conflict (provider_id, tx_ref) do nothing returning id)
         select (select id from ins) as id, s.user_id, s.game_id, s.currency, s.fun, s.expires_at, g.code, g.product, g.provider_id, u.status as user_status
           from (select 1) one left join casino_sessions s on s.token = $9 left join casino_games g on g.id = s.game_id
           left join users u on u.id = s.user_id`,
};

async function claim(q: TxQueryable, req: WalletRequest, now: number): Promise<WalletReply | { id: number; session: SessionRow | undefined }> {
  const kind = req.op;
  const [row] = await q.query<SessionRow & { id: number | null }>(CLAIM,
    [req.providerId, req.txId, kind, req.refTxId ?? null, req.amount, req.currency, req.bodyHash, new Date(now), req.token]);
  if (row && row.id !== null) return { id: row.id, session: row.game_id === null ? undefined : row };
  const [old] = await q.query<{ kind: string; body_hash: string; reply: WalletReply; user_id: number | null }>(
    'select kind, body_hash, reply, user_id from casino_transactions where provider_id = $1 and tx_ref = $2', [req.providerId, req.txId]);
  if (!old) throw new Refusal('UNKNOWN_ERROR');
  if (old.kind === 'tombstone') throw new Refusal('TRANSACTION_ROLLED_BACK');
  if (old.body_hash !== req.bodyHash || old.kind !== kind) throw new Refusal('DUPLICATE_TRANSACTION');
  return old.reply;
}

/** What an operation did: its reply, and the player and round the transaction row is linked to. */
interface Done { reply: WalletReply; userId: number; roundId: number | null; product?: ProductId }

/** The claimed call's session, checked: a player's (not fun), of this provider, game and currency. */
function userSession(s: SessionRow | undefined, req: WalletRequest): SessionRow & { user_id: number } {
  if (!s || s.user_id === null || s.fun || s.provider_id !== req.providerId) throw new Refusal('INVALID_TOKEN');
  if (s.code !== req.gameCode) throw new Refusal('WRONG_GAME');
  if (s.currency !== req.currency) throw new Refusal('WRONG_CURRENCY');
  return s as SessionRow & { user_id: number };
}

const PROTECTION_CODE: Record<string, WalletCode> = {
  LIMIT_REACHED: 'LIMIT_REACHED', PLAYER_ON_BREAK: 'PLAYER_ON_BREAK', PLAYER_EXCLUDED: 'PLAYER_EXCLUDED', ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
};

/**
 * The bet's round (created or added to) and 'casino limits full': each dealer above the player
 * with a casino limit (dealers.casino_limit, minor units, 0 none) takes at most that much casino
 * stake a day from its subtree. Parameters: provider, round ref, user, game, product, stake, now, day.
 */
const ROUND_AND_DEALER_LIMITS = {
  name: 'casino_bet_round',
  text: `with lim as (
           select d.user_id, d.casino_limit from user_tree t join dealers d on d.user_id = t.ancestor_id
            where t.descendant_id = $3 and d.casino_limit > 0 order by d.user_id),
         dd as (insert into casino_dealer_days (dealer_id, day, staked) select user_id, $8::date, $6 from lim
                on conflict (dealer_id, day) do update set staked = casino_dealer_days.staked + excluded.staked
                returning dealer_id, staked),
         rd as (insert into casino_rounds (provider_id, round_ref, user_id, game_id, product, bet_total, created_at)
                values ($1, $2, $3, $4, $5, $6, $7)
                on conflict (provider_id, round_ref) do update set bet_total = casino_rounds.bet_total + excluded.bet_total
                returning id, status, user_id)
         select rd.id, rd.status, rd.user_id,
                exists (select 1 from dd join lim on lim.user_id = dd.dealer_id where dd.staked > lim.casino_limit) as full
           from rd`,
};

async function bet(q: TxQueryable, req: WalletRequest, now: number, s: SessionRow & { user_id: number }, txId: number): Promise<Done> {
  if (!(req.amount > 0)) throw new Refusal('BAD_REQUEST');
  if (new Date(s.expires_at).getTime() <= now) throw new Refusal('TOKEN_EXPIRED');
  // A player the back office set passive bets no more, even on a game token minted before (wins and rollbacks still pay).
  if (s.user_status === 0) throw new Refusal('ACCOUNT_CLOSED');
  // Locks the wallet row (every money move of this player waits here) and applies the player's limits.
  const verdict = await assertCanPlay(q, s.user_id, now, req.amount);
  if (!verdict.ok) throw new Refusal(PROTECTION_CODE[verdict.code] ?? 'LIMIT_REACHED');
  const [round] = await q.query<{ id: number; status: number; user_id: number; full: boolean }>(ROUND_AND_DEALER_LIMITS,
    [req.providerId, req.roundId, s.user_id, s.game_id, s.product, req.amount, new Date(now), new Date(now).toISOString().slice(0, 10)]);
  if (round?.full) throw new Refusal('CASINO_LIMIT_FULL');
  if (!round || round.status !== 0 || round.user_id !== s.user_id) throw new Refusal('ROUND_CLOSED');
  let balanceAfter: number;
  try {
    balanceAfter = await postLedger(q, { userId: s.user_id, amount: -req.amount, kind: 'bet', refType: LEDGER_REF[s.product], refId: round.id });
  } catch (err) {
    if (err instanceof InsufficientCredit) {
      throw new Refusal('INSUFFICIENT_FUNDS', (await balanceRow(q, s.user_id))?.balance ?? 0);
    }
    throw err;
  }
  return { reply: { code: 'OK', balance: balanceAfter, currency: s.currency, txId: String(txId) }, userId: s.user_id, roundId: round.id, product: s.product };
}

/**
 * A win on the player's open round of this provider: added to it (and the round closed when the
 * provider says so) in one statement; no row means the round is missing, another player's, or over.
 * The wallet row is locked first (the subquery runs before the round row is locked), in the same
 * order as a bet takes them, so a bet and a win of one round never deadlock.
 */
const WIN_ROUND = {
  name: 'casino_win_round',
  text: `with w as (select user_id from wallets where user_id = $3 for update)
         update casino_rounds set win_total = win_total + $4, status = case when $5 then 1 else status end,
           closed_at = case when $5 then $6::timestamptz else closed_at end
          where provider_id = $1 and round_ref = $2 and user_id = (select user_id from w) and status = 0
          returning id, bet_total, game_id, product`,
};

async function win(q: TxQueryable, req: WalletRequest, now: number, s: SessionRow & { user_id: number }, effects: WalletEffects, txId: number): Promise<Done> {
  if (!(req.amount >= 0)) throw new Refusal('BAD_REQUEST');
  // A win is taken even after the token expired (not checked here): the player's round must be paid.
  const [round] = await q.query<{ id: number; bet_total: number; game_id: number; product: ProductId }>(WIN_ROUND,
    [req.providerId, req.roundId, s.user_id, req.amount, req.roundClosed, new Date(now)]);
  if (!round) {
    const [r] = await q.query<{ status: number; user_id: number }>('select status, user_id from casino_rounds where provider_id = $1 and round_ref = $2', [req.providerId, req.roundId]);
    if (!r || r.user_id !== s.user_id) throw new Refusal('TRANSACTION_NOT_FOUND');
    throw new Refusal(r.status === 2 ? 'TRANSACTION_ROLLED_BACK' : 'ROUND_CLOSED');
  }
  const balanceAfter = Number(req.amount > 0
    ? await postLedger(q, { userId: s.user_id, amount: req.amount, kind: 'win', refType: LEDGER_REF[round.product], refId: round.id })
    : (await balanceRow(q, s.user_id))?.balance ?? 0);
  if (req.amount > 0) effects.win = { userId: s.user_id, gameId: round.game_id, amount: req.amount, bet: Number(round.bet_total), product: round.product };
  return { reply: { code: 'OK', balance: balanceAfter, currency: s.currency, txId: String(txId) }, userId: s.user_id, roundId: round.id };
}

async function rollback(q: TxQueryable, req: WalletRequest, now: number, s: SessionRow & { user_id: number }): Promise<Done> {
  if (!req.refTxId) throw new Refusal('BAD_REQUEST');
  const readRef = async () => (await q.query<{ id: number; kind: string; amount: number; state: number; round_id: number | null; user_id: number | null }>(
    'select id, kind, amount, state, round_id, user_id from casino_transactions where provider_id = $1 and tx_ref = $2 for update',
    [req.providerId, req.refTxId]))[0];
  let ref = await readRef();
  const w = async () => (await balanceRow(q, s.user_id))?.balance ?? 0;
  if (!ref) {
    // Never seen: a tombstone under that id, so the bet arriving late is refused (and never charged).
    const tomb = await q.query(
      `insert into casino_transactions (provider_id, tx_ref, kind, user_id, body_hash, reply, state, created_at)
       values ($1, $2, 'tombstone', $3, '', '{}', 2, $4) on conflict (provider_id, tx_ref) do nothing returning id`,
      [req.providerId, req.refTxId, s.user_id, new Date(now)]);
    if (tomb.length) return { reply: { code: 'OK', balance: await w(), currency: s.currency }, userId: s.user_id, roundId: null };
    // The bet was in flight (its row not yet committed when read): the insert waited for it, so it
    // stands now and is rolled back like any other.
    ref = await readRef();
    if (!ref) throw new Refusal('UNKNOWN_ERROR');
  }
  if (ref.user_id !== s.user_id) throw new Refusal('TRANSACTION_NOT_FOUND');
  if (ref.kind === 'tombstone' || ref.state === 1) return { reply: { code: 'OK', balance: await w(), currency: s.currency }, userId: s.user_id, roundId: ref.round_id };
  if (ref.kind !== 'bet' || ref.round_id === null) throw new Refusal('BAD_REQUEST');
  // The wallet before the round, in the order a bet and a win take them (else a bet of the same
  // round holding the wallet and this rollback holding the round deadlock).
  await q.query('select 1 from wallets where user_id = $1 for update', [s.user_id]);
  const [round] = await q.query<{ id: number; status: number; win_total: number; bet_total: number; product: ProductId }>(
    'select id, status, win_total, bet_total, product from casino_rounds where id = $1 for update', [ref.round_id]);
  // After the round's win (or once it is closed) the bet stands: the outcome is known.
  if (!round || round.status === 1 || Number(round.win_total) > 0) throw new Refusal('ROUND_CLOSED');
  const balanceAfter = await postLedger(q, { userId: s.user_id, amount: Number(ref.amount), kind: 'refund', refType: LEDGER_REF[round.product], refId: round.id });
  await q.query('update casino_transactions set state = 1 where id = $1', [ref.id]);
  await q.query(
    `update casino_rounds set bet_total = bet_total - $2, status = case when bet_total - $2 = 0 then 2 else status end,
       closed_at = case when bet_total - $2 = 0 then $3::timestamptz else closed_at end where id = $1`,
    [round.id, Number(ref.amount), new Date(now)]);
  return { reply: { code: 'OK', balance: balanceAfter, currency: s.currency }, userId: s.user_id, roundId: round.id };
}
