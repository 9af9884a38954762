/** The password pages: a reset link by user name and birth date, the reset itself, a change while logged in. */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { checkChangePassword, checkResetPassword } from '../../domain/account/validation.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { deleteUserSessions } from './sessions.ts';
import { queueMail } from './mailer.ts';
import { loadUser } from './users.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Queues the mail of a reset link valid one hour; only the code's hash is kept. */
export async function sendPasswordReset(
  db: Db, p: { username: string; birthDateYear: number | string; birthDateMonth: number | string; birthDateDay: number | string }, lang: string, now: number,
): Promise<void> {
  const birth = `${p.birthDateYear}-${String(p.birthDateMonth).padStart(2, '0')}-${String(p.birthDateDay).padStart(2, '0')}`;
  const [u] = await db.query<{ id: number; email: string }>('select id, email from users where username = $1 and birth_date = $2::date', [p.username, birth]);
  if (!u) throw new CallError(404, 'noUserFound');
  const code = randomBytes(24).toString('base64url');
  await db.query('insert into password_resets (code_hash, user_id, expires_at) values ($1, $2, $3)', [sha256(code), u.id, new Date(now + 3_600_000)]);
  await queueMail(db, { to: u.email, subject: 'Password reset', body: `/${lang}/resetPassword/${code}`, at: now });
}

/** Sets a new password with a reset code (used once, within its hour); every session of the user ends. */
export async function resetPassword(db: Db, p: { password: string; repassword: string; passCode: string }, now: number): Promise<void> {
  const bad = checkResetPassword(p.password, p.repassword);
  if (bad) throw new CallError(422, bad.key === 'passwordNoSameRegister' ? 'passwordNoSameRegister' : 'allInputEnter');
  const passwordHash = await hashPassword(p.password);
  const done = await db.tx(async (q) => {
    const [r] = await q.query<{ user_id: number }>(
      'update password_resets set used_at = $2 where code_hash = $1 and used_at is null and expires_at > $2 returning user_id',
      [sha256(p.passCode), new Date(now)]);
    if (!r) return false;
    await q.query('update users set password_hash = $2 where id = $1', [r.user_id, passwordHash]);
    await deleteUserSessions(q, r.user_id);
    return true;
  });
  if (!done) throw new CallError(422, 'wrongResetCode');
}

/** A logged-in player's new password after the current one; every session ends, the caller starts a new one. */
export async function changePassword(db: Db, userId: number, p: { currentPassword: string; newPassword: string }): Promise<void> {
  const bad = checkChangePassword(p.currentPassword, p.newPassword, p.newPassword);
  if (bad) throw new CallError(422, 'invalidField', { field: bad.field }, { error: bad.key });
  const user = await loadUser(db, userId);
  if (!user || !(await verifyPassword(user.password_hash, p.currentPassword))) throw new CallError(422, 'wrongCurrentPassword');
  await db.tx(async (q) => {
    await q.query('update users set password_hash = $2 where id = $1', [user.id, await hashPassword(p.newPassword)]);
    await deleteUserSessions(q, user.id);
  });
}
