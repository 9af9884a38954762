import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseAmount } from '../../../../domain/money.ts';
import type { BoCreditReply } from '../../../../domain/backoffice/calls.ts';
import { bo, newIdempotencyKey } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { FilterBar } from '../filters.tsx';
import { BoList, num, opt, useBoList } from '../list.tsx';
import { useAction } from '../action.ts';
import { useBo, useCan } from '../session.tsx';
import { ROLE_LABEL } from '../labels.ts';
import { money } from '../format.ts';
import type { Column } from '../table.tsx';

type Dir = 'load' | 'withdraw';

/**
 * Credit load and withdraw: pick an account of the subtree (search), type the amount, and confirm a
 * dialog that names both sides and the amount; the new balances show in place.
 */
export function CreditScreen() {
  const { t } = useLingui();
  const { lang, me, refresh } = useBo();
  const can = useCan();
  const list = useBoList('bo/accounts', (s) => ({ ...opt('search', s.search), ...opt('dealerId', num(s.dealerId)) }));
  const targetId = num(list.search.targetId);
  type Row = NonNullable<typeof list.rows>[number];
  const [picked, setPicked] = useState<Row | null>(null);
  const target = picked && picked.id === targetId ? picked : (list.rows ?? []).find((r) => r.id === targetId) ?? null;
  const [amountText, setAmountText] = useState('');
  const [note, setNote] = useState('');
  const [ask, setAsk] = useState<{ dir: Dir; key: string } | null>(null);
  const [result, setResult] = useState<{ dir: Dir; amount: number; name: string; reply: BoCreditReply } | null>(null);
  const act = useAction();
  const amount = parseAmount(amountText);
  const columns: Column<Row>[] = [
    { key: 'user', header: t({ message: 'Account', context: 'back office' }), render: (a) => a.userName, sort: 'userName' },
    { key: 'role', header: t`Role`, render: (a) => t(ROLE_LABEL[a.role]) },
    { key: 'balance', header: t`Balance`, render: (a) => money(a.balance, a.currency, lang), num: true, sort: 'balance' },
    { key: 'pick', header: '', render: (a) => <button type="button" className="bo-btn bo-btn-small" onClick={() => { setPicked(a); list.setSearch({ targetId: String(a.id) }, false); }}>{t`Choose`}</button> },
  ];
  const confirm = async () => {
    if (!ask || !target || !amount) return;
    const call = ask.dir === 'load' ? 'bo/loadCredit' : 'bo/withdrawCredit';
    const r = await act.run(() => bo(call, { targetId: target.id, amount, ...opt('note', note.trim() || undefined) }, ask.key));
    setAsk(null);
    if (r) {
      setResult({ dir: ask.dir, amount, name: target.userName, reply: r });
      setAmountText('');
      setNote('');
      list.reload();
      void refresh();
    }
  };
  const cur = target?.currency ?? me.currency;
  return (
    <div className="bo-split">
      <div>
        <FilterBar filters={[{ name: 'search', label: t`Find account`, type: 'text', search: true, placeholder: t`Username` }]} search={list.search} onApply={(v) => list.setSearch(v)} />
        <BoList list={list} label={t`Accounts`} columns={columns} rowKey={(a) => a.id} selected={targetId} onOpen={(a) => { setPicked(a); list.setSearch({ targetId: String(a.id) }, false); }} />
      </div>
      <section className="bo-panel" aria-labelledby="credit-form">
        <h2 id="credit-form"><Trans>Transfer</Trans></h2>
        <dl className="bo-summary">
          <dt><Trans>From / to</Trans></dt><dd>{me.userName} · {money(me.balance, me.currency, lang)}</dd>
          <dt>{t({ message: 'Account', context: 'back office' })}</dt><dd>{target ? `${target.userName} (${t(ROLE_LABEL[target.role])}) · ${money(target.balance, target.currency, lang)}` : <span className="bo-note"><Trans>Choose an account in the list.</Trans></span>}</dd>
        </dl>
        {me.transfersBlocked && <p className="bo-error"><Trans>Transfers are blocked by the team.</Trans></p>}
        <form onSubmit={(e) => e.preventDefault()}>
          <div className="bo-grid-form">
            <label className="bo-field"><span><Trans>Amount</Trans></span><input name="amount" inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} placeholder="0.00" /></label>
            <label className="bo-field"><span><Trans>Note</Trans></span><input name="note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} /></label>
          </div>
          <div className="bo-actions" style={{ marginBlockStart: 12 }}>
            {can('loadCredit') && <button type="button" className="bo-btn bo-btn-primary" disabled={!target || !amount} onClick={() => { act.reset(); setAsk({ dir: 'load', key: newIdempotencyKey() }); }}><Trans>Load credit</Trans></button>}
            {can('withdrawCredit') && <button type="button" className="bo-btn" disabled={!target || !amount} onClick={() => { act.reset(); setAsk({ dir: 'withdraw', key: newIdempotencyKey() }); }}><Trans>Withdraw credit</Trans></button>}
          </div>
        </form>
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {result && (
          <p className="bo-ok" role="status">
            {result.dir === 'load'
              ? t`Loaded ${money(result.amount, cur, lang)} to ${result.name}. Their balance: ${money(result.reply.targetBalance, cur, lang)}; yours: ${money(result.reply.balance, me.currency, lang)}.`
              : t`Withdrew ${money(result.amount, cur, lang)} from ${result.name}. Their balance: ${money(result.reply.targetBalance, cur, lang)}; yours: ${money(result.reply.balance, me.currency, lang)}.`}
          </p>
        )}
      </section>
      <BoDialog open={ask !== null && target !== null && amount !== null} title={ask?.dir === 'withdraw' ? t`Withdraw credit` : t`Load credit`} onClose={() => setAsk(null)}
        confirm={ask?.dir === 'withdraw' ? t`Withdraw ${money(amount ?? 0, cur, lang)}` : t`Load ${money(amount ?? 0, cur, lang)}`} busy={act.busy} onConfirm={() => void confirm()}>
        {target && amount && (ask?.dir === 'withdraw'
          ? <p>{t`Withdraw ${money(amount, cur, lang)} from ${target.userName} to your account ${me.userName}?`}</p>
          : <p>{t`Load ${money(amount, cur, lang)} from your account ${me.userName} to ${target.userName}?`}</p>)}
        {target && amount && (
          <dl className="bo-summary">
            <dt>{target.userName}</dt><dd className="num">{money(target.balance, cur, lang)} → {money(target.balance + (ask?.dir === 'withdraw' ? -amount : amount), cur, lang)}</dd>
            <dt>{me.userName}</dt><dd className="num">{money(me.balance, me.currency, lang)} → {money(me.balance + (ask?.dir === 'withdraw' ? amount : -amount), me.currency, lang)}</dd>
          </dl>
        )}
      </BoDialog>
    </div>
  );
}
