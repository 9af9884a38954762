import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { CasinoGame } from '../../../domain/casino/calls.ts';
import { CoreDb } from '../cache/db.ts';
import { createContext } from '../context.ts';
import type { SessionView } from '../events.ts';
import { createCasinoApi, type CasinoLiveView } from './casino-api.ts';
import type { JackpotSocketLike } from './jackpot-socket.ts';

const game = (serviceId: number, title: string, masterServiceId: 4 | 5 = 5, extra: Partial<CasinoGame> = {}): CasinoGame => ({
  serviceId, masterServiceId, topServiceId: 1, topServiceId2: 0, title, logo: `/casino/${serviceId}.svg`, extras: '', openLobby: 0, fun: 1, rtp: 9600, limits: [], ...extra,
});

/** A fake server: answers by call key, records the payloads; `down` makes every call fail as offline. */
function setup(replies: Record<string, unknown>, opts: { down?: boolean; socket?: () => JackpotSocketLike } = {}) {
  const calls: Array<{ key: string; body: Record<string, unknown> }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    if (opts.down) throw new TypeError('offline');
    if (url === '/api/settings') return new Response(JSON.stringify({ settings: {} }));
    const key = url.replace('/api/', '');
    calls.push({ key, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(JSON.stringify(replies[key] ?? { status: false, msg: 'unknown' }));
  }) as typeof globalThis.fetch;
  const ctx = createContext({ fetch, db: new CoreDb(`casino-${Math.random()}`), clock: () => 1_800_000_000_000, uuid: () => 'u' });
  const api = createCasinoApi(ctx, opts.socket ? { socket: opts.socket, timers: { setTimeout: () => 0, clearTimeout: () => undefined } } : {});
  const login = (products: SessionView['products']) => ctx.setSession({ userId: 7, userName: 'demo', credit: 100_000, currency: 'TRY', currencySymbol: 'TL', lastLogin: null, limits: ctx.limits(), products });
  return { api, calls, login };
}

const ALL = { slotUser: { status: 1 }, casinoUser: { status: 1 }, bingoUser: { status: 1 }, virtualUser: { status: 1 }, tvgamesUser: { status: 1 }, livejackpotUser: { status: 1 } };

describe('casino in the worker', () => {
  it('a visitor gets the login popup without a call; a player opens a slot in the frame on iframe 8', async () => {
    const { api, calls, login } = setup({ openslot: { status: true, msg: '', gameName: 'Fruits', fun: 0, content: { gameurl: '/provider/demo/launch?t=x', iframe: 8, gameName: 'Fruits', frameable: 1 } } });
    expect(await api.openGame({ product: 'casino', serviceId: 11, title: 'Fruits', ios: false })).toEqual({ kind: 'login' });
    expect(calls).toEqual([]);
    login(ALL);
    expect(await api.openGame({ product: 'casino', serviceId: 11, title: 'Fruits', ios: false })).toEqual({ kind: 'frame', url: '/provider/demo/launch?t=x', title: 'Fruits' });
    expect(calls[0]).toMatchObject({ key: 'openslot', body: { serviceId: 11, masterServiceId: 5 } });
  });

  it('live casino goes through opencas with the limit table; failures become notices', async () => {
    const { api, calls, login } = setup({ opencas: { status: false, msg: 'Casino limitleri dolu', error: 'casinoLimitFull' } });
    login(ALL);
    expect(await api.openGame({ product: 'livecasino', serviceId: 21, limitId: 2, title: 'Roulette', ios: false })).toEqual({ kind: 'error', text: 'Casino limitleri dolu' });
    expect(calls[0]).toMatchObject({ key: 'opencas', body: { serviceId: 21, masterServiceId: 4, limitId: 2 } });
    const down = setup({}, { down: true });
    down.login(ALL);
    expect(await down.api.openGame({ product: 'livecasino', serviceId: 21, title: 'Roulette', ios: false })).toEqual({ kind: 'network' });
  });

  it('an empty content field is named; bingo redirects on iframe 2', async () => {
    const { api, login } = setup({
      openslot: { status: true, msg: '', gameName: '', fun: 0, content: { gameurl: '', iframe: 8, gameName: '', frameable: 1 } },
      bingo: { status: true, msg: '', gameName: 'Bingo', fun: 0, content: { gameurl: 'https://bingo.example/room', iframe: 2, gameName: 'Bingo', frameable: 1 } },
    });
    login(ALL);
    expect(await api.openGame({ product: 'casino', serviceId: 1, title: 'x', ios: false })).toEqual({ kind: 'missing', fields: ['gameurl', 'gameName'] });
    expect(await api.openGame({ product: 'bingo', title: 'Bingo', ios: false })).toEqual({ kind: 'redirect', url: 'https://bingo.example/room' });
  });

  it('search: the server from 3 characters, the title filter always', async () => {
    const { api, calls, login } = setup({ getAllCasinos: { status: true, items: [game(1, 'Lucky Fruits'), game(2, 'Book of Gold'), game(3, 'Fruit Party')] } });
    login(ALL);
    const two = await api.casinoGames('casino', { search: 'fr' }, 'network');
    expect(two?.games.map((g) => g.title)).toEqual(['Lucky Fruits', 'Fruit Party']);
    expect(calls.at(-1)!.body.search).toBeUndefined();
    await api.casinoGames('casino', { search: 'fru', provider: 4 }, 'network');
    expect(calls.at(-1)!.body).toMatchObject({ masterServiceId: 5, search: 'fru', serviceId: 4 });
    await api.casinoGames('virtualgames', { search: 'football' }, 'network');
    expect(calls.at(-1)!.body).toMatchObject({ masterServiceId: 6 });
    expect(calls.at(-1)!.body.search).toBeUndefined();
  });

  it('the tab bar, the lobby and Home lists follow the player\'s products', async () => {
    const { api, login } = setup({
      casinoList: { status: true, results: [{ serviceId: 1, logo: '', title: 'Demo' }], categories: [{ id: 3, title: 'Roulette' }] },
      banners: { status: true, results: [{ displayState: 10, banners: [{ id: 1, url: 'lc.svg', title: 'Live', link: 'livecasino', width: 1, height: 1 }] }] },
      homeCasino: { status: true, results: [game(1, 'A'), game(2, 'B', 4), game(3, 'C')], lists: { casinoTop: [2], casinoNew: [2], slotsTop: [3], slotsNew: [1, 9] } },
    });
    expect(api.casinoTabs()).toEqual([]);
    const visitor = await api.homeCasino();
    expect(visitor?.casino.map((g) => g.title)).toEqual(['B']);
    expect(visitor?.slots.map((g) => g.title)).toEqual(['C', 'A']);
    login({ slotUser: { status: 1 }, casinoUser: { status: 0 } });
    expect(api.casinoTabs()).toEqual(['casino']);
    expect((await api.homeCasino())?.casino).toEqual([]);
    login(ALL);
    const lobby = await api.casinoLobby('livecasino', 'network');
    expect(lobby).toMatchObject({ providers: [{ serviceId: 1 }], categories: [{ id: 3 }], jackpots: true, banners: [{ image: '/banners/lc.svg', link: { kind: 'page', to: 'livecasino' } }] });
    expect((await api.casinoLobby('virtualgames', 'network'))?.jackpots).toBe(false);
  });

  it('a watch gets the jackpot tiers and the winners at once', async () => {
    const { api, login } = setup({
      jackpots: { status: true, scale: 10_000, data: { casino: { daily: { balance: 12_345_678, light: 0 }, mega: { balance: 99_000_000, light: 1 } }, sports: {}, livecasino: { daily: { balance: 5, light: 0 } }, currency: 'TRY', at: 0 } },
      winners: { status: true, results: [{ player: 'd***o', amount: 12_550, currency: 'TRY', game: 'Lucky Fruits', date: '2026-11-24T03:00:00Z', img: '', serviceId: 1, masterServiceId: 5 }] },
    });
    login(ALL);
    const seen: CasinoLiveView[] = [];
    const id = await api.casinoWatch((v) => seen.push(v), 'casino');
    expect(seen[0]!.casino).toEqual([{ key: 'mega', balance: 99_000_000, light: true }, { key: 'daily', balance: 12_345_678, light: false }]);
    expect(seen[0]!.livecasino).toEqual([{ key: 'daily', balance: 5, light: false }]);
    expect(seen[0]!.symbol).toBe('TL');
    expect(seen[0]!.winners[0]).toMatchObject({ player: 'd***o', game: 'Lucky Fruits', amountText: '125,50 TL' });
    api.casinoUnwatch(id);
  });

  it('the socket feeds the tiles and each screen the winners of its own product; the last watch closes it', async () => {
    const sockets: Array<JackpotSocketLike & { closed: boolean }> = [];
    const { api, login } = setup({ winners: { status: true, results: [] } }, {
      socket: () => {
        const s = { closed: false, onopen: null, onmessage: null, onclose: null, onerror: null, close() { this.closed = true; } } as JackpotSocketLike & { closed: boolean };
        sockets.push(s);
        return s;
      },
    });
    login(ALL);
    const slots: CasinoLiveView[] = [];
    const live: CasinoLiveView[] = [];
    const a = await api.casinoWatch((v) => slots.push(v), 'casino');
    const b = await api.casinoWatch((v) => live.push(v), 'livecasino');
    expect(sockets).toHaveLength(1);
    const send = (frame: unknown) => sockets[0]!.onmessage?.({ data: JSON.stringify(frame) });
    send({ event: 'data', scale: 10_000, data: { casino: { weekly: { balance: 500_000_000, light: 0 } }, sports: {}, livecasino: {}, currency: 'TRY', at: 0 } });
    expect(slots.at(-1)!.casino).toEqual([{ key: 'weekly', balance: 500_000_000, light: false }]);
    const win = { player: 'ay***', amount: 50_000, currency: 'TRY', date: '2026-11-24T03:00:00Z', img: '', serviceId: 4 };
    send({ event: 'winnerlivecasino', data: { ...win, game: 'Aurora Rulet', masterServiceId: 4 } });
    send({ event: 'winnercasino', data: { ...win, game: 'Gem Rush', masterServiceId: 5 } });
    expect(live.at(-1)!.winners.map((w) => w.game)).toEqual(['Aurora Rulet']);
    expect(slots.at(-1)!.winners.map((w) => w.game)).toEqual(['Gem Rush']);
    api.casinoUnwatch(a);
    expect(sockets[0]!.closed).toBe(false);
    api.casinoUnwatch(b);
    expect(sockets[0]!.closed).toBe(true);
  });
});
