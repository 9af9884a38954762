/**
 * Form rules of account-platform.md section 5, shared by the worker (to tell the player before a
 * call) and the server (to refuse the call). Each check answers a message key and its arguments;
 * the UI translates the key, the server answers its own text for it.
 */

/** A failed check: a message key of section 5/8 and its arguments. */
export interface FieldError { field: string; key: string; args?: Record<string, string | number> }

export const LOGIN_NAME = /^[\p{L}\p{N}._\- ]{4,20}$/u;

/** Login: both 4-20; the username letters, digits, dot, hyphen, underscore and space. */
export function checkLogin(userName: string, password: string): FieldError | null {
  if (!userName || !password) return { field: 'userName', key: 'allInputEnter' };
  if (!LOGIN_NAME.test(userName)) return { field: 'userName', key: 'loginFormat' };
  if (password.length < 4 || password.length > 20) return { field: 'password', key: 'loginFormat' };
  return null;
}

/** Lowercase letters and digits only: the register form forces the username into this shape. */
export const normalizeUsername = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The username rules of registration, with the spec's messages. */
export function checkUsername(raw: string): FieldError | null {
  if (!raw) return { field: 'userName', key: 'required' };
  if ([...raw].some((c) => c.charCodeAt(0) > 127)) return { field: 'userName', key: 'onlyLatin' };
  if (!/^[a-z0-9]*$/.test(raw)) return { field: 'userName', key: 'onlyLowercase' };
  if (raw.length < 5 || raw.length > 20) return { field: 'userName', key: 'invalidLength' };
  return null;
}

/** The birth-year choices of registration: from 18 years ago back 70 years. */
export function registerYears(nowYear: number): number[] {
  return Array.from({ length: 71 }, (_, i) => nowYear - 18 - i);
}

/** The birth-year choices of forgot password: 18 to 90 years back. */
export function forgotYears(nowYear: number): number[] {
  return Array.from({ length: 73 }, (_, i) => nowYear - 18 - i);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegisterForm {
  firstName: string; lastName: string;
  birthDay: string; birthMonth: string; birthYear: string;
  idNumber: string; sex: string; address: string; countryId: number; city: string; postCode: string;
  phoneCode: string; mobile: string;
  userName: string; password: string; repassword: string; email: string; currency: string;
  captcha: string; confirm: boolean;
}

export interface RegisterRules { registerTcRequired?: number; registerMobileRequired?: number }

/** Every error of a register form, in the order of the form (section 5). */
export function checkRegister(f: RegisterForm, rules: RegisterRules, nowYear: number): FieldError[] {
  const out: FieldError[] = [];
  const req = (field: keyof RegisterForm, ok: boolean, key = 'required', args?: FieldError['args']) => { if (!ok) out.push({ field, key, ...(args ? { args } : {}) }); };
  req('firstName', f.firstName.trim().length > 0);
  req('lastName', f.lastName.trim().length > 0);
  const y = Number(f.birthYear);
  req('birthYear', !!f.birthDay && !!f.birthMonth && registerYears(nowYear).includes(y), 'birthDateRequired');
  if (rules.registerTcRequired === 1 || f.idNumber) req('idNumber', /^\d{11}$/.test(f.idNumber), 'idNumberLength');
  req('sex', f.sex === 'm' || f.sex === 'f');
  req('address', f.address.trim().length >= 10, 'minLength', { min: 10 });
  req('countryId', Number.isInteger(f.countryId) && f.countryId > 0);
  req('city', f.city.trim().length >= 3 && f.city.trim().length <= 20, 'lengthBetween', { min: 3, max: 20 });
  req('postCode', f.postCode.trim().length >= 5 && f.postCode.trim().length <= 10, 'lengthBetween', { min: 5, max: 10 });
  if (rules.registerMobileRequired === 1 || f.mobile) req('mobile', /^\d{1,4}$/.test(f.phoneCode) && /^\d{8,11}$/.test(f.mobile), 'mobileFormat');
  const u = checkUsername(f.userName);
  if (u) out.push(u);
  else req('userName', f.userName !== f.password, 'usernameIsPassword');
  req('password', f.password.length >= 4 && f.password.length <= 20, 'lengthBetween', { min: 4, max: 20 });
  req('repassword', f.password === f.repassword, 'passwordNoSameRegister');
  req('email', f.email.length >= 5 && f.email.length <= 100 && EMAIL.test(f.email), 'emailRequired');
  req('currency', f.currency.length > 0);
  req('captcha', f.captcha.trim().length > 0, 'securityCode');
  req('confirm', f.confirm, 'confirmRequired');
  return out;
}

/**
 * Change password: new and repeat 4-12, new equals repeat (section 5). The current one may be 4-20:
 * registration and reset allow up to 20, and such a player must still be able to change it.
 */
export function checkChangePassword(current: string, next: string, repeat: string): FieldError | null {
  if (!current || !next || !repeat) return { field: 'currentPassword', key: 'allInputEnter' };
  if (current.length < 4 || current.length > 20) return { field: 'currentPassword', key: 'lengthBetween', args: { min: 4, max: 20 } };
  for (const [field, v] of [['newPassword', next], ['repeat', repeat]] as const) {
    if (v.length < 4 || v.length > 12) return { field, key: 'lengthBetween', args: { min: 4, max: 12 } };
  }
  if (next !== repeat) return { field: 'repeat', key: 'passwordMatchError' };
  return null;
}

/** Reset password: both required, the two must match. */
export function checkResetPassword(password: string, repassword: string): FieldError | null {
  if (!password || !repassword) return { field: 'password', key: 'allInputEnter' };
  if (password.length < 4 || password.length > 20) return { field: 'password', key: 'lengthBetween', args: { min: 4, max: 20 } };
  if (password !== repassword) return { field: 'repassword', key: 'passwordNoSameRegister' };
  return null;
}

/** Forgot password: username 5-20 and the three birth parts (allInputEnter). */
export function checkForgotPassword(userName: string, day: string, month: string, year: string): FieldError | null {
  if (!userName || !day || !month || !year) return { field: 'userName', key: 'allInputEnter' };
  if (userName.length < 5 || userName.length > 20) return { field: 'userName', key: 'lengthBetween', args: { min: 5, max: 20 } };
  return null;
}

/** Contact form: email, top category, category and message required. */
export function checkContact(f: { email: string; topcategory: string; category: string; message: string }): FieldError | null {
  if (!EMAIL.test(f.email)) return { field: 'email', key: 'emailRequired' };
  if (!f.topcategory) return { field: 'topcategory', key: 'required' };
  if (!f.category) return { field: 'category', key: 'required' };
  if (!f.message.trim()) return { field: 'message', key: 'required' };
  return null;
}
