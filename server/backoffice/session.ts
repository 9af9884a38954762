/**
 * Back-office sessions: the same login and session cookie as the player's, plus a second factor
 * (TOTP, otplib) for admin and operator, valid until 15 minutes without a back-office call; the
 * whoami reply the UI draws its menu from; the IP log of every login attempt.
 */
import { createHash } from 'node:crypto';
import { generate as totpGenerate, verify as totpVerify } from 'otplib';
import type { Queryable } from '../db/client.ts';
import { menuFor, SECOND_FACTOR_ROLES, roleOfLetter } from '../../domain/backoffice/permissions.ts';
import type { BoWhoami } from '../../domain/backoffice/calls.ts';
import { balanceOf } from '../wallet/ledger.ts';
import type { BoActor } from './guard.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The time step of a code that fits the secret at `now` (one step either side), else null. */
async function otpStep(secret: string, otp: string, now: number): Promise<number | null> {
  try {
    const r = await totpVerify({ secret, token: otp, epoch: Math.floor(now / 1000), epochTolerance: 30 });
    return r.valid ? Math.floor(now / 30_000) + r.delta : null;
  } catch {
    return null;
  }
}

/**
 * Checks a user's code and uses it up: a code fits once, and never one of a step at or before the
 * last accepted one (a code read over a shoulder or replayed from a log within its window is dead).
 * The step is claimed in one conditional update, so two requests racing with one code get one yes.
 */
export async function otpUse(q: Queryable, userId: number, secret: string, otp: string, now: number): Promise<boolean> {
  const step = await otpStep(secret, otp, now);
  if (step === null) return false;
  const claimed = await q.query(
    'update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id', [userId, step]);
  return claimed.length > 0;
}

/** The current code of a secret (demo and tests: what an authenticator app would show). */
export function otpNow(secret: string, now: number): Promise<string> {
  return totpGenerate({ secret, epoch: Math.floor(now / 1000) });
}

/** True when the role of a users.user_type letter needs the second factor. */
export const needsSecondFactor = (letter: string): boolean => SECOND_FACTOR_ROLES.includes(roleOfLetter(letter));

/** Marks a session as past the second factor, now. */
export async function markOtp(q: Queryable, token: string, now: number): Promise<void> {
  await q.query('update sessions set bo_otp_at = $2, bo_seen_at = $2 where token_hash = $1', [sha256(token), new Date(now)]);
}

/** The whoami reply of an actor. */
export async function whoami(q: Queryable, a: BoActor): Promise<BoWhoami> {
  return {
    status: true, userId: a.userId, userName: a.userName, role: a.role, permissions: a.needOtp ? [] : a.permissions,
    menu: a.needOtp ? [] : menuFor(a.permissions), balance: await balanceOf(q, a.userId), currency: a.currency,
    needOtp: a.needOtp, transfersBlocked: a.transfersBlocked,
  };
}

/** The outcome of a login reply for the IP log: 'success', else the reply's error key ('wrongLogin', 'wrongOtp', 'captchaRequired', ...). */
export function loginOutcome(statusCode: number, payload: unknown): string {
  let body: { status?: unknown; error?: unknown } = {};
  try {
    body = typeof payload === 'string' ? (JSON.parse(payload) as typeof body) : {};
  } catch {
    // not JSON: judged by the status code alone
  }
  if (statusCode === 200 && body.status === true) return 'success';
  if (typeof body.error === 'string' && /^\w{1,40}$/.test(body.error)) return body.error;
  return statusCode === 429 ? 'tooManyRequests' : 'failed';
}

/** One login attempt in the IP log, with its outcome. */
export async function logLogin(q: Queryable, e: { userName: string; address: string; userAgent: string; outcome: string; at: number }): Promise<void> {
  await q.query(
    `insert into ip_logs (user_id, user_name, address, user_agent, success, outcome, created_at)
     values ((select id from users where username = $1), $1, $2, $3, $4, $5, $6)`,
    [e.userName.slice(0, 40), e.address, e.userAgent.slice(0, 300), e.outcome === 'success', e.outcome, new Date(e.at)]);
}
