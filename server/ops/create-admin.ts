/**
 * The first admin of a site started without the demo (DEMO=0): a one-time command creates it with a
 * random password and a fresh TOTP secret and prints both once, so no admin secret is ever published.
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI } from 'otplib';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../accounts/password.ts';
import { writeAudit } from '../backoffice/audit.ts';
import { loginPayload } from '../../domain/protocol/calls.ts';
import { ROLE_LETTERS } from '../../domain/backoffice/permissions.ts';

export interface NewAdmin { userId: number; username: string; password: string; totpSecret: string; otpauthUri: string }

export class CreateAdminError extends Error {}

/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'BetPWA';

/**
 * Creates an admin (user type A) with a random 120-bit password (the login call's 20-character
 * limit) and a fresh 160-bit TOTP secret. Refused when the name is taken, or when an admin already
 * exists unless `force` (a second admin, e.g. after losing the first one's authenticator).
 */
export async function createAdmin(db: Db, opts: { username: string; force?: boolean; now: number }): Promise<NewAdmin> {
  const name = loginPayload.shape.userName.safeParse(opts.username);
  if (!name.success) throw new CreateAdminError('the username must be 4 to 20 letters, digits, dots, dashes, underscores or spaces');
  const username = name.data;
  const password = randomBytes(15).toString('base64url');
  const totpSecret = generateSecret();
  const passwordHash = await hashPassword(password);
  const userId = await db.tx(async (q) => {
    const [admin] = await q.query<{ username: string }>('select username from users where user_type = $1 limit 1', [ROLE_LETTERS.admin]);
    if (admin && !opts.force) throw new CreateAdminError(`an admin already exists (${admin.username}); --force adds another`);
    const [taken] = await q.query('select 1 from users where username = $1', [username]);
    if (taken) throw new CreateAdminError(`the username ${username} is taken`);
    const [u] = await q.query<{ id: number }>(
      `insert into users (username, password_hash, first_name, last_name, email, user_type, online_user, totp_secret)
       values ($1, $2, 'Admin', '', '', $3, 0, $4) returning id`,
      [username, passwordHash, ROLE_LETTERS.admin, totpSecret]);
    await writeAudit(q, { actorId: null, role: 'system', action: 'createAdmin', objectType: 'user', objectId: u!.id, after: { username }, address: 'console', at: opts.now });
    return u!.id;
  });
  return { userId, username, password, totpSecret, otpauthUri: generateURI({ issuer: ISSUER, label: username, secret: totpSecret }) };
}
