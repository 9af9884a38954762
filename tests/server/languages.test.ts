/**
 * Issue 18: the `languages` call of account-platform.md section 7 (lang, reqId -> status, results)
 * answers the languages the site offers with their native names and which is the default, from the
 * site settings the back office edits; server messages come in the caller's language, English for
 * a text a language lacks. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { SITE_SETTINGS } from '../../server/settings/site-settings.ts';
import { LANGUAGES } from '../../domain/languages.ts';
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

  it('answers a refusal in the caller\'s language, English where the language has no text', async () => {
    for (const lang of ['tr', 'en', 'de', 'fa', 'iq']) {
      const r = json(await h.call('login', { lang, userName: 'nobody1', password: 'wrong1234' }));
      expect(r.status).toBe(false);
      expect(r.msg).toBe(message('wrongLogin', lang));
    }
    // ku is how some calls send iq (domain/wire-lang.ts): the same Kurdish texts.
    expect(message('wrongLogin', 'ku')).toBe(message('wrongLogin', 'iq'));
    expect(message('wrongLogin', 'xx')).toBe('Wrong username or password');
  });
});
