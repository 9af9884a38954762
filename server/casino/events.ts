/**
 * Winner events of the jackpot socket (/ws/jackpot: winnercasino, winnerlivecasino), published
 * after the commit of the wallet call that paid them. In-process: each process tells its own
 * socket clients about the wins it paid.
 */
import { EventEmitter } from 'node:events';
import type { Queryable } from '../db/client.ts';
import { PRODUCT, type CasinoWinner } from '../../domain/casino/calls.ts';
import type { WalletEffects } from './wallet.ts';

export type WinnerEvent = { event: 'winnercasino' | 'winnerlivecasino'; data: CasinoWinner };

const bus = new EventEmitter();
bus.setMaxListeners(0);

export const onWinner = (fn: (e: WinnerEvent) => void): (() => void) => {
  bus.on('winner', fn);
  return () => bus.off('winner', fn);
};

/** A win is shown in the carousel when it is at least this many times its round's stake. */
export const SHOW_WIN_MULTIPLE = 5;

/** Masks a username for the carousel: first two letters, then stars. */
export const maskPlayer = (name: string): string => `${name.slice(0, 2)}***`;

/** Publishes the winners of a wallet call's effects (a big win, a jackpot drop). */
export async function publishWinners(q: Queryable, effects: WalletEffects, now: number): Promise<void> {
  const wins: Array<{ userId: number; gameId: number; amount: number; product: number }> = [];
  if (effects.win && effects.win.amount >= SHOW_WIN_MULTIPLE * Math.max(1, effects.win.bet)) wins.push(effects.win);
  for (const d of effects.drops) wins.push({ userId: d.userId, gameId: d.gameId, amount: d.paid, product: d.product });
  if (!wins.length || !bus.listenerCount('winner')) return;
  for (const w of wins) {
    const [r] = await q.query<{ username: string; title: string; logo: string; currency: string; product: number }>(
      `select u.username, g.title, g.logo, u.currency, g.product from users u, casino_games g where u.id = $1 and g.id = $2`, [w.userId, w.gameId]);
    if (!r) continue;
    bus.emit('winner', {
      event: r.product === PRODUCT.livecasino ? 'winnerlivecasino' : 'winnercasino',
      data: { player: maskPlayer(r.username), amount: w.amount, currency: r.currency, game: r.title, date: new Date(now).toISOString(), img: r.logo, serviceId: w.gameId, masterServiceId: r.product },
    } satisfies WinnerEvent);
  }
}
