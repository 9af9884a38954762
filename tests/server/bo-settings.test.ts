/**
 * Site settings in the back office on both databases: the team reads and saves them a
 * screen at a time, each change audited and applied at once (GET /api/settings, the rules that read
 * them); bad input, another screen's key or a caller without the permission change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness } from './harness.ts';
import { json } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { SITE_SETTINGS } from '../../server/settings/site-settings.ts';
import { SITE_SETTING_DEFAULTS } from '../../domain/settings/site-settings.ts';

const DRIVERS = await drivers();

describe.each(DRIVERS)('back-office site settings on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const saved = { ...SITE_SETTINGS };
  const who = useTeamAndDealer(h);
  let admin = '';
  let dealer = '';
  beforeAll(() => { admin = who.admin(); dealer = who.dealer(); });
  afterAll(() => { Object.assign(SITE_SETTINGS, saved); });

  const publicSettings = async () => (await h.app.inject({ method: 'GET', url: '/api/settings' })).json<{ settings: Record<string, unknown>; rev: number }>();
  const stored = async () => ({
    rows: await h.db.query<{ key: string; value: unknown }>('select key, value from site_settings order by key'),
    rev: Number((await h.db.query<{ rev: string }>('select rev from site_settings_rev'))[0]!.rev),
    audits: Number((await h.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'settings.change'"))[0]!.n),
  });

  it('reads every setting with its default', async () => {
    const r = json(await h.call('bo/siteSettings', {}, { cookie: admin }));
    expect(r.status).toBe(true);
    expect(Object.keys(r.settings as object).sort()).toEqual(Object.keys(SITE_SETTING_DEFAULTS).sort());
    expect(r.defaults).toEqual(SITE_SETTING_DEFAULTS);
  });

  it('saves a screen: stored, audited with before and after, applied at once', async () => {
    const before = await stored();
    const res = json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { maintenance: 1, coupons_day: 14, login_screen: SITE_SETTINGS.login_screen } }, { cookie: admin }));
    expect(res).toMatchObject({ status: true, rev: before.rev + 1 });
    expect((res.changed as string[]).sort()).toEqual(['coupons_day', 'maintenance']);
    const after = await stored();
    expect(after.rows).toEqual(expect.arrayContaining([{ key: 'maintenance', value: 1 }, { key: 'coupons_day', value: 14 }]));
    expect(after.audits).toBe(before.audits + 1);
    const [audit] = await h.db.query<{ before: Record<string, unknown>; after: Record<string, unknown>; object_id: string }>("select before, after, object_id from audit_log where action = 'settings.change' order by id desc limit 1");
    expect(audit).toMatchObject({ object_id: 'general', before: { maintenance: 0, coupons_day: 30 }, after: { maintenance: 1, coupons_day: 14 } });
    expect(SITE_SETTINGS.maintenance).toBe(1);
    const pub = await publicSettings();
    expect(pub.settings).toMatchObject({ maintenance: 1, coupons_day: 14 });
    expect(pub.rev).toBe(before.rev + 1);
    // The same values again: nothing to store, no audit row, the same revision.
    const again = json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { maintenance: 1 } }, { cookie: admin }));
    expect(again).toMatchObject({ status: true, rev: before.rev + 1, changed: [] });
    expect((await stored()).audits).toBe(after.audits);
    // Back to normal for the other tests of this file.
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'general', settings: { maintenance: 0, coupons_day: 30 } }, { cookie: admin })).status).toBe(true);
  });

  it('keeps the e-mail relay out of the players\' settings', async () => {
    expect(json(await h.call('bo/saveSiteSettings', { screen: 'email', settings: { smtp_host: 'mail.example.com', smtp_user: 'relay', mail_from: 'no-reply@example.com' } }, { cookie: admin })).status).toBe(true);
    const pub = await publicSettings();
    expect(pub.settings).not.toHaveProperty('smtp_host');
    expect(pub.settings).not.toHaveProperty('smtp_user');
    expect(pub.settings).toHaveProperty('footer_text');
    expect(json(await h.call('bo/siteSettings', {}, { cookie: admin })).settings).toMatchObject({ smtp_host: 'mail.example.com' });
  });

  it.each([
    ['an unknown key', { screen: 'general', settings: { nope: 1 } }],
    ['a flag out of range', { screen: 'general', settings: { maintenance: 2 } }],
    ['a number as text', { screen: 'general', settings: { coupons_day: '14' } }],
    ['a key of another screen', { screen: 'general', settings: { footer_text: 'x' } }],
    ['a link that is not http(s)', { screen: 'site', settings: { facebook_link: 'javascript:alert(1)' } }],
    ['a script outside /site/', { screen: 'site', settings: { general_js: 'https://evil.example/x.js' } }],
    ['a colour that is not #rrggbb', { screen: 'theme', settings: { theme_primary: 'red' } }],
    ['an unknown screen', { screen: 'casino', settings: {} }],
  ])('refuses %s and changes nothing', async (_what, payload) => {
    const before = await stored();
    const res = await h.call('bo/saveSiteSettings', payload, { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(json(res).status).toBe(false);
    expect(await stored()).toEqual(before);
  });

  it('refuses a dealer (no permission) and a visitor', async () => {
    const before = await stored();
    expect((await h.call('bo/saveSiteSettings', { screen: 'general', settings: { maintenance: 1 } }, { cookie: dealer })).statusCode).toBe(403);
    expect((await h.call('bo/siteSettings', {}, { cookie: dealer })).statusCode).toBe(403);
    expect((await h.call('bo/saveSiteSettings', { screen: 'general', settings: { maintenance: 1 } })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
    expect(SITE_SETTINGS.maintenance).toBe(0);
  });
});
