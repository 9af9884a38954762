/**
 * Prepaid cards: a dealer issues a card against its own credit (the amount leaves its wallet at
 * once), a player redeems it once into the wallet, an unused card can be voided (credit returns).
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { message } from '../../domain/messages.ts';
import type { BoCard, boCardsPayload } from '../../domain/backoffice/calls.ts';
import { notYours, scopeSql, type BoActor, type BoContext } from './guard.ts';
import { post } from './money.ts';
import { assertCanDeposit } from '../protection/enforce.ts';
import { orderBy, pageOf } from './paging.ts';

// No 0/O or 1/I: codes are read off paper.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A 16-character code in four groups (80 bits of randomness). */
export function cardCode(): string {
  const bytes = randomBytes(16);
  let s = '';
  for (let i = 0; i < 16; i++) s += ALPHABET[bytes[i]! % 32];
  return s.match(/.{4}/g)!.join('-');
}

interface CardRow { id: number; code: string; amount: number; currency: string; status: number; dealer_id: number; dealer_name: string; redeemed_name: string | null; created_at: Date; redeemed_at: Date | null }
const CARD_COLUMNS = 'c.id, c.code, c.amount, c.currency, c.status, c.dealer_id, d.username as dealer_name, r.username as redeemed_name, c.created_at, c.redeemed_at';
const CARD_FROM = 'from cards c join users d on d.id = c.dealer_id left join users r on r.id = c.redeemed_by';
const cardOf = (r: CardRow): BoCard => ({
  id: Number(r.id), code: r.code, amount: Number(r.amount), currency: r.currency, status: r.status, dealerId: r.dealer_id, dealerName: r.dealer_name,
  redeemedBy: r.redeemed_name, createdAt: new Date(r.created_at).toISOString(), redeemedAt: r.redeemed_at ? new Date(r.redeemed_at).toISOString() : null,
});

/** Issues `count` cards of `amount`, taking count x amount off the actor's wallet. */
export async function issueCards(q: Queryable, ctx: BoContext, amount: number, count: number): Promise<{ cards: BoCard[]; balance: number }> {
  const a = ctx.actor;
  const blocked = await q.query('select 1 from dealers where user_id = $1 and transfers_blocked', [a.userId]);
  if (blocked.length) throw new CallError(403, 'transfersBlocked', {}, { error: 'transfersBlocked' });
  const cards: BoCard[] = [];
  let balance = 0;
  for (let i = 0; i < count; i++) {
    const [r] = await q.query<{ id: number }>(
      'insert into cards (code, dealer_id, amount, currency, created_at) values ($1, $2, $3, $4, $5) returning id', [cardCode(), a.userId, amount, a.currency, new Date(ctx.now)]);
    balance = await post(q, { userId: a.userId, amount: -amount, kind: 'transfer', refType: 'card', refId: r!.id });
    const [row] = await q.query<CardRow>(`select ${CARD_COLUMNS} ${CARD_FROM} where c.id = $1`, [r!.id]);
    cards.push(cardOf(row!));
  }
  await ctx.audit(q, { action: 'issueCards', objectType: 'card', objectId: cards.map((c) => c.id).join(','), after: { amount, count } });
  return { cards, balance };
}

/** The cards issued in the actor's subtree (and its own). */
export async function cardList(q: Queryable, a: BoActor, p: z.infer<typeof boCardsPayload>) {
  const args: unknown[] = [a.userId];
  const where = [`(c.dealer_id = $1 or ${scopeSql(a, 'c.dealer_id', 1)})`];
  if (p.status !== undefined) { args.push(p.status); where.push(`c.status = $${args.length}`); }
  if (p.code) { args.push(p.code.toUpperCase()); where.push(`c.code = $${args.length}`); }
  const sort = orderBy(p, { createdAt: 'c.created_at', amount: 'c.amount' }, 'c.id', 'c.id');
  return pageOf(q, `${CARD_FROM} where ${where.join(' and ')}`, args, CARD_COLUMNS, sort, p, cardOf);
}

/** Voids an unused card of the subtree; its amount returns to the issuer. */
export async function voidCard(q: Queryable, ctx: BoContext, cardId: number): Promise<void> {
  const a = ctx.actor;
  const [c] = await q.query<{ dealer_id: number; amount: number; status: number }>(
    `select c.dealer_id, c.amount, c.status from cards c where c.id = $2 and (c.dealer_id = $1 or ${scopeSql(a, 'c.dealer_id', 1)}) for update`, [a.userId, cardId]);
  if (!c) throw notYours();
  if (c.status !== 0) throw new CallError(409, 'cardUsed', {}, { error: 'cardUsed' });
  await q.query('update cards set status = 2 where id = $1', [cardId]);
  await post(q, { userId: c.dealer_id, amount: Number(c.amount), kind: 'reversal', refType: 'card', refId: cardId });
  await ctx.audit(q, { action: 'voidCard', objectType: 'card', objectId: cardId, before: { status: 0 }, after: { status: 2 } });
}

/** A player redeems a card once: the row lock makes a second redeem (even concurrent) find it used. */
export async function redeemCard(q: Queryable, userId: number, code: string, now: number, lang: string): Promise<{ status: true; msg: string; amount: number; balance: number }> {
  const [c] = await q.query<{ id: number; amount: number; status: number; currency: string }>('select id, amount, status, currency from cards where code = $1 for update', [code.trim().toUpperCase()]);
  // A card of another currency is not valid for this wallet (amounts are minor units of the card's currency).
  const [w] = await q.query<{ currency: string }>('select currency from wallets where user_id = $1', [userId]);
  if (!c || c.status !== 0 || c.currency !== w?.currency) throw new CallError(409, 'cardUsed', {}, { error: 'cardUsed' });
  // A card is a deposit: refused on a break, exclusion or closure and past a deposit limit.
  await assertCanDeposit(q, userId, Number(c.amount), now, lang);
  await q.query('update cards set status = 1, redeemed_by = $2, redeemed_at = $3 where id = $1', [c.id, userId, new Date(now)]);
  const balance = await post(q, { userId, amount: Number(c.amount), kind: 'deposit', refType: 'card', refId: c.id });
  return { status: true, msg: message('cardRedeemed', lang), amount: Number(c.amount), balance };
}
