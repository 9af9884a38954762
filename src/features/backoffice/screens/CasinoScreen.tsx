import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PRODUCT, type BoCasinoCategory, type BoCasinoGame, type BoCasinoLimit, type BoCasinoProvider, type ProductId, type ProductName } from '../../../../domain/casino/calls.ts';
import { minorToDecimal, parseAmount } from '../../../../domain/money.ts';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { BoDialog } from '../dialog.tsx';
import { FilterBar } from '../filters.tsx';
import { money } from '../format.ts';
import { useBo } from '../session.tsx';
import { DataTable, type Column } from '../table.tsx';
import { useBoSearch } from '../url-state.ts';
import { CasinoHub88 } from './CasinoHub88.tsx';
import './CasinoScreen.css';

const PRODUCT_LABEL: Record<ProductName, MessageDescriptor> = {
  livecasino: msg`Live casino`, slots: msg`Slots`, virtual: msg`Virtual games`, tvgames: msg`TV games`, bingo: msg`Bingo`,
};
const PRODUCTS = Object.keys(PRODUCT) as ProductName[];
type Tab = ProductName | 'providers' | 'limits' | 'hub88';

/**
 * Casino games management (permission manageCasino): per product the games enabled,
 * ordered and put in a category, and the product's categories; the providers enabled and ordered;
 * the dealers' casino limits against today's stakes of their subtree. Every change is one audited
 * call; the player's lobby lists only what is enabled, in this order and these categories.
 */
export function CasinoScreen() {
  const { t } = useLingui();
  const [search, setSearch] = useBoSearch();
  const tab = (search.tab ?? 'slots') as Tab;
  const tabs: Array<[Tab, string]> = [...PRODUCTS.map((p): [Tab, string] => [p, t(PRODUCT_LABEL[p])]), ['providers', t`Providers`], ['limits', t`Dealer casino limits`], ['hub88', 'Hub88']];
  return (
    <>
      <div className="bo-tabs" role="tablist" aria-label={t`Casino`}>
        {tabs.map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setSearch({ tab: k, search: '' })} data-testid={`bo-casino-tab-${k}`}>{label}</button>
        ))}
      </div>
      {tab === 'hub88' ? <CasinoHub88 /> : tab === 'providers' ? <Providers /> : tab === 'limits' ? <Limits search={search.search ?? ''} onSearch={(s) => setSearch({ tab, search: s })} /> : <Games product={PRODUCT[tab]} />}
    </>
  );
}

/** An order field that saves on Enter or when it loses focus with a changed value. */
function OrderInput({ value, label, onSave }: { value: number; label: string; onSave: (v: number) => void }) {
  const [text, setText] = useState(String(value));
  const save = () => { const v = Number(text); if (Number.isInteger(v) && v >= 0 && v !== value) onSave(v); else setText(String(value)); };
  return (
    <input className="bo-casino-order" type="text" inputMode="numeric" aria-label={label} value={text}
      onChange={(e) => setText(e.target.value)} onBlur={save} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); save(); } }} />
  );
}

function Games({ product }: { product: ProductId }) {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/casinoGames', { product });
  const act = useAction();
  const set = useCallback(async (p: { gameId: number; status?: 0 | 1; listOrder?: number; categoryId?: number | null }) => {
    if (await act.run(() => bo('bo/setCasinoGame', p))) reload();
  }, [act, reload]);
  const games = reply?.status ? reply.games : null;
  const categories = reply?.status ? reply.categories : [];
  const cols: Column<BoCasinoGame>[] = [
    { key: 'logo', header: '', render: (g) => <img src={g.logo} alt="" width={32} height={32} loading="lazy" decoding="async" className="bo-casino-logo" /> },
    { key: 'title', header: t`Game`, render: (g) => <span title={g.code}>{g.title}</span> },
    { key: 'provider', header: t`Provider`, render: (g) => g.provider },
    { key: 'rtp', header: t`RTP`, render: (g) => (g.rtp ? `${(g.rtp / 100).toFixed(2)} %` : '–'), num: true },
    { key: 'category', header: t`Category`, render: (g) => (
      <select aria-label={t`Category of ${g.title}`} value={g.categoryId ?? ''} disabled={act.busy}
        onChange={(e) => void set({ gameId: g.id, categoryId: e.target.value ? Number(e.target.value) : null })}>
        <option value="">{t`None`}</option>
        {categories.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </select>
    ) },
    { key: 'order', header: t`Order`, render: (g) => <OrderInput key={g.listOrder} value={g.listOrder} label={t`Order of ${g.title}`} onSave={(v) => void set({ gameId: g.id, listOrder: v })} /> },
    { key: 'status', header: t`Enabled`, render: (g) => (
      <input type="checkbox" aria-label={t`${g.title} enabled`} checked={g.status === 1} disabled={act.busy} data-testid={`bo-casino-game-${g.code}`}
        onChange={(e) => void set({ gameId: g.id, status: e.target.checked ? 1 : 0 })} />
    ) },
  ];
  return (
    <div className="bo-split bo-casino-split">
      <div>
        {act.error && <p className="bo-error" role="alert">{act.error}</p>}
        {reply && !reply.status && <p className="bo-error" role="alert">{reply.msg}</p>}
        <DataTable label={t`Games`} columns={cols} rows={games} rowKey={(g) => g.id} empty={<Trans>No games in this product.</Trans>} />
        <p className="bo-note"><Trans>The lobby lists the enabled games of enabled providers, lowest order first, under their category.</Trans></p>
      </div>
      <Categories product={product} categories={categories} onSaved={reload} />
    </div>
  );
}

function Categories({ product, categories, onSaved }: { product: ProductId; categories: BoCasinoCategory[]; onSaved: () => void }) {
  const act = useAction();
  const [title, setTitle] = useState('');
  const save = async (p: { id?: number; title: string; listOrder?: number }) => {
    if (await act.run(() => bo('bo/saveCasinoCategory', { product, ...p }))) { setTitle(''); onSaved(); }
  };
  return (
    <section className="bo-panel" aria-labelledby="bo-casino-cats">
      <h2 id="bo-casino-cats"><Trans>Categories</Trans></h2>
      <ul className="bo-casino-cats">
        {categories.map((c) => (
          <li key={`${c.id}:${c.title}:${c.listOrder}`}>
            <CategoryRow c={c} busy={act.busy} onSave={(p) => void save({ id: c.id, ...p })} />
          </li>
        ))}
      </ul>
      <form className="bo-actions bo-casino-add" onSubmit={(e) => { e.preventDefault(); if (title.trim()) void save({ title: title.trim() }); }}>
        <label className="bo-field"><span><Trans>New category</Trans></span>
          <input value={title} maxLength={40} onChange={(e) => setTitle(e.target.value)} data-testid="bo-casino-new-category" />
        </label>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || !title.trim()}><Trans>Add</Trans></button>
      </form>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
    </section>
  );
}

function CategoryRow({ c, busy, onSave }: { c: BoCasinoCategory; busy: boolean; onSave: (p: { title: string; listOrder: number }) => void }) {
  const { t } = useLingui();
  const [title, setTitle] = useState(c.title);
  const [order, setOrder] = useState(String(c.listOrder));
  const changed = title.trim() !== c.title || order !== String(c.listOrder);
  return (
    <form className="bo-casino-cat" onSubmit={(e) => { e.preventDefault(); const o = Number(order); if (title.trim() && Number.isInteger(o) && o >= 0) onSave({ title: title.trim(), listOrder: o }); }}>
      <input aria-label={t`Category name`} value={title} maxLength={40} onChange={(e) => setTitle(e.target.value)} />
      <input className="bo-casino-order" aria-label={t`Order of ${c.title}`} inputMode="numeric" value={order} onChange={(e) => setOrder(e.target.value)} />
      <span className="bo-note">{t`${c.games} games`}</span>
      <button type="submit" className="bo-btn bo-btn-small" disabled={busy || !changed}><Trans>Save</Trans></button>
    </form>
  );
}

function Providers() {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/casinoProviders', {});
  const act = useAction();
  const set = async (p: { providerId: number; status?: 0 | 1; listOrder?: number }) => {
    if (await act.run(() => bo('bo/setCasinoProvider', p))) reload();
  };
  const cols: Column<BoCasinoProvider>[] = [
    { key: 'logo', header: '', render: (p) => <img src={p.logo} alt="" width={32} height={32} loading="lazy" decoding="async" className="bo-casino-logo" /> },
    { key: 'name', header: t`Provider`, render: (p) => <span>{p.name} <span className="bo-note">{p.code}</span></span> },
    { key: 'games', header: t`Games`, render: (p) => p.games, num: true },
    { key: 'order', header: t`Order`, render: (p) => <OrderInput key={p.listOrder} value={p.listOrder} label={t`Order of ${p.name}`} onSave={(v) => void set({ providerId: p.id, listOrder: v })} /> },
    { key: 'status', header: t`Enabled`, render: (p) => (
      <input type="checkbox" aria-label={t`${p.name} enabled`} checked={p.status === 1} disabled={act.busy} data-testid={`bo-casino-provider-${p.code}`}
        onChange={(e) => void set({ providerId: p.id, status: e.target.checked ? 1 : 0 })} />
    ) },
  ];
  return (
    <>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      <DataTable label={t`Providers`} columns={cols} rows={reply?.status ? reply.results : null} rowKey={(p) => p.id} />
      <p className="bo-note"><Trans>A disabled provider's games leave every lobby, and its games cannot be opened.</Trans></p>
    </>
  );
}

function Limits({ search, onSearch }: { search: string; onSearch: (s: string) => void }) {
  const { t } = useLingui();
  const { lang } = useBo();
  const { reply, reload } = useBoFetch('bo/casinoLimits', search ? { search } : {});
  const [edit, setEdit] = useState<BoCasinoLimit | null>(null);
  const [amount, setAmount] = useState('');
  const act = useAction();
  const open = (d: BoCasinoLimit) => { act.reset(); setAmount(d.casinoLimit ? minorToDecimal(d.casinoLimit) : '0'); setEdit(d); };
  const parsed = /^\s*0*(?:[.,]0*)?\s*$/.test(amount) && /0/.test(amount) ? 0 : parseAmount(amount);
  const save = async () => {
    if (!edit || parsed === null) return;
    if (await act.run(() => bo('bo/setCasinoLimit', { dealerId: edit.dealerId, casinoLimit: parsed }))) { setEdit(null); reload(); }
  };
  const cols: Column<BoCasinoLimit>[] = [
    { key: 'dealer', header: t`Dealer`, render: (d) => d.userName },
    { key: 'limit', header: t`Casino limit a day`, render: (d) => (d.casinoLimit ? money(d.casinoLimit, d.currency, lang) : t`None`), num: true },
    { key: 'staked', header: t`Staked today`, render: (d) => money(d.stakedToday, d.currency, lang), num: true },
    { key: 'use', header: t`Used`, render: (d) => {
      if (!d.casinoLimit) return '–';
      const pct = Math.min(100, Math.round((100 * d.stakedToday) / d.casinoLimit));
      return <span className={pct >= 100 ? 'bo-badge bo-badge-red' : pct >= 80 ? 'bo-badge bo-badge-amber' : 'bo-badge'}>{pct >= 100 ? t`Full` : `${pct} %`}</span>;
    }, num: true },
    { key: 'edit', header: '', render: (d) => <button type="button" className="bo-btn bo-btn-small" onClick={() => open(d)} data-testid={`bo-casino-limit-${d.userName}`}><Trans>Set limit</Trans></button> },
  ];
  return (
    <>
      <FilterBar filters={[{ name: 'search', label: t`Dealer`, type: 'text', search: true }]} search={{ search }} onApply={(v) => onSearch(v.search ?? '')} />
      <DataTable label={t`Dealer casino limits`} columns={cols} rows={reply?.status ? reply.results : null} rowKey={(d) => d.dealerId} />
      <p className="bo-note"><Trans>When the casino stakes of a dealer's players reach its limit for the day, their bets and game launches are refused (casino limits full) until the next day (UTC).</Trans></p>
      <BoDialog title={<Trans>Casino limit of {edit?.userName}</Trans>} open={edit !== null} onClose={() => setEdit(null)} confirm={<Trans>Save</Trans>} onConfirm={() => void save()} busy={act.busy} error={act.error}>
        <label className="bo-field"><span><Trans>Casino stakes a day ({edit?.currency}), 0 for no limit</Trans></span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="bo-casino-limit-amount" aria-invalid={parsed === null} />
        </label>
      </BoDialog>
    </>
  );
}
