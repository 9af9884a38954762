import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MatchListItem } from '../../../domain/protocol/entities.ts';
import { DEFAULT_USER_LIMITS } from '../../../domain/betslip/limits.ts';
import { createContext } from '../context.ts';
import { CoreDb } from '../cache/db.ts';
import { NetworkError, type Reply } from '../request.ts';
import type { CoreEvent, Notice, SessionView, SlipView } from '../events.ts';
import { createSlipApi } from './slip-api.ts';

// The create flow of section 4 with a scripted server: the slip module as it runs in the worker,
// with fake-indexeddb and an injected call function instead of the network.
const NOW = Date.parse('2026-06-01T12:00:00Z');
const SESSION: SessionView = { userId: 1, userName: 'demo', credit: 100_000, currency: 'TRY', currencySymbol: 'TL', lastLogin: null, limits: DEFAULT_USER_LIMITS };

function match(id: number, odds = [2000, 3200, 3500]): MatchListItem {
  return {
    id, matchDate: '2026-06-01T18:00:00Z', homeTeam: `Home ${id}`, awayTeam: `Away ${id}`, homeTeamId: 1, awayTeamId: 2, oddCount: 3,
    categoryId: 1, categoryName: 'C', categoryFlag: '', sportId: 1, sportName: 'Football', tournamentId: 1, tournamentName: 'L',
    liveActive: 0, minTip: 1, iss: 0, isv: 1, matchstatus: 'not_started', betstatus: 'started',
    odds: [{
      oddsid: id * 10, oddstype: 1, typeName: 'Match result', nicename: '', special: '', active: 1, iss: 0, isv: 1,
      outcomes: odds.map((odd, i) => ({ oddid: id * 100 + i, outcomeid: i + 1, outcome: ['1', 'X', '2'][i]!, odd, special: '', active: 1, iss: 0, isv: 1 })),
    }],
  };
}

type Call = (key: string, payload: Record<string, unknown>) => Promise<Reply>;

let dbSeq = 0;
async function setup(server: Call, opts: { loggedIn?: boolean } = {}) {
  const events: CoreEvent[] = [];
  const ctx = createContext({ fetch: (async () => { throw new TypeError('offline'); }) as typeof fetch, db: new CoreDb(`slip-api-${++dbSeq}`), clock: () => NOW, uuid: () => `key-${dbSeq}` });
  const sent: Array<{ key: string; payload: Record<string, unknown> }> = [];
  ctx.call = (async (key: string, payload: Record<string, unknown> = {}) => { sent.push({ key, payload }); return server(key, payload); }) as typeof ctx.call;
  ctx.listeners.add((e) => events.push(e));
  let refreshed = 0;
  ctx.hooks.refreshSession = async () => { refreshed++; return ctx.session(); };
  if (opts.loggedIn !== false) ctx.setSession(SESSION);
  for (const id of [1, 2, 3, 4]) ctx.shown.set(id, match(id));
  const api = createSlipApi(ctx);
  await api.loadSlip();
  const view = (): SlipView => api.slipView();
  const notices = (): Notice[] => events.filter((e) => e.type === 'notice').map((e) => e.payload as Notice);
  return { api, ctx, view, notices, sent, refreshed: () => refreshed };
}

const ok: Call = async (key) => (key === 'createCoupon' ? { status: true, msg: 'Tebrikler!', ticketId: 42, totalStake: 1000, maxPayout: 6400 } : { status: false });

describe('create flow (section 4)', () => {
  it('asks a visitor to log in and sends nothing', async () => {
    const { api, sent } = await setup(ok, { loggedIn: false });
    await api.toggleOdd(1, 10, 100);
    expect(await api.createCoupon()).toBe('needLogin');
    expect(sent).toEqual([]);
  });

  it('warns thereAreLockedMatches with the match names and sends nothing', async () => {
    const { api, notices, sent } = await setup(ok);
    await api.toggleOdd(1, 10, 100);
    await api.toggleOdd(2, 20, 200);
    await api.applyOddUpdates([{ key: api.slipView().entries[1]!.key, odd: 3200, locked: true }]);
    // the button stays pressable so that the press can say which match is locked
    expect(api.slipView().summary).toMatchObject({ creatable: false, lockedOnly: true });
    expect(await api.createCoupon()).toBe('locked');
    expect(notices().at(-1)).toEqual({ status: 3, key: 'thereAreLockedMatches', lines: ['Home 2 - Away 2'] });
    expect(sent.filter((s) => s.key === 'createCoupon')).toEqual([]);
  });

  it('blocks a second submit while one is pending (notices 5 then 6), then succeeds', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const { api, view, notices, sent, refreshed } = await setup(async (key, p) => { await gate; return ok(key, p); });
    await api.toggleOdd(1, 10, 100);
    await api.toggleOdd(2, 20, 201);
    const first = api.createCoupon();
    await Promise.resolve();
    expect(view().pending).toBe(true);
    expect(await api.createCoupon()).toBe('pending');
    expect(notices().map((n) => n.status)).toEqual([5, 6]);
    release();
    expect(await first).toBe('created');
    expect(sent.filter((s) => s.key === 'createCoupon')).toHaveLength(1);
    expect(sent[0]!.payload).toMatchObject({ ticketType: 'KK', totalStake: 1000, ticketStake: 1000, systemTickets: [] });
    expect(notices().at(-1)).toEqual({ status: 1, key: '', text: 'Tebrikler!' });
    expect(view().entries).toEqual([]);
    expect(view().lastCoupon).toMatchObject({ ticketId: 42, couponType: 'KK', totalStake: 1000, maxPayout: 6400, selections: 2 });
    expect(refreshed()).toBe(1);
    // Re-create puts the selections back; quit forgets the coupon.
    await api.recreateLastCoupon();
    expect(view().entries).toHaveLength(2);
    await api.clearLastCoupon();
    expect(view().lastCoupon).toBeNull();
  });

  it('sends an SK with the chosen sizes and the banker per tip', async () => {
    const { api, sent } = await setup(ok);
    for (const id of [1, 2, 3, 4]) await api.toggleOdd(id, id * 10, id * 100);
    await api.setSystemSizes([2]);
    expect(await api.toggleBanko(api.slipView().entries[0]!.key)).toBe(true);
    expect(api.slipView().systemOptions.map((o) => o.label)).toEqual(['1/3', '2/3', '3/3']);
    await api.createCoupon();
    const p = sent.find((s) => s.key === 'createCoupon')!.payload as { ticketType: string; systemTickets: number[]; totalStake: number; tips: Array<{ banko: boolean }> };
    expect(p).toMatchObject({ ticketType: 'SK', systemTickets: [2], totalStake: 3000 });
    expect(p.tips.map((t) => t.banko)).toEqual([true, false, false, false]);
  });

  it('shows per-match couponErrors and applies changed odds (status 4), with the move announced', async () => {
    const { api, view, notices } = await setup(async (key, p) => {
      if (key === 'createCoupon') return { status: false, msg: 'odds changed', changed: [1], couponErrors: [{ mid: 1, msg: 'odds changed: check the coupon' }] };
      if (key === 'odds' && p.matchId === 1) return { status: true, results: match(1, [2150, 3200, 3500]).odds };
      return { status: false };
    });
    await api.toggleOdd(1, 10, 100);
    expect(await api.createCoupon()).toBe('failed');
    expect(notices().at(-1)).toMatchObject({ status: 4, text: 'odds changed', lines: ['Home 1 - Away 1: odds changed: check the coupon'] });
    expect(view().entries[0]!.selection.odd).toBe(2150);
    expect(view().entries[0]!.move).toBe(1);
    expect(view().oddsNews.moves).toEqual([{ matchName: 'Home 1 - Away 1', from: '2', to: '2.15', up: true }]);
  });

  it('logs out and asks for the login when the reply says login false', async () => {
    const { api, ctx } = await setup(async () => ({ status: false, msg: 'login', login: false }));
    await api.toggleOdd(1, 10, 100);
    expect(await api.createCoupon()).toBe('needLogin');
    expect(ctx.session()).toBeNull();
  });

  it('shows a network error with status 2 and keeps the slip', async () => {
    const { api, view, notices } = await setup(async () => { throw new NetworkError('Failed to fetch'); });
    await api.toggleOdd(1, 10, 100);
    expect(await api.createCoupon()).toBe('failed');
    expect(notices().at(-1)).toMatchObject({ status: 2, key: 'networkError' });
    expect(view().entries).toHaveLength(1);
    expect(view().pending).toBe(false);
  });
});

describe('adding from the worker (section 4 notices)', () => {
  it('refuses a suspended odd with noSelectSoTips and a second pick of a system match with choosetypesError', async () => {
    const { api, ctx, notices } = await setup(ok);
    const closed = match(4);
    closed.odds[0]!.outcomes[0]!.active = 0;
    ctx.shown.set(4, closed);
    await api.toggleOdd(4, 40, 400);
    expect(notices().at(-1)).toEqual({ status: 3, key: 'noSelectSoTips' });
    for (const id of [1, 2, 3]) await api.toggleOdd(id, id * 10, id * 100);
    await api.setSystemSizes([2]);
    await api.toggleOdd(1, 10, 101);
    expect(notices().at(-1)).toEqual({ status: 3, key: 'choosetypesError', args: { count: 3 } });
    await api.setSystemSizes([]);
    await api.toggleOdd(1, 10, 101);
    expect(api.slipView().summary.couponType).toBe('CK');
  });

  it('removes a pick whose odd falls outside the user odds limits with min limit', async () => {
    const { api, ctx, notices, view } = await setup(ok);
    await api.toggleOdd(1, 10, 100);
    await api.toggleOdd(2, 20, 200);
    ctx.setSession({ ...SESSION, limits: { ...DEFAULT_USER_LIMITS, minOddsCoupon: 2100 } });
    ctx.hooks.pushSlip();
    await expect.poll(() => view().entries.length).toBe(0);
    expect(notices().at(-1)).toMatchObject({ status: 3, key: 'minOdds', args: { amount: '2.10' } });
  });
});

describe('limits the worker shows before the server is asked', () => {
  it("a match asking for more tips (odds data minTip) gives 'minimum N more matches' and blocks create", async () => {
    const { api, ctx, view, sent } = await setup(ok);
    ctx.shown.set(1, { ...match(1), minTip: 3 });
    await api.toggleOdd(1, 10, 100);
    expect(view().entries[0]!.selection.minTip).toBe(3);
    expect(view().summary.limitErrors).toContainEqual(expect.objectContaining({ code: 'minTip', value: 2 }));
    expect(view().summary.creatable).toBe(false);
    expect(await api.createCoupon()).toBe('failed');
    expect(sent.filter((s) => s.key === 'createCoupon')).toEqual([]);
    await api.toggleOdd(2, 20, 200);
    expect(view().summary.limitErrors).toContainEqual(expect.objectContaining({ code: 'minTip', value: 1 }));
    await api.toggleOdd(3, 30, 300);
    expect(view().summary.limitErrors).toEqual([]);
    expect(view().summary.creatable).toBe(true);
  });

  it('flags a stake over the bet total per tip (5000.00) and offers the largest stake that fits', async () => {
    const { api, ctx, view } = await setup(ok);
    const k = { minTip: 1, minStake: 100, maxStake: 10_000_000, maxPay: 10 ** 12, status: 1 as const };
    ctx.setSession({ ...SESSION, limits: { ...DEFAULT_USER_LIMITS, single: k, combine: k, multiple: k, live: k, system: k } });
    await api.toggleOdd(1, 10, 100);
    await api.setStakeText('6000');
    expect(view().summary.limitErrors).toEqual([{ code: 'tipStake', max: 500_000, amount: 500_000, value: 500_000 }]);
    expect(view().summary.creatable).toBe(false);
    await api.takeLimitedStake();
    expect(view().stakeText).toBe('5000.00');
    expect(view().summary.limitErrors).toEqual([]);
    expect(view().summary.creatable).toBe(true);
  });

  it("shows the server's 'same coupon made N times' refusal as the error notice", async () => {
    const msg = 'the same coupon has already been made 3 times';
    const { api, view, notices } = await setup(async (key) => (key === 'createCoupon' ? { status: false, msg, changed: [], couponErrors: [], login: true } : { status: false }));
    await api.toggleOdd(1, 10, 100);
    expect(await api.createCoupon()).toBe('failed');
    expect(notices().at(-1)).toEqual({ status: 2, key: '', text: msg });
    // The slip stays as it was: the player changes a pick and tries again.
    expect(view().entries).toHaveLength(1);
  });
});

describe('odds-change choice', () => {
  const settingsFetch = (choice: string) => (async (url: string) => {
    if (String(url).startsWith('/api/settings')) return new Response(JSON.stringify({ status: true, settings: { odds_change_default: choice } }));
    throw new TypeError('offline');
  }) as typeof fetch;
  async function open(name: string, siteDefault: string) {
    const ctx = createContext({ fetch: settingsFetch(siteDefault), db: new CoreDb(name), clock: () => NOW, uuid: () => `key-${name}` });
    const sent: Array<Record<string, unknown>> = [];
    ctx.call = (async (key: string, payload: Record<string, unknown> = {}) => { if (key === 'createCoupon') sent.push(payload); return ok(key, payload); }) as typeof ctx.call;
    ctx.setSession(SESSION);
    for (const id of [1, 2]) ctx.shown.set(id, match(id));
    const api = createSlipApi(ctx);
    await api.loadSlip();
    // the settings load runs beside the slip's
    await new Promise((r) => setTimeout(r, 0));
    return { api, ctx, sent };
  }

  it("follows the site's default until the player chooses, then keeps the choice on the device and sends it", async () => {
    const first = await open('slip-oc-1', 'higher');
    expect(first.api.slipView()).toMatchObject({ oddsChange: 'higher', oddsChangeDefault: 'higher' });
    await first.api.toggleOdd(1, 10, 100);
    await first.api.createCoupon();
    expect(first.sent.at(-1)).toMatchObject({ oddsChange: 'higher' });
    // A settings change pushed to an open app moves the default of a player who has not chosen.
    first.ctx.emit({ type: 'site', payload: { oddsChangeDefault: 'none' } as never });
    expect(first.api.slipView().oddsChange).toBe('none');

    await first.api.setOddsChange('any');
    const again = await open('slip-oc-1', 'none');
    expect(again.api.slipView()).toMatchObject({ oddsChange: 'any', oddsChangeDefault: 'none' });
    await again.api.toggleOdd(2, 20, 200);
    await again.api.createCoupon();
    expect(again.sent.at(-1)).toMatchObject({ oddsChange: 'any' });
    expect(again.sent.at(-1)).not.toHaveProperty('oddChangeOk');
  });
});
