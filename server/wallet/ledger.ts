import type { Queryable } from '../db/client.ts';

/**
 * ticketHold / ticketRelease: a shop ticket's win moved out of (back into) the terminal's till, into
 * its liability (server/retail/liability.ts); ticketUnclaimed: an expired ticket's liability written off to the shop.
 */
export type LedgerKind = 'deposit' | 'withdraw' | 'bet' | 'win' | 'refund' | 'sell' | 'reversal' | 'transfer'
  | 'ticketHold' | 'ticketRelease' | 'ticketUnclaimed';

export class InsufficientCredit extends Error {
  constructor() { super('insufficient credit'); }
}

/**
 * The only way a balance moves: the SQL function ledger_post (server/db/functions/ledger_post.sql,
 * the rule's one home: a conditional update and its immutable ledger row), in the caller's
 * transaction. A debit that would take the balance below zero changes nothing and throws.
 */
export async function postLedger(
  q: Queryable,
  e: { userId: number; amount: number; kind: LedgerKind; refType: string | null; refId: number | null },
): Promise<number> {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`ledger amount must be a non-zero integer, got ${e.amount}`);
  const [w] = await q.query<{ balance: number | null }>(
    'select ledger_post($1, $2, $3, $4, $5) as balance',
    [e.userId, e.amount, e.kind, e.refType, e.refId],
  );
  if (w?.balance == null) throw new InsufficientCredit();
  return w.balance;
}

/** The current balance of a user's wallet (0 when there is none). */
export async function balanceOf(q: Queryable, userId: number): Promise<number> {
  const [w] = await q.query<{ balance: number }>('select balance from wallets where user_id = $1', [userId]);
  return w?.balance ?? 0;
}
