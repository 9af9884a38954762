import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKeyed } from '../action.ts';
import { FilterBar, type Filter } from '../filters.tsx';
import { DataTable, type Column } from '../table.tsx';
import { money, when } from '../format.ts';
import { useBo } from '../session.tsx';
import { useBoSearch } from '../url-state.ts';
import { bo, type BoPayload } from '../bo-client.ts';
import type { BoLiabilityReply } from '../../../../domain/trading/calls.ts';
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
