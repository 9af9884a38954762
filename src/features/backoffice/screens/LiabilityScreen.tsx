import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction, useKeyed } from '../action.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { DataTable, type Column } from '../table.tsx';
import { money, when } from '../format.ts';
import { useBo } from '../session.tsx';
import { useBoSearch } from '../url-state.ts';
import { bo, type BoPayload } from '../bo-client.ts';
import type { BoLiabilityReply, LiabilityLimitRow } from '../../../../domain/trading/calls.ts';
import type { LiabilityMarket } from '../../../../domain/trading/liability.ts';

/** The socket's frames reload the grid at most this often. */
const RELOAD_MIN_MS = 1_000;

/**
 * The trader's liability grid: every market of an open match with open bets, worst case first,
 * each outcome with its stakes, what the house pays if it wins and the net for the house. It
 * reloads when the back-office socket (/ws/bo) says the book moved, so a coupon placed on any
 * server process shows within about a second.
 */
export function LiabilityScreen() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const [search, setSearch] = useBoSearch();
  const catalogue = useKeyed('liability-catalogue', useCallback(() => bo('bo/tradingCatalogue', {}), [])).data;
  const payload: BoPayload<'bo/liability'> = {
    ...(search.sport ? { sportId: Number(search.sport) } : {}),
    ...(search.league ? { tournamentId: Number(search.league) } : {}),
    ...(search.match && /^\d+$/.test(search.match) ? { matchId: Number(search.match) } : {}),
    ...(search.live === 'live' ? { live: true } : search.live === 'pre' ? { live: false } : {}),
    limit: 200,
  };
  const key = JSON.stringify(payload);
  const load = useCallback((k: string) => bo('bo/liability', JSON.parse(k) as BoPayload<'bo/liability'>), []);
  const { data, reload } = useKeyed(key, load);
  // The last answer stays on screen while a reload runs, so the grid does not blink on every push.
  const [last, setLast] = useState<{ key: string; reply: BoLiabilityReply } | null>(null);
  if (data?.status && last?.reply !== data) setLast({ key, reply: data });
  const reply = data?.status ? data : last?.key === key ? last.reply : null;
  const [connected, setConnected] = useState(false);
  useLiabilityPush(reload, setConnected);

  const cur = me.currency;
  const sports = catalogue?.status ? catalogue.sports : [];
  const leagues = catalogue?.status ? catalogue.tournaments.filter((x) => !search.sport || String(x.sportId) === search.sport) : [];
  const filters: Filter[] = [
    { name: 'sport', label: t`Sport`, type: 'select', options: [{ value: '', label: t`All` }, ...sports.map((s) => ({ value: String(s.id), label: s.name }))] },
    { name: 'league', label: t`League`, type: 'select', options: [{ value: '', label: t`All` }, ...leagues.map((l) => ({ value: String(l.id), label: `${l.categoryName} / ${l.name}` }))] },
    { name: 'live', label: t`In play`, type: 'select', options: [{ value: '', label: t`All` }, { value: 'live', label: t`In play` }, { value: 'pre', label: t`Pre-match` }] },
    { name: 'match', label: t`Match id`, type: 'number' },
  ];
  const columns: Column<LiabilityMarket>[] = [
    { key: 'match', header: t`Match`, render: (m) => (
      <>
        <div>{m.match} {m.live && <span className="bo-badge bo-badge-red"><Trans>Live</Trans></span>}</div>
        <div className="bo-muted">{m.sportName} / {m.tournamentName} / {when(m.matchDate, lang)} / #{m.matchId}</div>
      </>
    ) },
    { key: 'market', header: t`Market`, render: (m) => (m.special ? `${m.market} (${m.special})` : m.market) },
    { key: 'outcomes', header: t`Outcome: stakes / pays if it wins / house net`, render: (m) => (
      <ul className="bo-liability-outcomes">
        {m.outcomes.map((o) => (
          <li key={o.outcomeId}>
            <b>{o.name}</b>{' '}
            <span className="num">{money(o.singleStake + o.comboStake, cur, lang)} / {money(o.pay, cur, lang)} / </span>
            <span className={`num ${o.net > 0 ? 'bo-neg' : 'bo-pos'}`}>{money(-o.net, cur, lang)}</span>
            {' '}<span className="bo-muted">{t`Bets: ${o.tips}`}</span>
          </li>
        ))}
      </ul>
    ) },
    { key: 'stakes', header: t`Stakes`, render: (m) => money(m.stakes, cur, lang), num: true },
    { key: 'worst', header: t`Worst case`, render: (m) => <span className={m.worst > 0 ? 'bo-neg' : 'bo-pos'}>{money(-m.worst, cur, lang)}</span>, num: true },
  ];
  return (
    <section className="bo-panel" aria-label={t`Liability`}>
      <FilterBar filters={filters} search={search} onApply={(p) => setSearch(p, true)} extra={
        <span className={connected ? 'bo-badge bo-badge-green' : 'bo-badge'} role="status">{connected ? t`Live updates on` : t`Live updates off`}</span>
      } />
      {reply && (
        <p className="bo-note">
          {t`${reply.totalCount} markets, stakes ${money(reply.stakes, cur, lang)}, worst case ${money(-reply.worst, cur, lang)}`}
        </p>
      )}
      <DataTable label={t`Liability`} columns={columns} rows={reply ? reply.markets : null}
        rowKey={(m) => `${m.matchId}-${m.oddsType}-${m.special}`} empty={<Trans>No open bets on open matches.</Trans>} />
      <LimitsPanel />
    </section>
  );
}

/**
 * The limits of automatic protection: the site's (General settings) and a league's or a match's
 * own, set here (bo/setLiabilityLimit, audited). An empty field follows the next level; 0 is no limit.
 */
function LimitsPanel() {
  const { t } = useLingui();
  const { lang, me } = useBo();
  const act = useAction();
  const { data, reload } = useKeyed('liability-limits', useCallback(() => bo('bo/liabilityLimits', {}), []));
  const [scope, setScope] = useState<'league' | 'match'>('match');
  const [refId, setRefId] = useState('');
  const [market, setMarket] = useState('');
  const [match, setMatch] = useState('');
  const amount = (v: string) => (v.trim() === '' ? null : Math.round(Number(v.replace(',', '.')) * 100));
  const valid = /^\d+$/.test(refId) && [market, match].every((v) => v.trim() === '' || /^\d+([.,]\d{1,2})?$/.test(v.trim()));
  const save = async () => {
    if (await act.run(() => bo('bo/setLiabilityLimit', { scope, refId: Number(refId), marketLimit: amount(market), matchLimit: amount(match) }))) reload();
  };
  const reply = data?.status ? data : null;
  const limit = (v: number | null) => (v === null ? '' : money(v, me.currency, lang));
  const columns: Column<LiabilityLimitRow>[] = [
    { key: 'scope', header: t`Scope`, render: (r) => (r.scope === 'league' ? t`League` : t`Match`) },
    { key: 'name', header: t`Name`, render: (r) => `${r.name} #${r.refId}` },
    { key: 'market', header: t`Market limit`, render: (r) => limit(r.marketLimit), num: true },
    { key: 'match', header: t`Match limit`, render: (r) => limit(r.matchLimit), num: true },
    { key: 'at', header: t`Updated`, render: (r) => when(r.updatedAt, lang) },
  ];
  return (
    <section aria-label={t`Liability limits`} style={{ marginBlockStart: 'var(--space-4)' }}>
      <h2 className="bo-title"><Trans>Liability limits</Trans></h2>
      {reply && <p className="bo-note">{t`Site limits: market ${money(reply.site.market, me.currency, lang)}, match ${money(reply.site.match, me.currency, lang)}. An empty field follows the league or the site; 0 is no limit.`}</p>}
      <form className="bo-filters" onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <label className="bo-field"><span><Trans>Scope</Trans></span>
          <select name="scope" value={scope} onChange={(e) => setScope(e.target.value as 'league' | 'match')}>
            <option value="match">{t`Match`}</option><option value="league">{t`League`}</option>
          </select>
        </label>
        <label className="bo-field"><span><Trans>Id</Trans></span><input name="refId" inputMode="numeric" value={refId} onChange={(e) => setRefId(e.target.value)} /></label>
        <label className="bo-field"><span><Trans>Market limit</Trans></span><input name="marketLimit" inputMode="decimal" value={market} onChange={(e) => setMarket(e.target.value)} /></label>
        <label className="bo-field"><span><Trans>Match limit</Trans></span><input name="matchLimit" inputMode="decimal" value={match} onChange={(e) => setMatch(e.target.value)} /></label>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || !valid}><Trans>Save</Trans></button>
      </form>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <DataTable label={t`Liability limits`} columns={columns} rows={reply ? reply.rows : null} rowKey={(r) => `${r.scope}-${r.refId}`}
        empty={<Trans>No league or match has its own limits.</Trans>} />
    </section>
  );
}

/** Opens /ws/bo while the screen is shown; each liability frame reloads (at most once a second), a lost socket retries after 3 s. */
function useLiabilityPush(reload: () => void, setConnected: (on: boolean) => void): void {
  const lastAt = useRef(0);
  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let pending: ReturnType<typeof setTimeout> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const onFrame = (text: string) => {
      if (!text.includes('"liability"') || pending) return;
      const wait = Math.max(0, lastAt.current + RELOAD_MIN_MS - Date.now());
      pending = setTimeout(() => { pending = null; lastAt.current = Date.now(); reload(); }, wait);
    };
    const open = () => {
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/bo`);
      ws.onmessage = (e) => { if (typeof e.data === 'string') { setConnected(true); onFrame(e.data); } };
      ws.onclose = () => { setConnected(false); if (!stopped) retry = setTimeout(open, 3_000); };
    };
    open();
    return () => {
      stopped = true;
      if (pending) clearTimeout(pending);
      if (retry) clearTimeout(retry);
      ws?.close();
    };
  }, [reload, setConnected]);
}
