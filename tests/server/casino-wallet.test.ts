/**
 * The casino game wallet on both drivers: launch replies, the signed seamless-wallet
 * calls and every money rule (once per transaction id, repeats and clashes, rollback tombstones,
 * rollback after a win, expired tokens, no negative balance under 200 concurrent bets, ledger rows
 * by product, protection limits), pool jackpots, the open-round job and the demo provider end to end.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { launchSig } from './casino-helpers.ts';
import { drivers, useHarness, SEED_NOW, type Harness } from './harness.ts';
import { boLogin, json } from './bo-helpers.ts';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { ensureDeploymentSecrets, hmacSign, hmacVerifier, providerSecret } from '../../server/casino/signature.ts';
import { reconcileOpenRounds } from '../../server/casino/reconcile.ts';
import { contributionOf, drawMustDrop, foldJackpots } from '../../server/casino/jackpot-pools.ts';
import { BET_TOKEN_TTL_MS } from '../../server/casino/wallet.ts';
import { fairFloats, seedHash } from '../../server/casino/demo-provider/fair.ts';
import { SLOTS, spin } from '../../server/casino/demo-provider/slots.ts';
import { resultAt, roulette } from '../../server/casino/demo-provider/timed-games.ts';
import type { OpenGameReply } from '../../domain/casino/calls.ts';

const DRIVERS = await drivers();
/** The `ws` client (no type package installed: the part used here). */
interface WsClient { close(): void; on(event: 'message', fn: (data: Buffer) => void): void; on(event: 'error', fn: (err: Error) => void): void }
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;
const SECRET = providerSecret('DEMO_PROVIDER_SECRET');
type WalletBody = { status: string; balance?: number; currency?: string; request_uuid: string };

async function wallet(h: Harness, op: string, body: Record<string, unknown>, opts: { provider?: string; secret?: string } = {}): Promise<WalletBody> {
  const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const res = await h.app.inject({
    method: 'POST', url: `/casino/wallet/${opts.provider ?? 'demo'}/${op}`, payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': hmacSign(opts.secret ?? SECRET, raw) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<WalletBody>();
}

const gameId = async (h: Harness, code: string) => (await h.db.query<{ id: number }>('select id from casino_games where code = $1', [code]))[0]!.id;
const balanceOf = async (h: Harness, userId: number) => Number((await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [userId]))[0]!.balance);

/** A player with credit and a launch token of Fruit Fiesta. */
async function slotPlayer(h: Harness, credit = 100_000, game = 'fruit-fiesta') {
  const p = await h.player('cas', credit);
  const res = await h.call('openslot', { serviceId: await gameId(h, game), masterServiceId: 5 }, { cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  const reply = res.json<OpenGameReply>();
  const token = new URL(reply.content.gameurl, 'http://x').searchParams.get('token')!;
  return { ...p, token, reply };
}

const betBody = (token: string, tx: string, round: string, amount: number, game = 'fruit-fiesta') =>
  ({ token, transaction_uuid: tx, round, round_closed: false, game_code: game, currency: 'TRY', amount });

describe.each(DRIVERS)('casino wallet on %s', (driver) => {
  const h = useHarness(driver);

  it('openslot mints a token bound to the player and game and answers the open-game reply; a visitor gets the login popup or fun mode', async () => {
    const p = await slotPlayer(h);
    expect(p.reply).toMatchObject({ status: true, gameName: 'Fruit Fiesta', fun: 0, content: { iframe: 8, gameName: 'Fruit Fiesta', frameable: 1 } });
    expect(p.reply.content.gameurl).toMatch(/^\/demo-provider\/play\?token=[\w-]{20,}&game=fruit-fiesta&lang=tr&mode=real&sig=[0-9a-f]{64}$/);
    const [s] = await h.db.query<{ user_id: number; currency: string; fun: number }>('select user_id, currency, fun from casino_sessions where token = $1', [p.token]);
    expect(s).toEqual({ user_id: p.id, currency: 'TRY', fun: 0 });

    const visitor = await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ status: false, login: false });
    const fun = await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta'), fun: true });
    expect(fun.json()).toMatchObject({ status: true, fun: 1 });
    // a live table has no fun mode: the visitor is asked to log in
    const live = await h.call('opencas', { serviceId: await gameId(h, 'roulette-1'), masterServiceId: 4, fun: true });
    expect(live.statusCode).toBe(401);

    const missing = await h.call('opencas', { serviceId: 999_999, masterServiceId: 4 }, { cookie: p.cookie });
    expect(missing.json()).toMatchObject({ status: false, error: 'gameNotFound' });
    const wrongProduct = await h.call('opencas', { serviceId: await gameId(h, 'fruit-fiesta'), masterServiceId: 4 }, { cookie: p.cookie });
    expect(wrongProduct.json()).toMatchObject({ status: false, error: 'gameNotFound' });
    await h.db.query(`update casino_games set status = 0 where code = 'gem-rush'`);
    try {
      const off = await h.call('openslot', { serviceId: await gameId(h, 'gem-rush') }, { cookie: p.cookie });
      expect(off.json()).toMatchObject({ status: false, error: 'gameUnavailable' });
    } finally {
      await h.db.query(`update casino_games set status = 1 where code = 'gem-rush'`);
    }
    // a live table opens with a limit table of its own
    const table = await h.call('opencas', { serviceId: await gameId(h, 'roulette-1'), masterServiceId: 4, limitId: 2 }, { cookie: p.cookie });
    expect(table.json<OpenGameReply>().content.gameurl).toContain('limit=2');
    expect((await h.call('opencas', { serviceId: await gameId(h, 'roulette-1'), masterServiceId: 4, limitId: 3 }, { cookie: p.cookie })).statusCode).toBe(400);
    const last = await h.call('lastPlayed', { masterServiceId: 5 }, { cookie: p.cookie });
    expect(last.json<{ items: Array<{ title: string }> }>().items.map((g) => g.title)).toEqual(['Fruit Fiesta']);
  });

  it('lobby lists: providers, games in order, search from 3 characters, bingo room', async () => {
    const list = (await h.call('casinoList', { serviceId: 5 })).json<{ results: Array<{ title: string }>; categories: unknown[] }>();
    expect(list.results.map((r) => r.title)).toEqual(['Demo Gaming', 'Pixel Draws']);
    const games = (await h.call('getAllCasinos', { masterServiceId: 5 })).json<{ items: Array<{ title: string; rtp: number; topServiceId: number }> }>();
    expect(games.items.map((g) => g.title)).toEqual(['Fruit Fiesta', 'Lucky Sevens', 'Gem Rush']);
    expect((await h.call('getAllCasinos', { masterServiceId: 5, search: 'gem' })).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect((await h.call('getAllCasinos', { masterServiceId: 5, search: 'ge' })).json<{ items: unknown[] }>().items).toHaveLength(3);
    expect((await h.call('getAllCasinos', { masterServiceId: '4' })).json<{ items: unknown[] }>().items).toHaveLength(2);
    const home = (await h.call('homeCasino', {})).json<{ results: unknown[]; lists: { slotsTop: number[] } }>();
    expect(home.lists.slotsTop).toHaveLength(3);
    const p = await h.player('bingo');
    expect((await h.call('bingo', {}, { cookie: p.cookie })).json<OpenGameReply>().content.gameurl).toContain('game=bingo-room');
  });

  it('a bad signature, an unknown provider or a bad body changes nothing and answers 200 with an error status', async () => {
    const p = await slotPlayer(h);
    const before = await balanceOf(h, p.id);
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), 'r-sig', 100), { secret: 'wrong' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // The player's own launch token signed with the once built-in development secret: refused.
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), 'r-dev', 100), { secret: 'demo-provider-dev-secret' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), 'r-sig', 100), { provider: 'nobody' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await wallet(h, 'bet', { token: p.token, amount: -5 })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await wallet(h, 'bet', betBody('no-such-token-000', randomUUID(), 'r-sig', 100))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await balanceOf(h, p.id)).toBe(before);
  });

  it('bet and win move the balance with ledger rows of the product; transactions filters them by serviceType 5', async () => {
    const p = await slotPlayer(h, 10_000);
    const bal = await wallet(h, 'balance', { token: p.token, game_code: 'fruit-fiesta' });
    expect(bal).toMatchObject({ status: 'RS_OK', balance: 10_000, currency: 'TRY' });
    const round = `r-${randomUUID()}`;
    expect(await wallet(h, 'bet', betBody(p.token, `${round}-b`, round, 2_500))).toMatchObject({ status: 'RS_OK', balance: 7_500 });
    expect(await wallet(h, 'win', { ...betBody(p.token, `${round}-w`, round, 4_000), round_closed: true })).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    const rows = await h.db.query<{ kind: string; amount: number; ref_type: string }>(`select kind, amount, ref_type from ledger where user_id = $1 and ref_type = 'slot' order by id`, [p.id]);
    expect(rows.map((r) => [r.kind, Number(r.amount), r.ref_type])).toEqual([['bet', -2_500, 'slot'], ['win', 4_000, 'slot']]);
    const tx = (await h.call('transactions', { serviceType: 5 }, { cookie: p.cookie })).json<{ totalCount: number; results: Array<{ type: string }> }>();
    expect(tx.totalCount).toBe(2);
    // a closed round takes no more wins
    expect((await wallet(h, 'win', betBody(p.token, `${round}-w2`, round, 1))).status).toBe('RS_ERROR_ROUND_CLOSED');
  });

  it('a transaction id is processed once: the same body gets the first reply, another body a duplicate error', async () => {
    const p = await slotPlayer(h, 10_000);
    const body = betBody(p.token, `tx-${randomUUID()}`, `r-${randomUUID()}`, 1_000);
    const first = await wallet(h, 'bet', body);
    const again = await wallet(h, 'bet', body);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    expect({ ...again, request_uuid: '' }).toEqual({ ...first, request_uuid: '' });
    expect((await wallet(h, 'bet', { ...body, amount: 1_001 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(h, p.id)).toBe(9_000);
    // ten repeats at once still debit once
    const tx = betBody(p.token, `tx-${randomUUID()}`, `r-${randomUUID()}`, 500);
    const replies = await Promise.all(Array.from({ length: 10 }, () => wallet(h, 'bet', tx)));
    expect(replies.every((r) => r.status === 'RS_OK' && r.balance === 8_500)).toBe(true);
    expect(await balanceOf(h, p.id)).toBe(8_500);
  });

  it('a rollback of an unknown transaction is recorded, and the bet arriving late with that id is refused', async () => {
    const p = await slotPlayer(h, 10_000);
    const round = `r-${randomUUID()}`;
    const lost = `tx-${randomUUID()}`;
    expect((await wallet(h, 'rollback', { ...betBody(p.token, `rb-${lost}`, round, 0), reference_transaction_uuid: lost })).status).toBe('RS_OK');
    expect((await wallet(h, 'bet', betBody(p.token, lost, round, 1_000))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(h, p.id)).toBe(10_000);
    // a rollback of a known bet refunds it once
    const b = `tx-${randomUUID()}`;
    await wallet(h, 'bet', betBody(p.token, b, `r2-${round}`, 1_000));
    const rb = { ...betBody(p.token, `rb-${b}`, `r2-${round}`, 0), reference_transaction_uuid: b };
    expect(await wallet(h, 'rollback', rb)).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await wallet(h, 'rollback', rb)).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    const refunds = await h.db.query(`select 1 from ledger where user_id = $1 and kind = 'refund'`, [p.id]);
    expect(refunds).toHaveLength(1);
  });

  it.runIf(driver === 'pg')('a rollback that meets its bet still in flight waits for it and refunds it', async () => {
    const p = await slotPlayer(h, 10_000);
    const round = `r-${randomUUID()}`;
    const b = `tx-${randomUUID()}`;
    // Another money move of the player holds the wallet: the bet has claimed its id and waits.
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const holder = h.db.tx(async (q) => { await q.query('select 1 from wallets where user_id = $1 for update', [p.id]); await gate; });
    await new Promise((r) => setTimeout(r, 100));
    const bet = wallet(h, 'bet', betBody(p.token, b, round, 1_000));
    await new Promise((r) => setTimeout(r, 250));
    // The provider gave up on the bet and rolls it back while it is still running here.
    const rb = wallet(h, 'rollback', { ...betBody(p.token, `rb-${b}`, round, 0), reference_transaction_uuid: b });
    await new Promise((r) => setTimeout(r, 250));
    release();
    await holder;
    expect((await bet).status).toBe('RS_OK');
    expect((await rb).status).toBe('RS_OK');
    expect(await balanceOf(h, p.id)).toBe(10_000);
    const [t] = await h.db.query<{ state: number }>('select state from casino_transactions where tx_ref = $1', [b]);
    expect(t!.state).toBe(1);
  });

  it.runIf(driver === 'pg')('a rollback and another bet of the same round at once do not deadlock (wallet before round)', async () => {
    const p = await slotPlayer(h, 10_000);
    const round = `r-${randomUUID()}`;
    expect((await wallet(h, 'bet', betBody(p.token, `${round}-b1`, round, 1_000))).status).toBe('RS_OK');
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const holder = h.db.tx(async (q) => { await q.query('select 1 from wallets where user_id = $1 for update', [p.id]); await gate; });
    await new Promise((r) => setTimeout(r, 100));
    // The second bet waits for the wallet first, then the rollback of the first bet comes.
    const bet = wallet(h, 'bet', betBody(p.token, `${round}-b2`, round, 2_000));
    await new Promise((r) => setTimeout(r, 200));
    const rb = wallet(h, 'rollback', { ...betBody(p.token, `${round}-rb`, round, 0), reference_transaction_uuid: `${round}-b1` });
    await new Promise((r) => setTimeout(r, 200));
    release();
    await holder;
    expect([(await bet).status, (await rb).status]).toEqual(['RS_OK', 'RS_OK']);
    expect(await balanceOf(h, p.id)).toBe(8_000);
  });

  it.runIf(driver === 'pg')('the open-round job and a late bet of the same round at once do not deadlock (wallet before round)', async () => {
    const p = await slotPlayer(h, 10_000);
    const round = `r-${randomUUID()}`;
    expect((await wallet(h, 'bet', betBody(p.token, `${round}-b1`, round, 1_000))).status).toBe('RS_OK');
    await h.db.query('update casino_rounds set created_at = $2 where round_ref = $1', [round, new Date(SEED_NOW - 2 * 86_400_000)]);
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const holder = h.db.tx(async (q) => { await q.query('select 1 from wallets where user_id = $1 for update', [p.id]); await gate; });
    await new Promise((r) => setTimeout(r, 100));
    const bet = wallet(h, 'bet', betBody(p.token, `${round}-b2`, round, 2_000));
    await new Promise((r) => setTimeout(r, 200));
    const job = reconcileOpenRounds(h.db, SEED_NOW);
    await new Promise((r) => setTimeout(r, 200));
    release();
    await holder;
    expect((await bet).status).toBe('RS_OK');
    expect(await job).toEqual({ rolledBack: 1, closed: 0 });
    expect(await balanceOf(h, p.id)).toBe(10_000);
  });

  it("a rollback after the round's win is refused", async () => {
    const p = await slotPlayer(h, 10_000);
    const round = `r-${randomUUID()}`;
    await wallet(h, 'bet', betBody(p.token, `${round}-b`, round, 1_000));
    await wallet(h, 'win', betBody(p.token, `${round}-w`, round, 500));
    const rb = await wallet(h, 'rollback', { ...betBody(p.token, `${round}-rb`, round, 0), reference_transaction_uuid: `${round}-b` });
    expect(rb.status).toBe('RS_ERROR_ROUND_CLOSED');
    expect(await balanceOf(h, p.id)).toBe(9_500);
  });

  it('after the token expired a bet is refused but a win and a rollback are taken', async () => {
    const p = await slotPlayer(h, 10_000);
    const r1 = `r-${randomUUID()}`, r2 = `r-${randomUUID()}`;
    await wallet(h, 'bet', betBody(p.token, `${r1}-b`, r1, 1_000));
    await wallet(h, 'bet', betBody(p.token, `${r2}-b`, r2, 1_000));
    h.clock.now = SEED_NOW + BET_TOKEN_TTL_MS + 1_000;
    expect((await wallet(h, 'bet', betBody(p.token, `${r1}-b2`, r1, 1_000))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await wallet(h, 'win', { ...betBody(p.token, `${r1}-w`, r1, 3_000), round_closed: true })).toMatchObject({ status: 'RS_OK', balance: 11_000 });
    expect(await wallet(h, 'rollback', { ...betBody(p.token, `${r2}-rb`, r2, 0), reference_transaction_uuid: `${r2}-b` })).toMatchObject({ status: 'RS_OK', balance: 12_000 });
  });

  it('200 concurrent bets on one wallet never take it below zero', async () => {
    const p = await slotPlayer(h, 10_000);
    const bodies = Array.from({ length: 200 }, (_, i) => betBody(p.token, `c-${p.id}-${i}`, `cr-${p.id}-${i}`, 100));
    let replies = await Promise.all(bodies.map((b) => wallet(h, 'bet', b)));
    // a call past the 2 s answer deadline says RS_ERROR_UNKNOWN: the provider retries it and gets its stored outcome
    for (let i = 0; i < 5 && replies.some((r) => r.status === 'RS_ERROR_UNKNOWN'); i++) {
      replies = await Promise.all(replies.map((r, k) => (r.status === 'RS_ERROR_UNKNOWN' ? wallet(h, 'bet', bodies[k]!) : r)));
    }
    const ok = replies.filter((r) => r.status === 'RS_OK').length;
    expect(ok).toBe(100);
    expect(replies.filter((r) => r.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(100);
    expect(await balanceOf(h, p.id)).toBe(0);
    const [n] = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where user_id = $1 and kind = 'bet'`, [p.id]);
    expect(n!.n).toBe(100);
  }, 60_000);

  it('a player on a break is refused at launch and at the bet, with the limit code', async () => {
    const p = await slotPlayer(h, 10_000);
    await h.db.query(`insert into protection_blocks (user_id, kind, started_at, ends_at) values ($1, 'break', $2, $3)`, [p.id, new Date(SEED_NOW - 1000), new Date(SEED_NOW + 86_400_000)]);
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), randomUUID(), 100))).status).toBe('RS_ERROR_USER_DISABLED');
    const open = await h.call('openslot', { serviceId: await gameId(h, 'fruit-fiesta') }, { cookie: p.cookie });
    expect(open.json()).toMatchObject({ status: false, error: 'onBreak' });
    expect(await balanceOf(h, p.id)).toBe(10_000);
  });

  it('a player set passive bets no more on a token minted before, while a win of an open round still pays', async () => {
    const p = await slotPlayer(h, 10_000);
    const r = `r-${randomUUID()}`;
    expect((await wallet(h, 'bet', betBody(p.token, `${r}-b`, r, 1_000))).status).toBe('RS_OK');
    await h.db.query('update users set status = 0 where id = $1', [p.id]);
    try {
      expect((await wallet(h, 'bet', betBody(p.token, `${r}-b2`, r, 1_000))).status).toBe('RS_ERROR_USER_DISABLED');
      expect(await balanceOf(h, p.id)).toBe(9_000);
      expect(await wallet(h, 'win', { ...betBody(p.token, `${r}-w`, r, 2_000), round_closed: true })).toMatchObject({ status: 'RS_OK', balance: 11_000 });
    } finally {
      await h.db.query('update users set status = 1 where id = $1', [p.id]);
    }
  });

  it('jackpot contributions equal the pools growth to the unit; the bet reaching the must-drop point wins the tier, floored', async () => {
    const p = await slotPlayer(h, 1_000_000);
    const pools = async () => new Map((await h.db.query<{ id: number; tier: string; pool: number }>(`select id, tier, pool from jackpots where grp = 'casino' and currency = 'TRY'`)).map((r) => [r.tier, { id: r.id, pool: Number(r.pool) }]));
    await foldJackpots(h.db, SEED_NOW);
    const before = await pools();
    const [maxC] = await h.db.query<{ id: number }>('select coalesce(max(id), 0)::int8 as id from jackpot_contributions');
    const stakes = [137, 999, 12_345, 1, 50_000];
    for (const [i, s] of stakes.entries()) await wallet(h, 'bet', betBody(p.token, `jp-${p.id}-${i}`, `jpr-${p.id}-${i}`, s));
    // bets only write contribution rows; the folder adds them to the pools (the route asks for it after each bet)
    await foldJackpots(h.db, SEED_NOW);
    const after = await pools();
    for (const [tier, { id, pool }] of after) {
      const [sum] = await h.db.query<{ s: number }>('select coalesce(sum(amount), 0)::int8 as s from jackpot_contributions where jackpot_id = $1 and id > $2', [id, maxC!.id]);
      expect(pool - before.get(tier)!.pool, tier).toBe(Number(sum!.s));
      expect(Number(sum!.s)).toBeGreaterThan(0);
    }
    const [daily] = await h.db.query<{ contrib_ppm: number }>(`select contrib_ppm from jackpots where grp = 'casino' and tier = 'daily' and currency = 'TRY'`);
    expect(after.get('daily')!.pool - before.get('daily')!.pool).toBe(stakes.reduce((a, s) => a + contributionOf(s, daily!.contrib_ppm), 0));

    // the next bet reaches the daily must-drop point: its player wins the pool up to that point,
    // the rest of its contribution starts the next pool
    await h.db.query(`update jackpots set must_drop = pool + 7 where grp = 'casino' and tier = 'daily' and currency = 'TRY'`);
    const [row] = await h.db.query<{ pool: number; must_drop: number; seed: number; cap: number }>(`select pool, must_drop, seed, cap from jackpots where grp = 'casino' and tier = 'daily' and currency = 'TRY'`);
    const balance = await balanceOf(h, p.id);
    const r = await wallet(h, 'bet', betBody(p.token, `jp-drop-${p.id}`, `jpr-drop-${p.id}`, 10_000));
    await foldJackpots(h.db, SEED_NOW);
    const paid = Math.floor(Number(row!.must_drop) / 100);
    expect(r.balance).toBe(balance - 10_000);
    expect(await balanceOf(h, p.id)).toBe(balance - 10_000 + paid);
    const [reset] = await h.db.query<{ pool: number; must_drop: number }>(`select pool, must_drop from jackpots where grp = 'casino' and tier = 'daily' and currency = 'TRY'`);
    expect(Number(reset!.pool)).toBe(Number(row!.seed) + contributionOf(10_000, daily!.contrib_ppm) - 7);
    expect(Number(reset!.must_drop)).toBeGreaterThan(Number(row!.seed));
    expect(Number(reset!.must_drop)).toBeLessThanOrEqual(Number(row!.cap));
    const [win] = await h.db.query<{ paid: number; pool: number }>('select paid, pool from jackpot_wins where user_id = $1', [p.id]);
    expect({ paid: Number(win!.paid), pool: Number(win!.pool) }).toEqual({ paid, pool: Number(row!.must_drop) });
    // the jackpots call shows pools
    const jp = (await h.call('jackpots', {})).json<{ data: { casino: { daily: { balance: number } } } }>();
    expect(jp.data.casino.daily.balance).toBe(Number(reset!.pool));
  });

  it('open rounds older than a day are rolled back (no win) or closed (a win)', async () => {
    const p = await slotPlayer(h, 10_000);
    const lost = `old-${randomUUID()}`, won = `old-${randomUUID()}`;
    await wallet(h, 'bet', betBody(p.token, `${lost}-b`, lost, 1_000));
    await wallet(h, 'bet', betBody(p.token, `${won}-b`, won, 1_000));
    await wallet(h, 'win', betBody(p.token, `${won}-w`, won, 300));
    expect(await reconcileOpenRounds(h.db, SEED_NOW + 3_600_000)).toEqual({ rolledBack: 0, closed: 0 });
    const done = await reconcileOpenRounds(h.db, SEED_NOW + 86_400_000 + 60_000);
    expect(done.rolledBack).toBeGreaterThanOrEqual(1);
    expect(done.closed).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(h, p.id)).toBe(10_000 - 1_000 + 300);
    const st = await h.db.query<{ round_ref: string; status: number }>('select round_ref, status from casino_rounds where round_ref = any($1) order by round_ref', [[lost, won]]);
    expect(Object.fromEntries(st.map((r) => [r.round_ref, r.status]))).toEqual({ [lost]: 2, [won]: 1 });
  });

  it('the demo provider plays a slot round through the signed wallet API, provably fair', async () => {
    const p = await slotPlayer(h, 50_000, 'lucky-sevens');
    const api = async (path: string, body: unknown) => (await h.app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body as object })).json<Record<string, unknown>>();
    const page = await h.app.inject({ method: 'GET', url: p.reply.content.gameurl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/demo-provider/static/game.js');
    const init = await api('init', { token: p.token, game: 'lucky-sevens', mode: 'real', sig: launchSig(p.token, 'lucky-sevens', 'real', '') });
    expect(init).toMatchObject({ balance: 50_000, currency: 'TRY', rtp: 9619 });
    const hash = init.serverSeedHash as string;
    const s = await api('spin', { token: p.token, stake: 1_000, clientSeed: 'my-seed' });
    expect(s.winStatus).toBe('RS_OK');
    // the revealed seed matches the hash shown before the spin and gives the same reels
    expect(seedHash(s.serverSeed as string)).toBe(hash);
    const again = spin(SLOTS['lucky-sevens']!, fairFloats(s.serverSeed as string, 'my-seed', s.nonce as number, 3));
    expect(again.symbols).toEqual(s.symbols);
    expect(s.balance).toBe(50_000 - 1_000 + Math.floor(1_000 * again.multiplier));
    expect(await balanceOf(h, p.id)).toBe(s.balance);
  });
  it('a live roulette round: bets while open, the result from the revealed seed, paid by the provider through the wallet', async () => {
    const p = await h.player('rl', 100_000);
    const open = (await h.call('opencas', { serviceId: await gameId(h, 'roulette-1'), masterServiceId: 4, limitId: 1 }, { cookie: p.cookie })).json<OpenGameReply>();
    const token = new URL(open.content.gameurl, 'http://x').searchParams.get('token')!;
    const api = async (path: string, body: unknown) => (await h.app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body as object })).json<Record<string, unknown>>();
    const g = roulette('roulette-1');
    const round = Math.ceil(SEED_NOW / g.cycleMs) + 1;
    h.clock.now = round * g.cycleMs + 1_000;
    // The page cannot pick its own table: a limit other than the launch's (or no signature) opens nothing.
    expect(await api('init', { token, game: 'roulette-1', mode: 'real', limit: '2', sig: launchSig(token, 'roulette-1', 'real', '1') })).toEqual({ error: 'BAD_LAUNCH' });
    expect(await api('init', { token, game: 'roulette-1', mode: 'real', limit: '2' })).toEqual({ error: 'BAD_LAUNCH' });
    expect(new URL(open.content.gameurl, 'http://x').searchParams.get('sig')).toBe(launchSig(token, 'roulette-1', 'real', '1'));
    const init = await api('init', { token, game: 'roulette-1', mode: 'real', limit: '1', sig: launchSig(token, 'roulette-1', 'real', '1') });
    expect(init).toMatchObject({ balance: 100_000, round: { round, phase: 'betting' }, limits: { min: 100, max: 50_000 } });
    expect(await api('bet', { token, bets: [{ kind: 'red', amount: 60_000 }] })).toMatchObject({ error: 'OUT_OF_LIMITS' });
    expect(await api('bet', { token, bets: [{ kind: 'red', amount: 1_000 }, { kind: 'straight', value: 17, amount: 500 }] })).toMatchObject({ ok: true, balance: 98_500 });
    h.clock.now = round * g.cycleMs + g.betMs + 100;
    expect(await api('bet', { token, bets: [{ kind: 'red', amount: 1_000 }] })).toMatchObject({ error: 'NO_MORE_BETS' });
    h.clock.now = resultAt(g, round) + 100;
    const res = (await h.app.inject({ method: 'GET', url: '/demo-provider/round/roulette-1' })).json<{ phase: string; serverSeed: string; outcome: { number: number } }>();
    expect(res.phase).toBe('result');
    expect(seedHash(res.serverSeed)).toBe((init.round as { seedHash: string }).seedHash);
    const n = res.outcome.number;
    const won = (n !== 0 && [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n) ? 2_000 : 0) + (n === 17 ? 18_000 : 0);
    expect(await balanceOf(h, p.id)).toBe(98_500 + won);
    const [r] = await h.db.query<{ status: number; product: number }>('select status, product from casino_rounds where user_id = $1', [p.id]);
    expect(r).toEqual({ status: 1, product: 4 });
    const live = (await h.call('transactions', { serviceType: 4 }, { cookie: p.cookie })).json<{ totalCount: number }>();
    expect(live.totalCount).toBe(won ? 2 : 1);
  });

  it('fault switches: a dropped reply or a duplicate debits once; a rollback ahead of its bet refuses the bet', async () => {
    process.env.DEMO_PROVIDER_FAULTS = '1';
    const faults = (f: object) => h.app.inject({ method: 'POST', url: '/demo-provider/faults', payload: f });
    const api = async (path: string, body: unknown) => (await h.app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body as object })).json<Record<string, unknown>>();
    try {
      const p = await slotPlayer(h, 10_000, 'gem-rush');
      await api('init', { token: p.token, game: 'gem-rush', mode: 'real', sig: launchSig(p.token, 'gem-rush', 'real', '') });
      for (const f of [{ drop: true }, { duplicate: true }, { delayMs: 50 }]) {
        await faults({ drop: false, duplicate: false, delayMs: 0, lateRollback: false, ...f });
        const before = await balanceOf(h, p.id);
        const s = await api('spin', { token: p.token, stake: 100 });
        expect(s.winStatus, JSON.stringify(f)).toBe('RS_OK');
        expect(await balanceOf(h, p.id)).toBe(before - 100 + (s.win as number));
      }
      await faults({ drop: false, duplicate: false, delayMs: 0, lateRollback: true });
      const before = await balanceOf(h, p.id);
      expect(await api('spin', { token: p.token, stake: 100 })).toMatchObject({ error: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf(h, p.id)).toBe(before);
    } finally {
      await faults({ drop: false, duplicate: false, delayMs: 0, lateRollback: false });
      delete process.env.DEMO_PROVIDER_FAULTS;
    }
  });

  it('/ws/jackpot sends winnercasino for a big win and winners lists it', async () => {
    const app = await h.buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/jackpot`);
    const frames: Array<{ event: string; data: Record<string, unknown> }> = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    ws.on('error', () => undefined);
    const until = async (ok: () => boolean) => { for (const end = Date.now() + 5_000; !ok(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error('timed out'); };
    try {
      await until(() => frames.length >= 1);
      const p = await slotPlayer(h, 10_000);
      const round = `big-${randomUUID()}`;
      await wallet(h, 'bet', betBody(p.token, `${round}-b`, round, 100));
      await wallet(h, 'win', { ...betBody(p.token, `${round}-w`, round, 3_000), round_closed: true });
      await until(() => frames.some((f) => f.event === 'winnercasino'));
      const e = frames.find((f) => f.event === 'winnercasino')!;
      expect(e.data).toMatchObject({ amount: 3_000, game: 'Fruit Fiesta', player: expect.stringMatching(/^t_\*\*\*$/), masterServiceId: 5 });
      const w = (await h.call('winners', { masterServiceId: 5, limit: 50 })).json<{ results: Array<{ amount: number; date: string }> }>();
      expect(w.results.some((r) => r.amount === 3_000 && r.date === new Date(SEED_NOW).toISOString())).toBe(true);
    } finally {
      ws.close();
      await app.close();
    }
  });

  it("back office: the team disables and orders games (audited); a dealer's casino limit refuses the bet and the launch once full", async () => {
    await seedAccountDemo(h.db, SEED_NOW);
    const admin = await boLogin(h, 'admin', 'admin1234');
    const games = json(await h.call('bo/casinoGames', { product: 5 }, { cookie: admin }));
    expect((games.games as Array<{ code: string }>).map((g) => g.code)).toEqual(['fruit-fiesta', 'lucky-sevens', 'gem-rush']);
    const lucky = await gameId(h, 'lucky-sevens');
    expect(json(await h.call('bo/setCasinoGame', { gameId: lucky, status: 0 }, { cookie: admin })).status).toBe(true);
    try {
      const list = (await h.call('getAllCasinos', { masterServiceId: 5 })).json<{ items: Array<{ title: string }> }>();
      expect(list.items.map((g) => g.title)).toEqual(['Fruit Fiesta', 'Gem Rush']);
      const [a] = await h.db.query<{ action: string }>(`select action from audit_log where object_type = 'casino_game' and object_id = $1`, [String(lucky)]);
      expect(a!.action).toBe('casino.game');
    } finally {
      await h.call('bo/setCasinoGame', { gameId: lucky, status: 1 }, { cookie: admin });
    }
    // a player cannot call them
    const p = await slotPlayer(h, 10_000);
    expect((await h.call('bo/casinoGames', { product: 5 }, { cookie: p.cookie })).statusCode).toBe(403);

    // the player's dealer may take 1,000 of casino stakes a day
    const dealer = await h.addUser('dlr', 0);
    await h.db.query(`update users set user_type = 'D' where id = $1`, [dealer.id]);
    await h.db.query('insert into dealers (user_id, casino_limit) values ($1, 1000)', [dealer.id]);
    await h.db.query('insert into user_tree (ancestor_id, descendant_id, depth) values ($1, $2, 1)', [dealer.id, p.id]);
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), `dl-${p.id}-1`, 800))).status).toBe('RS_OK');
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), `dl-${p.id}-2`, 300))).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await wallet(h, 'bet', betBody(p.token, randomUUID(), `dl-${p.id}-3`, 200))).status).toBe('RS_OK');
    expect(json(await h.call('openslot', { serviceId: await gameId(h, 'gem-rush') }, { cookie: p.cookie }))).toMatchObject({ status: false, error: 'casinoLimitFull' });
    const limits = json(await h.call('bo/casinoLimits', {}, { cookie: admin }));
    expect(limits.results).toContainEqual({ dealerId: dealer.id, userName: dealer.userName, casinoLimit: 1000, stakedToday: 1000, currency: 'TRY' });
  });
});

describe('jackpot must-drop draws', () => {
  it('never passes the cap and never falls on the seed', () => {
    for (let i = 0; i < 10_000; i++) {
      const m = drawMustDrop(1_000, 1_500);
      expect(m).toBeGreaterThan(1_000);
      expect(m).toBeLessThanOrEqual(1_500);
    }
    expect(drawMustDrop(10, 11)).toBe(11);
  });
});

describe('provider secrets', () => {
  it('no built-in secret in any mode: only a configured or drawn one signs', () => {
    for (const NODE_ENV of ['production', 'development', 'test', undefined]) {
      for (const DEMO of ['0', '1', undefined]) {
        expect(providerSecret('DEMO_PROVIDER_SECRET', { NODE_ENV, DEMO })).toBe('');
        expect(providerSecret('DEMO_GAME_SEED', { NODE_ENV, DEMO })).toBe('');
      }
    }
    expect(providerSecret('DEMO_PROVIDER_SECRET', { DEMO_PROVIDER_SECRET: 'configured' })).toBe('configured');
    // The old public default signs nothing.
    expect(hmacVerifier(providerSecret('DEMO_PROVIDER_SECRET', { NODE_ENV: 'development', DEMO: '1' })).verify(Buffer.from('{}'), hmacSign('demo-provider-dev-secret', '{}'))).toBe(false);
  });
});

describe.each(DRIVERS)('deployment secrets on %s', (driver) => {
  const h = useHarness(driver);
  it('a site that configures no secret draws its own once, in every mode, shared by its processes through the database', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      await h.db.query("delete from provider_secrets where name in ('DEMO_PROVIDER_SECRET', 'DEMO_GAME_SEED')");
      const first: NodeJS.ProcessEnv = { NODE_ENV, DEMO: '1' };
      const second: NodeJS.ProcessEnv = { NODE_ENV, DEMO: '1' };
      await ensureDeploymentSecrets(h.db, first);
      await ensureDeploymentSecrets(h.db, second);
      expect(first.DEMO_PROVIDER_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(first.DEMO_GAME_SEED).toMatch(/^[0-9a-f]{64}$/);
      // The games' seed secret is not the wallet's: knowing one tells nothing of the other.
      expect(first.DEMO_GAME_SEED).not.toBe(first.DEMO_PROVIDER_SECRET);
      expect(second.DEMO_PROVIDER_SECRET).toBe(first.DEMO_PROVIDER_SECRET);
      expect(second.DEMO_GAME_SEED).toBe(first.DEMO_GAME_SEED);
    }
    // a configured secret is kept
    const configured: NodeJS.ProcessEnv = { NODE_ENV: 'production', DEMO_PROVIDER_SECRET: 'configured' };
    await ensureDeploymentSecrets(h.db, configured);
    expect(configured.DEMO_PROVIDER_SECRET).toBe('configured');
  });
});
