/**
 * Hub88's Operator API against its published rules (docs/hub88.md), on both drivers: a local
 * stand-in of Hub88 (tests/server/hub88-stub.ts: game list, game URL, round details, freebets) and
 * the wallet driven as Hub88 drives it, every body signed with a test key pair made here. Every
 * status reachable, duplicates, rollbacks out of order, a bet after its own rollback, a win on an
 * expired token, fractions of a minor unit, wrong types, free rounds as bonus money, lobby games;
 * the game-list sync keeping the operator's choices, launches, the proxied tiles; the ledger exact
 * after each test; and on PostgreSQL one player's bets and wins racing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drivers, ledgerViolations, useHarness, SEED_NOW } from './harness.ts';
import { boLogin } from './bo-helpers.ts';
import { rsaPair, signWith, startHub88Stub, type Hub88Stub, type KeyPairPem } from './hub88-stub.ts';
import { buildApp } from '../../server/http/app.ts';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { loadHub88Config } from '../../server/casino/hub88/config.ts';
import { BET_TOKEN_TTL_MS } from '../../server/casino/wallet.ts';
import { reconcileOpenRounds } from '../../server/casino/reconcile.ts';
import { hmacSign, providerSecret } from '../../server/casino/signature.ts';
import { hub88User } from '../../domain/casino/hub88.ts';
import type { OpenGameReply } from '../../domain/casino/calls.ts';

const DRIVERS = await drivers();
const OPERATOR_ID = 77;
/** Hub88's integers: TL 1.00 = 100 minor units = 100,000. */
const TL = 100_000;
type W = { status: string; user?: string; request_uuid: string; currency?: string; balance?: number; [k: string]: unknown };

describe.each(DRIVERS)('Hub88 on %s', (driver) => {
  const h = useHarness(driver);
  let hub88: KeyPairPem;
  let operator: KeyPairPem;
  let stub: Hub88Stub;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    process.env.MEDIA_DIR = mkdtempSync(join(tmpdir(), 'hub88-media-'));
    hub88 = rsaPair();
    operator = rsaPair();
    stub = await startHub88Stub({ operatorPublicKey: operator.publicKey, operatorId: OPERATOR_ID });
    const cfg = loadHub88Config({
      HUB88_API_URL: stub.url, HUB88_OPERATOR_ID: String(OPERATOR_ID), HUB88_PRIVATE_KEY: operator.privateKey, HUB88_PUBLIC_KEY: hub88.publicKey,
      HUB88_SUB_PARTNER_ID: 'betpwa-test',
    });
    app = await buildApp({ db: h.db, clock: () => h.clock.now, loginRateMax: 10_000, hub88: cfg });
    await seedAccountDemo(h.db, SEED_NOW);
    admin = await boLogin(h, 'admin', 'admin1234');
    const sync = await call('bo/hub88Sync', {}, admin);
    expect(sync.status, JSON.stringify(sync)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await stub?.close();
  });
  // the ledger is exact after each test: every balance is the sum of its rows, none below zero
  afterEach(async () => { expect(await ledgerViolations(h.db)).toEqual([]); });

  const call = async (name: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    (await app.inject({ method: 'POST', url: `/api/${name}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers } })).json<Record<string, unknown> & { status: boolean }>();

  /** A wallet call as Hub88 sends it: the raw body signed with Hub88's private key (or `sig`, or another key). */
  async function wallet(endpoint: string, body: Record<string, unknown> | string, opts: { key?: string; sig?: string | null } = {}): Promise<W> {
    const raw = typeof body === 'string' ? body : JSON.stringify({ request_uuid: randomUUID(), ...body });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.sig !== null) headers['x-hub88-signature'] = opts.sig ?? signWith(opts.key ?? hub88.privateKey, raw);
    const res = await app.inject({ method: 'POST', url: `/casino/hub88/${endpoint}`, payload: raw, headers });
    expect(res.statusCode).toBe(200);
    return res.json<W>();
  }

  const gameId = async (code: string) => (await h.db.query<{ id: number }>('select game_id as id from hub88_games where game_code = $1', [code]))[0]!.id;
  const balanceOf = async (userId: number) => Number((await h.db.query<{ balance: number }>('select balance from wallets where user_id = $1', [userId]))[0]!.balance);
  const ledgerOf = async (userId: number) => (await h.db.query<{ kind: string; amount: number; ref_type: string }>(
    'select kind, amount, ref_type from ledger where user_id = $1 and ref_type <> $2 order by id', [userId, 'test'])).map((r) => [r.kind, Number(r.amount), r.ref_type]);

  /** A player who opened a Hub88 game: its token is what the stand-in received in game/url. */
  async function player(credit = 100_000, code = 'aur_goldenlotus') {
    const p = await h.player('h88', credit);
    const product = (await h.db.query<{ product: number }>('select g.product from casino_games g join hub88_games x on x.game_id = g.id where x.game_code = $1', [code]))[0]!.product;
    const open = await call(product === 5 ? 'openslot' : 'opencas', { serviceId: await gameId(code), masterServiceId: product }, p.cookie);
    expect(open.status, JSON.stringify(open)).toBe(true);
    const sent = stub.calls.filter((c) => c.path === '/operator/generic/v2/game/url').at(-1)!.body;
    const token = String(sent.token);
    const user = hub88User(p.id);
    const bet = (tx: string, round: string, amount: number, extra: Record<string, unknown> = {}) => ({
      user, transaction_uuid: tx, supplier_transaction_id: `sup-${tx}`, token, supplier_user: 'cg_45141', round, round_closed: false,
      reward_uuid: null, is_free: false, is_aggregated: false, game_code: code, currency: 'TRY', bet: 'zero', amount, meta: { selection: 'home_team', odds: 2.5 }, ...extra,
    });
    const win = (tx: string, round: string, ref: string, amount: number, extra: Record<string, unknown> = {}) =>
      bet(tx, round, amount, { reference_transaction_uuid: ref, round_closed: true, ...extra });
    const rollback = (tx: string, round: string, ref: string, extra: Record<string, unknown> = {}) => ({
      user, transaction_uuid: tx, supplier_transaction_id: `sup-${tx}`, token, round_closed: true, round, reference_transaction_uuid: ref, game_code: code, meta: {}, ...extra,
    });
    return { ...p, user, token, sent, open: open as unknown as OpenGameReply, bet, win, rollback };
  }
  const rid = (p: string) => `${p}-${randomUUID()}`;

  it('the game list becomes the catalogue: studios as providers under Hub88, categories, products, proxied tiles; the lobby lists them', async () => {
    const studios = await h.db.query<{ code: string; name: string; parent: string }>(
      `select p.code, p.name, pa.code as parent from casino_providers p join casino_providers pa on pa.id = p.parent_id order by p.code`);
    expect(studios).toEqual([
      { code: 'hub88-aurora-studios', name: 'Aurora Studios', parent: 'hub88' }, { code: 'hub88-kite-virtual', name: 'Kite Virtual', parent: 'hub88' },
      { code: 'hub88-lucky-draw-co', name: 'Lucky Draw Co', parent: 'hub88' }, { code: 'hub88-nebula-live', name: 'Nebula Live', parent: 'hub88' },
    ]);
    const games = await h.db.query<{ code: string; product: number; status: number; rtp: number; fun: number; logo: string; id: number; category: string }>(
      `select g.id, g.code, g.product, g.status, g.rtp, g.fun, g.logo, c.title as category from casino_games g join hub88_games x on x.game_id = g.id
         left join casino_categories c on c.id = g.category_id order by g.code`);
    const by = Object.fromEntries(games.map((g) => [g.code, g]));
    expect(games).toHaveLength(12);
    expect(by.aur_goldenlotus).toMatchObject({ product: 5, status: 1, rtp: 9650, fun: 1, category: 'Video Slots', logo: `/casino/thumb/hub88/${by.aur_goldenlotus!.id}` });
    expect(by.nbl_lightningroulette).toMatchObject({ product: 4, fun: 0, category: 'Live Dealer' });
    expect(by.kit_virtualderby).toMatchObject({ product: 6 });
    expect(by.ldc_kenoexpress).toMatchObject({ product: 7 });
    expect(by.ldc_bingo90).toMatchObject({ product: 8 });
    // Hub88 lists it switched off: not in the lobby
    expect(by.aur_crystalcaves).toMatchObject({ status: 0 });
    // every call to Hub88 was signed with our key, with our operator id
    expect(stub.calls.every((c) => c.signed && c.body.operator_id === OPERATOR_ID)).toBe(true);

    const slots = (await call('getAllCasinos', { masterServiceId: 5 })).items as Array<{ title: string; topServiceId: number; logo: string }>;
    expect(slots.map((g) => g.title)).toEqual(expect.arrayContaining(['Golden Lotus', 'Viking Storm', 'Sugar Cascade']));
    expect(slots.map((g) => g.title)).not.toContain('Crystal Caves');
    // blocked in Turkey (a visitor's country here: the site's default): not listed, nor on home; a player from Germany sees it
    expect(slots.map((g) => g.title)).not.toContain('Nordic Nights');
    const nordic = await gameId('aur_nordicnights');
    expect(((await call('homeCasino', { serviceId: [nordic] })).results as unknown[])).toEqual([]);
    const de = await h.player('h88de');
    await h.db.query(`update users set country_id = (select id from countries where iso = 'DE') where id = $1`, [de.id]);
    const seen = (await call('getAllCasinos', { masterServiceId: 5 }, de.cookie)).items as Array<{ title: string }>;
    expect(seen.map((g) => g.title)).toContain('Nordic Nights');
    expect(((await call('homeCasino', { serviceId: [nordic] }, de.cookie)).results as unknown[])).toHaveLength(1);
    const tr = await h.player('h88tr');
    expect(((await call('getAllCasinos', { masterServiceId: 5 }, tr.cookie)).items as Array<{ title: string }>).map((g) => g.title)).not.toContain('Nordic Nights');
    const live = (await call('casinoList', { serviceId: 4 })).results as Array<{ title: string }>;
    expect(live.map((p) => p.title)).toContain('Nebula Live');

    // the tile is fetched from Hub88's URL once, then served from the media folder
    const hits = stub.thumbHits;
    const t1 = await app.inject({ method: 'GET', url: by.aur_goldenlotus!.logo });
    expect(t1.statusCode).toBe(200);
    expect(t1.headers['content-type']).toBe('image/png');
    expect(t1.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const t2 = await app.inject({ method: 'GET', url: by.aur_goldenlotus!.logo });
    expect(t2.rawPayload.equals(t1.rawPayload)).toBe(true);
    expect(stub.thumbHits).toBe(hits + 1);
    expect((await app.inject({ method: 'GET', url: '/casino/thumb/hub88/999999' })).statusCode).toBe(404);
  });

  it('a sync keeps what the operator decided; a game Hub88 stops offering leaves the lobby and comes back with it; each sync is audited', async () => {
    const lotus = await gameId('aur_goldenlotus'), viking = await gameId('aur_vikingstorm'), sugar = await gameId('aur_sugarcascade'), crystal = await gameId('aur_crystalcaves');
    expect((await call('bo/setCasinoGame', { gameId: viking, status: 0 }, admin)).status).toBe(true);
    expect((await call('bo/setCasinoGame', { gameId: lotus, listOrder: 1 }, admin)).status).toBe(true);
    const saved = [...stub.games];
    try {
      // also: one game moves to another studio, another names its studio slightly otherwise (the same provider code)
      stub.games = stub.games.filter((g) => g.game_code !== 'aur_sugarcascade').map((g) =>
        g.game_code === 'aur_crystalcaves' ? { ...g, enabled: true } : g.game_code === 'aur_goldenlotus' ? { ...g, name: 'Golden Lotus Deluxe', rtp: '96.71' }
          : g.game_code === 'aur_pharaohsgold' ? { ...g, product: 'Kite Virtual' } : g.game_code === 'aur_vikingstorm' ? { ...g, product: 'Aurora  Studios' } : g);
      const pharaoh = await gameId('aur_pharaohsgold');
      const r = await call('bo/hub88Sync', {}, admin);
      expect(r).toMatchObject({ status: true, sync: { games: 11, added: 0, updated: 11, hidden: 1, error: '' } });
      const st = async (id: number) => (await h.db.query<{ status: number; list_order: number; title: string; rtp: number }>('select status, list_order, title, rtp from casino_games where id = $1', [id]))[0]!;
      expect(await st(sugar)).toMatchObject({ status: 0 });
      expect(await st(crystal)).toMatchObject({ status: 1 });
      expect(await st(viking)).toMatchObject({ status: 0 });
      expect(await st(lotus)).toEqual({ status: 1, list_order: 1, title: 'Golden Lotus Deluxe', rtp: 9671 });
      const studioOf = async (id: number) => (await h.db.query<{ name: string }>('select p.name from casino_games g join casino_providers p on p.id = g.provider_id where g.id = $1', [id]))[0]!.name;
      expect(await gameId('aur_pharaohsgold')).toBe(pharaoh);
      expect(await studioOf(pharaoh)).toBe('Kite Virtual');
      const [n] = await h.db.query<{ n: number }>(`select count(*)::int as n from casino_providers p join casino_providers a on a.id = p.parent_id where a.code = 'hub88'`);
      expect(n!.n).toBe(4);
      stub.games = saved;
      await call('bo/hub88Sync', {}, admin);
      expect(await studioOf(pharaoh)).toBe('Aurora Studios');
      expect(await st(sugar)).toMatchObject({ status: 1 });
      expect(await st(crystal)).toMatchObject({ status: 0 });
      expect(await st(viking)).toMatchObject({ status: 0 });
      const audit = await h.db.query<{ action: string }>(`select action from audit_log where action = 'hub88.sync'`);
      expect(audit.length).toBeGreaterThanOrEqual(3);
      const status = await call('bo/hub88Status', {}, admin);
      expect(status).toMatchObject({ status: true, wallet: true, api: true, prefix: '/casino/hub88', operatorId: OPERATOR_ID, enabled: true, studios: 4, games: 12 });
      expect((status.syncs as unknown[]).length).toBeGreaterThanOrEqual(3);
    } finally {
      stub.games = saved;
      await call('bo/setCasinoGame', { gameId: viking, status: 1 }, admin);
      await call('bo/setCasinoGame', { gameId: lotus, listOrder: 1000 }, admin);
    }
    // a player is not the operator: refused
    const p = await h.player('nosync');
    expect(await call('bo/hub88Sync', {}, p.cookie)).toMatchObject({ status: false });
    expect(await call('bo/hub88Grant', { userName: 'demo', gameId: lotus, prepaidUuid: 'x' }, p.cookie)).toMatchObject({ status: false });
  });

  it("launch through game/url: the player's id, token, language, currency, country, platform, address, lobby and deposit pages; a visitor gets the demo; refusals", async () => {
    const p = await player(50_000);
    const [s] = await h.db.query<{ user_id: number; currency: string }>('select user_id, currency from casino_sessions where token = $1', [p.token]);
    expect(s).toEqual({ user_id: p.id, currency: 'TRY' });
    expect(p.sent).toMatchObject({
      user: hub88User(p.id), token: p.token, sub_partner_id: 'betpwa-test', platform: 'GPL_DESKTOP', operator_id: OPERATOR_ID, lang: 'tr', game_code: 'aur_goldenlotus',
      currency: 'TRY', country: 'TR', lobby_url: 'http://localhost:80/tr/casino', deposit_url: 'http://localhost:80/tr/deposit', meta: {},
    });
    expect(typeof p.sent.ip).toBe('string');
    expect(p.open).toMatchObject({ status: true, gameName: 'Golden Lotus', fun: 0, content: { iframe: 8, frameable: 1 } });
    expect(p.open.content.gameurl).toBe(`${stub.url}/play/aur_goldenlotus?currency=TRY&t=${p.token}`);
    // a phone in English
    const phone = await app.inject({
      method: 'POST', url: '/api/opencas', payload: JSON.stringify({ lang: 'en', serviceId: await gameId('nbl_blackjackvip'), masterServiceId: 4 }),
      headers: { 'content-type': 'application/json', cookie: p.cookie, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    });
    expect(phone.json()).toMatchObject({ status: true });
    expect(stub.calls.at(-1)!.body).toMatchObject({ platform: 'GPL_MOBILE', lang: 'en', lobby_url: 'http://localhost:80/en/livecasino' });
    // a visitor opens the demo: currency XXX, no user, no token
    const demo = await call('openslot', { serviceId: await gameId('aur_vikingstorm'), fun: true });
    expect(demo).toMatchObject({ status: true, fun: 1 });
    const sent = stub.calls.at(-1)!.body;
    expect(sent).toMatchObject({ currency: 'XXX', game_code: 'aur_vikingstorm' });
    expect(sent.user).toBeUndefined();
    expect(sent.token).toBeUndefined();
    // a live table has no demo: the visitor is asked to log in
    expect(await call('opencas', { serviceId: await gameId('nbl_blackjackvip'), masterServiceId: 4, fun: true })).toMatchObject({ status: false, login: false });
    // blocked in the player's country, and Hub88 down: unavailable
    expect(await call('openslot', { serviceId: await gameId('aur_nordicnights') }, p.cookie)).toMatchObject({ status: false, error: 'gameUnavailable' });
    stub.down = true;
    try {
      expect(await call('openslot', { serviceId: await gameId('aur_sugarcascade') }, p.cookie)).toMatchObject({ status: false, error: 'gameUnavailable' });
    } finally {
      stub.down = false;
    }
  });

  it('the signature: none, a wrong one, another key or a changed body is RS_ERROR_INVALID_SIGNATURE and changes nothing', async () => {
    const p = await player(10_000);
    const body = JSON.stringify({ request_uuid: randomUUID(), ...p.bet(rid('sig'), rid('r'), 10 * TL) });
    const before = await balanceOf(p.id);
    expect(await wallet('transaction/bet', body, { sig: null })).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: JSON.parse(body).request_uuid });
    expect((await wallet('transaction/bet', body, { sig: 'bm90IGEgc2lnbmF0dXJl' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await wallet('transaction/bet', body, { key: operator.privateKey })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await wallet('transaction/bet', body.replace(`"amount":${10 * TL}`, `"amount":${TL}`), { sig: signWith(hub88.privateKey, body) })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // the same bytes, signed right, pass
    expect((await wallet('transaction/bet', body)).status).toBe('RS_OK');
    expect(await balanceOf(p.id)).toBe(before - 1_000);
    // the demo provider's HMAC on Hub88's path is no signature either
    const raw = JSON.stringify({ request_uuid: randomUUID(), ...p.bet(rid('hmac'), rid('r'), TL) });
    expect((await wallet('transaction/bet', raw, { sig: hmacSign(providerSecret('DEMO_PROVIDER_SECRET'), raw) })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });

  it('user/info and user/balance: the player as we may describe it, the balance in Hub88 integers', async () => {
    const p = await player(12_345);
    expect(await wallet('user/info', { user: p.user })).toMatchObject({ status: 'RS_OK', user: p.user, country: 'TR', sub_partner_id: 'betpwa-test', registration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await wallet('user/info', { user: 'john12345' })).status).toBe('RS_ERROR_UNKNOWN');
    expect(await wallet('user/balance', { user: p.user, token: p.token, game_code: 'aur_goldenlotus' })).toMatchObject({ status: 'RS_OK', user: p.user, currency: 'TRY', balance: 12_345_000 });
    await h.db.query('update users set status = 0 where id = $1', [p.id]);
    try {
      expect((await wallet('user/info', { user: p.user })).status).toBe('RS_ERROR_USER_DISABLED');
    } finally {
      await h.db.query('update users set status = 1 where id = $1', [p.id]);
    }
    const q = await player(1);
    expect((await wallet('user/balance', { user: q.user, token: p.token })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await wallet('user/balance', { user: p.user, token: 'no-such-token-0000' })).status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('bet and win move the balance exactly with ledger rows of the product; Hub88 integers to minor units', async () => {
    const p = await player(100_000);
    const round = rid('r');
    expect(await wallet('transaction/bet', p.bet(`${round}-b`, round, 25 * TL))).toMatchObject({ status: 'RS_OK', user: p.user, currency: 'TRY', balance: 97_500 * 1_000 });
    expect(await wallet('transaction/win', p.win(`${round}-w`, round, `${round}-b`, 63_450_000))).toMatchObject({ status: 'RS_OK', balance: (97_500 + 63_450) * 1_000 });
    expect(await balanceOf(p.id)).toBe(160_950);
    expect(await ledgerOf(p.id)).toEqual([['bet', -2_500, 'slot'], ['win', 63_450, 'slot']]);
    const [r] = await h.db.query<{ status: number; bet_total: number; win_total: number }>('select status, bet_total, win_total from casino_rounds where round_ref = $1', [round]);
    expect(r).toEqual({ status: 1, bet_total: 2_500, win_total: 63_450 });
    const tx = (await call('transactions', { serviceType: 5 }, p.cookie)) as unknown as { totalCount: number };
    expect(tx.totalCount).toBe(2);
    // the bet fed the casino jackpots of its currency, like every provider's
    const [c] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from jackpot_contributions j join casino_transactions t on t.id = j.tx_id join jackpots k on k.id = j.jackpot_id
        where t.tx_ref = $1 and k.currency = 'TRY'`, [`${round}-b`]);
    expect(c!.n).toBeGreaterThan(0);
  });

  it('amounts that are not whole minor units, negative amounts and wrong types are refused with their statuses, never rounded', async () => {
    const p = await player(10_000);
    const before = await balanceOf(p.id);
    const r = rid('r');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, 1_001))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, 100))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, 1_000.5))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, TL, { amount: '100000' }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, TL, { is_free: 'no' }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, TL, { round_closed: 0 }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, TL, { transaction_uuid: 12345 }))).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet('transaction/bet', p.bet(rid('f'), r, -TL))).status).toBe('RS_ERROR_WRONG_SYNTAX');
    const { amount: _a, ...noAmount } = p.bet(rid('f'), r, TL);
    expect((await wallet('transaction/bet', noAmount)).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await wallet('transaction/win', p.bet(rid('f'), r, TL))).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await wallet('transaction/bet', 'not json at all')).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await wallet('transaction/bet', '[1,2,3]')).status).toBe('RS_ERROR_WRONG_SYNTAX');
    const win = await wallet('transaction/win', p.win(rid('w'), r, 'x', 1_500));
    expect(win.status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await balanceOf(p.id)).toBe(before);
    // a whole number of minor units: exactly 0.01 TL
    expect(await wallet('transaction/bet', p.bet(rid('cent'), r, 1_000))).toMatchObject({ status: 'RS_OK', balance: (before - 1) * 1_000 });
  });

  it('every refusal status of the wallet: token, expiry, money, currency, game, user disabled, limits, partner', async () => {
    const p = await player(5_000);
    const r = rid('r');
    expect((await wallet('transaction/bet', p.bet(rid('t'), r, TL, { token: 'no-such-token-0000' }))).status).toBe('RS_ERROR_INVALID_TOKEN');
    const other = await player(5_000);
    expect((await wallet('transaction/bet', p.bet(rid('t'), r, TL, { user: other.user }))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await wallet('transaction/bet', p.bet(rid('t'), r, TL, { user: 'john12345' }))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await wallet('transaction/bet', p.bet(rid('m'), r, 50_01 * 1_000))).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 5_000_000 });
    expect((await wallet('transaction/bet', p.bet(rid('c'), r, TL, { currency: 'EUR' }))).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await wallet('transaction/bet', p.bet(rid('g'), r, TL, { game_code: 'no_such_game' }))).status).toBe('RS_ERROR_INVALID_GAME');
    // a game of another provider is not Hub88's
    expect((await wallet('transaction/bet', p.bet(rid('g'), r, TL, { game_code: 'fruit-fiesta' }))).status).toBe('RS_ERROR_INVALID_GAME');
    // a demo provider's token on Hub88's wallet
    const d = await h.player('demo88', 5_000);
    const open = await call('openslot', { serviceId: (await h.db.query<{ id: number }>(`select id from casino_games where code = 'fruit-fiesta'`))[0]!.id }, d.cookie);
    const demoToken = new URL((open as unknown as OpenGameReply).content.gameurl, 'http://x').searchParams.get('token')!;
    expect((await wallet('transaction/bet', { ...p.bet(rid('d'), r, TL), user: hub88User(d.id), token: demoToken }))).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    // a player on a break
    await h.db.query(`insert into protection_blocks (user_id, kind, started_at, ends_at) values ($1, 'break', $2, $3)`, [other.id, new Date(SEED_NOW - 1_000), new Date(SEED_NOW + 86_400_000)]);
    expect((await wallet('transaction/bet', other.bet(rid('u'), rid('r'), TL))).status).toBe('RS_ERROR_USER_DISABLED');
    // the dealer's casino limit of the day
    const dealer = await h.addUser('dl88', 0);
    await h.db.query(`update users set user_type = 'D' where id = $1`, [dealer.id]);
    await h.db.query('insert into dealers (user_id, casino_limit) values ($1, 1500)', [dealer.id]);
    await h.db.query('insert into user_tree (ancestor_id, descendant_id, depth) values ($1, $2, 1)', [dealer.id, p.id]);
    expect((await wallet('transaction/bet', p.bet(rid('l'), rid('r'), 10 * TL))).status).toBe('RS_OK');
    expect((await wallet('transaction/bet', p.bet(rid('l'), rid('r'), 6 * TL))).status).toBe('RS_ERROR_LIMIT_REACHED');
    // the token expired: a bet is refused
    h.clock.now = SEED_NOW + BET_TOKEN_TTL_MS + 1_000;
    expect((await wallet('transaction/bet', p.bet(rid('e'), rid('r'), TL))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    h.resetClock();
    // the operator switched Hub88 off: every call is a disabled partner
    await h.db.query(`update casino_providers set status = 0 where code = 'hub88'`);
    const offApp = await buildApp({ db: h.db, clock: () => h.clock.now, hub88: loadHub88Config({ HUB88_PUBLIC_KEY: hub88.publicKey }) });
    try {
      const raw = JSON.stringify({ request_uuid: randomUUID(), user: p.user, token: p.token });
      const res = await offApp.inject({ method: 'POST', url: '/casino/hub88/user/balance', payload: raw, headers: { 'content-type': 'application/json', 'x-hub88-signature': signWith(hub88.privateKey, raw) } });
      expect(res.json()).toMatchObject({ status: 'RS_ERROR_INVALID_PARTNER', user: p.user });
    } finally {
      await h.db.query(`update casino_providers set status = 1 where code = 'hub88'`);
      await offApp.close();
    }
    expect(await balanceOf(p.id)).toBe(4_000);
  });

  it('a transaction id is processed once: a retry gets the first answer; another amount, currency, round, user, game or reference is a duplicate', async () => {
    const p = await player(20_000);
    const round = rid('r');
    const b = p.bet(rid('b'), round, 10 * TL);
    const first = await wallet('transaction/bet', b);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 19_000_000 });
    const again = await wallet('transaction/bet', { ...b, meta: { retried: true }, supplier_transaction_id: 'another' });
    expect({ ...again, request_uuid: '' }).toEqual({ ...first, request_uuid: '' });
    for (const change of [{ amount: 11 * TL }, { currency: 'EUR' }, { round: rid('r2') }, { game_code: 'aur_vikingstorm' }, { reference_transaction_uuid: 'ref-x' }, { is_free: true }]) {
      expect((await wallet('transaction/bet', { ...b, ...change })).status, JSON.stringify(change)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    const other = await player(20_000);
    expect((await wallet('transaction/bet', { ...b, user: other.user, token: other.token })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    // the same id as another kind of call
    expect((await wallet('transaction/win', p.win(b.transaction_uuid, round, b.transaction_uuid, TL))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(p.id)).toBe(19_000);
    // ten retries at once still debit once
    const t = p.bet(rid('b'), rid('r'), 5 * TL);
    const replies = await Promise.all(Array.from({ length: 10 }, () => wallet('transaction/bet', t)));
    expect(replies.every((x) => x.status === 'RS_OK' && x.balance === 18_500_000)).toBe(true);
    expect(await balanceOf(p.id)).toBe(18_500);
    // a win retried is paid once
    const w = p.win(rid('w'), round, b.transaction_uuid, 7 * TL);
    await Promise.all(Array.from({ length: 5 }, () => wallet('transaction/win', w)));
    expect(await balanceOf(p.id)).toBe(19_200);
  });

  it('rollbacks: a known bet refunded once; one before its bet is recorded (RS_OK) and the late bet refused; a bet after its own rollback takes nothing; its win finds no bet', async () => {
    const p = await player(10_000);
    // known bet, rolled back twice: one refund
    const r1 = rid('r');
    await wallet('transaction/bet', p.bet(`${r1}-b`, r1, 10 * TL));
    const rb = p.rollback(`${r1}-rb`, r1, `${r1}-b`);
    expect(await wallet('transaction/rollback', rb)).toMatchObject({ status: 'RS_OK', currency: 'TRY', balance: 10_000_000 });
    expect(await wallet('transaction/rollback', rb)).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect(await ledgerOf(p.id)).toEqual([['bet', -1_000, 'slot'], ['refund', 1_000, 'slot']]);
    // the bet retried after its rollback is not charged again
    expect((await wallet('transaction/bet', p.bet(`${r1}-b`, r1, 10 * TL))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    // its win finds no bet: the bet was rolled back
    expect((await wallet('transaction/win', p.win(`${r1}-w`, r1, `${r1}-b`, 30 * TL))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // the rollback came first: RS_OK (Hub88's rule), recorded
    const r2 = rid('r');
    expect(await wallet('transaction/rollback', p.rollback(`${r2}-rb`, r2, `${r2}-b`))).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect((await wallet('transaction/bet', p.bet(`${r2}-b`, r2, 10 * TL))).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await wallet('transaction/win', p.win(`${r2}-w`, r2, `${r2}-b`, 10 * TL))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // a win of a bet never seen
    expect((await wallet('transaction/win', p.win(rid('w'), rid('r'), 'never-seen', 10 * TL))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // one of two bets of a round rolled back: the round stands, the other bet takes its win
    const r3 = rid('r');
    await wallet('transaction/bet', p.bet(`${r3}-b1`, r3, 2 * TL));
    await wallet('transaction/bet', p.bet(`${r3}-b2`, r3, 3 * TL));
    expect(await wallet('transaction/rollback', p.rollback(`${r3}-rb`, r3, `${r3}-b1`))).toMatchObject({ status: 'RS_OK', balance: 9_700_000 });
    expect((await wallet('transaction/win', p.win(`${r3}-w1`, r3, `${r3}-b1`, 4 * TL))).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await wallet('transaction/win', p.win(`${r3}-w2`, r3, `${r3}-b2`, 9 * TL))).toMatchObject({ status: 'RS_OK', balance: 10_600_000 });
    // after the round's win the bet stands: its rollback is a general error (Hub88 retries, nothing moves)
    expect((await wallet('transaction/rollback', p.rollback(`${r3}-rb2`, r3, `${r3}-b2`))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(p.id)).toBe(10_600);
  });

  it('after the token expired a win and a rollback are still taken', async () => {
    const p = await player(10_000);
    const r1 = rid('r'), r2 = rid('r');
    await wallet('transaction/bet', p.bet(`${r1}-b`, r1, 10 * TL));
    await wallet('transaction/bet', p.bet(`${r2}-b`, r2, 10 * TL));
    h.clock.now = SEED_NOW + BET_TOKEN_TTL_MS + 60_000;
    expect((await wallet('transaction/bet', p.bet(`${r1}-b2`, r1, TL))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await wallet('transaction/win', p.win(`${r1}-w`, r1, `${r1}-b`, 25 * TL))).toMatchObject({ status: 'RS_OK', balance: 10_500_000 });
    expect(await wallet('transaction/rollback', p.rollback(`${r2}-rb`, r2, `${r2}-b`))).toMatchObject({ status: 'RS_OK', balance: 11_500_000 });
    expect(await wallet('user/balance', { user: p.user, token: p.token })).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED' });
  });

  it('a live lobby: a bet names another game of Hub88 than the token\'s, and its round is that game', async () => {
    const p = await player(10_000, 'nbl_lightningroulette');
    const r = rid('r');
    expect((await wallet('transaction/bet', p.bet(`${r}-b`, r, 5 * TL, { game_code: 'nbl_blackjackvip' }))).status).toBe('RS_OK');
    const [round] = await h.db.query<{ game_id: number; product: number }>('select game_id, product from casino_rounds where round_ref = $1', [r]);
    expect(round).toEqual({ game_id: await gameId('nbl_blackjackvip'), product: 4 });
    expect(await wallet('transaction/win', p.win(`${r}-w`, r, `${r}-b`, 10 * TL, { game_code: 'nbl_blackjackvip' }))).toMatchObject({ status: 'RS_OK', balance: 10_500_000 });
    expect(await ledgerOf(p.id)).toEqual([['bet', -500, 'livecasino'], ['win', 1_000, 'livecasino']]);
  });

  it('free rounds: granted from the back office through the Freebets API (audited, once per key); their bets take nothing and their wins are bonus money', async () => {
    const p = await player(10_000);
    const [u] = await h.db.query<{ username: string }>('select username from users where id = $1', [p.id]);
    const lotus = await gameId('aur_goldenlotus');
    const pre = await call('bo/hub88Prepaids', { gameId: lotus }, admin);
    expect(pre).toMatchObject({ status: true });
    const prepaids = pre.results as Array<{ prepaidUuid: string; betValue: number | null; betCount: number | null }>;
    expect(prepaids.map((x) => [x.betValue, x.betCount])).toEqual([[100, 10], [null, null]]);
    const key = randomUUID();
    const grant = await call('bo/hub88Grant', { userName: u!.username, gameId: lotus, prepaidUuid: prepaids[1]!.prepaidUuid, betValue: 50, betCount: 20, startTime: '2026-06-01T12:00', endTime: '2026-06-08T12:00:00' }, admin, { 'idempotency-key': key });
    expect(grant, JSON.stringify(grant)).toMatchObject({ status: true, reward: { userName: u!.username, game: 'Golden Lotus', betValue: 50, betCount: 20, currency: 'TRY', status: 'FRS_ACTIVE' } });
    const sent = stub.calls.filter((c) => c.path.endsWith('/freebet/rewards/create'));
    expect(sent.at(-1)!.body).toMatchObject({
      user: p.user, prepaid_uuid: prepaids[1]!.prepaidUuid, game_code: 'aur_goldenlotus', currency: 'TRY', bet_value: 50_000, bet_count: 20,
      start_time: '2026-06-01T12:00:00', end_time: '2026-06-08T12:00:00', sub_partner_id: 'betpwa-test', operator_id: OPERATOR_ID,
    });
    // the same confirmation again: the first grant, no second call to Hub88
    const again = await call('bo/hub88Grant', { userName: u!.username, gameId: lotus, prepaidUuid: prepaids[1]!.prepaidUuid, betValue: 50, betCount: 20 }, admin, { 'idempotency-key': key });
    expect((again.reward as { id: number }).id).toBe((grant.reward as { id: number }).id);
    expect(stub.calls.filter((c) => c.path.endsWith('/freebet/rewards/create'))).toHaveLength(sent.length);
    const [a] = await h.db.query<{ object_id: string }>(`select object_id from audit_log where action = 'hub88.freebet' order by id desc limit 1`);
    expect(a!.object_id).toBe(String(p.id));
    expect(((await call('bo/hub88Rewards', { userName: u!.username }, admin)).results as unknown[])).toHaveLength(1);
    // a game without free rounds at Hub88 cannot be granted
    expect(await call('bo/hub88Grant', { userName: u!.username, gameId: await gameId('aur_sugarcascade'), prepaidUuid: 'x' }, admin)).toMatchObject({ status: false });

    // the free rounds played: Hub88 sends is_free with the reward's value
    const reward = (grant.reward as { rewardUuid: string }).rewardUuid;
    const r1 = rid('fr'), r2 = rid('fr');
    expect(await wallet('transaction/bet', p.bet(`${r1}-b`, r1, 50_000, { is_free: true, reward_uuid: reward }))).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect(await wallet('transaction/win', p.win(`${r1}-w`, r1, `${r1}-b`, 1_230_000, { is_free: true, reward_uuid: reward }))).toMatchObject({ status: 'RS_OK', balance: 11_230_000 });
    // a free bet rolled back gives nothing back; a bet of nothing is free too
    expect(await wallet('transaction/bet', p.bet(`${r2}-b`, r2, 50_000, { is_free: true, reward_uuid: reward }))).toMatchObject({ status: 'RS_OK', balance: 11_230_000 });
    expect(await wallet('transaction/rollback', p.rollback(`${r2}-rb`, r2, `${r2}-b`))).toMatchObject({ status: 'RS_OK', balance: 11_230_000 });
    expect(await wallet('transaction/bet', p.bet(rid('z'), rid('r'), 0))).toMatchObject({ status: 'RS_OK', balance: 11_230_000 });
    expect(await ledgerOf(p.id)).toEqual([['bonus', 1_230, 'slot']]);
    // the dealers' cut-off counts it apart from payouts
    const [k] = await h.db.query<{ n: number }>(`select count(*)::int as n from ledger where user_id = $1 and kind = 'win'`, [p.id]);
    expect(k!.n).toBe(0);
    // free rounds feed no jackpot and count as no stake of the day
    const [c] = await h.db.query<{ n: number }>(`select count(*)::int as n from jackpot_contributions j join casino_transactions t on t.id = j.tx_id where t.user_id = $1`, [p.id]);
    expect(c!.n).toBe(0);
  });

  it('round details for support: Hub88 answers the page of a round', async () => {
    const p = await player(1_000);
    const [u] = await h.db.query<{ username: string }>('select username from users where id = $1', [p.id]);
    const r = await call('bo/hub88Round', { userName: u!.username, round: 'rNEMwgzJAOZ6eR3V', transactionUuid: '16d2dcfe-b89e-11e7-854a-58404eea6d16' }, admin);
    expect(r).toMatchObject({ status: true, url: `${stub.url}/round/rNEMwgzJAOZ6eR3V` });
    expect(stub.calls.at(-1)!.body).toMatchObject({ user: p.user, round: 'rNEMwgzJAOZ6eR3V', transaction_uuid: '16d2dcfe-b89e-11e7-854a-58404eea6d16', operator_id: OPERATOR_ID });
    stub.down = true;
    try {
      expect(await call('bo/hub88Round', { userName: u!.username, round: 'x' }, admin)).toMatchObject({ status: false, error: 'aggregatorFailed' });
    } finally {
      stub.down = false;
    }
  });

  it('rounds Hub88 left open for a day are settled by the leader: no win, the paid bets refunded (not the free ones)', async () => {
    const p = await player(10_000);
    const r = rid('old');
    await wallet('transaction/bet', p.bet(`${r}-b`, r, 10 * TL));
    await wallet('transaction/bet', p.bet(`${r}-f`, r, 5 * TL, { is_free: true }));
    await h.db.query('update casino_rounds set created_at = $2 where round_ref = $1', [r, new Date(SEED_NOW - 2 * 86_400_000)]);
    await reconcileOpenRounds(h.db, SEED_NOW);
    expect(await balanceOf(p.id)).toBe(10_000);
    const [st] = await h.db.query<{ status: number }>('select status from casino_rounds where round_ref = $1', [r]);
    expect(st!.status).toBe(2);
    expect(await ledgerOf(p.id)).toEqual([['bet', -1_000, 'slot'], ['refund', 1_000, 'slot']]);
  });

  it.runIf(driver === 'pg')('past the answer deadline Hub88 hears RS_ERROR_UNKNOWN; its retry gets the outcome, debited once', async () => {
    const p = await player(10_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const holder = h.db.tx(async (q) => { await q.query('select 1 from wallets where user_id = $1 for update', [p.id]); await gate; });
    await new Promise((r) => setTimeout(r, 100));
    const b = p.bet(rid('slow'), rid('r'), 10 * TL);
    expect((await wallet('transaction/bet', b)).status).toBe('RS_ERROR_UNKNOWN');
    release();
    await holder;
    let retry: W = { status: '', request_uuid: '' };
    for (let i = 0; i < 20 && retry.status !== 'RS_OK'; i++) {
      retry = await wallet('transaction/bet', b);
      if (retry.status !== 'RS_OK') await new Promise((r) => setTimeout(r, 100));
    }
    expect(retry).toMatchObject({ status: 'RS_OK', balance: 9_000_000 });
    expect(await balanceOf(p.id)).toBe(9_000);
  });

  it.runIf(driver === 'pg')('one player, bets and wins racing (with retries): never below zero, the balance is the sum of what was answered RS_OK', async () => {
    const start = 30_000;
    const p = await player(start);
    const rounds = Array.from({ length: 60 }, (_, i) => ({ round: `race-${p.id}-${i}`, stake: 1_000, win: (i % 4) * 700 }));
    const send = async (endpoint: string, body: Record<string, unknown>): Promise<W> => {
      // a call past the deadline is retried with the same transaction a second later, as Hub88 does
      let r = await wallet(endpoint, body);
      for (const until = Date.now() + 90_000; r.status === 'RS_ERROR_UNKNOWN' && Date.now() < until;) {
        await new Promise((ok) => setTimeout(ok, 1_000));
        r = await wallet(endpoint, body);
      }
      return r;
    };
    const outcomes = await Promise.all(rounds.map(async (x) => {
      const bet = p.bet(`${x.round}-b`, x.round, x.stake * 1_000);
      // every third bet is sent twice at once (a retry racing the first)
      const [b] = await Promise.all([send('transaction/bet', bet), ...(x.round.endsWith('3') ? [send('transaction/bet', bet)] : [])]);
      if (b!.status !== 'RS_OK') return { bet: 0, win: 0, status: b!.status };
      const w = await send('transaction/win', p.win(`${x.round}-w`, x.round, `${x.round}-b`, x.win * 1_000));
      expect(w.status).toBe('RS_OK');
      return { bet: x.stake, win: x.win, status: 'RS_OK' };
    }));
    expect(outcomes.every((o) => o.status === 'RS_OK' || o.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toBe(true);
    const staked = outcomes.reduce((a, o) => a + o.bet, 0), won = outcomes.reduce((a, o) => a + o.win, 0);
    expect(staked).toBeGreaterThanOrEqual(30_000);
    expect(await balanceOf(p.id)).toBe(start - staked + won);
    const [n] = await h.db.query<{ bets: number; wins: number }>(
      `select count(*) filter (where kind = 'bet')::int as bets, count(*) filter (where kind = 'win')::int as wins from ledger where user_id = $1`, [p.id]);
    expect(n!.bets).toBe(outcomes.filter((o) => o.bet > 0).length);
    expect(n!.wins).toBe(outcomes.filter((o) => o.win > 0).length);
    expect(await wallet('user/balance', { user: p.user, token: p.token })).toMatchObject({ balance: (start - staked + won) * 1_000 });
  }, 240_000);
});
