/**
 * The operator's catalogue on both databases: sports, countries, leagues and teams are
 * created and edited (names per language with English fallback, logo, order, status), duplicate
 * teams and leagues merge (matches move in one transaction, audited), and the market settings
 * (names, list types, quarter lines, filter tabs, live league order) change what players get.
 * Every call: works, refuses bad input changing nothing, writes its audit row, and is refused to a
 * dealer (no manageCatalogue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { DEFAULT_MARKET_SETTINGS, isQuarterLine } from '../../domain/catalogue/markets.ts';
import { forgetMarketSettings } from '../../server/catalogue/markets.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('back-office catalogue on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const who = useTeamAndDealer(h);
  let admin = '';
  let dealer = '';
  beforeAll(() => { admin = who.admin(); dealer = who.dealer(); });
  afterAll(async () => {
    // The market settings are process-wide: back to the defaults for the next suite.
    await h.db.query('delete from catalogue_config');
    await h.db.query('update catalogue_rev set rev = rev + 1');
    forgetMarketSettings();
  });

  const audits = async (action: string) => Number((await h.db.query<{ n: number }>('select count(*)::int as n from audit_log where action = $1', [action]))[0]!.n);
  const countRows = async (table: string) => Number((await h.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);
  const ok = async (name: string, payload: unknown) => {
    const r = json(await h.call(name, payload, { cookie: admin }));
    expect(r, `${name} ${JSON.stringify(r)}`).toMatchObject({ status: true });
    return r;
  };
  let countryId = 0;

  it('creates and edits a country, a league and a team, each audited; the lists find them by name in any language', async () => {
    const before = await audits('catalogue.create');
    const c = await ok('bo/catalogueSaveCountry', { sportId: 1, name: 'Testland', names: { tr: 'Testiye', de: 'Testland DE' }, flag: 'tl', listOrder: 5 });
    countryId = c.id as number;
    const l = await ok('bo/catalogueSaveLeague', { sportId: 1, categoryId: countryId, name: 'Test League', names: { tr: 'Test Ligi' }, listOrder: 3, highlight: 1 });
    const t = await ok('bo/catalogueSaveTeam', { sportId: 1, name: 'Test Rovers', names: { tr: 'Test Gezginler', en: 'ignored: the plain name is English' }, logo: '/media/abc-64' });
    expect(await audits('catalogue.create')).toBe(before + 3);
    const [league] = await h.db.query<{ title: string; names: Record<string, string>; category_id: number; list_order: number; highlight: number; status: number }>('select * from tournaments where id = $1', [l.id]);
    expect(league).toMatchObject({ title: 'Test League', names: { tr: 'Test Ligi', en: 'Test League' }, category_id: countryId, list_order: 3, highlight: 1, status: 1 });
    const [team] = await h.db.query<{ names: Record<string, string>; logo: string }>('select names, logo from teams where id = $1', [t.id]);
    expect(team).toEqual({ names: { tr: 'Test Gezginler', en: 'Test Rovers' }, logo: '/media/abc-64' });

    const found = await ok('bo/catalogueLeagues', { search: 'Test Ligi', sportId: 1 });
    expect((found.results as { id: number; categoryName: string; names: object }[]).map((r) => r.id)).toEqual([l.id]);
    expect((found.results as { categoryName: string }[])[0]!.categoryName).toBe('Testland');

    const edits = await audits('catalogue.edit');
    await ok('bo/catalogueSaveLeague', { id: l.id, sportId: 1, categoryId: countryId, name: 'Test League 2', names: { tr: 'Test Ligi 2' }, status: 0 });
    expect(await audits('catalogue.edit')).toBe(edits + 1);
    const [audit] = await h.db.query<{ object_id: string; before: { title: string }; after: { title: string; status: number } }>("select object_id, before, after from audit_log where action = 'catalogue.edit' order by id desc limit 1");
    expect(audit).toMatchObject({ object_id: String(l.id), before: { title: 'Test League' }, after: { title: 'Test League 2', status: 0 } });
    const passive = await ok('bo/catalogueLeagues', { status: 0, categoryId: countryId });
    expect((passive.results as { id: number }[]).map((r) => r.id)).toEqual([l.id]);
  });

  it('edits a sport and lists every sport in order', async () => {
    const [s] = await h.db.query<{ name: string; list_order: number }>('select name, list_order from sports where id = 1');
    await ok('bo/catalogueSaveSport', { id: 1, name: s!.name, names: { de: 'Fußball' }, listOrder: s!.list_order });
    const list = await ok('bo/catalogueSports', { limit: 200 });
    const football = (list.results as { id: number; names: Record<string, string> }[]).find((r) => r.id === 1);
    expect(football?.names).toEqual({ de: 'Fußball', en: s!.name });
  });

  it.each([
    ['a league of a country of another sport', 'bo/catalogueSaveLeague', () => ({ sportId: 3, categoryId: countryId, name: 'X' })],
    ['a league of a missing country', 'bo/catalogueSaveLeague', () => ({ sportId: 1, categoryId: 9_999_999, name: 'X' })],
    ['a team of a missing sport', 'bo/catalogueSaveTeam', () => ({ sportId: 9_999, name: 'X' })],
    ['an empty name', 'bo/catalogueSaveTeam', () => ({ sportId: 1, name: '  ' })],
    ['an unknown language', 'bo/catalogueSaveTeam', () => ({ sportId: 1, name: 'X', names: { xx: 'Y' } })],
    ['a script as logo', 'bo/catalogueSaveTeam', () => ({ sportId: 1, name: 'X', logo: 'javascript:alert(1)' })],
    ['a missing row', 'bo/catalogueSaveTeam', () => ({ id: 9_999_999, sportId: 1, name: 'X' })],
    ['a flag with capitals', 'bo/catalogueSaveCountry', () => ({ sportId: 1, name: 'X', flag: 'GB' })],
    ['a merge into itself', 'bo/catalogueMergeTeams', () => ({ keepId: 1, mergeId: 1 })],
    ['a merge of a missing team', 'bo/catalogueMergeTeams', () => ({ keepId: 1, mergeId: 9_999_999 })],
  ])('refuses %s and changes nothing', async (_what, name, payload) => {
    const before = [await countRows('teams'), await countRows('tournaments'), await countRows('categories'), await countRows('audit_log')];
    const res = await h.call(name, payload(), { cookie: admin });
    expect(res.statusCode).toBeLessThan(500);
    expect(json(res).status).toBe(false);
    expect([await countRows('teams'), await countRows('tournaments'), await countRows('categories'), await countRows('audit_log')]).toEqual(before);
  });

  it('refuses every catalogue call to a dealer and to a visitor, changing nothing', async () => {
    const before = await countRows('audit_log');
    const calls: [string, unknown][] = [
      ['bo/catalogueSports', {}], ['bo/catalogueCountries', {}], ['bo/catalogueLeagues', {}], ['bo/catalogueTeams', {}],
      ['bo/catalogueSaveSport', { id: 1, name: 'Hacked' }], ['bo/catalogueSaveCountry', { sportId: 1, name: 'Hacked' }],
      ['bo/catalogueSaveLeague', { sportId: 1, categoryId: countryId, name: 'Hacked' }], ['bo/catalogueSaveTeam', { sportId: 1, name: 'Hacked' }],
      ['bo/catalogueMergeTeams', { keepId: 1, mergeId: 2 }], ['bo/catalogueMergeLeagues', { keepId: 1, mergeId: 2 }],
      ['bo/catalogueMarkets', {}], ['bo/catalogueSaveOddType', { type: DEFAULT_MARKET_SETTINGS.types[0] }],
      ['bo/catalogueSaveFilters', { sportId: 1, filters: [{ id: 'all', types: [] }] }], ['bo/catalogueSaveLiveOrder', { leagueIds: [] }],
    ];
    for (const [name, payload] of calls) {
      const asDealer = await h.call(name, payload, { cookie: dealer });
      expect(asDealer.statusCode, name).toBe(403);
      const asVisitor = await h.call(name, payload);
      expect(asVisitor.statusCode, name).toBe(401);
    }
    expect(await countRows('audit_log')).toBe(before);
    expect((await h.db.query("select 1 from teams where name = 'Hacked'")).length).toBe(0);
  });

  it('merges a duplicate team: its matches move in one transaction, the duplicate goes, one audit row', async () => {
    const [m] = await h.db.query<{ id: number; home_id: number; away_id: number; sport_id: number }>(
      "select id, home_id, away_id, sport_id from matches where sport_id = 1 and status = 'not_started' order by id limit 1");
    const dup = await ok('bo/catalogueSaveTeam', { sportId: 1, name: 'Duplicate FC' });
    await h.db.query('update matches set home_id = $2 where id = $1', [m!.id, dup.id]);
    const keepId = m!.home_id;
    // a feed provider's id of the duplicate is shown on its row and moves to the team kept
    await h.db.query(`insert into provider_ids (provider, kind, ext_id, our_id) values ('uof', 'team', 'sr:competitor:991', $1)`, [dup.id]);
    const listed = await ok('bo/catalogueTeams', { search: 'Duplicate FC' });
    expect((listed.results as Array<{ id: number; providerIds: string[] }>).find((x) => x.id === dup.id)?.providerIds).toEqual(['sr:competitor:991']);
    const before = await audits('catalogue.merge');
    const r = await ok('bo/catalogueMergeTeams', { keepId, mergeId: dup.id });
    expect(r).toMatchObject({ keepId, moved: 1 });
    const moved = await h.db.query<{ our_id: number }>(`select our_id from provider_ids where kind = 'team' and ext_id = 'sr:competitor:991'`);
    expect(moved[0]!.our_id).toBe(keepId);
    expect((await h.db.query<{ home_id: number }>('select home_id from matches where id = $1', [m!.id]))[0]!.home_id).toBe(keepId);
    expect((await h.db.query('select 1 from teams where id = $1', [dup.id])).length).toBe(0);
    expect((await h.db.query('select 1 from matches where home_id = $1 or away_id = $1', [dup.id])).length).toBe(0);
    expect(await audits('catalogue.merge')).toBe(before + 1);
    // Teams of two sports never merge.
    const other = await ok('bo/catalogueSaveTeam', { sportId: 3, name: 'Hoop Club' });
    const bad = await h.call('bo/catalogueMergeTeams', { keepId, mergeId: other.id }, { cookie: admin });
    expect(json(bad)).toMatchObject({ status: false, error: 'badRequest' });
    expect((await h.db.query('select 1 from teams where id = $1', [other.id])).length).toBe(1);
    // Two teams that meet in a match are not one team: refused, nothing moves.
    const [met] = await h.db.query<{ home_id: number; away_id: number }>(
      "select home_id, away_id from matches where sport_id = 1 and home_id <> away_id order by id limit 1");
    const auditsBefore = await audits('catalogue.merge');
    const meet = await h.call('bo/catalogueMergeTeams', { keepId: met!.home_id, mergeId: met!.away_id }, { cookie: admin });
    expect(json(meet)).toMatchObject({ status: false, error: 'badRequest' });
    expect((await h.db.query('select 1 from teams where id = $1', [met!.away_id])).length).toBe(1);
    expect(await audits('catalogue.merge')).toBe(auditsBefore);
  });

  it('merges a duplicate league: its matches move with the kept league\'s country', async () => {
    const [m] = await h.db.query<{ id: number; tournament_id: number; category_id: number }>(
      "select id, tournament_id, category_id from matches where sport_id = 1 and status = 'not_started' order by id desc limit 1");
    const dupLeague = await ok('bo/catalogueSaveLeague', { sportId: 1, categoryId: countryId, name: 'Duplicate League' });
    await h.db.query('update matches set tournament_id = $2, category_id = $3 where id = $1', [m!.id, dupLeague.id, countryId]);
    const r = await ok('bo/catalogueMergeLeagues', { keepId: m!.tournament_id, mergeId: dupLeague.id });
    expect(r).toMatchObject({ moved: 1 });
    const [after] = await h.db.query<{ tournament_id: number; category_id: number; search_text: string }>('select tournament_id, category_id, search_text from matches where id = $1', [m!.id]);
    expect(after).toMatchObject({ tournament_id: m!.tournament_id, category_id: m!.category_id });
    expect(after!.search_text).not.toContain('Duplicate League');
    expect((await h.db.query('select 1 from tournaments where id = $1', [dupLeague.id])).length).toBe(0);
  });

  it('a passive league or country lists none of its matches, at once; active again, they are back', async () => {
    const [m] = await h.db.query<{ tournament_id: number; category_id: number; sport_id: number }>(
      "select tournament_id, category_id, sport_id from matches where sport_id = 1 and status = 'not_started' and match_date > $1 order by match_date limit 1", [new Date(h.clock.now + 3_600_000)]);
    const listed = async (payload: object) => (json(await h.call('matches', { ...payload, limit: 5 })).data as { totalRows: number }).totalRows;
    const [league] = await h.db.query<{ title: string; category_id: number }>('select title, category_id from tournaments where id = $1', [m!.tournament_id]);
    expect(await listed({ tournamentId: m!.tournament_id })).toBeGreaterThan(0);
    await ok('bo/catalogueSaveLeague', { id: m!.tournament_id, sportId: 1, categoryId: league!.category_id, name: league!.title, status: 0 });
    expect(await listed({ tournamentId: m!.tournament_id })).toBe(0);
    const leagues = json(await h.call('tournament', { sportId: 1, categoryId: m!.category_id }));
    expect((leagues.results as { id: number }[]).some((t) => t.id === m!.tournament_id)).toBe(false);
    await ok('bo/catalogueSaveLeague', { id: m!.tournament_id, sportId: 1, categoryId: league!.category_id, name: league!.title, status: 1 });
    expect(await listed({ tournamentId: m!.tournament_id })).toBeGreaterThan(0);
    const [country] = await h.db.query<{ title: string; flag: string; list_order: number }>('select title, flag, list_order from categories where id = $1', [m!.category_id]);
    await ok('bo/catalogueSaveCountry', { id: m!.category_id, sportId: 1, name: country!.title, flag: country!.flag, listOrder: country!.list_order, status: 0 });
    expect(await listed({ categoryId: m!.category_id })).toBe(0);
    await ok('bo/catalogueSaveCountry', { id: m!.category_id, sportId: 1, name: country!.title, flag: country!.flag, listOrder: country!.list_order, status: 1 });
    expect(await listed({ categoryId: m!.category_id })).toBeGreaterThan(0);
  });

  it('answers players in their language, English as the fallback', async () => {
    const [m] = await h.db.query<{ id: number; home_id: number; tournament_id: number }>(
      "select id, home_id, tournament_id from matches where sport_id = 1 and status = 'not_started' and match_date > $1 order by match_date limit 1", [new Date(h.clock.now + 3_600_000)]);
    const [team] = await h.db.query<{ name: string; sport_id: number }>('select name, sport_id from teams where id = $1', [m!.home_id]);
    await ok('bo/catalogueSaveTeam', { id: m!.home_id, sportId: team!.sport_id, name: team!.name, names: { de: `${team!.name} DE` }, logo: '/media/team-64' });
    const de = json(await h.call('odds', { matchId: m!.id, lang: 'de' }));
    expect((de.match as { homeTeam: string }).homeTeam).toBe(`${team!.name} DE`);
    // The uploaded logo travels with the match; a team without one has none (the logo host's by id then).
    expect(de.match).toMatchObject({ homeLogo: '/media/team-64' });
    expect(de.match).not.toHaveProperty('awayLogo');
    const fr = json(await h.call('odds', { matchId: m!.id, lang: 'fr' }));
    expect((fr.match as { homeTeam: string }).homeTeam).toBe(team!.name);
    // The feed rewrites the plain name of its rows on every sync: the operator's English name stays what players read.
    await h.db.query('update teams set name = $2 where id = $1', [m!.home_id, 'Rewritten by the feed']);
    const again = json(await h.call('odds', { matchId: m!.id, lang: 'fr' }));
    expect((again.match as { homeTeam: string }).homeTeam).toBe(team!.name);
    await h.db.query('update teams set name = $2 where id = $1', [m!.home_id, team!.name]);
    const sports = json(await h.call('sports', { lang: 'de' }));
    expect((sports.results as { id: number; name: string }[]).find((s) => s.id === 1)?.name).toBe('Fußball');
  });

  it('market settings: names per language, list types, quarter lines, filter tabs and the live order, each audited and applied at once', async () => {
    const r0 = await ok('bo/catalogueMarkets', {});
    expect(r0.defaults).toEqual(DEFAULT_MARKET_SETTINGS);
    const total = DEFAULT_MARKET_SETTINGS.types.find((t) => t.oddsType === 18)!;
    const before = await audits('catalogue.markets');
    const saved = await ok('bo/catalogueSaveOddType', { type: { ...total, names: { en: 'Goals over/under', de: 'Tore über/unter' }, outcomes: { 12: { en: 'Over', de: 'Über' } }, inList: false, hideQuarter: true } });
    expect(saved.rev).toBe((r0.rev as number) + 1);
    expect(await audits('catalogue.markets')).toBe(before + 1);
    // The same again: no revision, no audit row.
    const again = await ok('bo/catalogueSaveOddType', { type: { ...total, names: { en: 'Goals over/under', de: 'Tore über/unter' }, outcomes: { 12: { en: 'Over', de: 'Über' } }, inList: false, hideQuarter: true } });
    expect(again.rev).toBe(saved.rev);
    expect(await audits('catalogue.markets')).toBe(before + 1);

    // List rows no longer carry type 18 by default; a match's markets name it in German.
    const list = json(await h.call('matches', { sportId: 1, limit: 20 }));
    const rows = (list.data as { results: { odds: { oddstype: number }[] }[] }).results;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => m.odds.every((g) => g.oddstype !== 18))).toBe(true);
    const [m] = await h.db.query<{ match_id: number }>("select g.match_id from odds_groups g join matches m on m.id = g.match_id where g.odds_type = 18 and m.status = 'not_started' limit 1");
    await h.db.query("insert into odds_groups (match_id, odds_type, special) values ($1, 18, '2.25') on conflict do nothing", [m!.match_id]);
    const detail = json(await h.call('odds', { matchId: m!.match_id, lang: 'de' }));
    const groups = detail.results as { oddstype: number; special: string; typeName: string; outcomes: { outcomeid: number; outcome: string }[] }[];
    const ou = groups.filter((g) => g.oddstype === 18);
    expect(ou.length).toBeGreaterThan(0);
    expect(ou[0]!.typeName).toBe('Tore über/unter');
    expect(ou[0]!.outcomes.find((o) => o.outcomeid === 12)?.outcome).toBe('Über');
    expect(ou.some((g) => isQuarterLine(g.special))).toBe(false);
    const fr = json(await h.call('odds', { matchId: m!.match_id, lang: 'fr' }));
    expect((fr.results as { oddstype: number; typeName: string }[]).find((g) => g.oddstype === 18)?.typeName).toBe('Goals over/under');

    // Unknown type, unknown outcome, no English name: refused, nothing stored.
    const rev = saved.rev as number;
    for (const type of [{ ...total, oddsType: 99_999 }, { ...total, outcomes: { 99: { en: 'x' } } }, { ...total, names: { de: 'x' } }]) {
      expect(json(await h.call('bo/catalogueSaveOddType', { type }, { cookie: admin })).status).toBe(false);
    }
    expect((await ok('bo/catalogueMarkets', {})).rev).toBe(rev);

    // Filter tabs of a sport: 'all' first, known types only.
    const tabs = [{ id: 'all', types: [] }, { id: 'main', types: [1, 186] }, { id: 'corners', types: [136] }];
    const f = await ok('bo/catalogueSaveFilters', { sportId: 3, filters: tabs });
    expect(f.rev).toBe(rev + 1);
    expect(json(await h.call('bo/catalogueSaveFilters', { sportId: 3, filters: [{ id: 'main', types: [1] }] }, { cookie: admin })).status).toBe(false);
    expect(json(await h.call('bo/catalogueSaveFilters', { sportId: 3, filters: [{ id: 'all', types: [] }, { id: 'main', types: [77_777] }] }, { cookie: admin })).status).toBe(false);
    expect(((await ok('bo/catalogueMarkets', {})).settings as { filters: Record<string, unknown> }).filters['3']).toEqual(tabs);
    // Today's football tabs save unchanged (their goal family names types the catalogue lists no names for).
    await ok('bo/catalogueSaveFilters', { sportId: 1, filters: DEFAULT_MARKET_SETTINGS.filters['1'] });
    const settings = json(await h.call('marketSettings', { lang: 'de' }));
    expect(settings).toMatchObject({ status: true, filters: { 3: tabs } });
    expect((settings.types as { oddsType: number; name: string }[]).find((t) => t.oddsType === 18)?.name).toBe('Tore über/unter');

    // Live league order: football leagues only.
    const leagues = await h.db.query<{ id: number }>('select id from tournaments where sport_id = 1 order by id limit 2');
    const order = [leagues[1]!.id, leagues[0]!.id];
    await ok('bo/catalogueSaveLiveOrder', { leagueIds: order });
    expect(((await ok('bo/catalogueMarkets', {})).settings as { liveLeagueOrder: number[] }).liveLeagueOrder).toEqual(order);
    const [basket] = await h.db.query<{ id: number }>('select id from tournaments where sport_id = 3 limit 1');
    expect(json(await h.call('bo/catalogueSaveLiveOrder', { leagueIds: [basket!.id] }, { cookie: admin })).status).toBe(false);
    expect(json(await h.call('bo/catalogueSaveLiveOrder', { leagueIds: [order[0], order[0]] }, { cookie: admin })).status).toBe(false);
  });

  it('another process sees a change within 2 s (the stored revision is checked at most a second apart)', async () => {
    // This process's cache plays the other process: a change is written behind its back.
    const { marketSettings } = await import('../../server/catalogue/markets.ts');
    const [league] = await h.db.query<{ id: number }>('select id from tournaments where sport_id = 1 order by id desc limit 1');
    const before = (await marketSettings(h.db)).liveLeagueOrder;
    const next = before.includes(league!.id) ? [] : [league!.id];
    await h.db.query("insert into catalogue_config (key, value, updated_at) values ('liveLeagueOrder', $1, now()) on conflict (key) do update set value = excluded.value", [JSON.stringify(next)]);
    await h.db.query('update catalogue_rev set rev = rev + 1');
    const started = Date.now();
    const seen = async () => JSON.stringify((await marketSettings(h.db)).liveLeagueOrder) === JSON.stringify(next);
    while (!(await seen()) && Date.now() - started < 2500) await new Promise((r) => setTimeout(r, 50));
    const ms = Date.now() - started;
    console.log(`catalogue change seen by the other cache after ${ms} ms`);
    expect(await seen()).toBe(true);
    expect(ms).toBeLessThan(2000);
  });
});
