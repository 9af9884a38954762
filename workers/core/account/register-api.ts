import { checkRegister, checkUsername, normalizeUsername, registerYears, type FieldError, type RegisterForm } from '../../../domain/account/validation.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import type { SessionView } from '../events.ts';
import type { Site } from './site.ts';

/** The defaults of section 9: phone code 90, country 218 (TR), TRY, sex m. */
export const REGISTER_DEFAULTS = { phoneCode: '90', countryId: 218, currency: 'TRY', sex: 'm' } as const;

export interface RegisterInit {
  disabled: boolean;
  tcRequired: boolean;
  mobileRequired: boolean;
  currencies: string[];
  countries: Array<{ id: number; name: string; phonecode: number }>;
  years: number[];
  defaults: typeof REGISTER_DEFAULTS;
}

export type LiveField = 'userName' | 'email' | 'mobile' | 'idNumber';
/** A live check's verdict: ok (free), or a message key. */
export interface LiveCheck { ok: boolean; key: string }

export interface RegisterResult { ok: boolean; errors: FieldError[]; text?: string; activation?: number; redirect?: string }

/** Registration (section 5): lists, live checks, the captcha (its id stays in the worker), submit. */
export function createRegisterApi(ctx: CoreContext, site: Site, refreshSession: () => Promise<SessionView | null>) {
  let captchaId = '';

  return {
    async registerInit(): Promise<RegisterInit> {
      const s = await site.load();
      const [cur, co] = await Promise.all([
        ctx.call<{ results: Array<{ code: string }> }>('currencies'),
        ctx.call<{ results: Array<{ id: number; nicename: string; phonecode: number }> }>('countries'),
      ]);
      return {
        disabled: s.register_disabled === 1,
        tcRequired: s.registerTcRequired === 1,
        mobileRequired: s.registerMobileRequired === 1,
        currencies: cur.status ? cur.results.map((c) => c.code) : ['TRY'],
        countries: co.status ? co.results.map((c) => ({ id: c.id, name: c.nicename, phonecode: c.phonecode })) : [],
        years: registerYears(new Date(ctx.clock()).getFullYear()),
        defaults: REGISTER_DEFAULTS,
      };
    },

    /** A new captcha image; the id that pairs it with its answer on the server stays here. */
    async captchaImage(): Promise<string> {
      const r = await ctx.call<{ image: string; captchaId: string }>('captcha');
      captchaId = r.status ? r.captchaId : '';
      return r.status ? r.image : '';
    },

    /** Lowercase letters and digits only, other characters stripped (section 5). */
    normalizeUsername: (s: string) => normalizeUsername(s),

    /** A live check of one field (the UI debounces the calls). */
    async liveCheck(field: LiveField, value: string, phoneCode = ''): Promise<LiveCheck> {
      try {
        if (field === 'userName') {
          const bad = checkUsername(value);
          if (bad) return { ok: false, key: bad.key };
          const r = await ctx.call<{ key?: string }>('usernameCheck', { userName: value });
          return { ok: r.status, key: r.status ? 'usernameAvailable' : 'usernameTaken' };
        }
        if (field === 'email') return { ok: (await ctx.call('emailCheck', { email: value })).status, key: 'emailUsed' };
        if (field === 'mobile') return { ok: (await ctx.call('checkMobile', { mobile: `${phoneCode}${value}` })).status, key: 'mobileFormat' };
        return { ok: (await ctx.call('checkIdNumber', { idNumber: value })).status, key: 'idNumberLength' };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: true, key: '' };
        throw err;
      }
    },

    /** Every error of the form, in order, by the rules the server also applies. */
    async checkRegisterForm(f: RegisterForm): Promise<FieldError[]> {
      return checkRegister(f, site.get(), new Date(ctx.clock()).getFullYear());
    },

    /** Submits the form. Activation 0: logged in at once; 1: e-mail activation; other: SMS (section 4). */
    async register(f: RegisterForm, affcode = ''): Promise<RegisterResult> {
      const errors = checkRegister(f, site.get(), new Date(ctx.clock()).getFullYear());
      if (errors.length) return { ok: false, errors };
      try {
        const r = await ctx.call<{ activation: number; redirect?: string; field?: string }>('register', {
          firstName: f.firstName, lastName: f.lastName, birthDate: `${f.birthYear}-${f.birthMonth}-${f.birthDay}`, idNumber: f.idNumber, sex: f.sex,
          address: f.address, city: f.city, postCode: f.postCode, counrtyId: f.countryId,
          ...(f.mobile ? { mobile: { plus: '+', code: f.phoneCode, number: f.mobile } } : {}),
          userName: f.userName, password: f.password, email: f.email, currency: f.currency, promotionCode: '', affiliateUser: affcode,
          captcha: f.captcha, captchaId,
        });
        if (!r.status) {
          const key = r.error ?? '';
          return { ok: false, errors: [{ field: key === 'securityCode' ? 'captcha' : (r.field ?? ''), key }], text: r.msg ?? '' };
        }
        if (r.activation === 0) await refreshSession();
        const s = site.get();
        return { ok: true, errors: [], activation: r.activation, redirect: r.redirect || (typeof s.redirectRegister === 'string' ? s.redirectRegister : '') };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, errors: [{ field: '', key: 'networkError' }] };
        throw err;
      }
    },
  };
}
