import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoCutoff, BoCutoffPreviewReply } from '../../../../domain/backoffice/calls.ts';
import { bo, newIdempotencyKey } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { useDealerFilter } from '../dealer-filter.ts';
import { FilterBar } from '../filters.tsx';
import { BoList, num, opt, useBoList } from '../list.tsx';
import { useAction, useBoFetch } from '../action.ts';
import { useBo } from '../session.tsx';
import { daysAgo, money, when } from '../format.ts';
import type { Column } from '../table.tsx';

type Period = 'weekly' | 'monthly';

/** Cut-off (account settlement): preview a dealer's period, save it, revert one, list them. */
export function CutoffScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const list = useBoList('bo/cutoffs', (s) => ({ ...opt('dealerId', num(s.dealerId)) }));
  const dealers = useBoFetch('bo/dealers', { limit: 200, sort: 'userName', dir: 'asc' });
  const [form, setForm] = useState<{ dealerId: string; period: Period; from: string }>({ dealerId: '', period: 'weekly', from: daysAgo(7) });
  const [preview, setPreview] = useState<BoCutoffPreviewReply['cutoff'] | null>(null);
  const [ask, setAsk] = useState<{ kind: 'create'; key: string } | { kind: 'revert'; cutoff: BoCutoff } | null>(null);
  const act = useAction();
  const dealerFilter = useDealerFilter();
  const dealerId = num(form.dealerId);
  const cur = me.currency;
  const doPreview = async () => {
    if (!dealerId) return;
    setPreview(null);
    const r = await act.run(() => bo('bo/cutoffPreview', { dealerId, period: form.period, from: form.from }));
    if (r) setPreview(r.cutoff);
  };
  const confirm = async () => {
    if (!ask) return;
    const r = ask.kind === 'create'
      ? await act.run(() => bo('bo/createCutoff', { dealerId: dealerId!, period: form.period, from: form.from }, ask.key))
      : await act.run(() => bo('bo/revertCutoff', { cutoffId: ask.cutoff.id }));
    setAsk(null);
    if (r) { setPreview(null); list.reload(); }
  };
  const columns: Column<BoCutoff>[] = [
    { key: 'dealer', header: t`Dealer`, render: (c) => c.dealerName, sort: 'dealerName' },
    { key: 'period', header: t`Period`, render: (c) => <span title={c.period === 'weekly' ? t`weekly` : t`monthly`}>{c.from} – {c.to}</span>, sort: 'from' },
    { key: 'stakes', header: t`Stakes`, render: (c) => money(c.stakes, cur, lang), num: true },
    { key: 'payouts', header: t`Payouts`, render: (c) => money(c.payouts, cur, lang), num: true },
    { key: 'bonuses', header: t`Bonuses`, render: (c) => money(c.bonuses, cur, lang), num: true },
    { key: 'commission', header: t`Commission`, render: (c) => `${money(c.commission, cur, lang)} (${c.commissionPercent} %)`, num: true },
    { key: 'net', header: t`Net`, render: (c) => money(c.net, cur, lang), num: true },
    { key: 'status', header: t`Status`, render: (c) => (c.status ? <span className="bo-badge bo-badge-green">{t`Active`}</span> : <span className="bo-badge">{t`Reverted`}</span>) },
    { key: 'by', header: t`By`, render: (c) => <span title={when(c.createdAt, lang)}>{c.createdBy}</span> },
    { key: 'revert', header: '', render: (c) => (c.status ? <button type="button" className="bo-btn bo-btn-small" onClick={() => { act.reset(); setAsk({ kind: 'revert', cutoff: c }); }}>{t`Revert`}</button> : null) },
  ];
  const dealerName = dealers.reply?.status ? dealers.reply.results.find((d) => d.id === dealerId)?.userName ?? '' : '';
  return (
    <>
      <section className="bo-panel" aria-labelledby="cutoff-new">
        <h2 id="cutoff-new"><Trans>New cut-off</Trans></h2>
        <form className="bo-actions" onSubmit={(e) => { e.preventDefault(); void doPreview(); }}>
          <label className="bo-field"><span><Trans>Dealer</Trans></span>
            <select name="dealerId" value={form.dealerId} onChange={(e) => { setForm({ ...form, dealerId: e.target.value }); setPreview(null); }} required>
              <option value="">{t`Choose a dealer`}</option>
              {dealers.reply?.status && dealers.reply.results.filter((d) => d.id !== me.userId).map((d) => <option key={d.id} value={d.id}>{d.userName}</option>)}
            </select></label>
          <label className="bo-field"><span><Trans>Period</Trans></span>
            <select name="period" value={form.period} onChange={(e) => { setForm({ ...form, period: e.target.value === 'monthly' ? 'monthly' : 'weekly' }); setPreview(null); }}>
              <option value="weekly">{t`Weekly (7 days)`}</option><option value="monthly">{t`Monthly (calendar month)`}</option>
            </select></label>
          <label className="bo-field"><span><Trans>First day</Trans></span><input name="from" type="date" value={form.from} onChange={(e) => { setForm({ ...form, from: e.target.value }); setPreview(null); }} required /></label>
          <button type="submit" className="bo-btn" disabled={!dealerId || act.busy}><Trans>Preview</Trans></button>
          {preview?.closed && <button type="button" className="bo-btn bo-btn-primary" onClick={() => { act.reset(); setAsk({ kind: 'create', key: newIdempotencyKey() }); }}><Trans>Cut off</Trans></button>}
        </form>
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {act.done && !preview && <p className="bo-ok" role="status">{act.done}</p>}
        {preview && (
          <dl className="bo-summary" aria-label={t`Preview`}>
            <dt>{t`Dealer`}</dt><dd>{preview.dealerName}</dd>
            <dt>{t`Period`}</dt><dd>{preview.from} – {preview.to}</dd>
            <dt>{t`Stakes of settled coupons`}</dt><dd className="num">{money(preview.stakes, cur, lang)}</dd>
            <dt>{t`Payouts`}</dt><dd className="num">{money(preview.payouts, cur, lang)}</dd>
            <dt>{t`Open coupons (not counted)`}</dt>
            <dd className="num">{preview.openCoupons} · {money(preview.openStakes, cur, lang)} · {t`at most ${money(preview.openLiability, cur, lang)} to pay`}</dd>
            <dt>{t`Bonuses`}</dt><dd className="num">{money(preview.bonuses, cur, lang)}</dd>
            <dt>{t`Commission`}</dt><dd className="num">{money(preview.commission, cur, lang)} ({preview.commissionPercent} %)</dd>
            <dt>{t`Net`}</dt><dd className="num">{money(preview.net, cur, lang)}</dd>
            {!preview.closed && <><dt>{t`Cut-off`}</dt><dd className="bo-error">{t`The period has not ended: it can be cut off after ${preview.to}.`}</dd></>}
          </dl>
        )}
      </section>
      <h2><Trans>Cut-offs</Trans></h2>
      <FilterBar filters={[dealerFilter]} search={list.search} onApply={(v) => list.setSearch(v)} />
      <BoList list={list} label={t`Cut-offs`} columns={columns} rowKey={(c) => c.id} />
      <BoDialog open={ask !== null} title={ask?.kind === 'revert' ? t`Revert cut-off` : t`Cut off`} onClose={() => setAsk(null)} busy={act.busy}
        confirm={ask?.kind === 'revert' ? t`Revert` : t`Cut off`} danger={ask?.kind === 'revert'} onConfirm={() => void confirm()}>
        {ask?.kind === 'create' && preview && <p>{t`Cut off ${dealerName || preview.dealerName} for ${preview.from} – ${preview.to}: stakes ${money(preview.stakes, cur, lang)}, payouts ${money(preview.payouts, cur, lang)}, net ${money(preview.net, cur, lang)}?`}</p>}
        {ask?.kind === 'revert' && <p>{t`Revert the cut-off of ${ask.cutoff.dealerName} for ${ask.cutoff.from} – ${ask.cutoff.to} (net ${money(ask.cutoff.net, cur, lang)})?`}</p>}
      </BoDialog>
    </>
  );
}
