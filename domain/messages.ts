/**
 * Server reply messages (betting-core.md and account-platform.md section 8) by key, in the
 * languages the server answers in. The client translates a key it knows and shows others as is.
 */
export const MESSAGES = {
  couponCreated: { tr: 'Tebrikler! Kupon Başarılı Bir Şekilde Oluşturuldu.', en: 'Congratulations! The coupon was created.' },
  insufficientCredit: { tr: 'Kredi yetersiz', en: 'Insufficient credit' },
  oddsChanged: { tr: 'Oranlar değişti: kuponu kontrol ediniz', en: 'odds changed: check the coupon' },
  tipClosed: { tr: 'Bu maç için tahmin kapalı', en: 'the tip is closed for this match' },
  matchStarted: { tr: 'Maç başladı, kupondan çıkarınız', en: 'the match has already started' },
  matchNotFound: { tr: 'Maç bulunamadı', en: 'match not found' },
  betsClosed: { tr: '{match} için bahisler geçici olarak kapalı', en: 'bets are temporarily closed for {match}' },
  wrongLogin: { tr: 'Yanlış kullanıcı adı yada şifre', en: 'Wrong username or password' },
  loginRequired: { tr: 'Lütfen giriş yapınız', en: 'Please log in' },
  technical: { tr: 'Teknik bir arıza nedeniyle işleminiz gerçekleştirilemedi.', en: 'Your request could not be completed because of a technical failure.' },
  badRequest: { tr: 'Geçersiz istek: {field}', en: 'Invalid request: {field}' },
  notFound: { tr: 'Bulunamadı', en: 'Not found' },
  tooManyRequests: { tr: 'Çok fazla istek, lütfen biraz bekleyiniz', en: 'Too many requests, please wait a moment' },
  minStake: { tr: 'En az bahis: {amount}', en: 'min stake: {amount}' },
  maxStake: { tr: 'En fazla bahis: {amount}', en: 'max stake: {amount}' },
  minTip: { tr: 'En az {n} maç daha gerekli', en: 'minimum {n} more matches are required' },
  minOdds: { tr: 'min limit: {amount}', en: 'min limit: {amount}' },
  maxOdds: { tr: 'max limit: {amount}', en: 'max limit: {amount}' },
  stakeLimited: { tr: 'Bahis {amount} ile sınırlandı', en: 'stake limited to {amount}' },
  wrongCouponType: { tr: 'Kupon tipi seçimlerle uyuşmuyor', en: 'the coupon type does not match the selections' },
  idempotencyKeyReused: { tr: 'Bu istek anahtarı başka bir kupon için kullanıldı', en: 'this Idempotency-Key was used for a different request' },
  maxSelections: { tr: 'En fazla {max} seçim yapılabilir', en: 'at most {max} selections' },
  duplicateTip: { tr: 'Aynı tahmin iki kez seçilemez', en: 'the same tip cannot be chosen twice' },
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The message of a key in a language (Turkish when the language has none), with {args} filled. */
export function message(key: MessageKey, lang: string | undefined, args: Record<string, string | number> = {}): string {
  const texts: Record<string, string> = MESSAGES[key];
  const text = texts[lang ?? 'tr'] ?? texts.tr!;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));
}
