/**
 * Login throttling that a stranger cannot turn against the owner: failures count per account and
 * address together, so guessing from one place slows only that place, with growing delays and the
 * captcha after a few; an address spraying many accounts slows itself. There is no hard lock of
 * an account: failures on an account from everywhere only ask the captcha of addresses the owner
 * has never logged in from, so the right password from the owner's usual address still works.
 */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { isBackOfficeRole, roleOfLetter } from '../../domain/backoffice/permissions.ts';
import { solveCaptcha } from './captcha.ts';

/** Budgets of failed logins inside one window. */
export interface ThrottlePolicy {
  /** Failures of one account from one address before the captcha and the delays start there. */
  pairFails: number;
  /** Failures of one account from any address before addresses it never logged in from need the captcha. */
  accountFails: number;
  /** Failures from one address over all accounts before its own delays start. */
  addressFails: number;
  /** The first delay; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  pairFails: 3, accountFails: 10, addressFails: 30, baseDelayMs: 2_000, maxDelayMs: 15 * 60_000, windowMs: 15 * 60_000,
};

// The account key is the name as typed (lowercased), whether or not the account exists: an
// unknown name is throttled exactly like a real one, so the replies reveal nothing either.
const keysOf = (userName: string, address: string) => {
  const name = userName.toLowerCase();
  return { pair: `p:${name}|${address}`, account: `a:${name}`, address: `i:${address}` };
};

/** The delay after the n-th failure of a key whose budget is `budget` (0 while inside it). */
const delayAfter = (fails: number, budget: number, p: ThrottlePolicy): number =>
  fails < budget ? 0 : Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** Math.min(30, fails - budget));

/** A login attempt as the throttle sees it. */
export interface LoginAttempt {
  userName: string; address: string; now: number; captchaId?: string | undefined; captcha?: string | undefined;
  /** A step with no captcha field (the second factor of a session): only the delays apply. */
  delaysOnly?: boolean;
}

/**
 * Lets an attempt through or throws: 429 while its address (for this account, or for all) waits
 * out a delay; 422 `captchaRequired` when the captcha is due and not solved (the captcha is used
 * up by the attempt, right or wrong). Run before the password is checked.
 */
export async function admitLogin(q: Queryable, a: LoginAttempt, p: ThrottlePolicy): Promise<void> {
  const k = keysOf(a.userName, a.address);
  const rows = await q.query<{ key: string; fails: number; window_start: Date; locked_until: Date | null }>(
    'select key, fails, window_start, locked_until from login_throttle where key = any($1)', [[k.pair, k.account, k.address]]);
  const live = (key: string) => rows.find((r) => r.key === key && new Date(r.window_start).getTime() >= a.now - p.windowMs);
  if (rows.some((r) => (r.key === k.pair || r.key === k.address) && r.locked_until && new Date(r.locked_until).getTime() > a.now)) {
    throw new CallError(429, 'tooManyRequests', {}, { error: 'tooManyRequests' });
  }
  const pairFails = live(k.pair)?.fails ?? 0;
  const accountFails = live(k.account)?.fails ?? 0;
  const due = pairFails >= p.pairFails || (accountFails >= p.accountFails && !(await usualAddress(q, a.userName, a.address)));
  if (!due || a.delaysOnly) return;
  if (!a.captchaId || !a.captcha || !(await solveCaptcha(q, a.captchaId, a.captcha, a.now))) {
    throw new CallError(422, 'securityCode', {}, { error: 'captchaRequired', captcha: true });
  }
}

/** True when the account has logged in from this address before (the IP log of logins). */
async function usualAddress(q: Queryable, userName: string, address: string): Promise<boolean> {
  const rows = await q.query('select 1 from ip_logs where lower(user_name) = lower($1) and address = $2 and success limit 1', [userName, address]);
  return rows.length > 0;
}

/** Where a staff alert is written (the request's logger). */
export interface AlertLog { warn(obj: object, msg: string): void }

/**
 * Counts a failed login against the account at this address, the account and the address, and
 * sets the growing delay of the pair and of the address. A back-office account's failures past its
 * budget also go to the logs as an alert.
 */
export async function loginFailed(q: Queryable, userName: string, address: string, now: number, p: ThrottlePolicy, log?: AlertLog): Promise<void> {
  const k = keysOf(userName, address);
  const fails: Record<string, number> = {};
  for (const [key, budget] of [[k.pair, p.pairFails], [k.account, Infinity], [k.address, p.addressFails]] as const) {
    const [r] = await q.query<{ fails: number }>(
      `insert into login_throttle (key, fails, window_start) values ($1, 1, $2)
       on conflict (key) do update set
         fails = case when login_throttle.window_start < $3 then 1 else login_throttle.fails + 1 end,
         window_start = case when login_throttle.window_start < $3 then $2 else login_throttle.window_start end
       returning fails`,
      [key, new Date(now), new Date(now - p.windowMs)],
    );
    fails[key] = r?.fails ?? 1;
    const delay = delayAfter(fails[key]!, budget, p);
    if (delay > 0) await q.query('update login_throttle set locked_until = $2 where key = $1', [key, new Date(now + delay)]);
  }
  if (!log || (fails[k.pair]! < p.pairFails && fails[k.account]! < p.accountFails)) return;
  const [u] = await q.query<{ user_type: string }>('select user_type from users where lower(username) = lower($1)', [userName]);
  if (u && isBackOfficeRole(roleOfLetter(u.user_type))) {
    log.warn({ alert: 'staffLoginFailures', userName, address, fromAddress: fails[k.pair], onAccount: fails[k.account] }, 'repeated failed logins on a back-office account');
  }
}

/** A good login clears the account's failures at this address and its count from everywhere (the address keeps its own). */
export async function loginSucceeded(q: Queryable, userName: string, address: string): Promise<void> {
  const k = keysOf(userName, address);
  await q.query('delete from login_throttle where key = any($1)', [[k.pair, k.account]]);
}
