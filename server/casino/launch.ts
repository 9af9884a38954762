/**
 * Game launch (opencas, openslot, bingo): a short-lived token bound to the user, the game and the
 * currency, and the provider's launch URL in the spec's open-game reply. A visitor opens a game
 * only in fun mode and only where the game offers it; otherwise the login popup (login: false).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { CallError } from '../core/call.ts';
import { hasPermission } from '../../domain/account/permissions.ts';
import type { GuardUser } from '../../domain/account/permissions.ts';
import { PRODUCT_PERMISSION, productName, type OpenGameReply, type CasinoLimitTable } from '../../domain/casino/calls.ts';
import { assertCanPlay } from '../protection/enforce.ts';
import { gameRow, type GameRow } from './catalogue.ts';
import { BET_TOKEN_TTL_MS } from './wallet.ts';
import { hmacSign, launchText, providerSecret } from './signature.ts';

/** Fun sessions last as long; they move no money. */
export const IFRAME_INSIDE = 8;
export const IFRAME_REDIRECT = 1;

/** Where a launch comes from, for a provider that wants it (an aggregator's game URL takes the player's address and platform). */
export interface LaunchClient { ip: string; userAgent: string; origin: string }

/**
 * A provider protocol that makes its own launch URL (an aggregator's API call) instead of
 * `<launch_url>/play?token=...`; it may refuse with a CallError.
 */
export type ProtocolLauncher = (s: { game: GameRow; token: string; fun: boolean; userId: number | null; currency: string; lang: string; client: LaunchClient; now: number }) => Promise<string>;

export interface LaunchInput {
  gameId: number;
  product?: number | undefined;
  limitId?: number | undefined;
  fun?: boolean | undefined;
  userId: number | null;
  guard: Pick<GuardUser, 'products' | 'onlineUser'> | null;
  lang: string;
  now: number;
  /** Launchers of protocols that make their own URL, by casino_providers.protocol. */
  launchers?: Readonly<Record<string, ProtocolLauncher>> | undefined;
  client?: LaunchClient | undefined;
}

export async function launchGame(db: Db, p: LaunchInput): Promise<OpenGameReply> {
  const game = await gameRow(db, p.gameId);
  if (!game || (p.product !== undefined && game.product !== p.product)) throw new CallError(404, 'gameNotFound');
  const launcher = p.launchers?.[game.protocol];
  if (game.status !== 1 || game.provider_status !== 1 || (!game.launch_url && !launcher)) throw new CallError(503, 'gameUnavailable');
  const name = productName(game.product)!;
  // Opening a game needs login (section 4): a visitor gets the login popup unless they ask for fun mode where offered.
  const fun = p.fun === true;
  if (p.userId === null && (!fun || !game.fun)) throw new CallError(401, 'loginRequired', {}, { login: false });
  if (fun && !game.fun) throw new CallError(403, 'funNotOffered');
  if (p.userId !== null && !hasPermission(p.guard, PRODUCT_PERMISSION[name])) throw new CallError(403, 'forbidden');
  const limits = (typeof game.limits === 'string' ? JSON.parse(game.limits) : game.limits) as CasinoLimitTable[];
  const limit = limits.length ? limits.find((l) => l.limitId === p.limitId) ?? (p.limitId === undefined ? limits[0] : undefined) : undefined;
  if (limits.length && !limit) throw new CallError(400, 'badRequest', { field: 'limitId' }, { field: 'limitId' });

  const token = randomBytes(24).toString('base64url');
  let currency = 'TRY';
  await db.tx(async (q) => {
    if (!fun) {
      const verdict = await assertCanPlay(q, p.userId!, p.now, 0, p.lang);
      if (!verdict.ok) throw new CallError(403, verdict.key, {}, { error: verdict.key });
      const full = await q.query(
        `select 1 from user_tree t join dealers d on d.user_id = t.ancestor_id
           left join casino_dealer_days c on c.dealer_id = d.user_id and c.day = $2::date
          where t.descendant_id = $1 and d.casino_limit > 0 and coalesce(c.staked, 0) >= d.casino_limit limit 1`,
        [p.userId, new Date(p.now).toISOString().slice(0, 10)]);
      if (full.length) throw new CallError(403, 'casinoLimitFull');
      currency = (await q.query<{ currency: string }>('select currency from wallets where user_id = $1', [p.userId]))[0]?.currency ?? currency;
      await q.query(
        `insert into casino_last_played (user_id, game_id, played_at) values ($1, $2, $3)
         on conflict (user_id, game_id) do update set played_at = excluded.played_at`, [p.userId, game.id, new Date(p.now)]);
    }
    await q.query(
      'insert into casino_sessions (token, user_id, game_id, currency, fun, limit_id, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [token, fun ? null : p.userId, game.id, currency, fun ? 1 : 0, limit?.limitId ?? null, new Date(p.now), new Date(p.now + BET_TOKEN_TTL_MS)]);
  });
  const query = new URLSearchParams({ token, game: game.code, lang: p.lang, mode: fun ? 'fun' : 'real', ...(limit ? { limit: String(limit.limitId) } : {}) });
  // The table limit is the launch's, not the player's: a provider with a secret gets the URL signed.
  const secret = providerSecret(game.secret_env);
  if (secret) query.set('sig', hmacSign(secret, launchText({ token, game: game.code, mode: fun ? 'fun' : 'real', limit: limit ? String(limit.limitId) : '' })));
  const gameurl = launcher
    ? await launcher({ game, token, fun, userId: fun ? null : p.userId, currency, lang: p.lang, client: p.client ?? { ip: '', userAgent: '', origin: '' }, now: p.now })
    : `${game.launch_url.replace(/\/$/, '')}/play?${query}`;
  const iframe = game.frameable ? IFRAME_INSIDE : IFRAME_REDIRECT;
  return { status: true, msg: '', content: { gameurl, iframe, gameName: game.title, frameable: game.frameable ? 1 : 0 }, gameName: game.title, fun: fun ? 1 : 0 };
}
