/**
 * The operator's game wallet: what a provider's balance, bet, win and rollback calls do,
 * whatever the provider protocol that carried them (server/casino/protocols/). The money calls of
 * several players that arrive together go in one transaction (group commit, like createCoupon's
 * placement queue): one statement locks their wallets in player order and tells which players have
 * protection rules to check, the rules are read and decided here for those players' bets, and one
 * statement sent with the COMMIT carries out every call in arrival order (migration
 * 183_casino_wallet_batch.sql casino_wallet_apply: the transaction row, unique per provider and
 * id, the round, the wallet update and its ledger row, the jackpot contribution rows, the stored
 * reply). A refused call writes nothing; a repeat with the same body gets the stored reply. A lone
 * call is a batch of one: two statements in one transaction.
 */
import { createHash } from 'node:crypto';
import type { Db, NamedSql } from '../db/client.ts';
import { refusalOf } from '../protection/enforce.ts';
import { readProtection, type ProtectionState } from '../protection/state.ts';
import type { MessageKey } from '../../domain/messages.ts';
import type { ProductId } from '../../domain/casino/calls.ts';
import { POOL_PER_MINOR, type JackpotDrop } from './jackpot-pools.ts';

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
  /** A bet that moves no money (a free round); a win booked as bonus money. */
  free?: boolean | undefined;
  /** Any game of the provider may be named, not only the token's (live lobbies); the round is the named game's. */
  anyGame?: boolean | undefined;
  /** A win's reference must be a bet of the player, not rolled back (else TRANSACTION_NOT_FOUND / TRANSACTION_ROLLED_BACK). */
  refBet?: boolean | undefined;
  /** The player the protocol names: the token of another player is an INVALID_TOKEN. */
  userId?: number | undefined;
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

/** The balance call: read only, no transaction. */
async function balanceCall(db: Db, req: WalletRequest, now: number): Promise<WalletReply> {
  const [s] = await db.query<{ user_id: number | null; provider_id: number; expires_at: Date | string; currency: string; balance: number | null; wallet_currency: string | null }>(BALANCE, [req.token]);
  if (!s || s.user_id === null || s.provider_id !== req.providerId || (req.userId !== undefined && s.user_id !== req.userId)) return { code: 'INVALID_TOKEN' };
  if (new Date(s.expires_at).getTime() <= now) return { code: 'TOKEN_EXPIRED' };
  return { code: 'OK', balance: Number(s.balance ?? 0), currency: s.wallet_currency ?? s.currency };
}

const BALANCE: NamedSql = {
  name: 'casino_balance',
  // a studio of an aggregator answers to the aggregator's wallet (casino_providers.parent_id)
  text: `select s.user_id, coalesce(p.parent_id, p.id) as provider_id, s.expires_at, s.currency, w.balance, w.currency as wallet_currency
           from casino_sessions s join casino_games g on g.id = s.game_id join casino_providers p on p.id = g.provider_id
           left join wallets w on w.user_id = s.user_id where s.token = $1`,
};

const LOCK: NamedSql = { name: 'casino_wallet_lock', text: 'select casino_wallet_lock($1::json) as r' };
const APPLY: NamedSql = { name: 'casino_wallet_apply', text: 'select casino_wallet_apply($1::json, $2::json, $3::int) as r' };
const REFS = JSON.stringify(LEDGER_REF);

/** The wallet code of a protection refusal (its message key). */
const PROTECTION_CODE: Partial<Record<MessageKey, WalletCode>> = {
  limitReached: 'LIMIT_REACHED', onBreak: 'PLAYER_ON_BREAK', selfExcluded: 'PLAYER_EXCLUDED', accountClosed: 'ACCOUNT_CLOSED',
};

/** What casino_wallet_apply answers for one call. */
interface Applied {
  reply: WalletReply;
  u?: number;
  contributed?: boolean;
  win?: { game: number; amount: number; bet: number; product: ProductId } | null;
}

/**
 * One batch of money calls (bet, win, rollback) in one transaction. `protection`: the bets'
 * refusals decided from the states read after the wallets were locked; two bets of one player in a
 * batch are checked with their stakes added up.
 */
async function runBatch(db: Db, calls: ReadonlyArray<{ req: WalletRequest; now: number }>): Promise<Array<{ reply: WalletReply; effects: WalletEffects }>> {
  const applied = await db.tx(async (q) => {
    const [locked] = await q.query<{ r: Array<{ u: number | null; g: boolean }> }>(LOCK, [JSON.stringify(calls.map((c) => c.req.token))]);
    const who = locked?.r ?? [];
    const guarded = [...new Set(calls.flatMap((c, j) => (c.req.op === 'bet' && who[j]?.g && who[j]?.u ? [who[j]!.u!] : [])))];
    const states: Map<number, ProtectionState> = guarded.length ? await readProtection(q, guarded, Math.min(...calls.map((c) => c.now))) : new Map();
    const staked = new Map<number, number>();
    const body = calls.map(({ req, now }, j) => {
      let deny: WalletCode | null = null;
      const u = who[j]?.u;
      if (req.op === 'bet' && u && states.has(u)) {
        const stake = (staked.get(u) ?? 0) + (req.free ? 0 : req.amount);
        staked.set(u, stake);
        const err = refusalOf(states.get(u), { stake }, now, 'tr');
        if (err) deny = PROTECTION_CODE[err.key] ?? 'LIMIT_REACHED';
      }
      return {
        op: req.op, p: req.providerId, tok: req.token, tx: req.txId, ref: req.refTxId ?? null, rnd: req.roundId, closed: req.roundClosed,
        game: req.gameCode, cur: req.currency, amt: req.amount, hash: req.bodyHash, deny, now,
        free: req.free === true, anygame: req.anyGame === true, refbet: req.refBet === true,
      };
    });
    // a token of another player than the one the protocol names is refused here, never applied
    const foreign = calls.map((c, j) => c.req.userId !== undefined && who[j]?.u !== c.req.userId);
    const [out] = await q.queryAndCommit<{ r: Applied[] }>(APPLY, [JSON.stringify(body.filter((_b, j) => !foreign[j])), REFS, POOL_PER_MINOR]);
    const done = out?.r ?? [];
    let k = 0;
    return foreign.map((f): Applied | undefined => (f ? { reply: { code: 'INVALID_TOKEN' } } : done[k++]));
  });
  return calls.map((_c, j) => {
    const a = applied[j];
    if (!a) return { reply: { code: 'UNKNOWN_ERROR' }, effects: { drops: [] } };
    const reply: WalletReply = { code: a.reply.code, ...(a.reply.balance !== undefined ? { balance: Number(a.reply.balance) } : {}),
      ...(a.reply.currency !== undefined ? { currency: a.reply.currency } : {}), ...(a.reply.txId !== undefined ? { txId: a.reply.txId } : {}) };
    const effects: WalletEffects = { drops: [] };
    if (a.contributed) effects.contributed = true;
    if (a.win && a.u) effects.win = { userId: a.u, gameId: a.win.game, amount: Number(a.win.amount), bet: Number(a.win.bet), product: a.win.product };
    return { reply, effects };
  });
}

/** Refusals of the database expected now and then (deadlock, serialization, a wallet locked elsewhere too long), not worth a log line. */
const EXPECTED: ReadonlySet<string> = new Set(['40P01', '40001', '55P03']);

export interface WalletQueueOptions {
  /** Batches in flight at once (default 2: while one is in the database, the next is prepared). */
  maxInFlight?: number;
  /** Calls in one batch (default 32). */
  maxBatch?: number;
  /** While a batch is in flight, another starts only with at least this many calls (default 4). */
  minBatchAlongside?: number;
}

export interface WalletQueue {
  /** Runs one provider call. Never throws for a business outcome: a refusal is a reply with its code. */
  call(req: WalletRequest, now: number): Promise<{ reply: WalletReply; effects: WalletEffects }>;
}

interface Waiting { req: WalletRequest; now: number; resolve(r: { reply: WalletReply; effects: WalletEffects }): void; reject(err: unknown): void }

/**
 * The group commit of the wallet. Calls waiting while batches are in the database go in the next
 * batch, at most one per launch token (a token's calls run in arrival order, each reading what the
 * one before wrote). A batch the database refused (a deadlock with another writer, a wallet locked
 * elsewhere too long, a transaction id taken meanwhile) rolled back whole: each of its calls runs
 * again alone, where a failure is its own.
 */
export function createWalletQueue(db: Db, opts: WalletQueueOptions = {}): WalletQueue {
  const maxInFlight = opts.maxInFlight ?? 2;
  const maxBatch = opts.maxBatch ?? 32;
  const minBatchAlongside = Math.min(opts.minBatchAlongside ?? 4, maxBatch);
  let waiting: Waiting[] = [];
  const busy = new Set<string>();
  let inFlight = 0;

  const settle = (batch: readonly Waiting[], results: Array<{ reply: WalletReply; effects: WalletEffects }>) => batch.forEach((w, j) => w.resolve(results[j]!));

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length) {
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const taken = new Set<string>();
      for (const w of waiting) {
        if (batch.length < maxBatch && !busy.has(w.req.token) && !taken.has(w.req.token)) { taken.add(w.req.token); batch.push(w); } else rest.push(w);
      }
      if (!batch.length || (inFlight > 0 && batch.length < minBatchAlongside)) return;
      waiting = rest;
      for (const t of taken) busy.add(t);
      inFlight++;
      void (async () => {
        try {
          settle(batch, await runBatch(db, batch));
        } catch (err) {
          const code = (err as { code?: unknown } | null)?.code;
          if (!(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))) { for (const w of batch) w.reject(err); return; }
          // rolled back whole: each call again alone
          for (const w of batch) {
            try { settle([w], await runBatch(db, [w])); } catch (e) { if (!EXPECTED.has(String((e as { code?: unknown }).code))) console.error(`casino wallet ${w.req.op} failed: ${String(e)}`); w.reject(e); }
          }
        } finally {
          inFlight--;
          for (const t of taken) busy.delete(t);
          pump();
        }
      })();
    }
  }

  return {
    async call(req, now) {
      if (req.op === 'balance') return { reply: await balanceCall(db, req, now), effects: { drops: [] } };
      return new Promise((resolve, reject) => {
        waiting.push({ req, now, resolve, reject });
        pump();
      });
    },
  };
}
