import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Contact form: e-mail, top category and its categories, message (5 rows). */
export function ContactPage() {
  const { t } = useLingui();
  const text = useFormText();
  const TOPICS: Record<string, { label: string; sub: Record<string, string> }> = {
    account: { label: t`Account`, sub: { login: t`Login`, register: t`Registration`, details: t`My details` } },
    money: { label: t`Money`, sub: { deposit: t`Deposit`, withdraw: t`Withdraw`, bonus: t`Bonus` } },
    betting: { label: t`Betting`, sub: { coupon: t`Coupon`, results: t`Results`, odds: t`Odds` } },
  };
  const [f, setF] = useState({ email: '', topcategory: '', category: '', message: '' });
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    const r = await core.contact(f);
    setSending(false);
    const msg = text(r.key, {}, r.text);
    if (!r.ok) { setError(msg); return; }
    setError('');
    showNotice({ status: 1, key: '', text: msg });
    setF({ email: f.email, topcategory: '', category: '', message: '' });
  };
  const subs = TOPICS[f.topcategory]?.sub ?? {};
  return (
    <div className="acc-page">
      <PageHeader title={t`Contact`} />
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="contact-form">
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="field"><label htmlFor="ct-email"><Trans>E-mail</Trans></label><input id="ct-email" className="input" type="email" value={f.email} onChange={(e) => setF({ ...f, email: e.target.value })} /></div>
        <div className="field"><label htmlFor="ct-top"><Trans>Topic</Trans></label>
          <select id="ct-top" className="input" value={f.topcategory} onChange={(e) => setF({ ...f, topcategory: e.target.value, category: '' })}>
            <option value="">{t`Choose`}</option>{Object.entries(TOPICS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select></div>
        <div className="field"><label htmlFor="ct-cat"><Trans>Subject</Trans></label>
          <select id="ct-cat" className="input" value={f.category} disabled={!f.topcategory} onChange={(e) => setF({ ...f, category: e.target.value })}>
            <option value="">{t`Choose`}</option>{Object.entries(subs).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
          </select></div>
        <div className="field"><label htmlFor="ct-msg"><Trans>Message</Trans></label><textarea id="ct-msg" className="input" rows={5} value={f.message} onChange={(e) => setF({ ...f, message: e.target.value })} /></div>
        <button type="submit" className="btn btn-primary acc-submit" disabled={sending}>{sending ? '...' : <Trans>Send</Trans>}</button>
      </form>
    </div>
  );
}
