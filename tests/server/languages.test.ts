/**
 * The `languages` call of account-platform.md section 7 (lang, reqId -> status, results)
 * answers the languages the site offers with their native names and which is the default, from the
 * site settings the back office edits; server messages come in the caller's language, English for
 * a text a language lacks. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { SITE_SETTINGS } from '../../server/settings/site-settings.ts';
import { LANGUAGES, siteLanguage } from '../../domain/languages.ts';
import { message } from '../../domain/messages.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('languages on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const saved = { ...SITE_SETTINGS };
  const who = useTeamAndDealer(h);
  let admin = '';
  beforeAll(() => { admin = who.admin(); });
  afterAll(() => { Object.assign(SITE_SETTINGS, saved); });

  type Row = { lang: string; name: string; english: string; dir: string; default: boolean };
  const languages = async () => json(await h.call('languages', { lang: 'de', reqId: 'r-1' })) as { status: boolean; results: Row[] };

  it('answers the 17 languages of section 9 with native names, Turkish the default', async () => {
    const r = await languages();
    expect(r.status).toBe(true);
    expect(r.results.map((l) => l.lang)).toEqual([...LANGUAGES]);
    expect(r.results.filter((l) => l.default).map((l) => l.lang)).toEqual(['tr']);
    const byLang = Object.fromEntries(r.results.map((l) => [l.lang, l]));
    expect(byLang.tr).toMatchObject({ name: 'Türkçe', dir: 'ltr' });
    expect(byLang.fa).toMatchObject({ name: 'فارسی', dir: 'rtl' });
    expect(byLang.iq).toMatchObject({ english: 'Kurdish (Sorani)', dir: 'rtl' });
    expect(byLang.kr).toMatchObject({ english: 'Kurdish (Kurmanji)', dir: 'ltr' });
    expect(byLang.cw).toMatchObject({ name: 'Papiamentu' });
  });

  it('follows the back office: the languages offered and the default', async () => {
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { languages: ['fa', 'en', 'tr'] } }, { cookie: admin })).status).toBe(true);
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'theme', settings: { default_language: 'fa' } }, { cookie: admin })).status).toBe(true);
    const r = await languages();
    // In section 9 order, whatever order they were ticked in.
    expect(r.results.map((l) => [l.lang, l.default])).toEqual([['en', false], ['fa', true], ['tr', false]]);
    // A default the site no longer offers falls back to Turkish.
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { languages: ['en', 'tr'] } }, { cookie: admin })).status).toBe(true);
    expect((await languages()).results.map((l) => [l.lang, l.default])).toEqual([['en', false], ['tr', true]]);
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { languages: [...LANGUAGES] } }, { cookie: admin })).status).toBe(true);
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'theme', settings: { default_language: 'tr' } }, { cookie: admin })).status).toBe(true);
  });

  it.each([
    ['an unknown code', { screen: 'general', settings: { languages: ['tr', 'xx'] } }],
    ['no language at all', { screen: 'general', settings: { languages: [] } }],
    ['a default that is not a language of section 9', { screen: 'theme', settings: { default_language: 'zz' } }],
  ])('refuses %s', async (_what, payload) => {
    const res = json(await h.call('bo/saveSiteSettings', payload, { cookie: admin }));
    expect(res.status).toBe(false);
    expect((await languages()).results).toHaveLength(LANGUAGES.length);
  });

  it('names sports in the call\'s language from the catalogue, English where it has none', async () => {
    const sportName = async (lang: string) =>
      (json(await h.call('sports', { lang })) as unknown as { results: Array<{ id: number; name: string }> }).results.find((s) => s.id === 1)?.name;
    expect(await sportName('tr')).toBe('Futbol');
    expect(await sportName('de')).toBe('Fußball');
    expect(await sportName('sq')).toBe('Football');
    // Results too: sport and country names in the call's language.
    const results = async (lang: string) =>
      (json(await h.call('matchResults', { lang, sportId: 1, limit: 5 })) as unknown as { results: Array<{ sportName: string; categoryName: string }> }).results;
    const de = await results('de');
    expect(de.length).toBeGreaterThan(0);
    expect(new Set(de.map((r) => r.sportName))).toEqual(new Set(['Fußball']));
    expect(de.map((r) => r.categoryName).some((c) => ['England', 'Spanien', 'Italien', 'Deutschland', 'Frankreich', 'Türkei', 'Europa'].includes(c))).toBe(true);
    expect(new Set((await results('tr')).map((r) => r.sportName))).toEqual(new Set(['Futbol']));
  });

  it('shows pop-ups in the call\'s language, the English ones when it has none', async () => {
    await h.db.query('update popups set status = 0');
    await h.db.query(`insert into popups (type, type2, title, content, auto_close, lang, list_order) values
      (0, 0, 'Haftanın fırsatı', '', 0, 'tr', 1), (0, 0, 'Deal of the week', '', 0, 'en', 1), (0, 0, 'Fırsat (fr)', '', 0, 'fr', 1)`);
    const titles = async (lang: string) => (json(await h.call('getPopups', { lang })) as unknown as { results: Array<{ title: string }> }).results.map((p) => p.title);
    expect(await titles('tr')).toEqual(['Haftanın fırsatı']);
    expect(await titles('de')).toEqual(['Deal of the week']);
    expect(await titles('en')).toEqual(['Deal of the week']);
    // One for every language ('') counts as the language's own: no English fallback then.
    await h.db.query(`insert into popups (type, type2, title, content, auto_close, lang, list_order) values (0, 0, 'Alle', '', 0, '', 0)`);
    expect(await titles('de')).toEqual(['Alle']);
    expect(await titles('fr')).toEqual(['Alle', 'Fırsat (fr)']);
    await h.db.query('delete from popups');
  });

  it('answers a refusal in the caller\'s language, English where the language has no text', async () => {
    // Each from its own address and name: the login throttle slows an address after a few failures.
    for (const [i, lang] of ['tr', 'en', 'de', 'fa', 'iq'].entries()) {
      const r = json(await h.call('login', { lang, userName: `nobody${i + 1}`, password: 'wrong1234' }, { remoteAddress: `10.9.0.${i + 1}` }));
      expect(r.status).toBe(false);
      expect(r.msg).toBe(message('wrongLogin', lang));
    }
    // ku is how some calls send iq (domain/wire-lang.ts): the same Kurdish texts.
    expect(message('wrongLogin', 'ku')).toBe(message('wrongLogin', 'iq'));
    expect(message('wrongLogin', 'xx')).toBe('Wrong username or password');
  });
});

describe('the language a visitor is sent to (section 2 guards)', () => {
  it('keeps an offered code, else the site\'s default language', () => {
    const site = { languages: ['de', 'en', 'tr'], default_language: 'de' };
    expect(siteLanguage(site, 'en')).toBe('en');
    // No stored language: the default, not Turkish.
    expect(siteLanguage(site, undefined, null)).toBe('de');
    // A known code the site does not offer, or an unknown one: the next wanted one, else the default.
    expect(siteLanguage(site, 'ru', 'tr')).toBe('tr');
    expect(siteLanguage(site, 'xx', 'ru')).toBe('de');
    // No settings yet: every language, Turkish the default.
    expect(siteLanguage({}, 'ru')).toBe('ru');
    expect(siteLanguage({})).toBe('tr');
    // A default the site no longer offers: Turkish when offered, else the first offered.
    expect(siteLanguage({ languages: ['en', 'fa'], default_language: 'de' })).toBe('en');
  });
});
