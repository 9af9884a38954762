import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LiveState } from '../../../server/feed/live-state.ts';
import { fixtureMatch } from '../../../server/feed/test-fixtures.ts';
import { createCoreApi } from '../api.ts';
import { CoreDb } from '../cache/db.ts';
import { browserFetch, SEED_NOW, useCoreServer } from '../test-server.test-util.ts';
import { bannerImageUrl, bannerLink, jackpotText, liveGroups } from './home-api.ts';

describe('home content rules', () => {
  it('jackpot amounts show 4 decimals in the language format with the currency, split as integers', () => {
    expect(jackpotText(12_345_678_912, 'TRY', 'tr')).toBe('1.234.567,8912 TL');
    expect(jackpotText(12_345_678_912, 'EUR', 'en')).toBe('1,234,567.8912 €');
    expect(jackpotText(50_000_001, 'TRY', 'tr')).toBe('5.000,0001 TL');
    expect(jackpotText(7, 'TRY', 'tr', { currencyMode: 1 })).toBe('0,0007');
  });

  it('banner images come from {site_api}/yib/{url}, or same-origin /banners/ when site_api is empty', () => {
    expect(bannerImageUrl('', 'home-live.svg')).toBe('/banners/home-live.svg');
    expect(bannerImageUrl(undefined, '/home-live.svg')).toBe('/banners/home-live.svg');
    expect(bannerImageUrl('https://img.example.com/', 'a/b.png')).toBe('https://img.example.com/yib/a/b.png');
  });

  it('a banner links to an app page, an https address, or nowhere', () => {
    expect(bannerLink('livebets')).toEqual({ kind: 'page', to: 'livebets' });
    expect(bannerLink('allsports?sid=1')).toEqual({ kind: 'page', to: 'allsports?sid=1' });
    expect(bannerLink('https://example.com/x')).toEqual({ kind: 'external', href: 'https://example.com/x' });
    expect(bannerLink('')).toBeNull();
    expect(bannerLink('javascript:alert(1)')).toBeNull();
    expect(bannerLink('//evil.example.com')).toBeNull();
  });

  it('live groups keep the sport order, the live count and at most 5 matches each', () => {
    const matches = [...Array.from({ length: 7 }, (_, i) => fixtureMatch(100 + i, 1)), fixtureMatch(200, 3)];
    const groups = liveGroups({
      matches,
      sports: [{ sportId: 1, sportName: 'Futbol', liveCount: 7 }, { sportId: 3, sportName: 'Basketbol', liveCount: 1 }, { sportId: 5, sportName: 'Tenis', liveCount: 0 }],
    }, '/logos');
    expect(groups.map((g) => [g.sportId, g.count, g.matches.length])).toEqual([[1, 7, 5], [3, 1, 1]]);
    const m = groups[0]!.matches[0]!;
    expect(m).toMatchObject({ id: 100, home: 'Home 100', away: 'Away 100', ti: 10, scr: { h: 0, a: 0 } });
    expect(m.homeLogo).toBe('/logos/0/200.png');
  });
});

// The worker core's home calls against the real server (PGlite in memory, a live state with fixtures).
const NOW = SEED_NOW;
let clock = NOW;
const live = new LiveState();
live.reset([...Array.from({ length: 6 }, (_, i) => fixtureMatch(9_000 + i, 1, NOW - 600_000)), fixtureMatch(9_100, 5, NOW - 300_000)]);
const server = useCoreServer({ clock: () => clock, live });

function makeCore(name: string) {
  const net = { down: false };
  const core = createCoreApi({ fetch: browserFetch(server, net), db: new CoreDb(name), clock: () => clock, uuid: () => `${name}-${Math.random()}` });
  return { core, net };
}

describe('home content in the worker core', () => {
  it('banners: Home states 12 (top) and 1 (strip) with same-origin images, kept for offline reading', async () => {
    const { core, net } = makeCore('home-banners');
    expect(await core.homeBanners('cache')).toBeNull();
    const fresh = await core.homeBanners('network');
    expect(fresh!.top.map((b) => b.image)).toEqual(['/banners/home-welcome.svg', '/banners/home-live.svg', '/banners/home-combo.svg']);
    expect(fresh!.top[1]!.link).toEqual({ kind: 'page', to: 'livebets' });
    expect(fresh!.strip.map((b) => b.title)).toEqual(['%25 Kayıp Bonusu']);
    expect(fresh!.fresh).toMatchObject({ stale: false, offline: false });
    net.down = true;
    const offline = await core.homeBanners('network');
    expect(offline!.top).toHaveLength(3);
    expect(offline!.fresh).toMatchObject({ stale: true, offline: true });
  });

  it('jackpots: none for a visitor; prematch and live for a player with livejackpotUser 1; none once it is 0', async () => {
    const { core } = makeCore('home-jackpots');
    await core.init('tr');
    expect(await core.homeJackpots()).toBeNull();

    expect((await core.login('ayse', 'ayse1234')).ok).toBe(true);
    const tiers = await core.homeJackpots();
    expect(tiers!.map((j) => j.key)).toEqual(['prematch', 'live']);
    for (const j of tiers!) expect(j.amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{4} TL$/);
    expect(tiers!.find((j) => j.key === 'live')!.light).toBe(true);

    // 10 s later the live jackpot (1853 ten-thousandths a second) shows 1,853 TL more
    const before = tiers!.find((j) => j.key === 'live')!.amount;
    clock += 10_000;
    const after = (await core.homeJackpots())!.find((j) => j.key === 'live')!.amount;
    const value = (s: string) => Number(s.replace(' TL', '').replaceAll('.', '').replace(',', '.'));
    expect(Math.round((value(after) - value(before)) * 10_000)).toBe(18_530);
    clock = NOW;

    await server.db.query(`update users set products = products || '{"livejackpotUser":0}'::jsonb where username = 'ayse'`);
    await core.refreshSession();
    expect(await core.homeJackpots()).toBeNull();
  });

  it('live now: live matches by sport from the liveMatches call, 5 at most, with the live count', async () => {
    const { core, net } = makeCore('home-live');
    const groups = await core.homeLive();
    expect(groups!.map((g) => ({ sid: g.sportId, count: g.count, shown: g.matches.length }))).toEqual([
      { sid: 1, count: 6, shown: 5 },
      { sid: 5, count: 1, shown: 1 },
    ]);
    expect(groups![0]!.matches[0]).toMatchObject({ id: 9_000, status: expect.any(String) });
    net.down = true;
    expect(await core.homeLive()).toBeNull();
  });
});
