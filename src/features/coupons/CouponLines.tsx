import { Trans, useLingui } from '@lingui/react/macro';
import type { CouponLineView } from '../../../workers/core/api.ts';
import { formatDateTime } from '../../ui/format.ts';
import { DEAD_HEAT, LINE_STATE, OUTCOME } from '../../ui/coupon-text.ts';
import { useMarketText } from '../../ui/market-names.ts';
import { useLiveMatch } from '../../state/live.ts';
import { ClockText } from '../../ui/ClockText.tsx';

/** The match lines of a coupon: date, teams, pick, odds, info, result (FT and HT) and state. */
export function CouponLines({ lines, lang }: { lines: readonly CouponLineView[]; lang: string }) {
  const { t } = useLingui();
  // Market and outcome words in the player's language ('Over' is 'Üst' in Turkish), as on the odds.
  const names = useMarketText();
  return (
    <ul className="coupon-lines">
      {lines.map((l, i) => (
        <li key={`${l.matchId}-${l.oddsType}-${l.outcomeId}-${i}`} className="coupon-line" data-state={l.state} data-testid="coupon-line">
          <div className="cl-top">
            <span className="cl-date">{formatDateTime(l.matchDate, lang)}</span>
            {l.isBank === 1 && <span className="cl-banko"><Trans>Banker</Trans></span>}
            {l.state === 'live' ? <LiveState line={l} /> : (
              <span className="cl-state" data-tone={l.tone}>{t(LINE_STATE[l.state] ?? LINE_STATE.waiting!)}</span>
            )}
          </div>
          <div className="cl-teams">{l.home} - {l.away}{l.state === 'live' && <LiveScore line={l} />}</div>
          <div className="cl-pick">
            <span>
              <small>{names.market(l.oddsType, l.typeName)}</small> <span data-testid="cl-pick">{names.pick(l.outComeName)}</span>
              {l.oddsInfo && <small className="cl-info"> ({l.oddsInfo})</small>}
            </span>
            <b className="cl-odds">{l.oddsText}</b>
          </div>
          {(l.ft || l.outcome) && (
            <div className="cl-result">
              {l.ft && <span><Trans>FT</Trans> {l.ft}</span>}
              {l.ht && <span><Trans>HT</Trans> {l.ht}</span>}
              {l.outcome && !l.deadHeat && <span className="cl-outcome">{t(OUTCOME[l.outcome] ?? OUTCOME.won!)}</span>}
              {l.outcome && l.deadHeat && <span className="cl-outcome" data-testid="dead-heat">{t(DEAD_HEAT)} ×{l.deadHeat}</span>}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The feed's patch of a live line's match (the detail subscribes it), once it has a score. */
function useLiveLine(matchId: number) {
  const s = useLiveMatch(matchId);
  return s?.m.scr ? s.m : null;
}

/** A live line's state: the feed's minute or status (HT, FT), else the lookup's at load. */
function LiveState({ line }: { line: CouponLineView }) {
  const { t } = useLingui();
  const m = useLiveLine(line.matchId);
  return (
    <span className="cl-state" data-tone="live" data-testid="cl-live-time">
      {t(LINE_STATE.live!)} {m ? <ClockText m={m} /> : line.liveTime}
    </span>
  );
}

/** A live line's score: the feed's, else the lookup's at load. */
function LiveScore({ line }: { line: CouponLineView }) {
  const { t } = useLingui();
  const m = useLiveLine(line.matchId);
  const score = m?.scr ? `${m.scr.h}:${m.scr.a}` : line.liveScore;
  return score ? <b className="cl-live-score" aria-label={t`Live score`} data-testid="cl-live-score">{score}</b> : null;
}
