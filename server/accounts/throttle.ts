import type { Queryable } from '../db/client.ts';

/** Budgets of failed logins: per account and per address, inside one window, then a lock. */
export interface ThrottlePolicy {
  accountFails: number;
  addressFails: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { accountFails: 5, addressFails: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

// The account key is the name as typed (lowercased), whether or not the account exists: an
// unknown name locks exactly like a real one, so the lock reveals nothing either.
const keysOf = (userName: string, address: string) => [`a:${userName.toLowerCase()}`, `i:${address}`];

/** True when the account or the address is locked at `now`. */
export async function loginLocked(q: Queryable, userName: string, address: string, now: number): Promise<boolean> {
  const rows = await q.query<{ n: number }>('select count(*)::int as n from login_throttle where key = any($1) and locked_until > $2', [keysOf(userName, address), new Date(now)]);
  return (rows[0]?.n ?? 0) > 0;
}

/** Counts a failed login against the account and the address; locks a key over its budget. */
export async function loginFailed(q: Queryable, userName: string, address: string, now: number, p: ThrottlePolicy): Promise<void> {
  const [acc, ip] = keysOf(userName, address);
  for (const [key, budget] of [[acc!, p.accountFails], [ip!, p.addressFails]] as const) {
    await q.query(
      `insert into login_throttle (key, fails, window_start) values ($1, 1, $2)
       on conflict (key) do update set
         fails = case when login_throttle.window_start < $3 then 1 else login_throttle.fails + 1 end,
         window_start = case when login_throttle.window_start < $3 then $2 else login_throttle.window_start end`,
      [key, new Date(now), new Date(now - p.windowMs)],
    );
    await q.query('update login_throttle set locked_until = $3, fails = 0, window_start = $2 where key = $1 and fails >= $4', [key, new Date(now), new Date(now + p.lockMs), budget]);
  }
}

/** A good login clears the account's failures (the address keeps its count). */
export async function loginSucceeded(q: Queryable, userName: string): Promise<void> {
  await q.query('delete from login_throttle where key = $1', [`a:${userName.toLowerCase()}`]);
}
