import { Trans, useLingui } from '@lingui/react/macro';
import type { CouponLineView } from '../../../workers/core/api.ts';
import { formatDateTime } from '../../ui/format.ts';
import { LINE_STATE, OUTCOME } from './coupon-text.ts';
import { MARKET_NAMES } from '../sports/market-names.ts';

/** The match lines of a coupon: date, teams, pick, odds, info, result (FT and HT) and state. */
export function CouponLines({ lines, lang }: { lines: readonly CouponLineView[]; lang: string }) {
  const { t } = useLingui();
  return (
    <ul className="coupon-lines">
      {lines.map((l, i) => (
        <li key={`${l.matchId}-${l.oddsType}-${l.outcomeId}-${i}`} className="coupon-line" data-state={l.state} data-testid="coupon-line">
          <div className="cl-top">
            <span className="cl-date">{formatDateTime(l.matchDate, lang)}</span>
            {l.isBank === 1 && <span className="cl-banko"><Trans>Banker</Trans></span>}
            <span className="cl-state" data-tone={l.state === 'live' ? 'live' : l.tone}>
              {l.state === 'live' && l.liveTime ? `${t(LINE_STATE.live!)} ${l.liveTime}` : t(LINE_STATE[l.state] ?? LINE_STATE.waiting!)}
            </span>
          </div>
          <div className="cl-teams">{l.home} - {l.away}{l.liveScore && <b className="cl-live-score" aria-label={t`Live score`}>{l.liveScore}</b>}</div>
          <div className="cl-pick">
            <span>
              <small>{MARKET_NAMES[l.oddsType] ? t(MARKET_NAMES[l.oddsType]!) : l.typeName}</small> {l.outComeName}
              {l.oddsInfo && <small className="cl-info"> ({l.oddsInfo})</small>}
            </span>
            <b className="cl-odds">{l.oddsText}</b>
          </div>
          {(l.ft || l.outcome) && (
            <div className="cl-result">
              {l.ft && <span><Trans>FT</Trans> {l.ft}</span>}
              {l.ht && <span><Trans>HT</Trans> {l.ht}</span>}
              {l.outcome && <span className="cl-outcome">{t(OUTCOME[l.outcome] ?? OUTCOME.won!)}</span>}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
