import type { MatchListItem, OddsGroup, Outcome } from '../../domain/protocol/entities.ts';
import { formatOdds, type OddsFormat } from '../../domain/odds/display.ts';
import { SLIP_CONSTANTS } from '../../domain/betslip/limits.ts';
import { outcomeName } from '../../domain/market/catalogue.ts';
import { entryKey } from './betslip/slip-state.ts';

/** One odd button as the UI draws it: everything already decided and formatted here. */
export interface OddView {
  /** The slip key of this pick, to show the selected state. */
  key: string;
  oddsid: number;
  oddid: number;
  label: string;
  price: string;
  open: boolean;
}

/** A match row of a list: time, teams, the main odds and '+N' more. */
export interface MatchRowView {
  id: number;
  matchDate: string;
  home: string;
  away: string;
  sportId: number;
  tournamentName: string;
  categoryName: string;
  categoryFlag: string;
  odds: OddView[];
  /** Count of further outcomes beyond the shown ones. */
  more: number;
  /** The special value (line) of the shown odds group, e.g. '2.5' for a total; '' when none. */
  special?: string;
  homeTeamId?: number;
  awayTeamId?: number;
  /** Team logo addresses (by id, section 7); null when the site shows no logos. */
  homeLogo?: string | null;
  awayLogo?: string | null;
}

/** Which odds of a row to show and how: the chosen odds types, and locked when built from stale data. */
export interface RowPick {
  /** Odds types to look for, in order; the first present is shown. Default: the match result (1, else 186). */
  oddsTypes?: number[] | undefined;
  /** A view from a kept reply shows its prices closed until the server confirms them. */
  locked?: boolean | undefined;
  logoHost?: string | undefined;
}

/** Where team logos come from: nowhere unless team_logos is 1; the logo_host setting, '' meaning same-origin /logos. */
export function logoHostOf(s: { team_logos?: number; logo_host?: string }): string | undefined {
  return s.team_logos === 1 ? s.logo_host || '/logos' : undefined;
}

/**
 * A team logo: the one uploaded in the back office when there is one, else the image host's path by
 * id divided by 2000 (section 7); null when logos are off.
 */
export function teamLogoUrl(host: string | undefined, teamId: number, uploaded?: string): string | null {
  if (!host || !(teamId > 0)) return null;
  if (uploaded) return uploaded;
  return `${host.replace(/\/$/, '')}/${Math.floor(teamId / 2000)}/${teamId}.png`;
}

/** An odd is open for betting only if the match allows it, it is active and above the minimum (section 4). */
export function isOutcomeOpen(match: MatchListItem, group: OddsGroup, outcome: Outcome): boolean {
  return match.betstatus === 'started' && !match.iss && group.active === 1 && !group.iss && outcome.active === 1 && !outcome.iss
    && outcome.odd >= SLIP_CONSTANTS.suspendBelowOdd;
}

export function oddView(match: MatchListItem, group: OddsGroup, outcome: Outcome, opts: OddsFormat = {}): OddView {
  return {
    key: entryKey({ matchId: match.id, oddsType: group.oddstype, outcomeId: outcome.outcomeid, special: group.special }),
    oddsid: group.oddsid,
    oddid: outcome.oddid,
    label: outcomeName(group.oddstype, outcome.outcomeid) || outcome.outcome,
    price: formatOdds(outcome.odd, opts),
    open: isOutcomeOpen(match, group, outcome),
  };
}

/** The row of a list: the sport's match result market (3-way 1, else 2-way 186). */
export function matchRowView(match: MatchListItem, opts: OddsFormat = {}, pick: RowPick = {}): MatchRowView {
  const types = pick.oddsTypes?.length ? pick.oddsTypes : [1, 186];
  let main: OddsGroup | undefined;
  for (const t of types) {
    main = match.odds.find((g) => g.oddstype === t && g.isv !== 0);
    if (main) break;
  }
  const odds = main ? main.outcomes.map((o) => {
    const v = oddView(match, main, o, opts);
    return pick.locked ? { ...v, open: false } : v;
  }) : [];
  return {
    id: match.id, matchDate: match.matchDate, home: match.homeTeam, away: match.awayTeam, sportId: match.sportId,
    tournamentName: match.tournamentName, categoryName: match.categoryName, categoryFlag: match.categoryFlag,
    odds, more: Math.max(0, match.oddCount - odds.length),
    special: main?.special ?? '',
    homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId,
    homeLogo: teamLogoUrl(pick.logoHost, match.homeTeamId, match.homeLogo), awayLogo: teamLogoUrl(pick.logoHost, match.awayTeamId, match.awayLogo),
  };
}
