import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AffiliateStateView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { showNotice } from '../../state/ui.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { AffiliateCoupons, AffiliateMovements, AffiliateUsers } from './AffiliateLists.tsx';
import { copyText } from './copy-text.ts';

type Tab = 'users' | 'moves' | 'coupons';

/** The affiliate manager (section 2): the request for a player who is not one, else summary and tabs. */
export function AffiliatePage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { load, retry } = useLoad(useCallback(() => core.affiliateState(), []));
  return (
    <div className="acc-page">
      <PageHeader title={t`Affiliate`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 300 }} />}
      {(load.state === 'error' || (load.state === 'ready' && !load.data)) && (
        <div className="state"><p><Trans>Could not load the list.</Trans></p><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>
      )}
      {load.state === 'ready' && load.data && (load.data.status === 1
        ? <AffiliateManager state={load.data} lang={lang} />
        : <AffiliateRequest requested={load.data.requested} onSent={retry} />)}
    </div>
  );
}

/** Status 0: the player may send a request; once sent, 'request already sent' shows (section 4). */
function AffiliateRequest({ requested, onSent }: { requested: boolean; onSent: () => void }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const r = await core.requestAffiliate();
    setBusy(false);
    showNotice({ status: r.ok ? 1 : 2, key: r.key === 'networkError' ? 'networkError' : '', text: r.text ?? '' });
    onSent();
  };
  return (
    <section className="acc-card aff-request" data-testid="aff-request">
      <div className="acc-user">
        <strong><Trans>Become an affiliate</Trans></strong>
        <small><Trans>Share your link: you earn a share of what the players who sign up with it bet, every month or every week.</Trans></small>
        {requested
          ? <p className="aff-sent" data-testid="aff-requested"><Trans>Your request has already been sent. We will let you know when it is accepted.</Trans></p>
          : <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send()} data-testid="aff-send">{busy ? '...' : <Trans>Send request</Trans>}</button>}
      </div>
    </section>
  );
}

/** Status 1: terms, the link to share, the period's summary, and the Users / Movements / Coupons tabs. */
function AffiliateManager({ state, lang }: { state: AffiliateStateView; lang: string }) {
  const { t } = useLingui();
  const years = useMemo(() => core.affiliateYears(), []);
  const [year, setYear] = useState<number | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('users');
  const linkRef = useRef<HTMLInputElement>(null);

  const periods = useCallback(async (y: number | null) => {
    const all = await years;
    const theYear = y ?? all[0]!;
    return { years: all, year: theYear, ...(await core.affiliatePeriods(state.cutoff, theYear)) };
  }, [years, state.cutoff]);
  const { load } = useLoad(useCallback(() => periods(year), [periods, year]));
  const list = load.state === 'ready' ? load.data : null;
  const chosen = list ? (list.periods.find((p) => p.key === key) ?? list.periods.find((p) => p.key === list.current) ?? list.periods[0]) : undefined;
  const range = useMemo(() => (chosen ? { startDate: chosen.startDate, endDate: chosen.endDate } : null), [chosen]);

  const copyLink = async () => {
    const ok = await copyText(state.link, linkRef.current);
    showNotice(ok ? { status: 1, key: '', text: t`Link copied` } : { status: 2, key: '', text: t`The link could not be copied` });
  };

  return (
    <>
      <section className="acc-card aff-terms" data-testid="aff-terms">
        <div className="acc-user">
          <small><Trans>Commission</Trans></small>
          <strong>%{state.percent}</strong>
          <small>{state.cutoff === 1 ? t`Weekly cutoff` : t`Monthly cutoff`}</small>
        </div>
        <Link to="/$lang/affiliateBanner" params={{ lang }} className="btn btn-small"><Trans>Banners</Trans></Link>
      </section>
      <div className="aff-link">
        <input ref={linkRef} className="input" readOnly value={state.link} aria-label={t`Your link`} data-testid="aff-link" />
        <button type="button" className="btn btn-small" onClick={() => void copyLink()}><Trans>Copy</Trans></button>
      </div>

      {list && (
        <div className="hist-filters">
          <select className="input" aria-label={t`Year`} value={list.year} onChange={(e) => { setYear(Number(e.target.value)); setKey(null); }}>
            {list.years.map((y) => <option key={y} value={y}>{y}</option>)}
          </select>
          <select className="input" aria-label={state.cutoff === 1 ? t`Week` : t`Month`} value={chosen?.key ?? ''} onChange={(e) => setKey(e.target.value)} data-testid="aff-period">
            {list.periods.map((p) => <option key={p.key} value={p.key}>{p.label}</option>)}
          </select>
        </div>
      )}
      {range && <AffiliateSummary range={range} />}

      <div className="segmented aff-tabs" role="tablist" aria-label={t`Affiliate`}>
        <button type="button" role="tab" aria-pressed={tab === 'users'} aria-selected={tab === 'users'} onClick={() => setTab('users')} data-testid="aff-tab-users"><Trans>Users</Trans></button>
        <button type="button" role="tab" aria-pressed={tab === 'moves'} aria-selected={tab === 'moves'} onClick={() => setTab('moves')} data-testid="aff-tab-moves"><Trans>Movements</Trans></button>
        {state.couponsTab && <button type="button" role="tab" aria-pressed={tab === 'coupons'} aria-selected={tab === 'coupons'} onClick={() => setTab('coupons')} data-testid="aff-tab-coupons"><Trans>Tickets</Trans></button>}
      </div>
      {tab === 'users' && <AffiliateUsers />}
      {tab === 'moves' && range && <AffiliateMovements range={range} />}
      {tab === 'coupons' && state.couponsTab && range && <AffiliateCoupons range={range} />}
    </>
  );
}

/** The period's figures (call affiliateInfo): players, income, expense, net and the commission. */
function AffiliateSummary({ range }: { range: { startDate: string; endDate: string } }) {
  const { load } = useLoad(useCallback(() => core.affiliateSummary(range.startDate, range.endDate), [range]));
  if (load.state === 'loading') return <div className="skeleton" style={{ height: 180 }} />;
  if (load.state === 'error' || !load.data) return null;
  const s = load.data;
  return (
    <dl className="acc-list" data-testid="aff-summary">
      <div><dt><Trans>Players</Trans></dt><dd>{s.totalUser}</dd></div>
      <div><dt><Trans>Income</Trans></dt><dd>{s.incomeText}</dd></div>
      <div><dt><Trans>Expense</Trans></dt><dd>{s.expenseText}</dd></div>
      <div><dt><Trans>Net</Trans></dt><dd>{s.netText}</dd></div>
      <div><dt><Trans>Your commission</Trans> (%{s.percent})</dt><dd><strong data-testid="aff-win">{s.winText}</strong></dd></div>
    </dl>
  );
}
