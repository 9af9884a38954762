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
  searchNotFound: { tr: '{code} kodu bulunamadı', en: 'code {code} not found' },
  betsClosed: { tr: '{match} için bahisler geçici olarak kapalı', en: 'bets are temporarily closed for {match}' },
  wrongLogin: { tr: 'Yanlış kullanıcı adı yada şifre', en: 'Wrong username or password' },
  loginRequired: { tr: 'Lütfen giriş yapınız', en: 'Please log in' },
  technical: { tr: 'Teknik bir arıza nedeniyle işleminiz gerçekleştirilemedi.', en: 'Your request could not be completed because of a technical failure.' },
  // The title the technical failure is shown under (betting-core.md section 8, account-platform.md section 8).
  technicalTitle: { tr: 'İşlem Sırasında Hata !', en: 'Error during the operation!' },
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
  liveMatchRemoved: { tr: '{match} sona erdi, kupondan çıkarıldı', en: '{match} is over and was removed from the slip' },
  duplicateTip: { tr: 'Aynı tahmin iki kez seçilemez', en: 'the same tip cannot be chosen twice' },
  // Coupon placement refusals of betting-core.md section 8 (server/betting/create-coupon.ts).
  lockedMatches: { tr: 'Kilitli maçlar var, lütfen kontrol ediniz.', en: 'There are locked matches, please check.' },
  matchCancelled: { tr: 'Maç iptal edildi, kupon oluşturulamaz', en: 'the match was cancelled: the coupon cannot be created' },
  matchStakeLimit: { tr: 'Bu maç için bahis limitine ulaşıldı', en: 'The stake limit for the match has been reached' },
  sameCoupon: { tr: 'Aynı kupon zaten {n} kez yapıldı', en: 'the same coupon has already been made {n} times' },
  couponKindClosed: { tr: 'Bu kupon türü şu anda kapalı', en: 'this coupon type is not available' },
  liveCouponCancel: { tr: 'Canlı kupon iptal edilemez', en: 'a live coupon cannot be cancelled' },
  cancelTimeExpired: { tr: 'Kupon iptal süresi doldu', en: 'the coupon cancel time has expired' },
  couponNotWaiting: { tr: 'Kupon artık beklemede değil', en: 'the coupon is no longer waiting' },
  couponCancelled: { tr: 'Kupon iptal edildi, bahis iade edildi', en: 'the coupon was cancelled and the stake refunded' },
  couponSold: { tr: 'Kupon satıldı', en: 'the coupon was sold' },
  sellNotOffered: { tr: 'Bozdurulabilecek kupon yok', en: 'no coupon eligible for cashout' },
  sellSuspended: { tr: 'Kupondaki bir maçın oranları askıda, kupon şu an bozdurulamaz', en: 'odds of a match on the coupon are suspended: it cannot be sold now' },
  printCancelled: { tr: 'Kupon yazdırılamadı ve iptal edildi, bahis iade edildi', en: 'the coupon could not be printed and was cancelled, the stake refunded' },
  sellPriceChanged: { tr: 'Satış tutarı değişti: {amount}', en: 'the sell amount changed: {amount}' },
  resultSaved: { tr: 'Sonuç kaydedildi', en: 'the result was saved' },
  // Accounts, money and content (account-platform.md sections 5 and 8).
  forbidden: { tr: 'Bu işlem için yetkiniz yok', en: 'You are not allowed to do this' },
  // A logged-out-only call (register, forgot or reset password) with a session (section 2 guards).
  alreadyLoggedIn: { tr: 'Zaten giriş yaptınız, önce çıkış yapınız', en: 'You are already logged in: log out first' },
  usernameTaken: { tr: 'Bu kullanıcı adı alınmış', en: 'This username is taken' },
  usernameAvailable: { tr: 'Kullanıcı adı uygun', en: 'The username is available' },
  emailUsed: { tr: 'Bu e-posta veya telefon zaten kullanılıyor', en: 'This e-mail or phone is already in use' },
  idNumberUsed: { tr: 'Bu kimlik numarası zaten kayıtlı', en: 'This identity number is already registered' },
  securityCode: { tr: 'Güvenlik kodu hatalı', en: 'Wrong security code' },
  registerDisabled: { tr: 'Üyelik şu anda kapalı', en: 'Registration is closed' },
  invalidField: { tr: 'Geçersiz alan: {field}', en: 'Invalid field: {field}' },
  wrongCurrentPassword: { tr: 'Mevcut şifre yanlış', en: 'Wrong current password' },
  userPassChangeSuccess: { tr: 'Şifreniz başarıyla değiştirildi', en: 'Your password was changed' },
  passwordLinkSent: { tr: 'Şifre değiştirme bağlantısı e-posta adresinize gönderildi', en: 'A password change link was sent to your e-mail' },
  noUserFound: { tr: 'Kullanıcı bulunamadı', en: 'No user found' },
  wrongResetCode: { tr: 'Şifre Yenileme Kodu Yanlış', en: 'Wrong password reset code' },
  passwordMatchError: { tr: 'Yeni şifreler eşleşmiyor', en: 'The new passwords do not match' },
  passwordNoSameRegister: { tr: 'Şifreler aynı değil', en: 'The passwords are not the same' },
  allInputEnter: { tr: 'Lütfen tüm alanları doldurunuz', en: 'Please fill in all fields' },
  depositRequestSuccess: { tr: 'Yatırım talebiniz alınmıştır', en: 'Your deposit request was received' },
  withdrawRequestSuccess: { tr: 'Çekim talebiniz alınmıştır', en: 'Your withdrawal request was received' },
  requestAccepted: { tr: 'Talebiniz işleme alınmıştır', en: 'Your request is being processed' },
  requestedExists: { tr: 'Bu bonus için talebiniz zaten var', en: 'You have already requested this bonus' },
  amountMin: { tr: 'En az tutar: {amount}', en: 'Minimum amount: {amount}' },
  amountMax: { tr: 'En fazla tutar: {amount}', en: 'Maximum amount: {amount}' },
  notWaiting: { tr: 'Talep beklemede değil', en: 'The request is not waiting' },
  contactSuccess: { tr: 'Mesajınız başarıyla gönderildi', en: 'Your message was sent' },
  updateSuccess: { tr: 'Güncelleme başarılı', en: 'Update succeeded' },
  affiliateRequestExists: { tr: 'Talebiniz zaten gönderildi', en: 'Your request has already been sent' },
  affiliateNotActive: { tr: 'Ortaklık hesabınız aktif değil', en: 'Your affiliate account is not active' },
  wrongActivationCode: { tr: 'Aktivasyon kodu yanlış', en: 'Wrong activation code' },
  activationRequired: { tr: 'Lütfen önce hesabınızı etkinleştiriniz', en: 'Please activate your account first' },
  activationSuccess: { tr: 'Hesabınız etkinleştirildi, giriş yapabilirsiniz', en: 'Your account is activated: you can log in' },
  // Live TV in MatchDetail (betting-core.md section 2).
  tvNoAccess: { tr: 'Canlı yayın şu anda kullanılamıyor', en: 'Live TV is not available' },
  tvNotListed: { tr: 'Bu maç için canlı yayın yok', en: 'There is no live stream for this match' },
  // Player protection (issue 16, server/protection/): refusals, then replies of its calls.
  limitReached: { tr: 'Limitinize ulaştınız: {limit} ({used} / {amount})', en: 'Limit reached: {limit} ({used} / {amount})' },
  onBreak: { tr: 'Mola veriyorsunuz: {until} tarihine kadar bahis, casino ve para yatırma kapalı', en: 'You are taking a break: betting, casino and deposits are closed until {until}' },
  selfExcluded: { tr: 'Hesabınız kendi isteğinizle oyuna kapatıldı ({until} tarihine kadar)', en: 'Your account is self-excluded from play (until {until})' },
  accountClosed: { tr: 'Hesabınız kapatıldı', en: 'Your account is closed' },
  closeWithdrawFirst: { tr: 'Hesabı kapatmadan önce bakiyenizi ({amount}) çekiniz', en: 'Withdraw your balance ({amount}) before closing the account' },
  limitSaved: { tr: 'Limitiniz hemen geçerli oldu', en: 'Your limit applies now' },
  limitPending: { tr: 'Limit artışı veya kaldırılması {at} tarihinde geçerli olacak', en: 'The raise or removal applies on {at}' },
  invalidPeriod: { tr: 'Bu limit türü için geçersiz dönem', en: 'Invalid period for this kind of limit' },
  protectionSaved: { tr: 'Kaydedildi', en: 'Saved' },
  reopenNotYet: { tr: 'Hesabınız henüz yeniden açılamaz', en: 'Your account cannot be reopened yet' },
  protectionNotShorter: { tr: 'Mevcut bir mola veya kapatma kısaltılamaz', en: 'An existing break or exclusion cannot be shortened' },
  // Back office (issue 12, server/backoffice/; account-platform.md section 8).
  transfersBlocked: { tr: 'Transferleriniz ekip tarafından engellendi', en: 'Transfers are blocked by the team' },
  userLimitReached: { tr: 'Kullanıcı oluşturma limitine ulaşıldı', en: 'User creation limit reached' },
  dealerLimitFull: { tr: 'Bayi limiti dolu', en: 'Dealer limit full' },
  casinoLimitFull: { tr: 'Casino limitleri dolu', en: 'Casino limits full' },
  // Casino (issue 14, account-platform.md section 8: game open failures).
  gameNotFound: { tr: 'Oyun bulunamadı', en: 'Game not found' },
  gameUnavailable: { tr: 'Oyun şu anda kullanılamıyor, lütfen daha sonra tekrar deneyiniz', en: 'The game is not available at the moment, please try again later' },
  funNotOffered: { tr: 'Bu oyun için giriş yapmanız gerekiyor', en: 'Log in to play this game' },
  notYourDealer: { tr: 'Bayiniz değil veya bulunamadı', en: 'Not your dealer, or not found' },
  otpRequired: { tr: 'Doğrulama kodunu giriniz', en: 'Enter the verification code' },
  wrongOtp: { tr: 'Doğrulama kodu yanlış', en: 'Wrong verification code' },
  otpNotSet: { tr: 'Bu hesap için iki aşamalı doğrulama kurulmamış', en: 'No second factor is set up for this account' },
  accountPassive: { tr: 'Hesap pasif', en: 'The account is passive' },
  usernameInUse: { tr: 'Bu kullanıcı adı kullanılıyor', en: 'This username is in use' },
  cutoffOverlap: { tr: 'Bu dönem başka bir hesap kesimiyle çakışıyor', en: 'The period overlaps another cut-off' },
  cutoffNotActive: { tr: 'Hesap kesimi zaten geri alındı', en: 'The cut-off was already reverted' },
  cardUsed: { tr: 'Kart kullanılmış veya geçersiz', en: 'The card is used or not valid' },
  alreadyPaid: { tr: 'Kupon zaten ödendi', en: 'The coupon was already paid' },
  couponNotWon: { tr: 'Kupon kazanmadı', en: 'The coupon has not won' },
  cannotGrant: { tr: 'Sahip olmadığınız bir yetkiyi veremezsiniz', en: 'You cannot grant a permission you do not hold' },
  creditLoaded: { tr: 'Kredi yüklendi', en: 'Credit loaded' },
  creditWithdrawn: { tr: 'Kredi çekildi', en: 'Credit withdrawn' },
  couponPaid: { tr: 'Kupon ödendi', en: 'The coupon was paid' },
  couponSetWaiting: { tr: 'Kupon beklemeye alındı', en: 'The coupon is waiting again' },
  cardRedeemed: { tr: 'Kart bakiyenize yüklendi', en: 'The card was added to your balance' },
  // Retail (issue 15): tickets, vouchers, booking codes and the kiosk's cash.
  ticketNotFound: { tr: 'Bilet bulunamadı: kodu kontrol ediniz', en: 'Ticket not found: check the code' },
  ticketAlreadyPaid: { tr: 'Bu bilet {at} tarihinde {where} tarafından ödendi', en: 'This ticket was paid on {at} at {where}' },
  ticketExpired: { tr: 'Biletin ödeme süresi doldu', en: 'The ticket has expired' },
  ticketPaidVoucher: { tr: 'Bilet ödendi: fişinizi alınız', en: 'The ticket was paid: take your voucher' },
  otherShop: { tr: 'Bu bilet başka bir bayide ödenir', en: 'This ticket is paid at another shop' },
  voucherCredited: { tr: 'Fiş bakiyenize eklendi', en: 'The voucher was added to your credit' },
  voucherPaid: { tr: 'Fiş ödendi', en: 'The voucher was paid' },
  voucherIssued: { tr: 'Para çekme fişinizi alınız', en: 'Take your cash-out voucher' },
  nothingToCashOut: { tr: 'Çekilecek bakiye yok', en: 'There is no credit to cash out' },
  cashInDone: { tr: 'Para yüklendi', en: 'Cash accepted' },
  bookingNotFound: { tr: 'Rezervasyon kodu bulunamadı', en: 'Booking code not found' },
  bookingExpired: { tr: 'Rezervasyon kodunun süresi doldu', en: 'The booking code has expired' },
  reprintLastOnly: { tr: 'Yalnızca son bilet yeniden yazdırılabilir', en: 'Only the last ticket can be printed again' },
  pairingNotFound: { tr: 'Eşleştirme kodu geçersiz veya süresi dolmuş', en: 'The pairing code is not valid or has expired' },
  terminalPaired: { tr: 'Terminal eşleştirildi', en: 'The terminal is paired' },
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The message of a key in a language (Turkish when the language has none), with {args} filled. */
export function message(key: MessageKey, lang: string | undefined, args: Record<string, string | number> = {}): string {
  const texts: Record<string, string> = MESSAGES[key];
  const text = texts[lang ?? 'tr'] ?? texts.tr!;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));
}

/**
 * The title a notice is shown under: the technical failure has one ('İşlem Sırasında Hata !').
 * Recognised by its key or by its body in any language, since most screens pass the server's msg as is.
 */
export function noticeTitle(n: { key?: string; text?: string | undefined }, lang: string | undefined): string {
  const bodies: readonly string[] = Object.values(MESSAGES.technical);
  return n.key === 'technical' || (n.text !== undefined && bodies.includes(n.text.trim())) ? message('technicalTitle', lang) : '';
}
