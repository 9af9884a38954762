import { useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction, useKeyed } from '../action.ts';
import { DataTable, type Column } from '../table.tsx';
import { money, when } from '../format.ts';
import { useBo } from '../session.tsx';
import { bo, type BoPayload } from '../bo-client.ts';
import type {
  BoTradingCatalogueReply, BoTradingFixtureReply, TradingFixture, TradingMarket,
} from '../../../../domain/trading/calls.ts';

/** Odds typed as decimals ('2.05') are thousandths on the wire; money in the currency's units is minor units. */
const toOdd = (s: string) => Math.round(Number(s.replace(',', '.')) * 1000);
const oddText = (o: number) => (o / 1000).toFixed(2);
const toMinor = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);

/**
 * Trading: pre-match fixtures made by hand (league, teams, date), their markets opened
 * from the odd-type catalogue with prices, a price changed, a market or the whole match suspended
 * and reopened, and the match's stake limit. Each change is one audited call; open apps follow it
 * on the feed.
 */
export function TradingScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const [manualOnly, setManualOnly] = useState(true);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const loadList = useCallback((k: string) => bo('bo/tradingFixtures', JSON.parse(k) as BoPayload<'bo/tradingFixtures'>), []);
  const { data: listed, reload } = useKeyed(JSON.stringify({ manual: manualOnly ? true : undefined, search: search.trim() || undefined, limit: 100 }), loadList);
  const list = listed ? (listed.status ? listed.results : []) : null;

  const columns: Column<TradingFixture>[] = [
    { key: 'id', header: t`Id`, render: (f) => f.id, num: true },
    { key: 'date', header: t`Date`, render: (f) => when(f.matchDate, lang) },
    { key: 'match', header: t`Match`, render: (f) => <>{`${f.homeTeam} – ${f.awayTeam}`}<br /><small>{`${f.categoryName} · ${f.tournamentName}`}</small></> },
    { key: 'markets', header: t`Markets`, render: (f) => f.markets, num: true },
    { key: 'state', header: t`Bets`, render: (f) => (f.betStatus === 'started'
      ? <span className="bo-badge bo-badge-green"><Trans>Bets open</Trans></span>
      : <span className="bo-badge bo-badge-red"><Trans>Suspended</Trans></span>) },
  ];

  return (
    <>
      <div className="bo-split" style={{ gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 34%)' }}>
        <section className="bo-panel" aria-label={t`Fixtures`}>
          <div className="bo-filters">
            <label className="bo-field"><span><Trans>Search</Trans></span><input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t`Team or league`} /></label>
            <label className="bo-check"><input type="checkbox" checked={manualOnly} onChange={(e) => setManualOnly(e.target.checked)} /><span><Trans>Only fixtures made here</Trans></span></label>
          </div>
          <DataTable label={t`Fixtures`} columns={columns} rows={list} rowKey={(f) => f.id} selected={selected ?? undefined} onOpen={(f) => setSelected(f.id)}
            empty={<Trans>No fixture yet: create one with the form.</Trans>} />
        </section>
        <NewFixture onCreated={(id) => { setSelected(id); reload(); }} />
      </div>
      {selected !== null && <FixturePanel key={selected} matchId={selected} onChanged={reload} />}
    </>
  );
}

function NewFixture({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useLingui();
  const act = useAction();
  const [cat, setCat] = useState<BoTradingCatalogueReply | null>(null);
  const [sportId, setSportId] = useState(1);
  const [league, setLeague] = useState('');
  const [home, setHome] = useState('');
  const [away, setAway] = useState('');
  const [date, setDate] = useState('');
  const [limit, setLimit] = useState('');
  useEffect(() => {
    let live = true;
    void bo('bo/tradingCatalogue', { sportId }).then((r) => { if (live && r.status) setCat(r); });
    return () => { live = false; };
  }, [sportId]);
  const create = async () => {
    const r = await act.run(() => bo('bo/createFixture', {
      tournamentId: Number(league), homeTeamId: Number(home), awayTeamId: Number(away),
      matchDate: new Date(date).toISOString(), ...(limit ? { stakeLimit: toMinor(limit) } : {}),
    }));
    if (r) { setHome(''); setAway(''); onCreated(r.id); }
  };
  return (
    <form className="bo-panel" aria-label={t`New fixture`} onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <h2><Trans>New fixture</Trans></h2>
      <div className="bo-grid-form" style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <label className="bo-field"><span><Trans>Sport</Trans></span>
          <select name="sport" value={sportId} onChange={(e) => { setSportId(Number(e.target.value)); setLeague(''); setHome(''); setAway(''); }}>
            {cat?.sports.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <label className="bo-field"><span><Trans>League</Trans></span>
          <select name="league" required value={league} onChange={(e) => setLeague(e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {cat?.tournaments.map((x) => <option key={x.id} value={x.id}>{`${x.categoryName} · ${x.name}`}</option>)}
          </select>
        </label>
        <label className="bo-field"><span><Trans>Home team</Trans></span>
          <select name="home" required value={home} onChange={(e) => setHome(e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {cat?.teams.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </label>
        <label className="bo-field"><span><Trans>Away team</Trans></span>
          <select name="away" required value={away} onChange={(e) => setAway(e.target.value)}>
            <option value="">{t`Choose…`}</option>
            {cat?.teams.filter((x) => String(x.id) !== home).map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
        </label>
        <label className="bo-field"><span><Trans>Kick-off</Trans></span><input name="date" type="datetime-local" required value={date} onChange={(e) => setDate(e.target.value)} /></label>
        <label className="bo-field"><span><Trans>Stake limit per tip (empty: site default)</Trans></span><input name="stakeLimit" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} /></label>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div className="bo-actions"><button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy}><Trans>Create fixture</Trans></button></div>
    </form>
  );
}

/** The calls that change one fixture (each takes its matchId). */
type FixtureAction = 'openMarket' | 'setPrice' | 'setMarketStatus' | 'setMatchStatus' | 'setStakeLimit';
/** Runs one of them on the fixture shown; true when it went through. */
type RunFixture = <K extends FixtureAction>(name: K, payload: Omit<BoPayload<`bo/${K}`>, 'matchId'>) => Promise<boolean>;

function FixturePanel({ matchId, onChanged }: { matchId: number; onChanged: () => void }) {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const act = useAction();
  const load = useCallback((k: string) => bo('bo/tradingFixture', { matchId: Number(k) }), []);
  const { data: reply, reload } = useKeyed(String(matchId), load);
  // the last loaded picture stays on screen while a change reloads it
  const [last, setLast] = useState<BoTradingFixtureReply | null>(null);
  if (reply?.status && reply !== last) setLast(reply);
  const data = reply?.status ? reply : last;
  const run: RunFixture = async (name, payload) => {
    const r = await act.run(() => bo(`bo/${name}`, { matchId, ...payload } as BoPayload<`bo/${typeof name}`>));
    if (r) { reload(); onChanged(); }
    return r !== null;
  };
  if (!data) return <div className="bo-skel-block" aria-busy="true" />;
  const f = data.fixture;
  const open = f.betStatus === 'started';
  return (
    <section className="bo-panel" aria-label={t`Fixture ${f.id}`} style={{ marginBlockStart: 'var(--space-4)' }}>
      <h2>{`${f.homeTeam} – ${f.awayTeam}`} <small>{`#${f.id} · ${when(f.matchDate, lang)} · ${f.tournamentName}`}</small></h2>
      <div className="bo-actions" style={{ alignItems: 'flex-end', flexWrap: 'wrap' }}>
        {open
          ? <span className="bo-badge bo-badge-green"><Trans>Bets open</Trans></span>
          : <span className="bo-badge bo-badge-red"><Trans>Match suspended</Trans></span>}
        <button type="button" className={open ? 'bo-btn bo-btn-danger' : 'bo-btn'} disabled={act.busy} onClick={() => void run('setMatchStatus', { open: !open })}>
          {open ? <Trans>Suspend match</Trans> : <Trans>Reopen match</Trans>}
        </button>
        <StakeLimit key={f.stakeLimit} current={f.stakeLimit} busy={act.busy} run={run} />
        {f.stakeLimit > 0 && <span className="bo-note">{t`Limit now: ${money(f.stakeLimit, me.currency, lang)}`}</span>}
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))', gap: 'var(--space-2)', marginBlock: 'var(--space-3)' }}>
        {data.markets.map((m) => <MarketCard key={`${m.oddsId}-${m.outcomes.map((o) => o.odd).join()}`} m={m} busy={act.busy} run={run} />)}
        {!data.markets.length && <p className="bo-empty"><Trans>No market open yet.</Trans></p>}
      </div>
      <OpenMarket taken={data.markets} sportId={f.sportId} busy={act.busy} run={run} />
    </section>
  );
}

function StakeLimit({ current, busy, run }: { current: number; busy: boolean; run: RunFixture }) {
  const { t } = useLingui();
  const { me } = useBo();
  const [limit, setLimit] = useState(current ? (current / 100).toFixed(2) : '');
  return (
    <form style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'flex-end' }} onSubmit={(e) => { e.preventDefault(); void run('setStakeLimit', { stakeLimit: limit ? toMinor(limit) : 0 }); }}>
      <label className="bo-field"><span>{t`Stake limit per tip (${me.currency}; empty: site default)`}</span><input name="matchStakeLimit" inputMode="decimal" value={limit} onChange={(e) => setLimit(e.target.value)} /></label>
      <button type="submit" className="bo-btn" disabled={busy}><Trans>Save limit</Trans></button>
    </form>
  );
}

function MarketCard({ m, busy, run }: { m: TradingMarket; busy: boolean; run: RunFixture }) {
  const { t } = useLingui();
  const [prices, setPrices] = useState<Record<number, string>>(() => Object.fromEntries(m.outcomes.map((o) => [o.oddId, oddText(o.odd)])));
  const title = m.special ? `${m.name} (${m.special})` : m.name;
  return (
    <div role="group" aria-label={title} style={{ border: '1px solid var(--line)', borderRadius: 'var(--radius-sm)', padding: 'var(--space-2)' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 'var(--space-2)' }}>
        <strong>{title}</strong>
        {m.active ? null : <span className="bo-badge bo-badge-red"><Trans>Suspended</Trans></span>}
      </div>
      {m.outcomes.map((o) => (
        <form key={o.oddId} style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'center', marginBlockStart: 'var(--space-1)' }}
          onSubmit={(e) => { e.preventDefault(); void run('setPrice', { oddId: o.oddId, odd: toOdd(prices[o.oddId] ?? '') }); }}>
          <span style={{ minWidth: 40 }}>{o.name}</span>
          <input aria-label={t`Price of ${o.name} in ${title}`} inputMode="decimal" style={{ width: 80, minWidth: 0 }} value={prices[o.oddId] ?? ''}
            onChange={(e) => setPrices({ ...prices, [o.oddId]: e.target.value })} />
          <button type="submit" className="bo-btn bo-btn-small" disabled={busy || toOdd(prices[o.oddId] ?? '') === o.odd}><Trans>Set</Trans></button>
        </form>
      ))}
      <button type="button" className="bo-btn bo-btn-small" style={{ marginBlockStart: 'var(--space-2)' }} disabled={busy}
        onClick={() => void run('setMarketStatus', { oddsId: m.oddsId, active: m.active ? 0 : 1 })}>
        {m.active ? <Trans>Suspend market</Trans> : <Trans>Reopen market</Trans>}
      </button>
    </div>
  );
}

function OpenMarket({ taken, sportId, busy, run }: { taken: TradingMarket[]; sportId: number; busy: boolean; run: RunFixture }) {
  const { t } = useLingui();
  const [types, setTypes] = useState<BoTradingCatalogueReply['oddTypes']>([]);
  const [type, setType] = useState(1);
  const [special, setSpecial] = useState('');
  const [prices, setPrices] = useState<Record<number, string>>({});
  useEffect(() => {
    let live = true;
    void bo('bo/tradingCatalogue', { sportId }).then((r) => { if (live && r.status) setTypes(r.oddTypes); });
    return () => { live = false; };
  }, [sportId]);
  const def = useMemo(() => types.find((x) => x.oddsType === type), [types, type]);
  const open = async () => {
    if (!def) return;
    const ok = await run('openMarket', { oddsType: type, special: def.hasSpecial ? special.trim() : '', outcomes: def.outcomes.map((o) => ({ outcomeId: o.id, odd: toOdd(prices[o.id] ?? '') })) });
    if (ok) { setPrices({}); setSpecial(''); }
  };
  const isTaken = (oddsType: number) => taken.some((m) => m.oddsType === oddsType && !types.find((x) => x.oddsType === oddsType)?.hasSpecial);
  return (
    <form aria-label={t`Open a market`} onSubmit={(e) => { e.preventDefault(); void open(); }} style={{ borderTop: '1px solid var(--line)', paddingTop: 'var(--space-3)' }}>
      <h3 style={{ margin: '0 0 var(--space-2)' }}><Trans>Open a market</Trans></h3>
      <div className="bo-grid-form">
        <label className="bo-field"><span><Trans>Odd type</Trans></span>
          <select name="oddsType" value={type} onChange={(e) => { setType(Number(e.target.value)); setPrices({}); }}>
            {types.map((x) => <option key={x.oddsType} value={x.oddsType} disabled={isTaken(x.oddsType)}>{`${x.oddsType} · ${x.name}`}</option>)}
          </select>
        </label>
        {def?.hasSpecial && <label className="bo-field"><span><Trans>Line (special)</Trans></span><input name="special" required value={special} onChange={(e) => setSpecial(e.target.value)} placeholder="2.5" /></label>}
        {def?.outcomes.map((o) => (
          <label key={o.id} className="bo-field"><span>{t`Price of ${o.name}`}</span>
            <input name={`price-${o.id}`} inputMode="decimal" required value={prices[o.id] ?? ''} onChange={(e) => setPrices({ ...prices, [o.id]: e.target.value })} placeholder="1.85" />
          </label>
        ))}
      </div>
      <div className="bo-actions" style={{ marginBlockStart: 'var(--space-2)' }}>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={busy || !def}><Trans>Open market</Trans></button>
      </div>
    </form>
  );
}
