import { describe, expect, it } from 'vitest';
import { checkPayField, checkPayForm, datetimeWire, filterFieldInput, splitPayError, type PayField } from './payment-form.ts';
import { guardRoute, hasPermission, moneyAllowed, type GuardUser } from './permissions.ts';
import { checkChangePassword, checkLogin, checkUsername, forgotYears, normalizeUsername, registerYears } from './validation.ts';

const f = (type: string, extra: Partial<PayField> = {}): PayField => ({ name: 'x', title: 'X', type, ...extra });
const player = (over: Partial<GuardUser> = {}): GuardUser => ({
  userId: 1, userType: 'U', onlineUser: 1, affiliateStatus: 0, affiliateLink: '',
  products: { sportUser: { status: 1 }, liveUser: { status: 0 }, casinoUser: { status: 0 } }, ...over,
});

describe('payment form (section 5 order)', () => {
  it('length comes first, then the type rule, then required', () => {
    expect(checkPayField(f('email', { minLength: 10, maxLength: 20 }), 'a@b')?.key).toBe('minLengthMaxLength');
    expect(checkPayField(f('email'), 'not-an-email')?.key).toBe('emailRequired');
    expect(checkPayField(f('date'), '31-02-2024')?.key).toBe('dateRequired');
    expect(checkPayField(f('date'), '29-02-2024')).toBeNull();
    expect(checkPayField(f('datetime'), '01.06.2026 24:00')?.key).toBe('datetimeRequired');
    expect(checkPayField(f('number'), '12.5')).toBeNull();
    expect(checkPayField(f('amount'), '1a')?.key).toBe('numberRequired');
    expect(checkPayField(f('time'), '7:30')?.key).toBe('timeRequired');
    expect(checkPayField(f('coordinates'), 'X:15,Y:15')).toBeNull();
    expect(checkPayField(f('text'), '')).toEqual({ field: 'x', key: 'isRequiredArea', args: { title: 'X' } });
    expect(checkPayField(f('text', { required: 0 }), '')).toBeNull();
  });
  it('the first failing field stops the form', () => {
    expect(checkPayForm([f('text', { name: 'a' }), f('email', { name: 'b' })], { b: 'bad' })?.field).toBe('a');
  });
  it('filters key presses, sends datetimes without zero padding and splits key|arg errors', () => {
    expect(filterFieldInput('number', '12a.3')).toBe('123');
    expect(filterFieldInput('pin', '4-4 4')).toBe('444');
    expect(filterFieldInput('amount', '12a.3')).toBe('12.3');
    expect(datetimeWire('01.06.2026 09:05')).toBe('1.6.2026 09:05');
    expect(splitPayError('amountMin|50.00')).toEqual({ key: 'amountMin', args: ['50.00'] });
  });
});

describe('account rules', () => {
  it('login: 4-20, letters digits dot hyphen underscore space', () => {
    expect(checkLogin('demo', 'demo1234')).toBeNull();
    expect(checkLogin('ali veli.x_y-z', 'abcd')).toBeNull();
    expect(checkLogin('dem', 'demo1234')?.key).toBe('loginFormat');
    expect(checkLogin('demo!', 'demo1234')?.key).toBe('loginFormat');
    expect(checkLogin('demo', 'x'.repeat(21))?.key).toBe('loginFormat');
  });
  it('register username: lowercase latin letters and digits, 5-20', () => {
    expect(normalizeUsername('Ali Veli_1!')).toBe('aliveli1');
    expect(checkUsername('aliveli1')).toBeNull();
    expect(checkUsername('çağrı')?.key).toBe('onlyLatin');
    expect(checkUsername('Ali12')?.key).toBe('onlyLowercase');
    expect(checkUsername('ali')?.key).toBe('invalidLength');
  });
  it('year ranges: register 18 back 70, forgot password 18 to 90', () => {
    expect(registerYears(2026)[0]).toBe(2008);
    expect(registerYears(2026).at(-1)).toBe(1938);
    expect(forgotYears(2026).at(-1)).toBe(1936);
  });
  it('change password: 4-12 and passwordMatchError', () => {
    expect(checkChangePassword('abcd', 'efgh', 'efgi')?.key).toBe('passwordMatchError');
    expect(checkChangePassword('abcd', 'e'.repeat(13), 'e'.repeat(13))?.key).toBe('lengthBetween');
    expect(checkChangePassword('', 'a', 'a')?.key).toBe('allInputEnter');
  });
});

describe('guards (section 2)', () => {
  it('permissions: status 1, any one of several', () => {
    expect(hasPermission(player(), 'sportUser|liveUser')).toBe(true);
    expect(hasPermission(player(), 'liveUser')).toBe(false);
    expect(hasPermission(null, 'sportUser')).toBe(false);
    expect(guardRoute('livecasino', player(), {})).toBe('home');
    expect(guardRoute('casino', player({ products: { slotUser: { status: 1 } } }), {})).toBeNull();
  });
  it('logged-out routes send a player Home unless login_screen is 1; register needs register_disabled off', () => {
    expect(guardRoute('firstlogin', player(), {})).toBe('home');
    expect(guardRoute('firstlogin', player(), { login_screen: 1 })).toBeNull();
    expect(guardRoute('register', null, { register_disabled: 1 })).toBe('home');
    expect(guardRoute('register', null, {})).toBeNull();
  });
  it('money needs an online user, login_screen and register_disabled off; visitors of login_screen go to Login', () => {
    expect(moneyAllowed(player(), {})).toBe(true);
    expect(guardRoute('deposit', player({ onlineUser: 0 }), {})).toBe('home');
    expect(guardRoute('deposit', player(), { register_disabled: 1 })).toBe('home');
    expect(guardRoute('deposit', null, {})).toBe('home');
    expect(guardRoute('', null, { login_screen: 1 })).toBe('login');
    expect(guardRoute('languages', null, { login_screen: 1 })).toBeNull();
  });
  it('user type F gets no coupon list; affiliate pages need the affiliate setting', () => {
    expect(guardRoute('coupons', player({ userType: 'F' }), {})).toBe('home');
    expect(guardRoute('coupons', player(), {})).toBeNull();
    expect(guardRoute('affiliate', player(), { affiliateStatus: 0 })).toBe('home');
    expect(guardRoute('affiliate', player(), { affiliateStatus: 1 })).toBeNull();
  });
});
