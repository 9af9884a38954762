import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LiveMatchInfo, LiveTvView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { BackIcon } from '../../ui/icons.tsx';
import { useSlip } from '../../state/slip.ts';
import { useSession } from '../../state/session.ts';
import { openLogin } from '../../state/ui.ts';
import { activeFilter, MarketFilters, shownUnder } from '../../ui/MarketFilters.tsx';
import { OddButton } from '../../ui/OddButton.tsx';
import { useMarketText } from '../../ui/market-names.ts';
import { useLiveMatch, type LiveMatchState } from '../../state/live.ts';
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
      {s && !s.removed && s.m.home && !closed && <LiveTv matchId={matchId} teams={title} />}
      {s && !s.removed && s.m.home && !closed && <LiveMarkets s={s} matchId={matchId} teams={title} />}
      {!s && !info && <div aria-busy="true"><div className="skeleton" style={{ height: 120, margin: 12 }} /><div className="skeleton" style={{ height: 240, margin: 12 }} /></div>}
    </div>
  );
}

/** Score, minute or status, period or set scores, the game's point score (tennis), cards and corners. */
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
      <div className="live-clock big">
        <span className="live-dot" aria-hidden="true" /><ClockText m={m} />
        {m.tiee ? <span className="added-time" data-testid="added-time">{t`+${m.tiee} min added`}</span> : null}
      </div>
      {m.sscr && m.sscr.length > 0 && (
        <div className="live-periods" aria-label={m.gs ? t`Games per set` : t`Period scores`}>
          {m.sscr.map((p, i) => <span key={i} className="period">{p.h}-{p.a}</span>)}
        </div>
      )}
      {m.gs && (
        <div className="live-periods live-game" data-testid="game-score" aria-label={t`Points in this game`}>
          <span><Trans>Game</Trans></span>
          <strong className="period">{m.gs.h} - {m.gs.a}</strong>
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

/** Market filter tabs, then the groups under the chosen tab, first 10 open; locked cells show a lock. */
function LiveMarkets({ s, matchId, teams }: { s: LiveMatchState; matchId: number; teams: string }) {
  const { keys } = useSlip();
  const market = useMarketText();
  const [chosen, setChosen] = useState('all');
  // groups the player opened or closed by hand, kept across filter changes and patches
  const [toggled, setToggled] = useState<ReadonlySet<number>>(() => new Set());
  const tabs = s.m.filters ?? ['all'];
  // a tab whose last market closed falls back to all
  const filter = activeFilter(tabs, chosen);
  const groups = useMemo(() => Object.values(s.g).filter((g) => g.visible !== false && shownUnder(filter, g.filters))
    .sort((a, b) => (a.oddstype ?? 0) - (b.oddstype ?? 0) || (a.oddsid ?? 0) - (b.oddsid ?? 0)), [s.g, filter]);
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
  const toggle = useCallback((id: number) => setToggled((x) => {
    const n = new Set(x);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    return n;
  }), []);
  return (
    <>
      <MarketFilters filters={tabs} value={filter} onChange={setChosen} />
      <div className="market-groups" data-shown={filter}>
        {groups.length === 0 && <div className="state"><p><Trans>No markets under this filter.</Trans></p></div>}
        {groups.map((g, i) => {
          const name = market.market(g.oddstype ?? 0, g.name ?? '');
          const label = g.special && !name.includes(g.special) ? `${name} (${g.special})` : name;
          const id = g.oddsid ?? 0;
          const open = (i < OPEN_GROUPS) !== toggled.has(id);
          return (
            <details key={id} className="market-group" open={open} data-testid="market-group" data-type={g.oddstype}
              // the browser toggles the element itself; a toggle React caused (open prop) matches and is ignored
              onToggle={(e) => { if (e.currentTarget.open !== open) toggle(id); }}>
              <summary>{label}{g.suspended && <span className="suspended-tag"> 🔒</span>}</summary>
              <div className="market-line">
                {(outcomes.get(id) ?? []).map((o) => (
                  <OddButton key={o.key} matchId={matchId} odd={asOddView(o)} selected={keys.has(o.key ?? '')} teams={teams}
                    move={o.mv ?? 0} onPress={() => void core.toggleLiveOdd(matchId, o.oddsid!, o.oddid!)} />
                ))}
              </div>
            </details>
          );
        })}
      </div>
    </>
  );
}

/**
 * TV of a live match (section 2): shown only when the match streams. A visitor gets a login prompt,
 * a player the server refuses gets its message, a player with access the stream (the operator's
 * player from tv_link, or a placeholder in the demo: no external network is needed).
 */
function LiveTv({ matchId, teams }: { matchId: number; teams: string }) {
  const { user } = useSession();
  // logging in or out asks again (a fresh component, no stale stream or prompt)
  return <LiveTvBody key={user ? 'in' : 'out'} matchId={matchId} teams={teams} />;
}

function LiveTvBody({ matchId, teams }: { matchId: number; teams: string }) {
  const { t } = useLingui();
  const [tv, setTv] = useState<LiveTvView | null>(null);
  // the player opens on request: on a phone the markets stay in view until the player asks
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    let live = true;
    void core.liveTv(matchId).then((v) => { if (live) setTv(v); });
    return () => { live = false; };
  }, [matchId]);
  if (!tv || tv.state === 'none') return null;
  return (
    <section className="live-tv" aria-label={t`Live TV`} data-testid="live-tv" data-state={tv.state}>
      {tv.state === 'login' && (
        <div className="live-tv-note">
          <p><Trans>Log in to watch this match live.</Trans></p>
          <button type="button" className="btn btn-primary btn-small" onClick={openLogin}><Trans>Log in</Trans></button>
        </div>
      )}
      {tv.state === 'refused' && (
        <div className="live-tv-note" role="status"><p>{tv.msg || t`The live stream is not available.`}</p></div>
      )}
      {tv.state === 'ok' && (
        <div className="live-tv-note">
          <p><span className="live-badge tv-badge" aria-hidden="true">TV</span> <Trans>Live stream available</Trans></p>
          <button type="button" className="btn btn-small" aria-expanded={watching} aria-controls={`tv-${matchId}`}
            onClick={() => setWatching(!watching)} data-testid="live-tv-watch">
            {watching ? <Trans>Hide</Trans> : <Trans>Watch</Trans>}
          </button>
        </div>
      )}
      {tv.state === 'ok' && watching && (tv.url
        ? <video id={`tv-${matchId}`} className="live-tv-player" src={tv.url} controls autoPlay muted playsInline aria-label={t`Live stream of ${teams}`} />
        : (
          <div id={`tv-${matchId}`} className="live-tv-player placeholder" role="img" aria-label={t`Live stream of ${teams} (demo)`}>
            <span className="live-badge tv-badge" aria-hidden="true">TV</span>
            <span aria-hidden="true">{teams}</span>
            <small aria-hidden="true"><Trans>Demo stream</Trans></small>
          </div>
        ))}
    </section>
  );
}
