/**
 * Helpers of the back-office suites: a team login through bo/login with the TOTP code, and a small
 * network (operator > dealer > sub-dealer > player/terminal, twice) built through the bo calls.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/http/app.ts';
import { DEMO_TOTP } from '../../server/demo/backoffice-seed.ts';
import { otpNow } from '../../server/backoffice/session.ts';
import type { Harness } from './harness.ts';

export type Body = { status: boolean; msg?: string; error?: string; [k: string]: unknown };
export const json = (r: LightMyRequestResponse): Body => r.json<Body>();

const cookieOf = (res: LightMyRequestResponse, who: string): string => {
  if (res.statusCode !== 200) throw new Error(`bo/login ${who} failed: ${res.statusCode} ${res.body}`);
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!sid) throw new Error(`bo/login ${who} set no cookie`);
  return `${SESSION_COOKIE}=${sid.value}`;
};

/**
 * Logs an admin or operator in to the back office: gives the account the demo TOTP secret when it
 * has none, then sends the code of the harness clock. Dealers log in without a code.
 */
export async function boLogin(h: Harness, userName: string, password: string): Promise<string> {
  await h.db.query('update users set totp_secret = $2 where username = $1 and totp_secret is null and user_type in ($3, $4)', [userName, DEMO_TOTP.admin, 'A', 'O']);
  // Each login of a suite is a fresh code from the app: the once-only rule is tested on its own.
  await h.db.query('update users set totp_last_step = null where username = $1', [userName]);
  const [u] = await h.db.query<{ totp_secret: string | null }>('select totp_secret from users where username = $1', [userName]);
  const otp = u?.totp_secret ? await otpNow(u.totp_secret, h.clock.now) : undefined;
  return cookieOf(await h.call('bo/login', { userName, password, ...(otp ? { otp } : {}) }), userName);
}

/** A bo call with a fresh Idempotency-Key. */
export function boMoney(h: Harness, name: string, payload: unknown, cookie: string, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return h.call(name, payload, { cookie, headers: { 'idempotency-key': key } });
}

let seq = 0;
/** A unique user name of at most 20 characters. */
export const uname = (p: string): string => `${p}${++seq}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);

/** One branch: a dealer under the operator, a sub-dealer, a partner, a player and a terminal under the sub-dealer. */
export interface Branch { dealer: number; sub: number; partner: number; player: number; terminal: number; names: Record<'dealer' | 'sub' | 'partner' | 'player' | 'terminal', string> }

/** Creates a node through bo/createDealer or bo/createUser as `cookie`; returns its id. */
export async function create(h: Harness, cookie: string, call: 'bo/createDealer' | 'bo/createUser', payload: Record<string, unknown>): Promise<number> {
  const res = await h.call(call, { password: 'pass1234', ...payload }, { cookie });
  const b = json(res);
  if (!b.status) throw new Error(`${call} failed: ${res.statusCode} ${res.body}`);
  return b.id as number;
}

/** Builds a branch under an operator as the admin, and loads credit down it. */
export async function branch(h: Harness, admin: string, operatorId: number, tag: string): Promise<Branch> {
  const names = { dealer: uname(`d${tag}`), sub: uname(`s${tag}`), partner: uname(`pa${tag}`), player: uname(`p${tag}`), terminal: uname(`t${tag}`) };
  const dealer = await create(h, admin, 'bo/createDealer', { role: 'dealer', parentId: operatorId, userName: names.dealer, commissionPercent: 20 });
  const sub = await create(h, admin, 'bo/createDealer', { role: 'subDealer', parentId: dealer, userName: names.sub, commissionPercent: 10 });
  const partner = await create(h, admin, 'bo/createDealer', { role: 'partner', parentId: dealer, userName: names.partner });
  const player = await create(h, admin, 'bo/createUser', { kind: 'player', dealerId: sub, userName: names.player });
  const terminal = await create(h, admin, 'bo/createUser', { kind: 'terminal', dealerId: sub, userName: names.terminal, terminalNo: `T-${tag}` });
  for (const [id, amount] of [[dealer, 1_000_000], [sub, 300_000], [player, 50_000], [terminal, 50_000]] as const) {
    const r = await boMoney(h, 'bo/loadCredit', { targetId: id, amount }, admin);
    if (!json(r).status) throw new Error(`load ${id}: ${r.body}`);
  }
  return { dealer, sub, partner, player, terminal, names };
}

/**
 * A fresh admin (type A, the demo TOTP secret set) logged in with its password alone through the
 * player's login: a session that has not passed the second factor.
 */
export async function passwordOnlyAdmin(h: Harness, prefix = 'pwadmin'): Promise<{ id: number; userName: string; cookie: string }> {
  const u = await h.addUser(prefix, 0);
  await h.db.query(`update users set user_type = 'A', online_user = 0, totp_secret = $2 where id = $1`, [u.id, DEMO_TOTP.admin]);
  return { id: u.id, userName: u.userName, cookie: await h.login(u.userName, u.password) };
}

/** The demo admin's session and a new operator under it holding 100,000 TL to load down its branches. */
export async function adminAndOperator(h: Harness): Promise<{ admin: string; operatorId: number }> {
  const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
  await ensureDemoAdmin(h.db);
  const admin = await boLogin(h, 'admin', 'admin1234');
  const operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('op') });
  const loaded = await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin);
  if (!json(loaded).status) throw new Error(`load the operator: ${loaded.body}`);
  return { admin, operatorId };
}
