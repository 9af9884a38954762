/** A player's account as the account calls read it: the row, the userdata and userdetail replies. */
import type { Queryable } from '../db/client.ts';
import type { UserLimits } from '../../domain/protocol/entities.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { productRecords } from './guard-user.ts';
import { limitsOf } from './limits.ts';

export interface UserRow {
  id: number; username: string; password_hash: string; first_name: string; last_name: string; currency: string; email: string;
  lang: string; user_type: string; staketype: number; online_user: number; limits: Partial<UserLimits> | null; last_login: Date | null;
  birth_date: Date | string | null; mobile: string; city: string; address: string; post_code: string; country_id: number;
  products: Record<string, number> | null; affiliate_status: number; affiliate_link: string; activated?: number;
  /** 1 active, 0 passive (set in the back office): a passive user cannot log in. */
  status?: number;
  /** A terminal's number (user type 'T', migration 090); '' for players. */
  terminal_no?: string;
}

export async function loadUser(q: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow>('select * from users where id = $1', [userId]);
  return row;
}

/** A date column as yyyy-MM-dd whichever driver read it. */
function ymd(d: Date | string | null): string {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The userdata reply's fields (null: no such user). */
export async function userData(q: Queryable, userId: number): Promise<Record<string, unknown> | null> {
  const user = await loadUser(q, userId);
  if (!user) return null;
  return {
    userName: user.username,
    userId: user.id,
    userType: user.user_type,
    firstName: user.first_name,
    lastName: user.last_name,
    userCredit: await balanceOf(q, user.id),
    currency: user.currency,
    loginTime: user.last_login?.toISOString() ?? null,
    onlineUser: user.online_user,
    staketype: user.staketype,
    affiliate_link: user.affiliate_link,
    affiliateStatus: user.affiliate_status,
    operatorId: 1,
    lang: user.lang,
    terminalNo: user.terminal_no ?? '',
    ...productRecords(user.products),
    limits: limitsOf(user),
  };
}

/** The userdetail reply's fields (null: no such user). */
export async function userDetail(q: Queryable, userId: number): Promise<Record<string, unknown> | null> {
  const [u] = await q.query<UserRow & { countryname: string | null }>(
    'select u.*, c.nicename as countryname from users u left join countries c on c.id = u.country_id where u.id = $1', [userId]);
  if (!u) return null;
  return {
    userName: u.username, firstName: u.first_name, lastName: u.last_name, birthDate: ymd(u.birth_date),
    email: u.email, mobile: u.mobile, city: u.city, address: u.address, postCode: u.post_code, countryname: u.countryname ?? '',
  };
}
