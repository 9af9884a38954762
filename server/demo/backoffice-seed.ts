/**
 * The back-office demo network, loaded once at first start (after the demo admin exists): an
 * operator, two dealers each with a sub-dealer, a shop terminal under each sub-dealer, players
 * under each dealer with credit loaded through the ledger, a few coupons and movements, and the
 * fixed TOTP secrets of the demo admin and operator (README lists them).
 */
import type { Db, Queryable } from '../db/client.ts';
import { hashPassword } from '../accounts/password.ts';
import { postLedger } from '../wallet/ledger.ts';
import { DEFAULT_PERMISSIONS, ROLE_LETTERS, type Role } from '../../domain/backoffice/permissions.ts';
import { writeAudit } from '../backoffice/audit.ts';

/** Fixed TOTP secrets (base32) of the demo back office: add them to an authenticator app. */
export const DEMO_TOTP = { admin: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF', operator: 'N5YGK4TBORXXEVDPORYFGZLDOJSXIMJS' } as const;

interface Node { userName: string; password: string; role: Role; parent: string | null; credit: number; terminalNo?: string; commission?: number }

/** The demo network, parents before children; credit in minor units, loaded from the parent. */
export const DEMO_NETWORK: readonly Node[] = [
  { userName: 'operator', password: 'operator1234', role: 'operator', parent: null, credit: 50_000_000 },
  { userName: 'bayi1', password: 'bayi1234', role: 'dealer', parent: 'operator', credit: 5_000_000, commission: 20 },
  { userName: 'bayi2', password: 'bayi1234', role: 'dealer', parent: 'operator', credit: 3_000_000, commission: 15 },
  { userName: 'altbayi1', password: 'altbayi1234', role: 'subDealer', parent: 'bayi1', credit: 1_000_000, commission: 10 },
  { userName: 'altbayi2', password: 'altbayi1234', role: 'subDealer', parent: 'bayi2', credit: 800_000, commission: 10 },
  { userName: 'partner1', password: 'partner1234', role: 'partner', parent: 'bayi1', credit: 0, commission: 5 },
  { userName: 'terminal1', password: 'terminal1234', role: 'terminal', parent: 'altbayi1', credit: 200_000, terminalNo: 'T-101' },
  { userName: 'terminal2', password: 'terminal1234', role: 'terminal', parent: 'altbayi2', credit: 200_000, terminalNo: 'T-201' },
  { userName: 'oyuncu1', password: 'oyuncu1234', role: 'player', parent: 'bayi1', credit: 150_000 },
  { userName: 'oyuncu2', password: 'oyuncu1234', role: 'player', parent: 'altbayi1', credit: 120_000 },
  { userName: 'oyuncu3', password: 'oyuncu1234', role: 'player', parent: 'bayi2', credit: 90_000 },
  { userName: 'oyuncu4', password: 'oyuncu1234', role: 'player', parent: 'altbayi2', credit: 60_000 },
];

/** Loads the demo network when the admin exists and the operator does not. Returns true when it did. */
export async function seedBackOfficeDemo(db: Db, now: number): Promise<boolean> {
  return db.tx(async (q) => {
    const [admin] = await q.query<{ id: number }>(`select id from users where username = 'admin' for update`);
    const [seen] = await q.query('select 1 from users where username = $1', ['operator']);
    if (!admin || seen) return false;
    await q.query('update users set totp_secret = $2 where id = $1 and totp_secret is null', [admin.id, DEMO_TOTP.admin]);
    const ids = new Map<string, number>();
    for (const n of DEMO_NETWORK) {
      const parentId = n.parent ? ids.get(n.parent)! : null;
      const [u] = await q.query<{ id: number }>(
        `insert into users (username, password_hash, first_name, last_name, email, user_type, parent_id, terminal_no, online_user, totp_secret, created_at)
         values ($1, $2, $3, 'Demo', $4, $5, $6, $7, $8, $9, $10) returning id`,
        [n.userName, await hashPassword(n.password), n.userName, `${n.userName}@example.com`, ROLE_LETTERS[n.role], parentId, n.terminalNo ?? '',
          n.role === 'player' ? 1 : 0, n.role === 'operator' ? DEMO_TOTP.operator : null, new Date(now - 30 * 86_400_000)]);
      ids.set(n.userName, u!.id);
      await q.query(`insert into wallets (user_id, currency, balance) values ($1, 'TRY', 0)`, [u!.id]);
      if (parentId !== null) {
        await q.query(
          `insert into user_tree (ancestor_id, descendant_id, depth)
           select ancestor_id, $2::int, depth + 1 from user_tree where descendant_id = $1 union all select $1::int, $2::int, 1`, [parentId, u!.id]);
      }
      if (n.role !== 'player' && n.role !== 'terminal') {
        await q.query('insert into dealers (user_id, permissions, commission_percent) values ($1, $2, $3)', [u!.id, DEFAULT_PERMISSIONS[n.role], n.commission ?? 0]);
        await q.query(`update users set products = '{}'::jsonb where id = $1`, [u!.id]);
      }
      if (n.credit > 0) await load(q, n.role === 'operator' ? null : parentId, u!.id, n.credit, now, n.role === 'operator' ? admin.id : parentId!);
    }
    await demoCoupons(q, [...DEMO_NETWORK].filter((n) => n.role === 'player' || n.role === 'terminal').map((n) => ids.get(n.userName)!), now);
    return true;
  });
}

/** A credit load as the back office books it: two ledger rows (one when the house creates it), an audit row. */
async function load(q: Queryable, fromId: number | null, toId: number, amount: number, now: number, actorId: number): Promise<void> {
  const [t] = await q.query<{ id: number }>(
    `insert into credit_transfers (from_id, to_id, amount, actor_id, note, created_at) values ($1, $2, $3, $4, 'demo', $5) returning id`,
    [fromId ?? actorId, toId, amount, actorId, new Date(now)]);
  if (fromId !== null) await postLedger(q, { userId: fromId, amount: -amount, kind: 'transfer', refType: 'credit_transfer', refId: t!.id });
  await postLedger(q, { userId: toId, amount, kind: 'transfer', refType: 'credit_transfer', refId: t!.id });
  await writeAudit(q, { actorId, role: fromId === null ? 'admin' : 'dealer', action: 'loadCredit', objectType: 'user', objectId: toId, after: { amount, transferId: t!.id }, address: 'demo', at: now });
}

/** A few single coupons per player on upcoming demo matches (stake through the ledger), some already won or lost. */
async function demoCoupons(q: Queryable, userIds: number[], now: number): Promise<void> {
  const picks = await q.query<{ match_id: number; odds_type: number; outcome_id: number; odd: number; special: string }>(
    `select g.match_id, g.odds_type, o.outcome_id, o.odd, g.special from outcomes o join odds_groups g on g.id = o.group_id join matches m on m.id = g.match_id
      where g.odds_type = 1 and o.active = 1 and m.match_date > $1 order by m.match_date, g.match_id, o.outcome_id limit 60`, [new Date(now)]);
  if (!picks.length) return;
  let k = 0;
  for (const userId of userIds) {
    for (let i = 0; i < 4; i++) {
      const p = picks[(k * 7 + i * 3) % picks.length]!;
      k++;
      const stake = [2_000, 5_000, 15_000, 30_000][i]!;
      const maxPay = Math.floor((stake * p.odd) / 1000);
      // The first coupon of each player is shown settled: one won (paid through the ledger), one lost.
      const status = i === 0 ? (k % 2 ? 1 : -1) : 0;
      const [c] = await q.query<{ id: number }>(
        `insert into coupons (user_id, ticket_type, status, total_stake, ticket_stake, total_odds, max_pay, income, settled_income, created_at)
         values ($1, 'TK', $2, $3, $3, $4, $5, $6, $6, $7) returning id`,
        [userId, status, stake, p.odd, maxPay, status === 1 ? maxPay : 0, new Date(now - (4 - i) * 3_600_000)]);
      await q.query(
        `insert into coupon_tips (coupon_id, match_id, odds_type, outcome_id, special, odd, status, user_id, stake) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [c!.id, p.match_id, p.odds_type, p.outcome_id, p.special, p.odd, status, userId, stake]);
      await postLedger(q, { userId, amount: -stake, kind: 'bet', refType: 'coupon', refId: c!.id });
      if (status === 1) await postLedger(q, { userId, amount: maxPay, kind: 'win', refType: 'coupon', refId: c!.id });
    }
  }
}
