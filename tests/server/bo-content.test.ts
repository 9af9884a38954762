/**
 * Content in the back office on both databases: banners, pages, pop-ups, notifications,
 * bonuses and promotions, payment methods. Each call works and is audited, the player calls read
 * what was saved, hostile HTML is sanitised, bad input is refused with nothing changed, a dealer
 * (no manageContent) is refused, and every change moves the content revision apps follow.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useHarness, type Harness } from './harness.ts';
import { create, json, uname } from './bo-helpers.ts';
import { useTeamAndDealer } from './bo-catalogue-helpers.ts';
import { sanitizeContentHtml } from '../../server/content/html.ts';
import { BO_CONTENT_CALLS } from '../../domain/content/bo-calls.ts';

const DRIVERS = await drivers();

const HOSTILE = [
  '<p>ok</p><script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">t</p>',
  '<svg><script>alert(1)</script></svg>',
  '<form action="https://evil.example"><input name=a></form>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<a href="https://ok.example">out</a>',
].join('');

describe('the content sanitiser', () => {
  it('keeps text markup and drops scripts, handlers, frames, forms and unsafe URLs', () => {
    const out = sanitizeContentHtml(HOSTILE);
    expect(out).not.toMatch(/script|onerror|onclick|javascript:|iframe|<form|<input|style=|data:|<svg/i);
    expect(out).toContain('<p>ok</p>');
    expect(out).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">out</a>');
    expect(sanitizeContentHtml('<h3>T</h3><ul><li><b>a</b></li></ul><img src="/media/0123456789abcdef01234567-390" alt="p">'))
      .toBe('<h3>T</h3><ul><li><b>a</b></li></ul><img src="/media/0123456789abcdef01234567-390" alt="p" loading="lazy" />');
  });
});

describe.each(DRIVERS)('back-office content on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });
  const who = useTeamAndDealer(h);
  let admin = '';
  let dealer = '';
  beforeAll(() => { admin = who.admin(); dealer = who.dealer(); });

  const bo = async (name: string, payload: unknown, cookie = admin) => {
    const res = await h.call(name, payload, { cookie });
    return { code: res.statusCode, body: json(res) };
  };
  const audits = async (action: string) => (await h.db.query<{ n: number }>('select count(*)::int as n from audit_log where action = $1', [action]))[0]!.n;
  const rev = async () => Number((await h.db.query<{ rev: string }>('select rev from content_rev'))[0]!.rev);
  const snapshot = async (h2: Harness, table: string) => h2.db.query(`select * from ${table} order by 1`);
  /** Each bad payload is refused (4xx, status false) and the table, the audit log and the revision stay as they were. */
  const refusesAll = async (name: string, table: string, bad: unknown[], cookie = admin) => {
    const before = { rows: await snapshot(h, table), audit: (await h.db.query('select count(*)::int as n from audit_log'))[0], rev: await rev() };
    for (const p of bad) {
      const r = await bo(name, p, cookie);
      expect({ p, code: r.code >= 400 && r.code < 500, status: r.body.status }).toEqual({ p, code: true, status: false });
    }
    expect({ rows: await snapshot(h, table), audit: (await h.db.query('select count(*)::int as n from audit_log'))[0], rev: await rev() }).toEqual(before);
  };

  it('banners: create with a schedule, order, edit, delete; the player call shows only what is live', async () => {
    const r0 = await rev();
    const mk = async (name: string, extra: Record<string, unknown> = {}) => {
      const r = await bo('bo/saveBanner', { name, url: `/media/${'a'.repeat(24)}-1170`, title: name, link: 'livebets', displayState: 19, ...extra });
      expect(r.body).toMatchObject({ status: true });
      return r.body.id as number;
    };
    const a = await mk('A');
    const b = await mk('B', { language: 'tr' });
    const later = await mk('Later', { startsAt: new Date(h.clock.now + 86_400_000).toISOString() });
    const over = await mk('Over', { endsAt: new Date(h.clock.now - 1000).toISOString(), startsAt: new Date(h.clock.now - 86_400_000).toISOString() });
    const en = await mk('En', { language: 'en' });
    expect(await rev()).toBe(r0 + 5);
    expect(await audits('banner.create')).toBeGreaterThanOrEqual(5);
    const player = async (lang = 'tr') => (await h.call('banners', { displayState: [19], lang })).json<{ results: Array<{ banners: Array<{ id: number; url: string }> }> }>().results[0]!.banners;
    expect((await player()).map((x) => x.id)).toEqual([a, b]);
    expect((await player())[0]!.url).toBe(`media/${'a'.repeat(24)}-1170`);
    expect((await player('en')).map((x) => x.id)).toEqual([a, en]);

    expect((await bo('bo/orderBanners', { displayState: 19, ids: [b, a] })).body.status).toBe(true);
    expect((await player()).map((x) => x.id)).toEqual([b, a]);
    expect(await audits('banner.order')).toBe(1);

    expect((await bo('bo/saveBanner', { id: a, name: 'A2', url: '/banners/home-live.svg', displayState: 19, status: 0 })).body.status).toBe(true);
    expect((await player()).map((x) => x.id)).toEqual([b]);
    const list = (await bo('bo/banners', { displayState: 19 })).body.results as Array<{ id: number; name: string; startsAt: string | null }>;
    expect(list.map((x) => x.id).sort()).toEqual([a, b, later, over, en].sort());
    expect(list.find((x) => x.id === later)!.startsAt).not.toBeNull();
    // A listed banner saved back as it is (its image address included) stays as it was for the player.
    const listedB = (list as unknown as Array<Record<string, unknown>>).find((x) => x.id === b)!;
    expect(listedB.url).toBe(`/banners/media/${'a'.repeat(24)}-1170`);
    expect((await bo('bo/saveBanner', listedB)).body.status).toBe(true);
    expect((await player()).find((x) => x.id === b)!.url).toBe(`media/${'a'.repeat(24)}-1170`);

    expect((await bo('bo/deleteBanner', { id: over })).body.status).toBe(true);
    expect(await audits('banner.delete')).toBe(1);

    await refusesAll('bo/saveBanner', 'banners', [
      { name: 'x', url: 'javascript:alert(1)', displayState: 19 },
      { name: 'x', url: '', displayState: 19 },
      { name: '', url: '/media/x', displayState: 19 },
      { name: 'x', url: '/media/x', displayState: 19, link: 'javascript:alert(1)' },
      { name: 'x', url: '/media/x', displayState: 19, startsAt: '2026-07-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
      { name: 'x', url: '/media/x', displayState: 19, language: 'turkish' },
      { id: 999_999, name: 'x', url: '/media/x', displayState: 19 },
      { name: 'x', url: '/media/x', displayState: 'home' },
    ]);
    await refusesAll('bo/orderBanners', 'banners', [{ displayState: 19, ids: [b, b] }, { displayState: 19, ids: [999_999] }, { displayState: 19, ids: [] }]);
    await refusesAll('bo/deleteBanner', 'banners', [{ id: 999_999 }, { id: -1 }]);
  });

  it('pages: the spec ids are edited, hostile HTML is stored sanitised, the player reads it', async () => {
    expect((await bo('bo/savePage', { pageId: 7, language: 'tr', title: 'Hakkımızda', content: '<p>Biz</p>' })).body.status).toBe(true);
    const res = await bo('bo/savePage', { pageId: 7, language: 'tr', title: 'Hakkımızda 2', content: HOSTILE });
    expect(res.body.status).toBe(true);
    const page = (await h.call('getPage', { pageid: 7, lang: 'tr' })).json<{ results: { title: string; content: string } }>().results;
    expect(page.title).toBe('Hakkımızda 2');
    expect(page.content).toBe(res.body.content);
    expect(page.content).not.toMatch(/script|onerror|javascript:|iframe/i);
    const [audit] = await h.db.query<{ object_id: string; before: { title: string } | null }>("select object_id, before from audit_log where action = 'page.edit' order by id desc limit 1");
    expect(audit).toMatchObject({ object_id: '7:tr', before: { title: 'Hakkımızda' } });
    // Another language of the page: created, then deleted; the Turkish text of a spec page stays.
    expect((await bo('bo/savePage', { pageId: 7, language: 'en', title: 'About', content: '<p>About us</p>' })).body.status).toBe(true);
    expect((await h.call('getPage', { pageid: 7, lang: 'en' })).json<{ results: { title: string } }>().results.title).toBe('About');
    expect((await bo('bo/deletePage', { pageId: 7, language: 'en' })).body.status).toBe(true);
    expect((await h.call('getPage', { pageid: 7, lang: 'en' })).json<{ results: { title: string } }>().results.title).toBe('Hakkımızda 2');
    const pages = (await bo('bo/pages', {})).body.results as Array<{ id: number; language: string; title: string }>;
    expect(pages).toContainEqual(expect.objectContaining({ id: 7, language: 'tr', title: 'Hakkımızda 2' }));
    await refusesAll('bo/deletePage', 'pages', [{ pageId: 7, language: 'tr' }, { pageId: 7, language: 'xx' }, { pageId: 0, language: 'tr' }]);
    await refusesAll('bo/savePage', 'pages', [{ pageId: 7, language: 'tr', title: '', content: 'x' }, { pageId: 7, language: 'TR', title: 't', content: 'x' }, { pageId: 7, language: 'tr', title: 't', content: 'x'.repeat(100_001) }]);
  });

  it('pop-ups: types, rotation order, auto-close, per language; the player gets them in that order', async () => {
    await h.db.query('update popups set status = 0');
    const mk = async (extra: Record<string, unknown>) => (await bo('bo/savePopup', { type: 0, type2: 1, title: 'P', content: '<p>x</p><script>1</script>', ...extra })).body.id as number;
    const second = await mk({ title: 'Second', listOrder: 2, autoClose: 15 });
    const first = await mk({ title: 'First', listOrder: 1 });
    await mk({ title: 'English', listOrder: 0, language: 'en' });
    const got = (await h.call('getPopups', { lang: 'tr' })).json<{ results: Array<{ id: number; content: string; autoClose: number }> }>().results;
    expect(got.map((p) => p.id)).toEqual([first, second]);
    expect(got[1]).toMatchObject({ autoClose: 15, content: '<p>x</p>' });
    expect((await bo('bo/deletePopup', { id: second })).body.status).toBe(true);
    expect(await audits('popup.create')).toBe(3);
    await refusesAll('bo/savePopup', 'popups', [{ type: 9, type2: 0, title: 'x', content: '' }, { type: 0, type2: 0, title: 'x', content: '', autoClose: -1 }, { id: 999_999, type: 0, type2: 0, title: 'x', content: '' }]);
  });

  it('notifications: to every player, to named players, to a dealer\'s players; only they see theirs', async () => {
    const operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('op') });
    const dealerId = await create(h, admin, 'bo/createDealer', { role: 'dealer', parentId: operatorId, userName: uname('d') });
    const pName = uname('pl');
    await create(h, admin, 'bo/createUser', { kind: 'player', dealerId, userName: pName });
    const pCookie = await h.login(pName, 'pass1234');
    const other = await h.login('demo', 'demo1234');
    const all = await bo('bo/sendNotification', { title: 'Herkese', content: '<p>hi</p><img src=x onerror=alert(1)>', target: { kind: 'all' } });
    expect(all.body).toMatchObject({ status: true, recipients: 0 });
    const seg = await bo('bo/sendNotification', { title: 'Bayiye', content: '<p>seg</p>', target: { kind: 'dealer', dealerId } });
    expect(seg.body).toMatchObject({ status: true, recipients: 1 });
    const named = await bo('bo/sendNotification', { title: 'İsimle', content: '<p>n</p>', target: { kind: 'users', userNames: [pName] } });
    expect(named.body).toMatchObject({ status: true, recipients: 1 });
    const titles = async (cookie: string) => (await h.call('getNotifs', {}, { cookie })).json<{ results: Array<{ title: string; content: string }> }>().results.map((n) => n.title);
    expect(await titles(pCookie)).toEqual(expect.arrayContaining(['Herkese', 'Bayiye', 'İsimle']));
    const seen = await titles(other);
    expect(seen).toContain('Herkese');
    expect(seen).not.toContain('Bayiye');
    const listed = (await bo('bo/notifications', {})).body.results as Array<{ id: number; target: string; recipients: number; content: string }>;
    expect(listed.find((n) => n.id === seg.body.id)).toMatchObject({ target: `dealer:${dealerId}`, recipients: 1 });
    expect(listed.find((n) => n.id === all.body.id)!.content).toBe('<p>hi</p>');
    expect(await audits('notification.send')).toBe(3);
    expect((await bo('bo/deleteNotification', { id: seg.body.id })).body.status).toBe(true);
    expect(await titles(pCookie)).not.toContain('Bayiye');
    await refusesAll('bo/sendNotification', 'notifications', [
      { title: 'x', content: 'x', target: { kind: 'users', userNames: ['nobody-at-all'] } },
      { title: 'x', content: 'x', target: { kind: 'dealer', dealerId: 999_999 } },
      { title: 'x', content: 'x', target: { kind: 'everyone' } },
      { title: '', content: 'x', target: { kind: 'all' } },
      { title: 'x', content: 'x', target: { kind: 'currency', currency: 'try' } },
    ]);
  });

  it('bonuses and promotions: texts, image, rules; the player calls read them', async () => {
    const made = await bo('bo/saveBonus', { title: 'Yeni Bonus', bannerTitle: 'Yeni', image: `/media/${'b'.repeat(24)}-780`, content: '<p>Metin</p><script>x</script>', rules: '<ul><li>5 kat çevrim</li></ul>', listOrder: 0 });
    expect(made.body.status).toBe(true);
    const id = made.body.id as number;
    const promo = (await h.call('promotionDetail', { bonusId: id })).json<{ results: { bonusImage: string; content: string; rules: string } }>().results;
    expect(promo).toEqual({ bonusId: id, bonusImage: `/media/${'b'.repeat(24)}-780`, bannerTitle: 'Yeni', content: '<p>Metin</p>', rules: '<ul><li>5 kat çevrim</li></ul>' });
    expect((await h.call('promotions', {})).json<{ results: Array<{ bonusId: number }> }>().results[0]!.bonusId).toBe(id);
    expect((await bo('bo/saveBonus', { id, title: 'Yeni Bonus', content: '<p>Metin</p>', promotion: 0 })).body.status).toBe(true);
    expect((await h.call('promotions', {})).json<{ results: Array<{ bonusId: number }> }>().results.map((r) => r.bonusId)).not.toContain(id);
    const listed = (await bo('bo/bonuses', {})).body.results as Array<{ id: number; promotion: number }>;
    expect(listed.find((b) => b.id === id)).toMatchObject({ promotion: 0 });
    expect(await audits('bonus.edit')).toBe(1);
    await refusesAll('bo/saveBonus', 'bonuses', [{ title: '', content: 'x' }, { title: 'x', content: 'x', image: 'javascript:x' }, { id: 999_999, title: 'x', content: 'x' }]);
  });

  it('payment methods: category, pay type with its form and limits, community bank with amounts; the player calls read them', async () => {
    const cat = (await bo('bo/savePayCategory', { catName: 'Kripto', info: 'USDT', transferType: 0, listOrder: 0, logo: `/media/${'c'.repeat(24)}-64` })).body.id as number;
    const form = (await bo('bo/savePayType', {
      catId: cat, payType: 'FORM', payTag: 'USDT TRC20', minAmount: 10_000, maxAmount: 2_000_000,
      fields: [{ name: 'amount', title: 'Tutar', type: 'amount' }, { name: 'wallet', title: 'Cüzdan', type: 'text', minLength: 30, maxLength: 40 }],
      infofields: [{ label: 'Süre', text: '10 dakika' }],
    })).body.id as number;
    const cb = (await bo('bo/savePayType', { catId: cat, payType: 'COMMUNITY_BANK', payTag: 'Topluluk', minAmount: 10_000, maxAmount: 500_000, fields: [] })).body.id as number;
    const bank = (await bo('bo/savePayBank', { payId: cb, name: 'Vakıf', swiftcode: 'TVBATR2A', amounts: [10_000, 20_000] })).body.id as number;
    expect(bank).toBeGreaterThan(0);
    const demo = await h.login('demo', 'demo1234');
    const methods = (await h.call('payCategories', { transferType: 0 }, { cookie: demo })).json();
    const text = JSON.stringify(methods);
    expect(text).toContain('Kripto');
    expect(text).toContain('USDT TRC20');
    const banks = (await h.call('banks', { payId: cb, payCatId: cat }, { cookie: demo })).json<{ banks: Array<{ name: string; amounts: Array<{ amount: number }> }> }>().banks;
    expect(banks).toEqual([expect.objectContaining({ name: 'Vakıf', amounts: [expect.objectContaining({ amount: 10_000 }), expect.objectContaining({ amount: 20_000 })] })]);
    // Passive: the player no longer sees it; the back office still lists it.
    expect((await bo('bo/savePayType', { id: form, catId: cat, payType: 'FORM', payTag: 'USDT TRC20', minAmount: 10_000, maxAmount: 2_000_000, fields: [{ name: 'amount', title: 'Tutar', type: 'amount' }], status: 0 })).body.status).toBe(true);
    expect(JSON.stringify((await h.call('payCategories', { transferType: 0 }, { cookie: demo })).json())).not.toContain('USDT TRC20');
    const listed = (await bo('bo/paymentMethods', {})).body.results as Array<{ id: number; types: Array<{ id: number; status: number; banks: unknown[] }> }>;
    expect(listed.find((c) => c.id === cat)!.types.map((t) => [t.id, t.status, t.banks.length])).toEqual([[form, 0, 0], [cb, 1, 1]]);
    expect((await bo('bo/deletePayBank', { id: bank })).body.status).toBe(true);
    expect(await audits('payType.create')).toBeGreaterThanOrEqual(2);
    await refusesAll('bo/savePayType', 'pay_types', [
      { catId: cat, payType: 'FORM', payTag: 'x', minAmount: 500, maxAmount: 100, fields: [{ name: 'amount', title: 'T', type: 'amount' }] },
      { catId: cat, payType: 'FORM', payTag: 'x', minAmount: 1, maxAmount: 100, fields: [{ name: 'wallet', title: 'W', type: 'text' }] },
      { catId: cat, payType: 'FORM', payTag: 'x', minAmount: 1, maxAmount: 100, fields: [{ name: 'amount', title: 'T', type: 'amount' }, { name: 'amount', title: 'T', type: 'text' }] },
      { catId: 999_999, payType: 'FORM', payTag: 'x', minAmount: 1, maxAmount: 100, fields: [{ name: 'amount', title: 'T', type: 'amount' }] },
      { catId: cat, payType: 'CRYPTO', payTag: 'x', minAmount: 1, maxAmount: 100, fields: [] },
      { catId: cat, payType: 'FORM', payTag: 'x', minAmount: 1.5, maxAmount: 100, fields: [{ name: 'amount', title: 'T', type: 'amount' }] },
    ]);
    await refusesAll('bo/savePayBank', 'pay_banks', [{ payId: form, name: 'x', swiftcode: 'ABCDTR2A' }, { payId: cb, name: 'x', swiftcode: 'bad swift' }, { payId: cb, name: 'x', swiftcode: 'ABCDTR2A', amounts: [0] }]);
    await refusesAll('bo/savePayCategory', 'pay_categories', [{ catName: 'x', transferType: 2 }, { catName: '', transferType: 0 }]);
  });

  it('every content call refuses a dealer without manageContent and changes nothing', async () => {
    // A valid payload of each call (the schema is checked before the permission).
    const sample: Record<string, unknown> = {
      'bo/saveBanner': { name: 'x', url: '/media/x', displayState: 19 }, 'bo/orderBanners': { displayState: 19, ids: [1] },
      'bo/deleteBanner': { id: 1 }, 'bo/deletePopup': { id: 1 }, 'bo/deleteNotification': { id: 1 }, 'bo/deletePayBank': { id: 1 },
      'bo/savePage': { pageId: 7, language: 'tr', title: 't', content: 'x' }, 'bo/deletePage': { pageId: 7, language: 'en' },
      'bo/savePopup': { type: 0, type2: 0, title: 'x', content: 'x' },
      'bo/sendNotification': { title: 'x', content: 'x', target: { kind: 'all' } }, 'bo/uploadImage': { kind: 'logo', data: 'AAAA' },
      'bo/saveBonus': { title: 'x', content: 'x' }, 'bo/savePayCategory': { catName: 'x', transferType: 0 },
      'bo/savePayType': { catId: 1, payType: 'FORM', payTag: 'x', minAmount: 1, maxAmount: 2, fields: [{ name: 'amount', title: 'T', type: 'amount' }] },
      'bo/savePayBank': { payId: 1, name: 'x', swiftcode: 'ABCDTR2A' },
    };
    const r0 = await rev();
    for (const name of Object.keys(BO_CONTENT_CALLS)) {
      const r = await bo(name, sample[name] ?? {}, dealer);
      expect({ name, code: r.code }).toEqual({ name, code: 403 });
    }
    expect(await rev()).toBe(r0);
  });
});
