/**
 * The affiliate area (account-platform.md sections 3, 4, 7 and 9): a player asks to become an
 * affiliate; an active one sees the players who registered with their code, those players' money
 * movements and coupons, the period's income, expense and commission, and banners to copy.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { affiliateWin } from '../../domain/account/affiliate.ts';
import { CallError } from '../core/call.ts';

/** Rows a page of the affiliate lists (section 9: lists are 50 a page). */
export const AFFILIATE_PAGE = 50;

export interface AffiliateRow { user_id: number; code: string; percent: number; cutoff: number; requested_at: Date; decided_at: Date | null }

/** The link a referred player registers with (section 2: register/{affcode}), without the origin. */
export const affiliateLink = (code: string, lang = 'tr') => `/${lang}/register/${code}`;

export async function affiliateOf(q: Queryable, userId: number): Promise<AffiliateRow | undefined> {
  const [a] = await q.query<AffiliateRow>('select * from affiliates where user_id = $1', [userId]);
  return a;
}

/**
 * A player's request to become an affiliate (status 0 until the back office accepts it). A second
 * request is refused with 'affiliateRequestExists' (section 4: "request already sent").
 */
export async function requestAffiliate(q: Queryable, userId: number, now: number): Promise<void> {
  // 8 lowercase letters and digits: short enough to type, the users.affiliate_user link.
  const code = randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '').padEnd(8, '0').slice(0, 8);
  const added = await q.query('insert into affiliates (user_id, code, requested_at) values ($1, $2, $3) on conflict (user_id) do nothing returning user_id', [userId, code, new Date(now)]);
  if (!added.length) throw new CallError(409, 'affiliateRequestExists', {}, { error: 'affiliateRequestExists' });
}

/** Back office: makes a requested affiliate active with its terms (status 1 and the link on the user). */
export async function activateAffiliate(q: Queryable, userId: number, terms: { percent: number; cutoff: 0 | 1 }, now: number): Promise<string> {
  const [a] = await q.query<{ code: string }>(
    'update affiliates set percent = $2, cutoff = $3, decided_at = $4 where user_id = $1 returning code', [userId, terms.percent, terms.cutoff, new Date(now)]);
  if (!a) throw new CallError(404, 'notFound');
  await q.query('update users set affiliate_status = 1, affiliate_link = $2 where id = $1', [userId, affiliateLink(a.code)]);
  return a.code;
}

/** The referred players of an affiliate: registered with its code. */
const REFERRED = `u.affiliate_user = $1 and u.affiliate_user <> ''`;

/** Income (stakes net of refunds), expense (wins and sells paid) of the referred players in [from, to). */
export async function affiliateSummary(q: Queryable, a: AffiliateRow, from: Date | null, to: Date | null) {
  const args: unknown[] = [a.code];
  const where = [REFERRED];
  if (from) { args.push(from); where.push(`l.created_at >= $${args.length}`); }
  if (to) { args.push(to); where.push(`l.created_at < $${args.length}`); }
  const [m] = await q.query<{ income: string | null; expense: string | null }>(
    `select coalesce(sum(case when l.kind in ('bet', 'refund') then -l.amount else 0 end), 0)::int8 as income,
            coalesce(sum(case when l.kind in ('win', 'sell') then l.amount else 0 end), 0)::int8 as expense
       from ledger l join users u on u.id = l.user_id where ${where.join(' and ')}`, args);
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n from users u where ${REFERRED}`, [a.code]);
  const amountE = Number(m?.income ?? 0);
  const amountA = Number(m?.expense ?? 0);
  return { totalUser: n?.n ?? 0, amountE, amountA, percent: a.percent, cutoff: a.cutoff, win: affiliateWin(amountE, amountA, a.percent) };
}

/** The paging fields of the affiliate lists: pages counted from 0 like `order`; null where there is none. */
export function paging(order: number, total: number) {
  const totalPage = Math.max(1, Math.ceil(total / AFFILIATE_PAGE));
  return { nowPage: order, totalPage, nextPage: order + 1 < totalPage ? order + 1 : null, prevPage: order > 0 ? Math.min(order - 1, totalPage - 1) : null, totalCount: total };
}

/** The referred players (dealer users of section 3): userName, email, credit, createdAt, status. */
export async function referredUsers(q: Queryable, a: AffiliateRow, order: number) {
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n from users u where ${REFERRED}`, [a.code]);
  const rows = await q.query<{ username: string; email: string; balance: string | null; created_at: Date; online_user: number }>(
    `select u.username, u.email, w.balance, u.created_at, u.online_user from users u left join wallets w on w.user_id = u.id
      where ${REFERRED} order by u.created_at desc, u.id desc limit ${AFFILIATE_PAGE} offset ${order * AFFILIATE_PAGE}`, [a.code]);
  return {
    data: rows.map((r) => ({ userName: r.username, email: r.email, credit: Number(r.balance ?? 0), createdAt: new Date(r.created_at).toISOString(), status: r.online_user })),
    ...paging(order, n?.n ?? 0),
  };
}

interface RangeFilter { from: Date | null; to: Date | null; order: number }

/** The referred players' money movements (finance rows of section 3): userName, type, transType, ticketId, amount. */
export async function referredFinance(q: Queryable, a: AffiliateRow, f: RangeFilter & { transactionType: '' | 'a' | 'e' }) {
  const args: unknown[] = [a.code];
  const where = [REFERRED];
  if (f.from) { args.push(f.from); where.push(`l.created_at >= $${args.length}`); }
  if (f.to) { args.push(f.to); where.push(`l.created_at < $${args.length}`); }
  if (f.transactionType === 'a') where.push('l.amount > 0');
  if (f.transactionType === 'e') where.push('l.amount < 0');
  const base = `from ledger l join users u on u.id = l.user_id where ${where.join(' and ')}`;
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n ${base}`, args);
  const rows = await q.query<{ id: number; username: string; kind: string; ref_type: string | null; ref_id: number | null; amount: number; created_at: Date }>(
    `select l.id, u.username, l.kind, l.ref_type, l.ref_id, l.amount, l.created_at ${base} order by l.id desc limit ${AFFILIATE_PAGE} offset ${f.order * AFFILIATE_PAGE}`, args);
  return {
    data: rows.map((r) => ({
      id: r.id, userName: r.username, type: r.kind, transType: r.amount > 0 ? 1 : 0,
      ticketId: r.ref_type === 'coupon' ? r.ref_id : null, amount: Math.abs(r.amount), createdAt: new Date(r.created_at).toISOString(),
    })),
    ...paging(f.order, n?.n ?? 0),
  };
}

/** The referred players' coupons, newest first. */
export async function referredCoupons(q: Queryable, a: AffiliateRow, f: RangeFilter & { status: '' | number }) {
  const args: unknown[] = [a.code];
  const where = [REFERRED];
  if (f.from) { args.push(f.from); where.push(`c.created_at >= $${args.length}`); }
  if (f.to) { args.push(f.to); where.push(`c.created_at < $${args.length}`); }
  if (f.status !== '') { args.push(f.status); where.push(`c.status = $${args.length}`); }
  const base = `from coupons c join users u on u.id = c.user_id where ${where.join(' and ')}`;
  const [n] = await q.query<{ n: number }>(`select count(*)::int as n ${base}`, args);
  const rows = await q.query<{ id: number; username: string; total_stake: number; max_pay: number; income: number; status: number; is_live: number; created_at: Date }>(
    `select c.id, u.username, c.total_stake, c.max_pay, c.income, c.status, c.is_live, c.created_at ${base} order by c.id desc limit ${AFFILIATE_PAGE} offset ${f.order * AFFILIATE_PAGE}`, args);
  return {
    data: rows.map((r) => ({
      ticketId: r.id, userName: r.username, amount: Number(r.total_stake), maxPay: Number(r.max_pay), income: Number(r.income),
      status: r.status, isLive: r.is_live, createdAt: new Date(r.created_at).toISOString(),
    })),
    ...paging(f.order, n?.n ?? 0),
  };
}

/** affiliateControl: the active affiliate behind a code (register/{affcode}), or nothing. */
export async function affiliateByCode(q: Queryable, code: string): Promise<{ userId: number; link: string } | null> {
  const [r] = await q.query<{ user_id: number; affiliate_link: string }>(
    'select a.user_id, u.affiliate_link from affiliates a join users u on u.id = a.user_id where a.code = $1 and u.affiliate_status = 1', [code.toLowerCase()]);
  return r ? { userId: r.user_id, link: r.affiliate_link } : null;
}
