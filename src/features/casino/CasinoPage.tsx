import { useCallback, useEffect, useRef, useState } from 'react';
import { proxy } from 'comlink';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CasinoLiveView, CasinoProduct, GameTile, Source } from '../../../workers/core/api.ts';
import { CASINO_BANNER_STATE } from '../../../domain/content/banner.ts';
import { CASINO_UI } from './constants.ts';
import { core } from '../../core-client.ts';
import { useSession } from '../../state/session.ts';
import { useDebounced, useSwr } from '../../ui/use-swr.ts';
import { BannerCarousel, BannerSkeleton } from '../../ui/BannerCarousel.tsx';
import { CasinoTabs, useProductName } from './CasinoTabs.tsx';
import { GameGrid } from './GameGrid.tsx';
import { GameCard } from './GameCard.tsx';
import { GameFrame } from './GameFrame.tsx';
import { JackpotTiles } from './JackpotTiles.tsx';
import { WinnersCarousel } from './WinnersCarousel.tsx';
import { TopWinners } from './TopWinners.tsx';
import { tileRequest, useOpenGame, type OpenRequest } from './use-open-game.ts';
import './casino.css';

/** The query of a casino route (section 2): a provider to show, or a game to open at once. */
export interface CasinoQuery { mainServiceId?: number; masterServiceId?: number; serviceId?: number; gameId?: number }

/** Products with a winners carousel (live casino and TV games share a layout; slots have one too). */
const WITH_WINNERS: ReadonlySet<CasinoProduct> = new Set(['casino', 'livecasino', 'tvgames']);

/** The jackpots and winners pushed by the worker's socket while this screen is open. */
function useCasinoLive(product: CasinoProduct, on: boolean): CasinoLiveView | null {
  const [view, setView] = useState<CasinoLiveView | null>(null);
  useEffect(() => {
    if (!on) return;
    let id: number | null = null;
    let live = true;
    void core.casinoWatch(proxy((v: CasinoLiveView) => { if (live) setView(v); }), product).then((got) => {
      id = got;
      if (!live) void core.casinoUnwatch(got);
    });
    return () => { live = false; if (id !== null) void core.casinoUnwatch(id); };
  }, [product, on]);
  return view;
}

/** The game grid's place while its games load. */
const GridSkeleton = ({ label }: { label: string }) => (
  <div className="game-grid-skeleton" aria-busy="true" aria-label={label}>{Array.from({ length: 9 }, (_, i) => <div key={i} className="skeleton" />)}</div>
);

/**
 * A casino product's lobby (live casino, slots, virtual, TV games): the tab bar, banners by display
 * state, jackpot tiles, winners, last played, provider chips (3, then more), categories, search and
 * the virtualised game grid; a game opens full screen in a frame.
 */
export function CasinoPage({ lang, product, query = {} }: { lang: string; product: CasinoProduct; query?: CasinoQuery }) {
  const { t } = useLingui();
  const productName = useProductName();
  const { user } = useSession();
  const [provider, setProvider] = useState<number | null>(query.mainServiceId ?? (query.serviceId && !query.masterServiceId ? query.serviceId : null));
  const [category, setCategory] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, product === 'livecasino' ? CASINO_UI.liveSearchDelayMs : 300);
  const game = useOpenGame();

  const lobbyLoad = useCallback((s: Source) => core.casinoLobby(product, s), [product]);
  const lobby = useSwr(lobbyLoad);
  const gamesLoad = useCallback((s: Source) => core.casinoGames(product, { provider, category, search }, s), [product, provider, category, search]);
  const games = useSwr(gamesLoad);
  // The lobby's parts (banners, jackpot tiles, winners, chips, search, grid) are drawn together once
  // the worker's lobby answer is in, a skeleton until then: nothing drawn moves when it comes
  // (Lighthouse measured 0.33 before); the worker answers once it has the session, so its jackpots
  // flag is final in the first answer.
  const jackpotsOn = lobby.state === 'ready' && lobby.data.jackpots;
  const lobbyLoading = lobby.state === 'loading';
  const live = useCasinoLive(product, WITH_WINNERS.has(product) || jackpotsOn);

  const [last, setLast] = useState<GameTile[]>([]);
  const loadLast = useCallback(() => { if (product === 'casino') void core.casinoLastPlayed(product).then(setLast); }, [product]);
  useEffect(loadLast, [loadLast, user?.userId]);

  // masterServiceId with serviceId (or gameId) opens the game at once (section 2)
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !query.masterServiceId || !(query.serviceId || query.gameId)) return;
    opened.current = true;
    void game.open({ product, title: productName(product), ...(query.serviceId ? { serviceId: query.serviceId } : {}), ...(query.gameId ? { gameId: query.gameId } : {}) });
  }, [query.masterServiceId, query.serviceId, query.gameId, product, game, productName]);

  const open = useCallback((r: OpenRequest) => void game.open(r), [game]);
  const onTile = useCallback((g: GameTile) => open(tileRequest(g)), [open]);
  const close = useCallback(() => { game.close(); loadLast(); }, [game, loadLast]);

  const providers = lobby.state === 'ready' ? lobby.data.providers : [];
  const categories = lobby.state === 'ready' ? lobby.data.categories : [];
  const stripAll = providers.length <= CASINO_UI.providerStrip || expanded;
  const shownProviders = stripAll ? providers : providers.filter((p, i) => i < CASINO_UI.providerStrip || p.serviceId === provider);
  const jackpotTiers = live ? (product === 'livecasino' ? live.livecasino : live.casino) : [];

  return (
    <div className="casino-page" data-testid={`casino-${product}`}>
      <h1 className="visually-hidden">{productName(product)}</h1>
      <CasinoTabs lang={lang} current={product} />
      {lobby.state === 'ready' && lobby.data.banners.length > 0 && (
        <BannerCarousel banners={lobby.data.banners} lang={lang} label={t`Promotions`} testId="casino-banners" />
      )}
      {/* while the lobby loads: the banner's box (its aspect, shell.css), with the first banner the
          page's HTML carried, and the grid's skeleton */}
      {lobbyLoading && CASINO_BANNER_STATE[product] !== undefined && <BannerSkeleton />}
      {lobbyLoading && <GridSkeleton label={t`Loading games`} />}
      {!lobbyLoading && <>
      {jackpotsOn && (live && jackpotTiers.length
        ? <JackpotTiles tiers={jackpotTiers} view={live} />
        // the tiles' space is kept until the first figures come (live casino has one tier, slots three);
        // a first push may carry winners only
        : <div className="jackpot-tiles" aria-hidden="true">{Array.from({ length: product === 'livecasino' ? 1 : 3 }, (_, i) => <div key={i} className="jackpot-tile skeleton" />)}</div>)}
      {WITH_WINNERS.has(product) && <WinnersCarousel winners={live?.winners ?? []} />}
      {last.length > 0 && (
        <section aria-labelledby="last-played-title" data-testid="last-played">
          <h2 className="casino-section-title" id="last-played-title"><Trans>Last played</Trans></h2>
          <div className="game-strip">{last.map((g) => <GameCard key={g.key} game={g} onOpen={onTile} disabled={game.busy} />)}</div>
        </section>
      )}
      {providers.length > 0 && (
        <div className="casino-strip" role="tablist" aria-label={t`Providers`} data-testid="provider-strip">
          <button type="button" role="tab" className="chip" aria-selected={provider === null} onClick={() => setProvider(null)}><Trans>All</Trans></button>
          {shownProviders.map((p) => (
            <button key={p.serviceId} type="button" role="tab" className="chip" aria-selected={provider === p.serviceId} onClick={() => setProvider(p.serviceId)} data-provider={p.serviceId}>
              {p.logo && <img src={p.logo} alt="" width={20} height={20} loading="lazy" decoding="async" />}{p.title}
            </button>
          ))}
          {!stripAll && <button type="button" className="chip" onClick={() => setExpanded(true)} data-testid="providers-more">{t`More (${providers.length - shownProviders.length})`}</button>}
        </div>
      )}
      {categories.length > 0 && (
        <div className="casino-strip" role="tablist" aria-label={t`Categories`} data-testid="category-strip">
          <button type="button" role="tab" className="chip" aria-selected={category === null} onClick={() => setCategory(null)}><Trans>All games</Trans></button>
          {categories.map((c) => (
            <button key={c.id} type="button" role="tab" className="chip" aria-selected={category === c.id} onClick={() => setCategory(c.id)}>{c.title}</button>
          ))}
        </div>
      )}
      <div className="casino-search">
        <label className="visually-hidden" htmlFor="casino-search"><Trans>Search games</Trans></label>
        <input id="casino-search" className="input" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t`Search games`} maxLength={50} autoComplete="off" data-testid="casino-search" />
      </div>
      {games.state === 'loading' && <GridSkeleton label={t`Loading games`} />}
      {games.state === 'error' && (
        <div className="state" role="alert">
          <h2><Trans>Games could not be loaded</Trans></h2>
          <p><Trans>Check your connection and try again.</Trans></p>
          <button type="button" className="btn btn-primary" onClick={games.retry}><Trans>Retry</Trans></button>
        </div>
      )}
      {games.state === 'ready' && (games.data.games.length
        ? <GameGrid games={games.data.games} onOpen={onTile} busy={game.busy} />
        : <div className="state" data-testid="no-games"><h2><Trans>No games found</Trans></h2><p><Trans>Try another provider, category or search.</Trans></p></div>)}
      {WITH_WINNERS.has(product) && <TopWinners product={product} latest={live?.winners[0]?.key} />}
      </>}
      {game.frame && <GameFrame game={game.frame} onClose={close} />}
    </div>
  );
}
