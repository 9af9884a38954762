import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

function usePasswordForm(run: () => Promise<{ ok: boolean; key?: string; text?: string; args?: Record<string, string | number> }>, done: () => void) {
  const text = useFormText();
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    const r = await run();
    setSending(false);
    const msg = text(r.key, r.args, r.text);
    if (!r.ok) { setError(msg); showNotice({ status: 2, key: '', text: msg }); return; }
    setError('');
    showNotice({ status: 1, key: '', text: msg });
    done();
  };
  return { error, sending, submit };
}

const Field = ({ id, label, value, set, type = 'password', max = 20 }: { id: string; label: string; value: string; set: (v: string) => void; type?: string; max?: number }) => (
  <div className="field"><label htmlFor={id}>{label}</label><input id={id} className="input" type={type} maxLength={max} value={value} onChange={(e) => set(e.target.value)} /></div>
);

/** Forgot password: username and birth day, month, year (18 to 90 years back). */
export function ForgotPasswordPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { load } = useLoad(useCallback(() => core.forgotYears(), []));
  const [u, setU] = useState('');
  const [d, setD] = useState('');
  const [m, setM] = useState('');
  const [y, setY] = useState('');
  const { error, sending, submit } = usePasswordForm(() => core.forgotPassword(u, d, m, y), () => void navigate({ to: '/$lang', params: { lang } }));
  return (
    <div className="acc-page">
      <PageHeader title={t`Forgot password`} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error && <p className="form-error" role="alert">{error}</p>}
        <Field id="fp-user" label={t`Username`} value={u} set={setU} type="text" />
        <fieldset className="field">
          <legend><Trans>Birth date</Trans></legend>
          <div className="acc-row3">
            <select className="input" aria-label={t`Day`} value={d} onChange={(e) => setD(e.target.value)}><option value="">{t`Day`}</option>{Array.from({ length: 31 }, (_, i) => <option key={i} value={i + 1}>{i + 1}</option>)}</select>
            <select className="input" aria-label={t`Month`} value={m} onChange={(e) => setM(e.target.value)}><option value="">{t`Month`}</option>{Array.from({ length: 12 }, (_, i) => <option key={i} value={i + 1}>{i + 1}</option>)}</select>
            <select className="input" aria-label={t`Year`} value={y} onChange={(e) => setY(e.target.value)}><option value="">{t`Year`}</option>{load.state === 'ready' && load.data.map((v) => <option key={v} value={v}>{v}</option>)}</select>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary acc-submit" disabled={sending}>{sending ? '...' : <Trans>Send</Trans>}</button>
      </form>
    </div>
  );
}

/** Reset password by the pass code of the link: new password and repeat. */
export function ResetPasswordPage({ lang, passCode }: { lang: string; passCode: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [p, setP] = useState('');
  const [r, setR] = useState('');
  const { error, sending, submit } = usePasswordForm(() => core.resetPassword(passCode, p, r), () => void navigate({ to: '/$lang/firstlogin', params: { lang } }));
  return (
    <div className="acc-page">
      <PageHeader title={t`New password`} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error && <p className="form-error" role="alert">{error}</p>}
        <Field id="rp-new" label={t`New password`} value={p} set={setP} />
        <Field id="rp-repeat" label={t`Repeat password`} value={r} set={setR} />
        <button type="submit" className="btn btn-primary acc-submit" disabled={sending}>{sending ? '...' : <Trans>Save</Trans>}</button>
      </form>
    </div>
  );
}

/** Change password: current, new and repeat (4-12 each). */
export function ChangePasswordPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [c, setC] = useState('');
  const [p, setP] = useState('');
  const [r, setR] = useState('');
  const { error, sending, submit } = usePasswordForm(() => core.changePassword(c, p, r), () => void navigate({ to: '/$lang/myAccount', params: { lang } }));
  return (
    <div className="acc-page">
      <PageHeader title={t`Change password`} />
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="change-password">
        {error && <p className="form-error" role="alert">{error}</p>}
        <Field id="cp-current" label={t`Current password`} value={c} set={setC} max={12} />
        <Field id="cp-new" label={t`New password`} value={p} set={setP} max={12} />
        <Field id="cp-repeat" label={t`Repeat password`} value={r} set={setR} max={12} />
        <button type="submit" className="btn btn-primary acc-submit" disabled={sending}>{sending ? '...' : <Trans>Save</Trans>}</button>
      </form>
    </div>
  );
}
