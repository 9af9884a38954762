/**
 * The permission matrix of the back office: every bo call x every role x a target in the caller's
 * own subtree and one in a foreign subtree. A call succeeds only when the catalogue gives the
 * role its permission and the target is in the caller's subtree (the team: anywhere); every other
 * attempt is refused, and a list never shows a foreign row. Zero unexpected successes.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { BO_CALLS, BO_LEGACY_CALLS } from '../../domain/backoffice/calls.ts';
import { otpNow } from '../../server/backoffice/session.ts';
import { DEFAULT_MARKET_SETTINGS } from '../../domain/catalogue/markets.ts';
import { boLogin, boMoney, branch, create, json, uname, type Body, type Branch } from './bo-helpers.ts';

const DRIVERS = await drivers();

/** The objects of a branch a call can target: a sub-sub-dealer, a player, a coupon, a card and a cut-off, all below the sub-dealer. */
interface Targets { dealer: number; player: number; coupon: number; card: number; cutoff: number; ids: Set<number> }

type Kind = 'none' | 'list' | 'target' | 'cutoff';
/** Each call's payload for a branch's targets and how its success is judged. */
function plan(name: string, t: Targets): { payload: Record<string, unknown>; kind: Kind } {
  const day = { from: '2026-05-01', to: '2026-06-30' };
  switch (name) {
    case 'bo/login': case 'bo/verifyOtp': case 'bo/logout': case 'bo/changePassword': return { payload: {}, kind: 'none' };
    case 'bo/whoami': case 'bo/issueCard': return { payload: name === 'bo/issueCard' ? { amount: 100 } : {}, kind: 'none' };
    case 'bo/auditCheck': case 'bo/auditLog': case 'bo/ipLogs': case 'bo/transferRequests': return { payload: {}, kind: 'none' };
    case 'bo/approveTransferReq': case 'bo/rejectTransferReq': return { payload: { requestId: 9_999_999 }, kind: 'none' };
    case 'bo/activateAffiliate': return { payload: { affiliateUserId: 9_999_999, percent: 10, cutoff: 0 }, kind: 'none' };
    case 'bo/dealers': case 'bo/users': case 'bo/accounts': return { payload: { dealerId: t.dealer, parentId: t.dealer }, kind: 'list' };
    case 'bo/cards': case 'bo/cutoffs': case 'bo/coupons': case 'bo/userMovements': case 'bo/dealerMovements': return { payload: {}, kind: 'list' };
    case 'bo/dealerTree': return { payload: { rootId: t.dealer }, kind: 'target' };
    case 'bo/createDealer': return { payload: { role: 'subDealer', parentId: t.dealer, userName: uname('mx'), password: 'pass1234' }, kind: 'target' };
    case 'bo/editDealer': return { payload: { dealerId: t.dealer, commissionPercent: 7 }, kind: 'target' };
    case 'bo/setDealerLimits': return { payload: { dealerId: t.dealer, userLimit: 0, dealerLimit: 0, casinoLimit: 0 }, kind: 'target' };
    case 'bo/blockTransfers': return { payload: { dealerId: t.dealer, blocked: false }, kind: 'target' };
    case 'bo/getPermissions': return { payload: { dealerId: t.dealer }, kind: 'target' };
    case 'bo/setPermissions': return { payload: { dealerId: t.dealer, permissions: ['viewCoupons'] }, kind: 'target' };
    case 'bo/userDetail': return { payload: { userId: t.player }, kind: 'target' };
    case 'bo/createUser': return { payload: { kind: 'player', dealerId: t.dealer, userName: uname('mu'), password: 'pass1234' }, kind: 'target' };
    case 'bo/setUserStatus': return { payload: { userId: t.player, status: 1 }, kind: 'target' };
    case 'bo/setUserProducts': return { payload: { userId: t.player, products: { sportUser: 1 } }, kind: 'target' };
    case 'bo/setUserLimits': return { payload: { userId: t.player, limits: { staketype: 0 } }, kind: 'target' };
    case 'bo/resetPassword': return { payload: { userId: t.player, password: 'pass1234' }, kind: 'target' };
    case 'bo/loadCredit': case 'bo/withdrawCredit': return { payload: { targetId: t.player, amount: 1 }, kind: 'target' };
    case 'bo/voidCard': return { payload: { cardId: t.card }, kind: 'target' };
    case 'bo/cutoffPreview': case 'bo/createCutoff': return { payload: { dealerId: t.dealer, period: 'weekly', from: '2026-05-04' }, kind: 'cutoff' };
    case 'bo/revertCutoff': return { payload: { cutoffId: t.cutoff }, kind: 'cutoff' };
    case 'bo/couponDetail': case 'bo/cancelCoupon': case 'bo/setCouponWaiting': case 'bo/sellCoupon': case 'bo/markCouponPaid':
      return { payload: { couponId: t.coupon }, kind: 'target' };
    case 'bo/dailyReport': case 'bo/stakeRanges': case 'bo/paymentBands': return { payload: { ...day, dealerId: t.dealer }, kind: 'target' };
    // The catalogue: the operator team's; a save creates passive rows, a merge of missing rows is refused after the guard.
    case 'bo/catalogueSports': case 'bo/catalogueCountries': case 'bo/catalogueLeagues': case 'bo/catalogueTeams': case 'bo/catalogueMarkets': return { payload: {}, kind: 'none' };
    case 'bo/catalogueSaveSport': return { payload: { id: 9001, name: 'Matrix sport', status: 0 }, kind: 'none' };
    case 'bo/catalogueSaveCountry': case 'bo/catalogueSaveTeam': return { payload: { sportId: 1, name: 'Matrix row', status: 0 }, kind: 'none' };
    case 'bo/catalogueSaveLeague': return { payload: { sportId: 1, categoryId: 9_999_999, name: 'Matrix league' }, kind: 'none' };
    case 'bo/catalogueMergeTeams': case 'bo/catalogueMergeLeagues': return { payload: { keepId: 9_999_998, mergeId: 9_999_999 }, kind: 'none' };
    case 'bo/catalogueSaveOddType': return { payload: { type: DEFAULT_MARKET_SETTINGS.types[0] }, kind: 'none' };
    case 'bo/catalogueSaveFilters': return { payload: { sportId: 1, filters: DEFAULT_MARKET_SETTINGS.filters['1'] }, kind: 'none' };
    case 'bo/catalogueSaveLiveOrder': return { payload: { leagueIds: [] }, kind: 'none' };
    // Trading and live betting: the operator team's; actions on a missing match or sport are refused after the guard.
    case 'bo/tradingFixtures': case 'bo/tradingCatalogue': case 'bo/liveSettings': case 'bo/feedHealth': case 'bo/liability': case 'bo/liabilityLimits': return { payload: {}, kind: 'none' };
    case 'bo/setLiabilityLimit': return { payload: { scope: 'match', refId: 2_000_000_000, marketLimit: 1, matchLimit: null }, kind: 'none' };
    case 'bo/tradingFixture': case 'bo/setMatchStatus': case 'bo/setStakeLimit': return { payload: { matchId: 2_000_000_000, open: true, stakeLimit: 0 }, kind: 'none' };
    case 'bo/setPrice': case 'bo/setMarketStatus': return { payload: { matchId: 2_000_000_000, oddId: 1, oddsId: 1, odd: 2_000, active: 1 }, kind: 'none' };
    case 'bo/createFixture': return { payload: { tournamentId: 9_999_999, homeTeamId: 1, awayTeamId: 2, matchDate: '2026-12-01T12:00:00Z' }, kind: 'none' };
    case 'bo/openMarket': return { payload: { matchId: 2_000_000_000, oddsType: 186, outcomes: [{ outcomeId: 4, odd: 1_800 }, { outcomeId: 5, odd: 2_000 }] }, kind: 'none' };
    case 'bo/setLiveOddTypes': return { payload: { sportId: 9_999_999, oddsTypes: [] }, kind: 'none' };
    case 'bo/addIpRule': return { payload: { cidr: '192.0.2.0/24', action: 'deny' }, kind: 'none' };
    case 'bo/removeIpRule': return { payload: { ruleId: 2_000_000_000 }, kind: 'none' };
    // Content: the operator team's; edits of missing rows and empty segments are refused after the guard.
    case 'bo/banners': case 'bo/pages': case 'bo/popups': case 'bo/notifications': case 'bo/bonuses': case 'bo/paymentMethods': return { payload: {}, kind: 'none' };
    case 'bo/uploadImage': return { payload: { kind: 'logo', data: 'AAAA' }, kind: 'none' };
    case 'bo/saveBanner': return { payload: { id: 2_000_000_000, name: 'x', url: '/media/x', displayState: 19 }, kind: 'none' };
    case 'bo/orderBanners': return { payload: { displayState: 99, ids: [2_000_000_000] }, kind: 'none' };
    case 'bo/deleteBanner': case 'bo/deletePopup': case 'bo/deleteNotification': case 'bo/deletePayBank': return { payload: { id: 2_000_000_000 }, kind: 'none' };
    case 'bo/savePage': return { payload: { pageId: 999, language: 'en', title: 'Matrix', content: '<p>x</p>' }, kind: 'none' };
    case 'bo/deletePage': return { payload: { pageId: 998, language: 'en' }, kind: 'none' };
    case 'bo/savePopup': return { payload: { id: 2_000_000_000, type: 0, type2: 0, title: 'x', content: 'x' }, kind: 'none' };
    case 'bo/sendNotification': return { payload: { title: 'x', content: 'x', target: { kind: 'dealer', dealerId: 2_000_000_000 } }, kind: 'none' };
    case 'bo/saveBonus': return { payload: { id: 2_000_000_000, title: 'x', content: 'x' }, kind: 'none' };
    case 'bo/savePayCategory': return { payload: { id: 2_000_000_000, catName: 'x', transferType: 0 }, kind: 'none' };
    case 'bo/savePayType': return { payload: { catId: 2_000_000_000, payType: 'FORM', payTag: 'x', minAmount: 1, maxAmount: 2, fields: [{ name: 'amount', title: 'T', type: 'amount' }] }, kind: 'none' };
    case 'bo/savePayBank': return { payload: { payId: 2_000_000_000, name: 'x', swiftcode: 'ABCDTR2A' }, kind: 'none' };
    // Casino games management: the operator team's; changes of missing rows are refused after the guard.
    case 'bo/casinoProviders': case 'bo/casinoLimits': return { payload: {}, kind: 'none' };
    case 'bo/casinoGames': return { payload: { product: 5 }, kind: 'none' };
    case 'bo/setCasinoProvider': return { payload: { providerId: 2_000_000_000, status: 1 }, kind: 'none' };
    case 'bo/setCasinoGame': return { payload: { gameId: 2_000_000_000, status: 1 }, kind: 'none' };
    case 'bo/saveCasinoCategory': return { payload: { id: 2_000_000_000, product: 5, title: 'Matrix' }, kind: 'none' };
    case 'bo/setCasinoLimit': return { payload: { dealerId: 2_000_000_000, casinoLimit: 0 }, kind: 'none' };
    // The Hub88 aggregator: the operator team's; without its configuration the calls out are refused after the guard.
    case 'bo/hub88Status': case 'bo/hub88Sync': case 'bo/hub88Rewards': return { payload: {}, kind: 'none' };
    case 'bo/hub88Round': return { payload: { userName: 'demo', round: 'r-1' }, kind: 'none' };
    case 'bo/hub88Prepaids': return { payload: { gameId: 2_000_000_000 }, kind: 'none' };
    case 'bo/hub88Grant': return { payload: { userName: 'demo', gameId: 2_000_000_000, prepaidUuid: 'x' }, kind: 'none' };
    default: throw new Error(`no plan for ${name}`);
  }
}

/** The user ids a list row names (a row's own id is a user id only in the user, dealer and account lists). */
const USER_KEYS: Record<string, string[]> = { 'bo/dealers': ['id', 'parentId'], 'bo/users': ['id', 'dealerId'], 'bo/accounts': ['id', 'parentId'] };
const rowIds = (name: string, r: Record<string, unknown>): number[] =>
  (USER_KEYS[name] ?? ['userId', 'dealerId']).map((k) => r[k]).filter((v): v is number => typeof v === 'number');

describe.each(DRIVERS)('back-office permission matrix on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const actors: { role: string; id: number; cookie: string; permissions: string[]; team: boolean }[] = [];
  const targets: Record<'a' | 'b', Targets> = {} as never;
  let a: Branch;

  async function targetsOf(br: Branch, admin: string): Promise<Targets> {
    const dealer = await create(h, admin, 'bo/createDealer', { role: 'subDealer', parentId: br.sub, userName: uname('vd') });
    const player = await create(h, admin, 'bo/createUser', { kind: 'player', dealerId: br.sub, userName: uname('vp') });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: dealer, amount: 100_000 }, admin)).status).toBe(true);
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: player, amount: 100_000 }, admin)).status).toBe(true);
    const [m] = await h.db.query<{ id: number }>('select id from matches order by match_date desc limit 1');
    const [c] = await h.db.query<{ id: number }>(
      `insert into coupons (user_id, ticket_type, status, total_stake, ticket_stake, total_odds, max_pay) values ($1, 'TK', 0, 1000, 1000, 2000, 2000) returning id`, [player]);
    await h.db.query('insert into coupon_tips (coupon_id, match_id, odds_type, outcome_id, odd) values ($1, $2, 1, 1, 2000)', [c!.id, m!.id]);
    const [card] = await h.db.query<{ id: number }>(`insert into cards (code, dealer_id, amount, currency) values ($1, $2, 500, 'TRY') returning id`, [`MX-${dealer}-${player}`, dealer]);
    const [cut] = await h.db.query<{ id: number }>(
      `insert into cutoffs (dealer_id, period, from_day, to_day, stakes, payouts, bonuses, commission_percent, commission, net, created_by)
       values ($1, 'weekly', '2026-04-06', '2026-04-12', 0, 0, 0, 0, 0, 0, $2) returning id`, [dealer, br.sub]);
    return { dealer, player, coupon: Number(c!.id), card: Number(card!.id), cutoff: Number(cut!.id), ids: new Set([br.dealer, br.sub, br.partner, br.player, br.terminal, dealer, player]) };
  }

  beforeAll(async () => {
    const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
    await ensureDemoAdmin(h.db);
    const admin = await boLogin(h, 'admin', 'admin1234');
    const opName = uname('op');
    const operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: opName });
    expect(json(await boMoney(h, 'bo/loadCredit', { targetId: operatorId, amount: 10_000_000 }, admin)).status).toBe(true);
    a = await branch(h, admin, operatorId, 'a');
    const b = await branch(h, admin, operatorId, 'b');
    targets.a = await targetsOf(a, admin);
    targets.b = await targetsOf(b, admin);
    const login = (n: string) => h.login(n, 'pass1234');
    const list: [string, number, string][] = [
      ['admin', await h.userId('admin'), admin], ['operator', operatorId, await boLogin(h, opName, 'pass1234')],
      ['dealer', a.dealer, await login(a.names.dealer)], ['subDealer', a.sub, await login(a.names.sub)], ['partner', a.partner, await login(a.names.partner)],
      ['terminal', a.terminal, await login(a.names.terminal)], ['player', a.player, await login(a.names.player)],
    ];
    for (const [role, id, cookie] of list) {
      const who = json(await h.call('bo/whoami', {}, { cookie }));
      actors.push({ role, id, cookie, permissions: (who.permissions as string[] | undefined) ?? [], team: role === 'admin' || role === 'operator' });
    }
  }, 120_000);

  it('every call x every role x own and foreign subtree: no unexpected success, no refusal of an allowed call, no foreign row in a list', async () => {
    const inSubtree = async (actor: number, target: number) => (await h.db.query('select 1 from user_tree where ancestor_id = $1 and descendant_id = $2', [actor, target])).length > 0;
    const parentOf = async (id: number) => (await h.db.query<{ parent_id: number }>('select parent_id from users where id = $1', [id]))[0]!.parent_id;
    const names = [...Object.keys(BO_CALLS), ...Object.keys(BO_LEGACY_CALLS)].filter((n) => !['bo/login', 'bo/verifyOtp', 'bo/logout', 'bo/changePassword'].includes(n));
    const unexpected: string[] = [];
    const wronglyRefused: string[] = [];
    const leaks: string[] = [];
    const failures: string[] = [];
    let attempts = 0;
    for (const name of names) {
      const permission = name in BO_CALLS ? BO_CALLS[name as keyof typeof BO_CALLS].permission : BO_LEGACY_CALLS[name as keyof typeof BO_LEGACY_CALLS];
      for (const actor of actors) {
        for (const side of ['a', 'b'] as const) {
          const t = targets[side];
          const { payload, kind } = plan(name, t);
          // The permissions a call needs beyond its guard's: the kind of node or user it creates.
          const extra = name === 'bo/createDealer' ? 'openSubDealer' : name === 'bo/createUser' ? 'createPlayer' : null;
          const holds = ['player', 'terminal'].includes(actor.role) ? false
            : (permission === null || actor.permissions.includes(permission)) && (extra === null || actor.permissions.includes(extra));
          let scope = true;
          if (kind === 'target') {
            const id = (payload.dealerId ?? payload.parentId ?? payload.userId ?? payload.targetId ?? payload.rootId ?? null) as number | null;
            const owner = name.includes('Coupon') || name === 'bo/couponDetail' ? t.player : name === 'bo/voidCard' ? t.dealer : id!;
            scope = actor.team || await inSubtree(actor.id, owner);
          } else if (kind === 'cutoff') {
            scope = actor.team || (await parentOf(t.dealer)) === actor.id;
          }
          const res = await h.call(name, payload, { cookie: actor.cookie, headers: { 'idempotency-key': `mx-${attempts}` } });
          attempts++;
          const body: Body = res.json();
          const label = `${name} as ${actor.role} on ${side} (${res.statusCode} ${body.error ?? ''})`;
          if (res.statusCode >= 500) failures.push(label);
          if (kind === 'list') {
            if (!holds && body.status) unexpected.push(label);
            if (holds && !body.status) wronglyRefused.push(label);
            // Every non-team actor is in branch a: a row of branch b is a leak.
            const foreign = actor.team ? new Set<number>() : targets.b.ids;
            const rows = (body.results as Record<string, unknown>[] | undefined) ?? [];
            if (rows.some((r) => rowIds(name, r).some((x) => foreign.has(x)))) leaks.push(label);
            continue;
          }
          const expected = holds && scope;
          if (body.status && !expected) unexpected.push(label);
          if (!body.status && !expected) expect([401, 403, 404], label).toContain(res.statusCode);
          if (expected && ['forbidden', 'notYourDealer', 'cannotGrant'].includes(body.error ?? '')) wronglyRefused.push(label);
        }
      }
    }
    expect(attempts).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(leaks).toEqual([]);
    expect(wronglyRefused).toEqual([]);
  }, 300_000);

  it('a dealer never grants what it lacks; what it loses, its subtree loses', async () => {
    const dealer = actors.find((x) => x.role === 'dealer')!;
    const lacks = ['setCouponWaiting', 'viewAudit'];
    for (const p of lacks) {
      const r = await h.call('bo/setPermissions', { dealerId: a.sub, permissions: [p] }, { cookie: dealer.cookie });
      expect(json(r)).toMatchObject({ status: false, error: 'cannotGrant' });
    }
    const admin = actors.find((x) => x.role === 'admin')!;
    // The admin takes viewReports from the dealer: the sub-dealer below loses it too.
    const keep = dealer.permissions.filter((p) => p !== 'viewReports');
    expect(json(await h.call('bo/setPermissions', { dealerId: a.dealer, permissions: keep }, { cookie: admin.cookie })).status).toBe(true);
    const sub = actors.find((x) => x.role === 'subDealer')!;
    const who = json(await h.call('bo/whoami', {}, { cookie: sub.cookie }));
    expect(who.permissions).not.toContain('viewReports');
    expect((await h.call('bo/dailyReport', { from: '2026-05-01', to: '2026-05-31' }, { cookie: sub.cookie })).statusCode).toBe(403);
  });

  it('the team needs its second factor, and again after 15 minutes idle', async () => {
    const cookie = await h.login('admin', 'admin1234');
    const r = await h.call('bo/users', {}, { cookie });
    expect([r.statusCode, json(r).error]).toEqual([401, 'otpRequired']);
    expect(json(await h.call('bo/whoami', {}, { cookie }))).toMatchObject({ status: true, needOtp: true, permissions: [] });
    expect(json(await h.call('bo/verifyOtp', { otp: '000000' }, { cookie })).error).toBe('wrongOtp');
    const admin = actors.find((x) => x.role === 'admin')!;
    expect(json(await h.call('bo/users', {}, { cookie: admin.cookie })).status).toBe(true);
    h.clock.now += 16 * 60_000;
    try {
      expect(json(await h.call('bo/users', {}, { cookie: admin.cookie })).error).toBe('otpRequired');
    } finally {
      h.clock.now -= 16 * 60_000;
    }
  });

  it('the second factor cannot be guessed through bo/verifyOtp: wrong codes bring growing delays like failed logins', async () => {
    const cookie = await h.login('admin', 'admin1234');
    const [u] = await h.db.query<{ totp_secret: string }>(`select totp_secret from users where username = 'admin'`);
    try {
      for (let i = 0; i < 3; i++) expect(json(await h.call('bo/verifyOtp', { otp: '000000' }, { cookie })).error).toBe('wrongOtp');
      // Inside the delay no code is tried, not even the right one.
      const right = await h.call('bo/verifyOtp', { otp: await otpNow(u!.totp_secret, h.clock.now) }, { cookie });
      expect([right.statusCode, json(right).error]).toEqual([429, 'tooManyRequests']);
      expect(json(await h.call('bo/users', {}, { cookie })).error).toBe('otpRequired');
    } finally {
      await h.db.query('delete from login_throttle');
    }
  });
});
