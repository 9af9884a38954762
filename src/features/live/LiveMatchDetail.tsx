import { useEffect, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LiveMatchInfo } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { BackIcon } from '../../ui/icons.tsx';
import { useSlip } from '../../state/slip.ts';
import { OddButton } from '../sports/OddButton.tsx';
import { useMarketText } from '../sports/market-names.ts';
import { useLiveMatch, type LiveMatchState } from './live-store.ts';
import { asOddView, ClockText } from './LiveRow.tsx';
import { FeedBanner } from './FeedBanner.tsx';

/** The first 10 market groups are open by default (section 2). */
const OPEN_GROUPS = 10;

/** MatchDetail of a live match: back to LiveBets, score header, market groups with arrows and locks. */
export function LiveMatchDetail({ lang, matchId }: { lang: string; matchId: number }) {
  const { t } = useLingui();
  const [info, setInfo] = useState<LiveMatchInfo | null>(null);
  const s = useLiveMatch(matchId);
  useEffect(() => {
    let live = true;
    void core.watchLiveMatch(matchId).then((i) => { if (live) setInfo(i); });
    return () => {
      live = false;
      void core.watchLiveMatch(null);
    };
  }, [matchId]);

  const home = s?.m.home ?? (info && info.state !== 'notfound' ? info.home : '');
  const away = s?.m.away ?? (info && info.state !== 'notfound' ? info.away : '');
  const title = home ? `${home} - ${away}` : t`Live match`;
  const openGroups = s && !s.removed ? Object.values(s.g).filter((g) => g.visible !== false && g.active === 1) : [];
  const closed = info?.state === 'closed' || (s !== undefined && (s.removed || (s.m.home !== undefined && openGroups.length === 0 && Object.keys(s.g).length > 0)));

  return (
    <div className="match-detail live-detail">
      <div className="caption">
        <Link to="/$lang/livebets" params={{ lang }} className="icon-btn" aria-label={t`Back to live bets`} data-testid="back-live"><BackIcon /></Link>
        <h1 className="caption-title">{title}</h1>
      </div>
      <FeedBanner />
      {info?.state === 'notfound' && !s && (
        <div className="state" role="alert" data-testid="match-not-found">
          <h2><Trans>Match not found</Trans></h2>
          <p><Trans>This live match could not be found. Pick another one from the live list.</Trans></p>
        </div>
      )}
      {closed && (
        <div className="state" role="alert" data-testid="match-closed">
          <h2><Trans>Betting is closed for {title}</Trans></h2>
          <p><Trans>This match has no open markets. Pick another one from the live list.</Trans></p>
        </div>
      )}
      {s && !s.removed && s.m.home && <ScoreHeader s={s} />}
      {s && !s.removed && s.m.home && !closed && <LiveMarkets s={s} matchId={matchId} teams={title} />}
      {!s && !info && <div aria-busy="true"><div className="skeleton" style={{ height: 120, margin: 12 }} /><div className="skeleton" style={{ height: 240, margin: 12 }} /></div>}
    </div>
  );
}

/** Score, minute or status, period or set scores, cards and corners. */
function ScoreHeader({ s }: { s: LiveMatchState }) {
  const { t } = useLingui();
  const m = s.m;
  const football = m.sid === 1;
  return (
    <header className="match-header live-header" data-testid="score-header">
      <div className="match-header-meta">{m.cn} · {m.tn}</div>
      <div className="live-score">
        <span className="team">{m.home}</span>
        <strong className="score" data-testid="score">{m.scr?.h ?? 0} : {m.scr?.a ?? 0}</strong>
        <span className="team">{m.away}</span>
      </div>
      <div className="live-clock big"><span className="live-dot" aria-hidden="true" /><ClockText m={m} /></div>
      {m.sscr && m.sscr.length > 0 && (
        <div className="live-periods" aria-label={t`Period scores`}>
          {m.sscr.map((p, i) => <span key={i} className="period">{p.h}-{p.a}</span>)}
        </div>
      )}
      {football && m.cards && m.corners && (
        <dl className="live-stats">
          <div><dt><span className="card yellow" aria-hidden="true" /><span className="visually-hidden"><Trans>Yellow cards</Trans></span></dt><dd>{m.cards.yh} - {m.cards.ya}</dd></div>
          <div><dt><span className="card red" aria-hidden="true" /><span className="visually-hidden"><Trans>Red cards</Trans></span></dt><dd>{m.cards.rh} - {m.cards.ra}</dd></div>
          <div><dt><Trans>Corners</Trans></dt><dd>{m.corners.h} - {m.corners.a}</dd></div>
        </dl>
      )}
    </header>
  );
}

/** Market groups of the match in the worker's order, first 10 open; locked cells show a lock. */
function LiveMarkets({ s, matchId, teams }: { s: LiveMatchState; matchId: number; teams: string }) {
  const { keys } = useSlip();
  const market = useMarketText();
  const groups = useMemo(() => Object.values(s.g).filter((g) => g.visible !== false).sort((a, b) => (a.oddstype ?? 0) - (b.oddstype ?? 0) || (a.oddsid ?? 0) - (b.oddsid ?? 0)), [s.g]);
  const outcomes = useMemo(() => {
    const by = new Map<number, Array<LiveMatchState['o'][number]>>();
    for (const o of Object.values(s.o)) {
      const list = by.get(o.oddsid ?? 0) ?? [];
      list.push(o);
      by.set(o.oddsid ?? 0, list);
    }
    for (const list of by.values()) list.sort((a, b) => (a.outcomeid ?? 0) - (b.outcomeid ?? 0));
    return by;
  }, [s.o]);
  return (
    <div className="market-groups">
      {groups.map((g, i) => {
        const name = market.market(g.oddstype ?? 0, g.name ?? '');
        const label = g.special && !name.includes(g.special) ? `${name} (${g.special})` : name;
        return (
          <details key={g.oddsid} className="market-group" open={i < OPEN_GROUPS} data-testid="market-group">
            <summary>{label}{g.suspended && <span className="suspended-tag"> 🔒</span>}</summary>
            <div className="market-line">
              {(outcomes.get(g.oddsid ?? 0) ?? []).map((o) => (
                <OddButton key={o.key} matchId={matchId} odd={asOddView(o)} selected={keys.has(o.key ?? '')} teams={teams}
                  move={o.mv ?? 0} onPress={() => void core.toggleLiveOdd(matchId, o.oddsid!, o.oddid!)} />
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}
