/** The login rule (section 2): the throttle first, the password, then the account's own state. */
import type { Queryable } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { verifyPassword } from './password.ts';
import { admitLogin, loginFailed, loginSucceeded, type AlertLog, type LoginAttempt, type ThrottlePolicy } from './throttle.ts';
import type { UserRow } from './users.ts';

/** The user a name and password log in as, or the refusal thrown; the throttle counts each try. */
export async function checkLogin(
  db: Queryable, attempt: Omit<LoginAttempt, 'delaysOnly'> & { password: string }, throttle: ThrottlePolicy, log?: AlertLog,
): Promise<UserRow> {
  const { userName, address, now } = attempt;
  // A throttled attempt answers the same whether the name exists or the password is right.
  await admitLogin(db, attempt, throttle);
  const [user] = await db.query<UserRow>('select * from users where username = $1', [userName]);
  if (!(await verifyPassword(user?.password_hash, attempt.password)) || !user) {
    await loginFailed(db, userName, address, now, throttle, log);
    throw new CallError(401, 'wrongLogin', {}, { error: 'wrongLogin' });
  }
  await loginSucceeded(db, userName, address);
  // Only after the password: an account waiting for its e-mail or SMS code is told so.
  if (user.activated === 0) throw new CallError(403, 'activationRequired', {}, { error: 'activationRequired' });
  // A user the back office set passive (users.status 0) cannot log in (migration 150).
  if (user.status === 0) throw new CallError(403, 'accountPassive', {}, { error: 'accountPassive' });
  return user;
}

/** Stamps a login's time on the user. */
export async function markLoggedIn(db: Queryable, userId: number, now: number): Promise<void> {
  await db.query('update users set last_login = $2 where id = $1', [userId, new Date(now)]);
}
