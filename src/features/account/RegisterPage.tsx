import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RegisterForm } from '../../../domain/account/validation.ts';
import type { LiveField } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

const EMPTY: RegisterForm = {
  firstName: '', lastName: '', birthDay: '', birthMonth: '', birthYear: '', idNumber: '', sex: 'm', address: '', countryId: 218, city: '', postCode: '',
  phoneCode: '90', mobile: '', userName: '', password: '', repassword: '', email: '', currency: 'TRY', captcha: '', confirm: false,
};

/** Registration (section 5): every rule checked by the worker, live checks debounced, captcha from the server. */
export function RegisterPage({ lang, affcode = '' }: { lang: string; affcode?: string }) {
  const { t } = useLingui();
  const text = useFormText();
  const navigate = useNavigate();
  const [f, setF] = useState<RegisterForm>(EMPTY);
  // The defaults of section 9 come with the lists; they fill the form once, when it loads.
  const { load } = useLoad(useCallback(() => core.registerInit().then((init) => {
    setF((x) => ({ ...x, phoneCode: init.defaults.phoneCode, countryId: init.defaults.countryId, currency: init.defaults.currency, sex: init.defaults.sex }));
    return init;
  }), []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [live, setLive] = useState<Record<string, { ok: boolean; msg: string }>>({});
  const [captcha, setCaptcha] = useState('');
  const [sending, setSending] = useState(false);
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});

  const newCaptcha = useCallback(() => { void core.captchaImage().then(setCaptcha); }, []);
  useEffect(() => { newCaptcha(); }, [newCaptcha]);

  const liveCheck = (field: LiveField, value: string) => {
    clearTimeout(timers.current[field]);
    if (!value) return;
    // Debounced: one server check after the player pauses typing.
    timers.current[field] = setTimeout(() => {
      void core.liveCheck(field, value, f.phoneCode).then((r) => setLive((l) => ({ ...l, [field]: { ok: r.ok, msg: r.key ? text(r.key) : '' } })));
    }, 500);
  };

  const set = <K extends keyof RegisterForm>(k: K, v: RegisterForm[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    const r = await core.register(f, affcode);
    setSending(false);
    if (!r.ok) {
      setErrors(Object.fromEntries(r.errors.map((x) => [x.field || 'form', text(x.key, x.args, r.text)])));
      if (r.errors.some((x) => x.field === 'captcha')) { newCaptcha(); set('captcha', ''); }
      const first = r.errors[0];
      if (first) {
        showNotice({ status: 2, key: '', text: text(first.key, first.args, r.text) });
        // Take the player to the first field to fix.
        document.getElementById(`reg-${first.field}`)?.focus();
      }
      return;
    }
    if (r.activation === 0) {
      if (r.redirect) void navigate({ href: r.redirect });
      // Logged in at once: the deposit-limit prompt of responsible gaming first.
      else void navigate({ to: '/$lang/protection', params: { lang } });
    } else {
      showNotice({ status: 1, key: '', text: r.activation === 1 ? t`Check your e-mail to activate your account.` : t`We sent you an SMS to activate your account.` });
      void navigate({ to: '/$lang', params: { lang } });
    }
  };

  if (load.state === 'loading') return <div className="acc-page"><PageHeader title={t`Register`} /><div className="skeleton" style={{ height: 480 }} /></div>;
  if (load.state === 'error') return <div className="acc-page"><PageHeader title={t`Register`} /><div className="state"><p><Trans>Could not load the form.</Trans></p></div></div>;
  const init = load.data;
  if (init.disabled) return <div className="acc-page"><PageHeader title={t`Register`} /><div className="state"><p><Trans>Registration is closed.</Trans></p></div></div>;

  const err = (k: string) => errors[k] ? <p className="field-error" role="alert">{errors[k]}</p> : null;
  const liveMsg = (k: string) => live[k]?.msg ? <p className={live[k]!.ok ? 'field-ok' : 'field-error'}>{live[k]!.msg}</p> : null;
  const input = (k: keyof RegisterForm, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`reg-${k}`}>{label}</label>
      <input id={`reg-${k}`} className="input" value={String(f[k])} aria-invalid={!!errors[k] || (live[k] && !live[k]!.ok) ? true : undefined}
        onChange={(e) => set(k, e.target.value as never)} {...props} />
      {err(k)}
    </div>
  );
  const days = Array.from({ length: 31 }, (_, i) => i + 1);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);

  return (
    <div className="acc-page">
      <PageHeader title={t`Register`} />
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
        <div className="acc-row">
          {input('firstName', t`First name`, { autoComplete: 'given-name' })}
          {input('lastName', t`Last name`, { autoComplete: 'family-name' })}
        </div>
        <fieldset className="field">
          <legend><Trans>Birth date</Trans></legend>
          <div className="acc-row3">
            <select className="input" aria-label={t`Day`} value={f.birthDay} onChange={(e) => set('birthDay', e.target.value)}><option value="">{t`Day`}</option>{days.map((d) => <option key={d} value={d}>{d}</option>)}</select>
            <select className="input" aria-label={t`Month`} value={f.birthMonth} onChange={(e) => set('birthMonth', e.target.value)}><option value="">{t`Month`}</option>{months.map((d) => <option key={d} value={d}>{d}</option>)}</select>
            <select className="input" aria-label={t`Year`} value={f.birthYear} onChange={(e) => set('birthYear', e.target.value)}><option value="">{t`Year`}</option>{init.years.map((d) => <option key={d} value={d}>{d}</option>)}</select>
          </div>
          {err('birthYear')}
        </fieldset>
        <div className="field">
          <label htmlFor="reg-idNumber">{init.tcRequired ? t`Identity number` : t`Identity number (optional)`}</label>
          <input id="reg-idNumber" className="input" inputMode="numeric" maxLength={11} value={f.idNumber} onChange={(e) => { const v = e.target.value.replace(/\D/g, ''); set('idNumber', v); if (v.length === 11) liveCheck('idNumber', v); }} />
          {err('idNumber')}{liveMsg('idNumber')}
        </div>
        <fieldset className="field acc-sex">
          <legend><Trans>Sex</Trans></legend>
          <label><input type="radio" name="sex" checked={f.sex === 'm'} onChange={() => set('sex', 'm')} /> <Trans>Male</Trans></label>
          <label><input type="radio" name="sex" checked={f.sex === 'f'} onChange={() => set('sex', 'f')} /> <Trans>Female</Trans></label>
        </fieldset>
        {input('address', t`Address`, { autoComplete: 'street-address' })}
        <div className="field">
          <label htmlFor="reg-country"><Trans>Country</Trans></label>
          <select id="reg-country" className="input" value={f.countryId} onChange={(e) => { const id = Number(e.target.value); const c = init.countries.find((x) => x.id === id); set('countryId', id); if (c) set('phoneCode', String(c.phonecode)); }}>
            {init.countries.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {err('countryId')}
        </div>
        <div className="acc-row">
          {input('city', t`City`, { maxLength: 20 })}
          {input('postCode', t`Post code`, { maxLength: 10, inputMode: 'numeric' })}
        </div>
        <div className="field">
          <label htmlFor="reg-mobile">{init.mobileRequired ? t`Mobile` : t`Mobile (optional)`}</label>
          <div className="acc-phone">
            <span>+</span><input className="input" aria-label={t`Country code`} inputMode="numeric" maxLength={4} value={f.phoneCode} onChange={(e) => set('phoneCode', e.target.value.replace(/\D/g, ''))} />
            <input id="reg-mobile" className="input" inputMode="tel" maxLength={11} value={f.mobile} onChange={(e) => { const v = e.target.value.replace(/\D/g, ''); set('mobile', v); if (v.length >= 8) liveCheck('mobile', v); }} />
          </div>
          {err('mobile')}{liveMsg('mobile')}
        </div>
        <div className="field">
          <label htmlFor="reg-userName"><Trans>Username</Trans></label>
          <input id="reg-userName" className="input" autoCapitalize="none" autoComplete="username" maxLength={20} value={f.userName}
            onChange={(e) => {
              // Shown at once; the worker's lowercase-and-digits form replaces it unless typing went on.
              const raw = e.target.value;
              set('userName', raw);
              void core.normalizeUsername(raw).then((v) => { setF((x) => (x.userName === raw ? { ...x, userName: v } : x)); liveCheck('userName', v); });
            }} />
          {err('userName')}{liveMsg('userName')}
        </div>
        <div className="acc-row">
          {input('password', t`Password`, { type: 'password', maxLength: 20, autoComplete: 'new-password' })}
          {input('repassword', t`Repeat password`, { type: 'password', maxLength: 20, autoComplete: 'new-password' })}
        </div>
        <div className="field">
          <label htmlFor="reg-email"><Trans>E-mail</Trans></label>
          <input id="reg-email" className="input" type="email" autoComplete="email" maxLength={100} value={f.email} onChange={(e) => { set('email', e.target.value); if (e.target.value.includes('@')) liveCheck('email', e.target.value); }} />
          {err('email')}{liveMsg('email')}
        </div>
        <div className="field">
          <label htmlFor="reg-currency"><Trans>Currency</Trans></label>
          <select id="reg-currency" className="input" value={f.currency} onChange={(e) => set('currency', e.target.value)}>
            {init.currencies.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="reg-captcha"><Trans>Security code</Trans></label>
          <div className="acc-captcha">
            {captcha ? <img src={captcha} alt={t`Security code image`} width={160} height={50} /> : <div className="skeleton" style={{ width: 160, height: 50 }} />}
            <button type="button" className="btn btn-small" onClick={newCaptcha} aria-label={t`New code`}>↻</button>
          </div>
          <input id="reg-captcha" className="input" autoCapitalize="characters" autoComplete="off" maxLength={10} value={f.captcha} onChange={(e) => set('captcha', e.target.value)} />
          {err('captcha')}
        </div>
        <label className="acc-confirm">
          <input type="checkbox" checked={f.confirm} onChange={(e) => set('confirm', e.target.checked)} />
          <span><Trans>I am over 18 and I accept the <Link to="/$lang/page/$id" params={{ lang, id: '9' }}>terms and conditions</Link>.</Trans></span>
        </label>
        {err('confirm')}{err('form')}
        <button type="submit" className="btn btn-primary acc-submit" disabled={sending} data-testid="register-submit">{sending ? '...' : <Trans>Register</Trans>}</button>
      </form>
    </div>
  );
}
