import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BankView, PayCategoryView, PayMethodView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { openLogin, showNotice } from '../../state/ui.ts';
import { useSession } from '../../state/session.ts';
import { useLoad } from '../../ui/use-load.ts';
import { useFormText } from '../../ui/form-text.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DepositLimitPrompt, ProtectionState } from '../protection/index.ts';
import { useProtection } from '../../state/protection.ts';

/** Fields prefilled from the account and locked in a withdrawal (section 5). */
const LOCKED = new Set(['firstName', 'lastName']);

/** Where the player is in the deposit / withdraw flow; back steps out one level (section 2). */
type Step =
  | { at: 'closed' }
  | { at: 'category'; cat: PayCategoryView }
  | { at: 'method'; cat: PayCategoryView; method: PayMethodView }
  | { at: 'bank'; cat: PayCategoryView; method: PayMethodView; banks: BankView[]; bank?: BankView };

/** Deposit (transferType 0) and withdraw (1): categories, methods, a form built from the method's fields. */
export function TransferPage({ lang, transferType }: { lang: string; transferType: 0 | 1 }) {
  const { t } = useLingui();
  const text = useFormText();
  const navigate = useNavigate();
  const { user } = useSession();
  const { load, retry } = useLoad(useCallback(() => core.payCategories(transferType), [transferType]));
  const [step, setStep] = useState<Step>({ at: 'closed' });
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ field: string; msg: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [frame, setFrame] = useState<{ url: string; full: boolean } | null>(null);

  const title = transferType === 0 ? t`Deposit` : t`Withdraw`;
  // On a break or self-excluded the deposit methods are not offered (the server refuses them too).
  const protection = useProtection().view;
  const depositsClosed = transferType === 0 && !!protection && protection.status !== 'active';
  const back = () => {
    setError(null);
    if (step.at === 'bank' && step.bank) setStep({ ...step, bank: undefined });
    else if (step.at === 'method' || step.at === 'bank') setStep({ at: 'category', cat: step.cat });
    else if (step.at === 'category') setStep({ at: 'closed' });
    else void navigate({ to: '/$lang/myAccount', params: { lang } });
  };

  const openMethod = async (cat: PayCategoryView, method: PayMethodView) => {
    setError(null);
    // First and last name are prefilled (and locked) in a withdrawal.
    setValues(transferType === 1 ? prefill(method) : {});
    if (!method.community) { setStep({ at: 'method', cat, method }); return; }
    const r = await core.banks(method.payId, method.payCatId);
    if (!r.login) { openLogin(); return; }
    setStep({ at: 'bank', cat, method, banks: r.banks });
  };
  const prefill = (m: PayMethodView): Record<string, string> =>
    Object.fromEntries(m.fields.filter((f) => LOCKED.has(f.name)).map((f) => [f.name, f.name === 'firstName' ? user?.firstName ?? '' : user?.lastName ?? '']));

  const submit = async (e?: FormEvent, bankAmount?: number) => {
    e?.preventDefault();
    if (step.at !== 'method' && step.at !== 'bank') return;
    setSending(true);
    showNotice({ status: 6, key: 'pleaseWait' });
    const bank = step.at === 'bank' && step.bank && bankAmount ? { id: step.bank.id, amount: bankAmount } : undefined;
    const r = await core.submitTransfer(transferType, step.method, values, bank);
    setSending(false);
    if (r.login) { showNotice({ status: 0, key: '' }); openLogin(); return; }
    if (!r.ok) {
      const msg = text(r.key, r.args, r.text);
      setError({ field: r.field ?? '', msg });
      // Said once, where it belongs (under the field or the form): the waiting notice just goes.
      showNotice({ status: 0, key: '' });
      return;
    }
    showNotice({ status: 1, key: '', text: text(r.key, {}, r.text) });
    if (r.url && (r.iframe === 1 || r.iframe === 2)) setFrame({ url: r.url, full: r.iframe === 1 });
    else if (r.url) { location.assign(r.url); return; }
    setValues({});
    setStep({ at: 'closed' });
  };

  // The key press shows at once; the worker's filter (digits only ...) replaces it unless the
  // player has typed on meanwhile, in which case the newer value's answer will.
  const setValue = (name: string, type: string, raw: string) => {
    setValues((x) => ({ ...x, [name]: raw }));
    if (error?.field === name) setError(null);
    void core.filterInput(type, raw).then((clean) => setValues((x) => (x[name] === raw ? { ...x, [name]: clean } : x)));
  };

  const heading = step.at === 'closed' ? title : step.at === 'category' ? step.cat.catName : step.method.payTag;
  return (
    <div className="acc-page">
      <PageHeader title={heading} onBack={back} />
      {/* Player protection, at the deposit's entry: the break or exclusion in force, the first-deposit limit prompt, the limits link. */}
      {transferType === 0 && step.at === 'closed' && <>
        <ProtectionState />
        <DepositLimitPrompt lang={lang} />
        <p className="pay-limits"><Link to="/$lang/protection" params={{ lang }} data-testid="deposit-limits-link"><Trans>Deposit limits</Trans></Link></p>
      </>}
      {load.state === 'loading' && <div className="skeleton" style={{ height: 240 }} />}
      {(load.state === 'error' || (load.state === 'ready' && !load.data)) && (
        <div className="state"><p><Trans>Could not load the payment methods.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>
      )}
      {load.state === 'ready' && load.data && step.at === 'closed' && !depositsClosed && (
        load.data.length === 0 ? <div className="state"><p><Trans>No payment method is available.</Trans></p></div> : (
          <ul className="pay-list" data-testid="pay-categories">
            {load.data.map((c) => (
              <li key={c.payCatId}><button type="button" onClick={() => setStep({ at: 'category', cat: c })}><strong>{c.catName}</strong><small>{c.info}</small></button></li>
            ))}
          </ul>
        )
      )}
      {step.at === 'category' && (
        <ul className="pay-list" data-testid="pay-methods">
          {step.cat.methods.map((m) => (
            <li key={m.payId}>
              <button type="button" onClick={() => void openMethod(step.cat, m)}>
                <strong>{m.payTag}</strong>
                <span className="pay-limits"><Trans>Min</Trans> {m.minText} · <Trans>Max</Trans> {m.maxText}</span>
                {m.info.map((i) => <small key={i.label}>{i.label}: {i.text}</small>)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {step.at === 'method' && (
        <form className="pay-form" onSubmit={(e) => void submit(e)} noValidate data-testid="pay-form">
          <p className="pay-limits"><Trans>Min</Trans> {step.method.minText} · <Trans>Max</Trans> {step.method.maxText}</p>
          {step.method.fields.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`pay-${f.name}`}>{f.title}</label>
              <input id={`pay-${f.name}`} className="input" placeholder={f.placeHolder ?? ''} value={values[f.name] ?? ''}
                inputMode={f.type === 'number' || f.type === 'pin' ? 'numeric' : f.type === 'amount' ? 'decimal' : undefined}
                type={f.type === 'email' ? 'email' : f.type === 'pin' ? 'password' : 'text'}
                maxLength={f.maxLength || undefined} disabled={transferType === 1 && LOCKED.has(f.name)} aria-invalid={error?.field === f.name || undefined}
                onChange={(e) => setValue(f.name, f.type, e.target.value)} />
              {error?.field === f.name && <p className="field-error" role="alert">{error.msg}</p>}
            </div>
          ))}
          {error && !step.method.fields.some((f) => f.name === error.field) && <p className="form-error" role="alert">{error.msg}</p>}
          <button type="submit" className="btn btn-primary acc-submit" disabled={sending} data-testid="pay-submit">{sending ? '...' : title}</button>
        </form>
      )}
      {step.at === 'bank' && !step.bank && (
        <ul className="pay-list" data-testid="pay-banks">
          {step.banks.map((b) => <li key={b.id}><button type="button" onClick={() => setStep({ ...step, bank: b })}><strong>{b.name}</strong><small>{b.swiftcode}</small></button></li>)}
        </ul>
      )}
      {step.at === 'bank' && step.bank && (step.bank.amounts.length === 0 ? (
        <div className="state"><p><Trans>This bank is not available right now, please try other banks.</Trans></p><button type="button" className="btn" onClick={back}><Trans>Back</Trans></button></div>
      ) : (
        <div className="pay-amounts" data-testid="pay-amounts">
          {step.bank.amounts.map((a) => <button type="button" className="btn" key={a.amount} disabled={sending} onClick={() => void submit(undefined, a.amount)}>{a.text}</button>)}
        </div>
      ))}
      {frame && (
        <div className="backdrop pay-frame-backdrop" role="dialog" aria-modal="true" aria-label={title}>
          <div className={frame.full ? 'pay-frame pay-frame-full' : 'pay-frame'}>
            <button type="button" className="btn btn-small pay-frame-close" onClick={() => setFrame(null)}><Trans>Close</Trans></button>
            <iframe src={frame.url} title={title} width={640} height={480} sandbox="allow-forms allow-scripts allow-popups allow-top-navigation-by-user-activation" />
          </div>
        </div>
      )}
    </div>
  );
}
