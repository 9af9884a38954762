import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HomeView } from '../../../workers/core/api.ts';
import type { Sport } from '../../../domain/protocol/entities.ts';
import { core } from '../../core-client.ts';
import { MatchListSkeleton } from '../../ui/Skeleton.tsx';
import { useLoad } from '../../ui/use-load.ts';
import { usePwa } from '../../pwa/register.ts';
import { MatchRow } from '../../ui/MatchRow.tsx';
import { SportIcon } from '../../ui/SportIcon.tsx';
import { formatKickoff } from '../../ui/format.ts';
import { HomeBanners, useHomeBanners } from './HomeBanners.tsx';
import { BannerSkeleton } from '../../ui/BannerCarousel.tsx';
import { HomeJackpots } from './HomeJackpots.tsx';
import { LiveNow } from './LiveNow.tsx';
import { useProgressive } from '../../ui/use-progressive.ts';
import { HomeCasinoSection } from '../casino/index.ts';

const loadHome = (): Promise<HomeView> => core.home();

/**
 * Home: the sport header (first 4 sports, then live casino, slots and virtual, then the rest),
 * the banners (states 12 and 1), the prematch and live jackpots, the popular-matches slider, live
 * matches and upcoming matches grouped by sport (at most 5 each) with a match-count link.
 */
export function Home({ lang }: { lang: string }) {
  const { load, retry } = useLoad(loadHome);
  const { t } = useLingui();
  const pwa = usePwa();
  const banners = useHomeBanners();
  const shown = useProgressive(load.state === 'ready' ? load.data.sports.length : 0);

  if (load.state === 'loading') {
    return (
      <div aria-busy="true" aria-label={t`Loading matches`}>
        <div className="sport-header">{[0, 1, 2, 3, 4].map((i) => <div key={i} className="sport-chip skeleton" />)}</div>
        <BannerSkeleton />
        <MatchListSkeleton rows={6} />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="state" role="alert">
        <h2><Trans>Matches could not be loaded</Trans></h2>
        <p><Trans>Check your connection and try again.</Trans></p>
        <button type="button" className="btn btn-primary" onClick={retry}><Trans>Retry</Trans></button>
      </div>
    );
  }
  const home = load.data;
  if (!home.sports.length) {
    // no pre-match programme: the banners, jackpots and live matches still show
    return (
      <div>
        <HomeBanners banners={banners} place="top" lang={lang} />
        <HomeJackpots />
        <LiveNow lang={lang} />
        <div className="state"><h2><Trans>No upcoming matches</Trans></h2><p><Trans>New matches are added through the day. Check back soon.</Trans></p></div>
      </div>
    );
  }
  const header = home.header ?? { first: home.sports, rest: [] };
  const chip = (s: Sport) => (
    <Link key={s.id} className="sport-chip" to="/$lang/allsports" params={{ lang }} search={{ sid: s.id }}>
      <span className="icon" aria-hidden="true"><SportIcon id={s.id} /></span>
      <span>{s.name}</span>
      <span className="count">{s.matchCount}</span>
    </Link>
  );
  return (
    <div>
      {home.offline && !pwa.offline && <div className="banner offline-banner" role="status"><p><Trans>You are offline: showing the last matches loaded.</Trans></p></div>}
      <nav className="sport-header" aria-label={t`Sports`} id="sports">
        {header.first.map(chip)}
        <a className="sport-chip product-chip" href={`/${lang}/livecasino`}><span className="icon" aria-hidden="true">🎰</span><span><Trans>Live casino</Trans></span></a>
        <a className="sport-chip product-chip" href={`/${lang}/casino`}><span className="icon" aria-hidden="true">🍒</span><span><Trans>Slots</Trans></span></a>
        <a className="sport-chip product-chip" href={`/${lang}/virtualgames`}><span className="icon" aria-hidden="true">🕹️</span><span><Trans>Virtual</Trans></span></a>
        {header.rest.map(chip)}
      </nav>
      <HomeBanners banners={banners} place="top" lang={lang} />
      <HomeJackpots />
      {home.slider && home.slider.length > 0 && (
        <section className="section" aria-labelledby="popular-title">
          <h2 className="section-title" id="popular-title">
            {t`Popular matches`}
            <Link className="more-link" to="/$lang/uphigh" params={{ lang }} search={{ act: 1 }}>{t`All`}</Link>
          </h2>
          <div className="slider" data-testid="popular-slider">
            {home.slider.map((m) => {
              const when = formatKickoff(m.matchDate, lang);
              return (
                <Link key={m.id} className="slide" to="/$lang/matchdetail/$id" params={{ lang, id: String(m.id) }} search={{ ttype: 'N' }}>
                  <small>{when.day === 'today' ? t`Today` : when.day === 'tomorrow' ? t`Tomorrow` : when.day} {when.time} · {m.tournamentName}</small>
                  <span>{m.home}</span><span>{m.away}</span>
                  <span className="slide-odds">{m.odds.map((o) => <span key={o.key}><small>{o.label}</small> {o.price}</span>)}</span>
                </Link>
              );
            })}
          </div>
        </section>
      )}
      <LiveNow lang={lang} />
      <HomeBanners banners={banners} place="strip" lang={lang} />
      {home.sports.slice(0, shown).map((s) => (
        <section key={s.id} className="section home-sport" id={`sport-${s.id}`} aria-labelledby={`sport-title-${s.id}`}>
          <h2 className="section-title" id={`sport-title-${s.id}`}>
            <span className="icon" aria-hidden="true"><SportIcon id={s.id} /></span>{s.name}
            <Link className="more-link" to="/$lang/allsports" params={{ lang }} search={{ sid: s.id }}>{t`${s.matchCount} matches`}</Link>
          </h2>
          <div className="match-list">
            {s.matches.map((m) => <MatchRow key={m.id} match={m} lang={lang} />)}
          </div>
        </section>
      ))}
      {/* the casino and slot lists: lazy, loaded near the view, in reserved space */}
      <HomeCasinoSection lang={lang} />
    </div>
  );
}
