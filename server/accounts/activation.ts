/**
 * Account activation (account-platform.md section 4): a player registered on a site with e-mail
 * (1) or SMS (2) activation cannot log in until they send the code they were sent. The e-mail
 * carries a long link token; the SMS a 6-digit code, which is only taken with the username and
 * dies after 5 wrong tries. Codes are stored hashed and used once.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { queueMail, queueSms } from './mailer.ts';

/** The site's activation mode (setting register_activation): 0 none, 1 e-mail, 2 SMS. */
export type ActivationMode = 0 | 1 | 2;

const TTL_MS = 48 * 3_600_000;
const MAX_TRIES = 5;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates the code of a new, not yet activated user and queues its e-mail or SMS. */
export async function sendActivation(
  q: Queryable,
  user: { id: number; userName: string; email: string; mobile: string; lang: string },
  mode: 1 | 2,
  now: number,
): Promise<void> {
  const channel = mode === 2 && user.mobile ? 'sms' : 'mail';
  const code = channel === 'mail' ? randomBytes(24).toString('base64url') : String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query(
    `insert into activation_codes (user_id, code_hash, channel, expires_at) values ($1, $2, $3, $4)
     on conflict (user_id) do update set code_hash = excluded.code_hash, channel = excluded.channel, expires_at = excluded.expires_at, attempts = 0`,
    [user.id, sha256(code), channel, new Date(now + TTL_MS)]);
  if (channel === 'mail') {
    await queueMail(q, { to: user.email, subject: 'Hesap aktivasyonu / Account activation', body: `/${user.lang}/activation?code=${code}`, at: now });
  } else {
    await queueSms(q, { to: `+${user.mobile}`, body: `BetPWA aktivasyon kodunuz: ${code} /${user.lang}/activation?u=${encodeURIComponent(user.userName)}`, at: now });
  }
}

/**
 * Activates the account of a code; an SMS code also needs its username. Answers the user id, or
 * null for a wrong, expired or used code (a wrong SMS code counts a try on that user's code).
 */
export async function activate(q: Queryable, code: string, userName: string | undefined, now: number): Promise<number | null> {
  const sms = /^\d{6}$/.test(code);
  let row: { user_id: number; code_hash: string; expires_at: Date; attempts: number } | undefined;
  if (sms) {
    if (!userName) return null;
    [row] = await q.query<{ user_id: number; code_hash: string; expires_at: Date; attempts: number }>(
      `select a.user_id, a.code_hash, a.expires_at, a.attempts from activation_codes a join users u on u.id = a.user_id
        where u.username = $1 and a.channel = 'sms' for update of a`, [userName]);
    if (!row || row.attempts >= MAX_TRIES || new Date(row.expires_at).getTime() <= now) return null;
    if (row.code_hash !== sha256(code)) {
      await q.query('update activation_codes set attempts = attempts + 1 where user_id = $1', [row.user_id]);
      return null;
    }
  } else {
    [row] = await q.query<{ user_id: number; code_hash: string; expires_at: Date; attempts: number }>(
      `select user_id, code_hash, expires_at, attempts from activation_codes where code_hash = $1 and channel = 'mail' for update`, [sha256(code)]);
    if (!row || new Date(row.expires_at).getTime() <= now) return null;
  }
  await q.query('delete from activation_codes where user_id = $1', [row.user_id]);
  await q.query('update users set activated = 1 where id = $1', [row.user_id]);
  return row.user_id;
}
