import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { LiveListView } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { SportIcon } from '../../ui/SportIcon.tsx';
import { useMarketText } from '../../ui/market-names.ts';
import { useDataSaver } from '../../pwa/data-saver.ts';
import { useFeedStatus } from '../../state/live.ts';
import { LiveRow } from './LiveRow.tsx';
import { FeedBanner } from './FeedBanner.tsx';

/** Live list page size and first fill (betting-core.md section 9). */
const PAGE = 50;
const FIRST = 2 * PAGE;
/** Search: 3+ characters after a 500 ms pause (section 5). */
const SEARCH_DELAY_MS = 500;
const SEARCH_MIN = 3;
/** Rows have a fixed height (app.css .live-row), so nothing is measured while scrolling. */
const ROW_HEIGHT = 104;
const COMPACT_ROW_HEIGHT = 150;

export interface LiveBetsProps {
  lang: string;
  sid: number;
  favorites: boolean;
}

/** LiveBets and FavoritesLive: sport tabs with live counts, favourites, search, odds type, order, virtual rows. */
export function LiveBets({ lang, sid, favorites }: LiveBetsProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const market = useMarketText();
  const status = useFeedStatus();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [oddsType, setOddsType] = useState('main');
  const [order, setOrder] = useState<'time' | 'flag'>('time');
  // the worker remembers the list view; a tap shows at once, before the list is asked again
  const [picked, setPicked] = useState<boolean | null>(null);
  // the rows loaded so far, per query: a new query starts again from the first fill
  const queryKey = `${sid}|${favorites}|${keyword}|${order}`;
  const [pages, setPages] = useState({ key: queryKey, limit: FIRST });
  const limit = pages.key === queryKey ? pages.limit : FIRST;
  const [list, setList] = useState<LiveListView | null>(null);
  const [favs, setFavs] = useState<ReadonlySet<number>>(new Set());


  // the search applies 500 ms after the last key, and only from 3 characters (or when cleared)
  useEffect(() => {
    const q = typed.trim();
    const h = setTimeout(() => setKeyword(q.length >= SEARCH_MIN ? q : ''), SEARCH_DELAY_MS);
    return () => clearTimeout(h);
  }, [typed]);

  useEffect(() => {
    let live = true;
    const version = status.listVersion;
    // a reply computed before a newer list change is dropped: the effect asks again
    void core.liveList({ sid, favorites, keyword, order, limit, oddsType }).then((l) => { if (live && l.feed.listVersion >= version) setList(l); });
    void core.liveFavorites().then((f) => { if (live) setFavs(new Set(f)); });
    return () => { live = false; };
  }, [sid, favorites, keyword, order, limit, oddsType, status.listVersion]);

  const compact = !!list?.listViewToggle && (picked ?? list.compact);
  const setCompact = (on: boolean) => {
    setPicked(on);
    void core.setLiveListView(on);
  };

  const onMore = useCallback(() => setPages((p) => ({ key: queryKey, limit: (p.key === queryKey ? p.limit : FIRST) + PAGE })), [queryKey]);
  const option = list?.oddsTypes.find((o) => o.key === oddsType) ?? list?.oddsTypes[0];
  const types = useMemo(() => option?.types ?? [1, 186], [option]);
  const total = list?.sports.reduce((n, s) => n + s.count, 0) ?? 0;
  const go = (next: { sid?: number; favorites?: boolean }) => void navigate({
    to: '/$lang/livebets', params: { lang },
    search: { ...((next.sid ?? sid) ? { sid: next.sid ?? sid } : {}), ...((next.favorites ?? favorites) ? { favorites: 1 } : {}) },
    replace: true,
  });

  return (
    <div className="live-bets">
      <nav className="sport-header live-tabs" aria-label={t`Live sports`}>
        <button type="button" className={sid === 0 ? 'sport-chip active' : 'sport-chip'} aria-pressed={sid === 0} onClick={() => go({ sid: 0 })} data-testid="live-tab">
          <span className="icon" aria-hidden="true"><SportIcon id={0} /></span><span><Trans>All</Trans></span><span className="count">{total}</span>
        </button>
        {list?.sports.map((s) => (
          <button key={s.sid} type="button" className={sid === s.sid ? 'sport-chip active' : 'sport-chip'} aria-pressed={sid === s.sid}
            onClick={() => go({ sid: s.sid })} data-testid="live-tab">
            <span className="icon" aria-hidden="true"><SportIcon id={s.sid} /></span><span>{s.name}</span><span className="count">{s.count}</span>
          </button>
        ))}
      </nav>
      <div className="live-controls">
        <div className="live-search-row">
          <input type="search" className="input live-search" value={typed} onChange={(e) => setTyped(e.target.value)}
            placeholder={t`Search team or league`} aria-label={t`Search live matches`} data-testid="live-search" />
          {list?.listViewToggle && (
            <button type="button" className={compact ? 'icon-btn view-toggle on' : 'icon-btn view-toggle'} aria-pressed={compact}
              aria-label={t`List view`} title={t`List view`} onClick={() => setCompact(!compact)} data-testid="live-list-view">
              <StackedRowsIcon />
            </button>
          )}
        </div>
        <div className="live-control-row">
          <button type="button" className={favorites ? 'chip on' : 'chip'} aria-pressed={favorites} onClick={() => go({ favorites: !favorites })} data-testid="live-favorites">
            ★ <Trans>Favourites</Trans>
          </button>
          <label className="visually-hidden" htmlFor="live-odds-type"><Trans>Odds type</Trans></label>
          <select id="live-odds-type" className="chip select" value={oddsType} onChange={(e) => setOddsType(e.target.value)} data-testid="live-odds-type">
            {list?.oddsTypes.map((o) => <option key={o.key} value={o.key}>{market.market(o.types[0]!, o.name)}</option>)}
          </select>
          <button type="button" className="chip" onClick={() => setOrder(order === 'time' ? 'flag' : 'time')} data-testid="live-order">
            {order === 'time' ? <Trans>By time</Trans> : <Trans>By country</Trans>}
          </button>
        </div>
      </div>
      <FeedBanner />
      {list && keyword && (
        <p className="search-result" role="status">
          {list.total ? t`${list.total} results for ${keyword}.` : t`No results for ${keyword}.`}
        </p>
      )}
      {!list && <div aria-busy="true">{[0, 1, 2, 3, 4].map((i) => <div key={i} className="live-row skeleton-row" />)}</div>}
      {list && list.ids.length === 0 && (
        <div className="state" data-testid="noresultmatches">
          <h2>{favorites ? <Trans>No favourite live matches</Trans> : <Trans>No live matches found</Trans>}</h2>
          <p>{favorites ? <Trans>Tap the star of a live match to follow it here.</Trans> : <Trans>New matches kick off all day. Try another sport or search.</Trans>}</p>
        </div>
      )}
      {list && list.ids.length > 0 && (
        <LiveRows ids={list.ids} lang={lang} types={types} favs={favs} compact={compact}
          more={list.ids.length < list.total} onMore={onMore} />
      )}
    </div>
  );
}

/** The second live view: teams above, odds below (two stacked bars per row). */
function StackedRowsIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="4" y="4" width="16" height="6" rx="1.5" /><rect x="4" y="14" width="16" height="6" rx="1.5" />
    </svg>
  );
}

/** The rows, virtualised against the page scroll; the rows drawn are the ones the worker patches. */
function LiveRows({ ids, lang, types, favs, compact, more, onMore }: {
  ids: number[]; lang: string; types: readonly number[]; favs: ReadonlySet<number>; compact: boolean; more: boolean; onMore: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => { setMargin(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0); }, []);
  const size = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  // no flushSync on scroll: new rows render in the next frame instead of inside the scroll event (no long task)
  // oxlint-disable-next-line react/incompatible-library
  const v = useWindowVirtualizer({ count: ids.length, estimateSize: () => size, overscan: 4, scrollMargin: margin, useFlushSync: false });
  const items = v.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const shown = useMemo(() => ids.slice(first, last + 1), [ids, first, last]);
  useEffect(() => { void core.watchLive(shown); }, [shown]);
  useEffect(() => () => { void core.watchLive([]); }, []);
  const observe = useVisibleRows();
  // infinite scroll: the next page when the last drawn row is the last loaded one
  const atEnd = last >= ids.length - 1;
  useEffect(() => { if (atEnd && more) onMore(); }, [atEnd, more, ids.length, onMore]);
  return (
    <div ref={ref} className="live-list" style={{ position: 'relative', height: v.getTotalSize() }}>
      {items.map((item) => (
        <div key={ids[item.index]} data-index={item.index} data-live-id={ids[item.index]} ref={observe}
          style={{ position: 'absolute', top: 0, insetInlineStart: 0, width: '100%', height: size, transform: `translateY(${item.start - v.options.scrollMargin}px)` }}>
          <LiveRow id={ids[item.index]!} lang={lang} types={types} favorite={favs.has(ids[item.index]!)} compact={compact} />
        </div>
      ))}
    </div>
  );
}

/**
 * Data saver: tells the worker which drawn rows are on screen (an IntersectionObserver,
 * reported at most once per frame), so the rows drawn off screen (overscan) get their odds at most
 * once a second. Returns the ref callback of a row's box (its data-live-id is the match id).
 */
function useVisibleRows(): (el: HTMLElement | null) => (() => void) | undefined {
  const saver = useDataSaver().on;
  const [rows] = useState(createRowVisibility);
  useEffect(() => rows.setSaver(saver), [rows, saver]);
  useEffect(() => () => rows.close(), [rows]);
  return rows.observe;
}

/** The visible-row set behind useVisibleRows: plain state outside React, one observer per list. */
function createRowVisibility() {
  const visible = new Set<number>();
  let saver = false;
  let pending = 0;
  const report = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      void core.showLive(saver ? [...visible] : [], saver);
    });
  };
  const io = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver((entries) => {
    for (const e of entries) {
      const id = Number((e.target as HTMLElement).dataset.liveId);
      if (e.isIntersecting) visible.add(id);
      else visible.delete(id);
    }
    report();
  });
  return {
    setSaver(on: boolean) {
      saver = on;
      report();
    },
    observe(el: HTMLElement | null) {
      if (!el || !io) return undefined;
      io.observe(el);
      return () => {
        io.unobserve(el);
        visible.delete(Number(el.dataset.liveId));
      };
    },
    close() {
      cancelAnimationFrame(pending);
      pending = 0;
      void core.showLive([], false);
    },
  };
}
