import { Trans, useLingui } from '@lingui/react/macro';
import type { OddsTypeOption, SportTabView } from '../../workers/core/api.ts';
import type { TimeFilterId, TimeFilterOption } from '../../domain/match/time-filters.ts';
import { SportIcon } from './SportIcon.tsx';
import { formatWeekday } from './format.ts';

/** The time filter dropdown: All, 6 Hour, Today, then the next days by name in the player's language. */
export function TimeFilterSelect({ options, value, onChange, lang }: { options: TimeFilterOption[]; value: TimeFilterId; onChange: (v: TimeFilterId) => void; lang: string }) {
  const { t } = useLingui();
  const label = (o: TimeFilterOption) => {
    if (o.id === 'all') return t`All`;
    if (o.id === '6h') return t`6 Hours`;
    if (o.id === 'today') return t`Today`;
    return o.day ? formatWeekday(o.day, lang) : o.id;
  };
  return (
    <label className="filter-select">
      <span className="visually-hidden"><Trans>Time filter</Trans></span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value as TimeFilterId)} data-testid="time-filter">
        {options.map((o) => <option key={o.id} value={o.id}>{label(o)}</option>)}
      </select>
    </label>
  );
}

/** The odds-type toggle between the sport's first two odds types (1X2 or +/-). */
export function OddsTypeToggle({ options, value, onChange }: { options: OddsTypeOption[]; value: number; onChange: (v: number) => void }) {
  const { t } = useLingui();
  return (
    <div className="segmented" role="group" aria-label={t`Odds type`}>
      {options.map((o) => (
        <button key={o.oddsType} type="button" aria-pressed={o.oddsType === value} onClick={() => onChange(o.oddsType)}><bdi dir="ltr">{o.label}</bdi></button>
      ))}
    </div>
  );
}

/** A search box: the parent debounces and decides when to search (3+ characters). */
export function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="search-box">
      <label className="visually-hidden" htmlFor="match-search"><Trans>Search team or league</Trans></label>
      <input
        id="match-search" className="input" type="search" inputMode="search" autoComplete="off" maxLength={50}
        placeholder={t`Search team or league`} value={value} onChange={(e) => onChange(e.target.value)} data-testid="search"
      />
      {value && <button type="button" className="icon-btn" aria-label={t`Clear search`} onClick={() => onChange('')}>×</button>}
    </div>
  );
}

/** Sport tabs with counts; sport 0 is the highlights view. */
export function SportTabs({ sports, value, onChange, zeroLabel }: { sports: SportTabView[]; value: number; onChange: (id: number) => void; zeroLabel?: string }) {
  const { t } = useLingui();
  return (
    <nav className="sport-tabs" aria-label={t`Sports`}>
      {zeroLabel && (
        <button type="button" className="sport-tab" aria-pressed={value === 0} onClick={() => onChange(0)} data-testid="sport-tab-0">
          <span aria-hidden="true">★</span><span>{zeroLabel}</span>
        </button>
      )}
      {sports.map((s) => (
        <button key={s.id} type="button" className="sport-tab" aria-pressed={value === s.id} onClick={() => onChange(s.id)} data-testid={`sport-tab-${s.id}`}>
          <span aria-hidden="true"><SportIcon id={s.id} /></span><span>{s.name}</span>{s.matchCount > 0 && <span className="count">{s.matchCount}</span>}
        </button>
      ))}
    </nav>
  );
}

/** The search result line with the spec's texts ('{keyword} araması için {n} sonuç bulundu.'). */
export function SearchSummary({ keyword, total }: { keyword: string; total: number }) {
  return (
    <p className="search-summary" role="status" data-testid="search-summary">
      {total > 0 ? <Trans>{total} results found for {keyword}.</Trans> : <Trans>No results found for {keyword}.</Trans>}
    </p>
  );
}
