/**
 * Casino games management in the back office on both drivers: providers and games
 * enabled, ordered and categorised per product (the lobby follows), categories, the dealers' casino
 * limits ('casino limits full'), permission manageCasino, every change audited; and the wallet's
 * group commit: many players' bets at once, each under its dealer's limit.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { launchSig } from './casino-helpers.ts';
import { drivers, useHarness, SEED_NOW, type Harness } from './harness.ts';
import { boLogin, json } from './bo-helpers.ts';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { seedBackOfficeDemo } from '../../server/demo/backoffice-seed.ts';
import { contributionOf, foldJackpots } from '../../server/casino/jackpot-pools.ts';
import { hmacSign, providerSecret } from '../../server/casino/signature.ts';
import type { OpenGameReply } from '../../domain/casino/calls.ts';
import { fairFloats, seedHash } from '../../server/casino/demo-provider/fair.ts';
import { SLOTS, spin } from '../../server/casino/demo-provider/slots.ts';
import { resultAt, roulette } from '../../server/casino/demo-provider/timed-games.ts';

const DRIVERS = await drivers();
const SECRET = providerSecret('DEMO_PROVIDER_SECRET');

async function wallet(h: Harness, op: string, body: Record<string, unknown>): Promise<{ status: string; balance?: number }> {
  const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const res = await h.app.inject({ method: 'POST', url: `/casino/wallet/demo/${op}`, payload: raw, headers: { 'content-type': 'application/json', 'x-signature': hmacSign(SECRET, raw) } });
  return res.json();
}
const gameId = async (h: Harness, code: string) => (await h.db.query<{ id: number }>('select id from casino_games where code = $1', [code]))[0]!.id;
const audits = async (h: Harness, action: string, objectId: number | string) =>
  h.db.query<{ before: unknown; after: unknown }>('select before, after from audit_log where action = $1 and object_id = $2 order by id', [action, String(objectId)]);

describe.each(DRIVERS)('casino back office on %s', (driver) => {
  const h = useHarness(driver);

  it('categories, game order and category, provider switch: the lobby follows, each change audited; dealers may not', async () => {
    await seedAccountDemo(h.db, h.clock.now);
    await seedBackOfficeDemo(h.db, h.clock.now);
    const admin = await boLogin(h, 'admin', 'admin1234');
    const created = json(await h.call('bo/saveCasinoCategory', { product: 5, title: 'Jackpot' }, { cookie: admin }));
    expect(created.status).toBe(true);
    const catId = created.id as number;
    expect((await audits(h, 'casino.category', catId))).toHaveLength(1);
    // the same title again in the product is refused
    expect(json(await h.call('bo/saveCasinoCategory', { product: 5, title: 'jackpot' }, { cookie: admin })).status).toBe(false);
    // gem rush goes first, into the new category; an empty category is not listed to players
    const gem = await gameId(h, 'gem-rush');
    expect(json(await h.call('bo/setCasinoGame', { gameId: gem, listOrder: 0, categoryId: catId }, { cookie: admin })).status).toBe(true);
    const games = (await h.call('getAllCasinos', { masterServiceId: 5 })).json<{ items: Array<{ title: string; topServiceId2: number }> }>();
    expect(games.items.map((g) => g.title)).toEqual(['Gem Rush', 'Fruit Fiesta', 'Lucky Sevens']);
    expect(games.items[0]!.topServiceId2).toBe(catId);
    const list = (await h.call('casinoList', { serviceId: 5 })).json<{ categories: Array<{ id: number; title: string }> }>();
    expect(list.categories.map((c) => c.title)).toContain('Jackpot');
    expect((await h.call('getAllCasinos', { masterServiceId: 5, category: catId })).json<{ items: unknown[] }>().items).toHaveLength(1);
    // renamed and moved first
    expect(json(await h.call('bo/saveCasinoCategory', { id: catId, product: 5, title: 'Jackpots', listOrder: 0 }, { cookie: admin })).status).toBe(true);
    const bo = json(await h.call('bo/casinoGames', { product: 5 }, { cookie: admin }));
    expect((bo.categories as Array<{ title: string; games: number }>)[0]).toMatchObject({ title: 'Jackpots', games: 1 });
    // a category of another product is refused for a slot
    const [live] = await h.db.query<{ id: number }>('select id from casino_categories where product = 4 limit 1');
    expect(json(await h.call('bo/setCasinoGame', { gameId: gem, categoryId: live!.id }, { cookie: admin })).status).toBe(false);
    // a provider switched off leaves the lobby, its games cannot be opened
    const providers = json(await h.call('bo/casinoProviders', {}, { cookie: admin })).results as Array<{ id: number; code: string }>;
    const pixel = providers.find((p) => p.code === 'pixel')!;
    expect(json(await h.call('bo/setCasinoProvider', { providerId: pixel.id, status: 0 }, { cookie: admin })).status).toBe(true);
    try {
      expect((await h.call('casinoList', { serviceId: 5 })).json<{ results: Array<{ title: string }> }>().results.map((r) => r.title)).toEqual(['Demo Gaming']);
      const p = await h.player('cbo', 10_000);
      expect(json(await h.call('openslot', { serviceId: gem }, { cookie: p.cookie }))).toMatchObject({ status: false, error: 'gameUnavailable' });
      expect(await audits(h, 'casino.provider', pixel.id)).toHaveLength(1);
    } finally {
      await h.call('bo/setCasinoProvider', { providerId: pixel.id, status: 1 }, { cookie: admin });
      await h.call('bo/setCasinoGame', { gameId: gem, listOrder: 3, categoryId: null }, { cookie: admin });
    }
    // a dealer has no manageCasino: refused, and the menu has no casino area
    const dealer = await boLogin(h, 'bayi1', 'bayi1234');
    expect(json(await h.call('bo/casinoGames', { product: 5 }, { cookie: dealer }))).toMatchObject({ status: false, error: 'forbidden' });
    expect(json(await h.call('bo/setCasinoLimit', { dealerId: 1, casinoLimit: 1 }, { cookie: dealer })).status).toBe(false);
    const me = json(await h.call('bo/whoami', {}, { cookie: admin }));
    expect((me.menu as Array<{ path: string }>).map((a) => a.path)).toContain('casino');
  });

  it("a dealer's casino limit set in the back office: bets of its players at once stop at it ('casino limits full'), audited", async () => {
    await seedAccountDemo(h.db, h.clock.now);
    await seedBackOfficeDemo(h.db, h.clock.now);
    const admin = await boLogin(h, 'admin', 'admin1234');
    const dealer = await h.addUser('cdl', 0);
    await h.db.query(`update users set user_type = 'D' where id = $1`, [dealer.id]);
    await h.db.query('insert into dealers (user_id) values ($1)', [dealer.id]);
    expect(json(await h.call('bo/setCasinoLimit', { dealerId: dealer.id, casinoLimit: 5_000 }, { cookie: admin })).status).toBe(true);
    expect((await audits(h, 'casino.limit', dealer.id)).map((a) => a.after)).toEqual([{ casinoLimit: 5_000 }]);
    // twelve players under the dealer bet 1,000 each at once: five pass, the others meet the limit
    const players = await Promise.all(Array.from({ length: 12 }, async () => {
      const p = await h.player('cdp', 10_000);
      await h.db.query('insert into user_tree (ancestor_id, descendant_id, depth) values ($1, $2, 1)', [dealer.id, p.id]);
      const open = (await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') }, { cookie: p.cookie })).json<OpenGameReply>();
      return { ...p, token: new URL(open.content.gameurl, 'http://x').searchParams.get('token')! };
    }));
    const replies = await Promise.all(players.map((p) => wallet(h, 'bet', {
      token: p.token, transaction_uuid: randomUUID(), round: `cdl-${p.id}`, game_code: 'fruit-fiesta', currency: 'TRY', amount: 1_000,
    })));
    expect(replies.filter((r) => r.status === 'RS_OK')).toHaveLength(5);
    expect(replies.filter((r) => r.status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(7);
    const limits = json(await h.call('bo/casinoLimits', { search: dealer.userName }, { cookie: admin }));
    expect(limits.results).toEqual([{ dealerId: dealer.id, userName: dealer.userName, casinoLimit: 5_000, stakedToday: 5_000, currency: 'TRY' }]);
    const [led] = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where kind = 'bet' and ref_type = 'slot' and user_id = any($1)`, [players.map((p) => p.id)]);
    expect(led!.n).toBe(5);
  });

  it('top winners and the carousel come from real wins: five times the stake or more, biggest first / newest first', async () => {
    const p = await h.player('ctop', 100_000);
    const open = (await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') }, { cookie: p.cookie })).json<OpenGameReply>();
    const token = new URL(open.content.gameurl, 'http://x').searchParams.get('token')!;
    const play = async (n: number, stake: number, win: number) => {
      const base = { token, round: `top-${p.id}-${n}`, game_code: 'fruit-fiesta', currency: 'TRY' };
      expect((await wallet(h, 'bet', { ...base, transaction_uuid: `tb-${p.id}-${n}`, amount: stake })).status).toBe('RS_OK');
      h.clock.now += 1_000;
      expect((await wallet(h, 'win', { ...base, transaction_uuid: `tw-${p.id}-${n}`, round_closed: true, amount: win })).status).toBe('RS_OK');
    };
    await play(1, 100, 90_000);
    await play(2, 100, 400); // under five times the stake: not shown
    await play(3, 100, 50_000);
    const top = (await h.call('topWinners', { masterServiceId: 5, limit: 50 })).json<{ results: Array<{ amount: number; game: string; player: string }> }>().results;
    const mine = top.filter((w) => w.game === 'Fruit Fiesta' && w.player === 't_***');
    expect(mine.map((w) => w.amount)).toEqual([90_000, 50_000]);
    const latest = (await h.call('winners', { masterServiceId: 5, limit: 50 })).json<{ results: Array<{ amount: number; game: string; player: string }> }>().results;
    expect(latest.filter((w) => w.game === 'Fruit Fiesta' && w.player === 't_***').map((w) => w.amount)).toEqual([50_000, 90_000]);
    // other products do not list them
    expect((await h.call('topWinners', { masterServiceId: 4 })).json<{ results: Array<{ game: string }> }>().results.some((w) => w.game === 'Fruit Fiesta')).toBe(false);
  });

  it("the demo provider's state lives in the database: a launch page's calls may reach any server process", async () => {
    const other = await h.buildApp();
    const apiOn = (app: typeof h.app) => async (path: string, body: unknown) =>
      (await app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body as object })).json<Record<string, unknown>>();
    const [a, b] = [apiOn(h.app), apiOn(other)];
    const tokenOf = async (cookie: string, call: string, payload: object) =>
      new URL((await h.call(call, payload, { cookie })).json<OpenGameReply>().content.gameurl, 'http://x').searchParams.get('token')!;
    // a slot: opened on one process, spun on the other; the seed revealed matches the hash shown first
    const p = await h.player('cdp2', 50_000);
    const token = await tokenOf(p.cookie, 'openslot', { serviceId: await gameId(h, 'fruit-fiesta') });
    const init = await a('init', { token, game: 'fruit-fiesta', mode: 'real', clientSeed: 'mine', sig: launchSig(token, 'fruit-fiesta', 'real', '') });
    const s1 = await b('spin', { token, stake: 1_000 });
    expect(s1.winStatus).toBe('RS_OK');
    expect(seedHash(s1.serverSeed as string)).toBe(init.serverSeedHash);
    expect(spin(SLOTS['fruit-fiesta']!, fairFloats(s1.serverSeed as string, 'mine', 1, 3)).symbols).toEqual(s1.symbols);
    const s2 = await a('spin', { token, stake: 1_000 });
    expect(s2.nonce).toBe(2);
    expect(seedHash(s2.serverSeed as string)).toBe(s1.nextServerSeedHash);
    // fun mode: the fun balance is the same on both
    const fun = (await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta'), fun: true })).json<OpenGameReply>();
    const funToken = new URL(fun.content.gameurl, 'http://x').searchParams.get('token')!;
    expect(await a('init', { token: funToken, game: 'fruit-fiesta', mode: 'fun', sig: launchSig(funToken, 'fruit-fiesta', 'fun', '') })).toMatchObject({ balance: 100_000, currency: 'FUN' });
    const f = await b('spin', { token: funToken, stake: 500 });
    expect((await a('init', { token: funToken, game: 'fruit-fiesta', mode: 'fun', sig: launchSig(funToken, 'fruit-fiesta', 'fun', '') })).balance).toBe(f.balance);
    // a roulette bet taken by one process is paid when the other sees the result
    const q = await h.player('cdp3', 100_000);
    const rt = await tokenOf(q.cookie, 'opencas', { serviceId: await gameId(h, 'roulette-1'), masterServiceId: 4, limitId: 1 });
    const g = roulette('roulette-1');
    const round = Math.ceil(Math.max(SEED_NOW, h.clock.now) / g.cycleMs) + 1;
    h.clock.now = round * g.cycleMs + 1_000;
    await a('init', { token: rt, game: 'roulette-1', mode: 'real', limit: '1', sig: launchSig(rt, 'roulette-1', 'real', '1') });
    expect(await b('bet', { token: rt, bets: [{ kind: 'straight', value: 0, amount: 1_000 }, { kind: 'black', amount: 1_000 }] })).toMatchObject({ ok: true, balance: 98_000 });
    expect(await a('bet', { token: rt, bets: [{ kind: 'red', amount: 1_000 }] })).toMatchObject({ ok: true, balance: 97_000 });
    h.clock.now = resultAt(g, round) + 100;
    const res = (await other.inject({ method: 'GET', url: '/demo-provider/round/roulette-1' })).json<{ outcome: { number: number; color: string } }>();
    const n = res.outcome.number;
    const won = (n === 0 ? 36_000 : 0) + (res.outcome.color === 'black' ? 2_000 : 0) + (res.outcome.color === 'red' ? 2_000 : 0);
    expect(Number((await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [q.id]))[0]!.balance)).toBe(97_000 + won);
    // the first process looking later pays nothing more
    await h.app.inject({ method: 'GET', url: '/demo-provider/round/roulette-1' });
    const [wins] = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where user_id = $1 and kind = 'win'`, [q.id]);
    expect(wins!.n).toBe(won ? 1 : 0);
  });

  it('jackpot pools per currency: a EUR bet feeds the EUR pools only, a EUR player sees them, a drop pays in EUR', async () => {
    const p = await h.player('ceur', 100_000);
    await h.db.query(`update wallets set currency = 'EUR' where user_id = $1`, [p.id]);
    await h.db.query(`update users set currency = 'EUR' where id = $1`, [p.id]);
    const open = (await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') }, { cookie: p.cookie })).json<OpenGameReply>();
    const token = new URL(open.content.gameurl, 'http://x').searchParams.get('token')!;
    await foldJackpots(h.db, h.clock.now);
    const pools = async () => new Map((await h.db.query<{ tier: string; currency: string; pool: number; contrib_ppm: number }>(
      `select tier, currency, pool, contrib_ppm from jackpots where grp = 'casino'`)).map((r) => [`${r.tier}:${r.currency}`, { pool: Number(r.pool), ppm: r.contrib_ppm }]));
    const before = await pools();
    // a TRY body on a EUR token is refused; the EUR one is taken
    expect((await wallet(h, 'bet', { token, transaction_uuid: randomUUID(), round: `eur-${p.id}-0`, game_code: 'fruit-fiesta', currency: 'TRY', amount: 10_000 })).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect(await wallet(h, 'bet', { token, transaction_uuid: randomUUID(), round: `eur-${p.id}-1`, game_code: 'fruit-fiesta', currency: 'EUR', amount: 10_000 })).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    await foldJackpots(h.db, h.clock.now);
    const after = await pools();
    for (const tier of ['daily', 'weekly', 'mega']) {
      expect(after.get(`${tier}:EUR`)!.pool - before.get(`${tier}:EUR`)!.pool, tier).toBe(contributionOf(10_000, before.get(`${tier}:EUR`)!.ppm));
      expect(after.get(`${tier}:TRY`)!.pool, tier).toBe(before.get(`${tier}:TRY`)!.pool);
    }
    // the jackpots call: the player's currency; a visitor's TRY
    const mine = (await h.call('jackpots', {}, { cookie: p.cookie })).json<{ data: { currency: string; casino: { daily: { balance: number } }; sports: object } }>();
    expect(mine.data.currency).toBe('EUR');
    expect(mine.data.casino.daily.balance).toBe(after.get('daily:EUR')!.pool);
    const visitor = (await h.call('jackpots', {})).json<{ data: { currency: string; casino: { daily: { balance: number } } } }>();
    expect(visitor.data).toMatchObject({ currency: 'TRY', casino: { daily: { balance: after.get('daily:TRY')!.pool } } });
    // the EUR daily tier drops on the next bet: paid to the EUR wallet, floored to the cent
    await h.db.query(`update jackpots set must_drop = pool + 1 where grp = 'casino' and tier = 'daily' and currency = 'EUR'`);
    const [drop] = await h.db.query<{ must_drop: number }>(`select must_drop from jackpots where grp = 'casino' and tier = 'daily' and currency = 'EUR'`);
    expect((await wallet(h, 'bet', { token, transaction_uuid: randomUUID(), round: `eur-${p.id}-2`, game_code: 'fruit-fiesta', currency: 'EUR', amount: 10_000 })).status).toBe('RS_OK');
    await foldJackpots(h.db, h.clock.now);
    const [w] = await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [p.id]);
    expect(Number(w!.balance)).toBe(80_000 + Math.floor(Number(drop!.must_drop) / 100));
  });

  it("a player's stake limit applies inside the batch: bets sent at once never cross it together", async () => {
    const p = await h.player('cstk', 100_000);
    await h.db.query(`insert into protection_limits (user_id, kind, period, amount, set_at) values ($1, 'stake', 'day', 2500, $2)`, [p.id, new Date(h.clock.now - 86_400_000)]);
    // two launch tokens of the same player, five bets of 1,000 at once on each
    const tokens = await Promise.all([0, 1].map(async () => {
      const open = (await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') }, { cookie: p.cookie })).json<OpenGameReply>();
      return new URL(open.content.gameurl, 'http://x').searchParams.get('token')!;
    }));
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => wallet(h, 'bet', {
      token: tokens[i % 2], transaction_uuid: randomUUID(), round: `stk-${p.id}-${i}`, game_code: 'fruit-fiesta', currency: 'TRY', amount: 1_000,
    })));
    expect(replies.filter((r) => r.status === 'RS_OK')).toHaveLength(2);
    expect(replies.filter((r) => r.status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(8);
    const [w] = await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [p.id]);
    expect(Number(w!.balance)).toBe(98_000);
  });

  it('many players at once: every bet and win answered and booked once (one transaction for several players)', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, async () => {
      const p = await h.player('cmany', 10_000);
      const open = (await h.call('openslot', { serviceId: await gameId(h, 'lucky-sevens') }, { cookie: p.cookie })).json<OpenGameReply>();
      return { ...p, token: new URL(open.content.gameurl, 'http://x').searchParams.get('token')! };
    }));
    const round = (p: { id: number; token: string }, n: number) => ({ token: p.token, round: `m-${p.id}-${n}`, game_code: 'lucky-sevens', currency: 'TRY' });
    for (let n = 0; n < 3; n++) {
      const bets = await Promise.all(players.map((p) => wallet(h, 'bet', { ...round(p, n), transaction_uuid: `mb-${p.id}-${n}`, amount: 500 })));
      expect(bets.every((b) => b.status === 'RS_OK')).toBe(true);
      const wins = await Promise.all(players.map((p) => wallet(h, 'win', { ...round(p, n), transaction_uuid: `mw-${p.id}-${n}`, round_closed: true, amount: 200 })));
      expect(wins.every((w) => w.status === 'RS_OK')).toBe(true);
    }
    const rows = await h.db.query<{ user_id: number; balance: number }>('select user_id, balance from wallets where user_id = any($1)', [players.map((p) => p.id)]);
    expect(rows.every((r) => Number(r.balance) === 10_000 - 3 * 300)).toBe(true);
  });
});
