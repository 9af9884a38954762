import { useState } from 'react';
import { encode } from 'uqr';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseAmount } from '../../../../domain/money.ts';
import type { BoCard } from '../../../../domain/backoffice/calls.ts';
import { bo, newIdempotencyKey } from '../bo-client.ts';
import { BoDialog } from '../dialog.tsx';
import { FilterBar } from '../filters.tsx';
import { BoList, oneOf, opt, useBoList } from '../list.tsx';
import { useAction } from '../action.ts';
import { useBo } from '../session.tsx';
import { money, when } from '../format.ts';
import type { Column } from '../table.tsx';

/** A card's code as a QR image (SVG drawn from uqr's module matrix; no HTML injection). */
export function CardQr({ code }: { code: string }) {
  const { data, size } = encode(code, { border: 1 });
  let path = '';
  data.forEach((row, y) => row.forEach((on, x) => { if (on) path += `M${x} ${y}h1v1h-1z`; }));
  return <svg className="bo-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={code} shapeRendering="crispEdges"><path d={path} fill="#000" /></svg>;
}

/** Prepaid cards: issue against the dealer's own credit (shown with a QR), list, void an unused one. */
export function CardsScreen() {
  const { t } = useLingui();
  const { lang, me, refresh } = useBo();
  const list = useBoList('bo/cards', (s) => ({ ...opt('code', s.code), ...opt('status', oneOf(s.status, [0, 1, 2] as const)) }));
  const [amountText, setAmountText] = useState('');
  const [count, setCount] = useState('1');
  const [ask, setAsk] = useState<{ kind: 'issue'; key: string } | { kind: 'void'; card: BoCard } | null>(null);
  const [issued, setIssued] = useState<BoCard[]>([]);
  const act = useAction();
  const amount = parseAmount(amountText);
  const n = Math.min(100, Math.max(1, Number(count) || 1));
  const statusText = (s: number) => (s === 0 ? t`Unused` : s === 1 ? t`Redeemed` : t({ message: 'Void', context: 'back office' }));
  const confirm = async () => {
    if (!ask) return;
    if (ask.kind === 'issue') {
      const r = await act.run(() => bo('bo/issueCard', { amount: amount!, count: n }, ask.key));
      if (r) { setIssued(r.cards); setAmountText(''); }
    } else {
      await act.run(() => bo('bo/voidCard', { cardId: ask.card.id }));
    }
    setAsk(null);
    list.reload();
    void refresh();
  };
  const columns: Column<BoCard>[] = [
    { key: 'code', header: t`Code`, render: (c) => <span className="bo-code">{c.code}</span> },
    { key: 'amount', header: t`Amount`, render: (c) => money(c.amount, c.currency, lang), num: true, sort: 'amount' },
    { key: 'status', header: t`Status`, render: (c) => <span className={c.status === 0 ? 'bo-badge bo-badge-green' : 'bo-badge'}>{statusText(c.status)}</span> },
    { key: 'dealer', header: t`Issued by`, render: (c) => c.dealerName },
    { key: 'created', header: t`Issued`, render: (c) => when(c.createdAt, lang), sort: 'createdAt' },
    { key: 'redeemed', header: t`Redeemed`, render: (c) => (c.redeemedBy ? `${c.redeemedBy} · ${when(c.redeemedAt, lang)}` : '') },
    { key: 'void', header: '', render: (c) => (c.status === 0 ? <button type="button" className="bo-btn bo-btn-small" onClick={() => { act.reset(); setAsk({ kind: 'void', card: c }); }}>{t({ message: 'Void', context: 'back office' })}</button> : null) },
  ];
  return (
    <>
      <section className="bo-panel" aria-labelledby="cards-issue">
        <h2 id="cards-issue"><Trans>Issue cards</Trans></h2>
        <form className="bo-actions" onSubmit={(e) => { e.preventDefault(); if (amount) { act.reset(); setAsk({ kind: 'issue', key: newIdempotencyKey() }); } }}>
          <label className="bo-field"><span><Trans>Amount per card</Trans></span><input name="amount" inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} placeholder="0.00" /></label>
          <label className="bo-field"><span><Trans>Number of cards</Trans></span><input name="count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))} /></label>
          <button type="submit" className="bo-btn bo-btn-primary" disabled={!amount}><Trans>Issue</Trans></button>
        </form>
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {issued.length > 0 && (
          <div className="bo-cards-issued">
            {issued.map((c) => (
              <div key={c.id} className="bo-card"><CardQr code={c.code} /><div><div className="bo-code">{c.code}</div><div className="num">{money(c.amount, c.currency, lang)}</div></div></div>
            ))}
            <button type="button" className="bo-btn" onClick={() => window.print()}><Trans>Print</Trans></button>
          </div>
        )}
      </section>
      <h2><Trans>Cards</Trans></h2>
      <FilterBar filters={[
        { name: 'code', label: t`Code`, type: 'text', search: true },
        { name: 'status', label: t`Status`, type: 'select', options: [{ value: '', label: t`All` }, { value: '0', label: t`Unused` }, { value: '1', label: t`Redeemed` }, { value: '2', label: t({ message: 'Void', context: 'back office' }) }] },
      ]} search={list.search} onApply={(v) => list.setSearch(v)} />
      <BoList list={list} label={t`Cards`} columns={columns} rowKey={(c) => c.id} />
      <BoDialog open={ask !== null} title={ask?.kind === 'void' ? t`Void card` : t`Issue cards`} onClose={() => setAsk(null)} busy={act.busy}
        confirm={ask?.kind === 'void' ? t({ message: 'Void', context: 'back office' }) : t`Issue`} danger={ask?.kind === 'void'} onConfirm={() => void confirm()}>
        {ask?.kind === 'issue' && amount && <p>{t`Issue ${n} card(s) of ${money(amount, me.currency, lang)} each? ${money(amount * n, me.currency, lang)} leaves your balance of ${money(me.balance, me.currency, lang)}.`}</p>}
        {ask?.kind === 'void' && <p>{t`Void card ${ask.card.code}? Its ${money(ask.card.amount, ask.card.currency, lang)} return to ${ask.card.dealerName}.`}</p>}
      </BoDialog>
    </>
  );
}
