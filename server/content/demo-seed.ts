import { LOCKS, type Db } from '../db/client.ts';
import { hashPassword } from '../accounts/password.ts';

const f = (name: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({ name, title, type, placeHolder: title, required: 1, ...extra });

/** Static pages of section 2 by id (Turkish; other languages fall back to it). */
const PAGES: Array<[number, string, string]> = [
  [5, 'Bahis Sözlüğü', '<p><b>Banko</b>: sistem kuponunda her kombinasyonda yer alan maç.</p><p><b>Oran</b>: kazancın bahis tutarına oranı.</p>'],
  [6, 'Yardım / SSS', '<h3>Nasıl para yatırırım?</h3><p>Hesabım &gt; Para Yatır menüsünden bir yöntem seçiniz.</p><h3>Kuponumu nasıl görürüm?</h3><p>Kuponlar sekmesinden.</p>'],
  [7, 'Hakkımızda', '<p>BetPWA, telefonunuza kurabileceğiniz bir spor bahis ve casino uygulamasıdır.</p>'],
  [8, 'Gizlilik ve KYC', '<p>Kişisel verileriniz yalnızca hesabınızın yönetimi ve yasal yükümlülükler için işlenir.</p>'],
  [9, 'Kurallar ve Şartlar', '<p>18 yaşından küçükler üye olamaz. Her kullanıcı yalnızca bir hesap açabilir.</p>'],
  [10, 'Sorumlu Oyun', '<p>Bahis bir eğlencedir. Kaybetmeyi göze alamayacağınız parayla oynamayınız.</p>'],
  [15, 'Kara Para Aklamayı Önleme', '<p>Şüpheli işlemler incelenir ve ilgili makamlara bildirilir.</p>'],
];

/**
 * Demo content of the account area (payment methods, bonuses, promotions, notifications, popups,
 * static pages); loads once, when there are no payment categories yet.
 */
export async function seedAccountDemo(db: Db, now: number): Promise<boolean> {
  // under a lock: processes started together on an empty database seed once
  return db.locked(LOCKS.accountSeed, () => seedAccountDemoLocked(db, now));
}

async function seedAccountDemoLocked(db: Db, now: number): Promise<boolean> {
  await ensureDemoAdmin(db);
  const [seen] = await db.query<{ n: number }>('select count(*)::int as n from pay_categories');
  if ((seen?.n ?? 0) > 0) return false;
  await db.tx(async (q) => {
    const cat = async (name: string, info: string, type: 0 | 1, order: number) =>
      (await q.query<{ id: number }>('insert into pay_categories (cat_name, info, transfer_type, list_order) values ($1, $2, $3, $4) returning id', [name, info, type, order]))[0]!.id;
    const pay = async (catId: number, payType: string, tag: string, min: number, max: number, fields: unknown[], info: unknown[], iframe = 0, url = '') =>
      (await q.query<{ id: number }>(
        'insert into pay_types (cat_id, pay_type, pay_tag, min_amount, max_amount, fields, infofields, iframe, payment_url) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id',
        [catId, payType, tag, min, max, JSON.stringify(fields), JSON.stringify(info), iframe, url]))[0]!.id;

    const bankD = await cat('Banka Havalesi', 'Havale ile 7/24 yatırım', 0, 1);
    await pay(bankD, 'FORM', 'Havale / EFT', 5_000, 5_000_000,
      [f('amount', 'Tutar', 'amount'), f('senderName', 'Gönderen Adı', 'text', { minLength: 3, maxLength: 40 }), f('transferDate', 'Gönderim Tarihi', 'datetime')],
      [{ label: 'Süre', text: '5-15 dakika' }, { label: 'Ücret', text: 'Ücretsiz' }]);
    const community = await pay(bankD, 'COMMUNITY_BANK', 'Topluluk Bankası', 10_000, 1_000_000, [], [{ label: 'Süre', text: 'Anında' }]);
    for (const [name, swift] of [['Ziraat', 'TCZBTR2A'], ['Garanti', 'TGBATRIS'], ['Akbank', 'AKBKTRIS']] as const) {
      const amounts = name === 'Akbank' ? [] : [10_000, 25_000, 50_000, 100_000].map((amount) => ({ amount }));
      await q.query('insert into pay_banks (pay_id, name, swiftcode, amounts) values ($1, $2, $3, $4)', [community, name, swift, JSON.stringify(amounts)]);
    }
    const cardD = await cat('Kredi Kartı', 'Visa ve Mastercard', 0, 2);
    await pay(cardD, 'FORM', 'Kart ile Öde', 2_000, 2_000_000, [f('amount', 'Tutar', 'amount')], [{ label: 'Süre', text: 'Anında' }], 2, '/pay/demo');
    const papara = await cat('Papara', 'Papara hesabınızdan', 0, 3);
    await pay(papara, 'FORM', 'Papara', 2_000, 1_000_000, [f('amount', 'Tutar', 'amount'), f('paparaNo', 'Papara No', 'number', { minLength: 10, maxLength: 10 })], [{ label: 'Süre', text: '1-5 dakika' }]);

    const bankW = await cat('Banka Havalesi', 'Hesabınıza havale', 1, 1);
    await pay(bankW, 'FORM', 'Havale ile Çek', 10_000, 5_000_000,
      [f('amount', 'Tutar', 'amount'), f('firstName', 'Ad', 'text'), f('lastName', 'Soyad', 'text'), f('iban', 'IBAN', 'text', { minLength: 26, maxLength: 26 }), f('bankName', 'Banka', 'text', { minLength: 2, maxLength: 40 })],
      [{ label: 'Süre', text: '1 iş günü' }]);
    const paparaW = await cat('Papara', 'Papara hesabınıza', 1, 2);
    await pay(paparaW, 'FORM', 'Papara ile Çek', 5_000, 1_000_000, [f('amount', 'Tutar', 'amount'), f('paparaNo', 'Papara No', 'number', { minLength: 10, maxLength: 10 })], [{ label: 'Süre', text: '1 saat' }]);

    const bonuses: Array<[string, string, string]> = [
      ['%100 Hoş Geldin Bonusu', 'İlk yatırımınıza %100', '<p>İlk yatırımınıza 1.000 TL\'ye kadar %100 bonus. Çevrim şartı 5 kat.</p>'],
      ['%25 Kayıp Bonusu', 'Haftalık kayıplarınıza %25', '<p>Her pazartesi, geçen haftaki net kaybınızın %25\'i hesabınıza eklenir.</p>'],
      ['Kombine Sigortası', 'Tek maçla yatan kupona iade', '<p>En az 6 maçlı kombine kuponunuz tek maçla yatarsa bahis tutarınız iade edilir.</p>'],
    ];
    for (const [i, [title, banner, content]] of bonuses.entries()) {
      await q.query('insert into bonuses (title, banner_title, content, image, list_order) values ($1, $2, $3, $4, $5)', [title, banner, content, '', i]);
    }
    await q.query('insert into notifications (user_id, title, banner, content, created_at) values (null, $1, $2, $3, $4)',
      ['Hoş geldiniz', '', '<p>BetPWA\'ya hoş geldiniz. Hesabım menüsünden bonus talep edebilirsiniz.</p>', new Date(now)]);
    // Pop-ups per language: Turkish and English (the fallback of a language that has none).
    await q.query(`insert into popups (type, type2, title, content, auto_close, lang) values (0, 0, $1, $2, 0, 'tr'), (2, 1, $3, $4, 0, 'tr'),
      (0, 0, $5, $6, 0, 'en'), (2, 1, $7, $8, 0, 'en')`,
      ['Haftanın fırsatı', '<p>Süper Lig maçlarında artırılmış oranlar!</p>', 'Canlı bahis', '<p>Canlı maçlarda anında bahis.</p>',
        'Deal of the week', '<p>Boosted odds on Süper Lig matches!</p>', 'Live betting', '<p>Bet instantly on live matches.</p>']);
    for (const [id, title, content] of PAGES) await q.query('insert into pages (id, lang, title, content) values ($1, $2, $3, $4) on conflict do nothing', [id, 'tr', title, content]);
    // Affiliate demo: ayse is an active affiliate (30 %, monthly) and mehmet registered with her code.
    const [ayse] = await q.query<{ id: number }>(`select id from users where username = 'ayse'`);
    if (ayse) {
      await q.query('insert into affiliates (user_id, code, percent, cutoff, requested_at, decided_at) values ($1, $2, 30, 0, $3, $3) on conflict do nothing', [ayse.id, 'ayse2026', new Date(now)]);
      await q.query(`update users set affiliate_status = 1, affiliate_link = '/tr/register/ayse2026' where id = $1`, [ayse.id]);
      await q.query(`update users set affiliate_user = 'ayse2026' where username = 'mehmet'`);
    }
  });
  return true;
}

/** The demo back-office login admin / admin1234 (user type A, no wallet, not an online player); added once. */
export async function ensureDemoAdmin(db: Db): Promise<void> {
  const [seen] = await db.query('select 1 from users where username = $1', ['admin']);
  if (seen) return;
  await db.query(
    `insert into users (username, password_hash, first_name, last_name, email, user_type, online_user) values ('admin', $1, 'Admin', 'BetPWA', 'admin@example.com', 'A', 0) on conflict (username) do nothing`,
    [await hashPassword('admin1234')]);
}
