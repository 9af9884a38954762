/**
 * MatchDetail (pre-match) as the UI draws it (betting-core.md sections 2, 3 and 5): market filters
 * per sport, market groups with rows per special, the 56-family merged with the special as an info
 * cell, team names in labels cut to 10 characters plus a dot, quarter lines hidden where chosen.
 */
import type { MatchListItem, OddsGroup } from '../../../domain/protocol/entities.ts';
import { cutName } from '../../../domain/odds/display.ts';
import { marketOf } from '../../../domain/market/catalogue.ts';
import { groupFilterIds, usedFilterIds } from '../../../domain/market/filters.ts';
import { oddView, teamLogoUrl, type OddView } from '../views.ts';
import type { RowOptions } from './list-views.ts';
import { isQuarterLine } from '../../../domain/catalogue/markets.ts';
import { hidesQuarterLines } from './market-settings.ts';

/** Types that carry the special value as an info cell and are shown merged as type 56 (section 3). */
export const MERGED_INTO_56: ReadonlySet<number> = new Set([56, 52, 226, 8, 383]);
/** The first market groups open by default (section 2). */
export const OPEN_GROUPS = 10;

// Quarter-line specials (x.25, x.75) are hidden for the markets the operator chose (section 5;
// back office, default the totals and the point spread): market-settings.ts knows which.
export { isQuarterLine };

/** One line of a market: the special value as an info cell (or none) and its odds. */
export interface MarketLineView { info: string; odds: OddView[] }

export interface MarketGroupView {
  /** Stable key: the (merged) odds type. */
  key: string;
  /** The odds type the UI names the group by (its catalogue name in the player's language). */
  oddsType: number;
  /** The name as it came, for a type the UI does not translate. */
  name: string;
  /** Filter tabs this group shows under (besides 'all'). */
  filters: string[];
  open: boolean;
  lines: MarketLineView[];
}

export interface MatchDetailData {
  id: number;
  sportId: number;
  home: string;
  away: string;
  homeLogo: string | null;
  awayLogo: string | null;
  matchDate: string;
  tournamentName: string;
  categoryName: string;
  categoryFlag: string;
  /** Filter tabs that hold at least one group. */
  filters: string[];
  groups: MarketGroupView[];
}

/** Outcome labels that stand for a team ('1' / '2') in two-way and next-goal markets. */
const TEAM_LABEL_TYPES = new Set([186, 16, 8, 62, 56, 52, 226, 383]);

function labelFor(group: OddsGroup, v: OddView, match: MatchListItem): string {
  if (TEAM_LABEL_TYPES.has(group.oddstype)) {
    if (v.label === '1') return cutName(match.homeTeam);
    if (v.label === '2') return cutName(match.awayTeam);
  }
  // A label the server named (a player, a team) is cut as the spec says; catalogue words are short.
  return cutName(v.label);
}

/**
 * The market groups of a match: groups of one odds type (the 56 family as one) with a line per
 * special, sorted by the special; hidden (isv 0) groups and quarter lines the operator hides left out.
 */
export function matchDetailData(match: MatchListItem, opts: RowOptions & { locked?: boolean } = {}): MatchDetailData {
  const byKey = new Map<number, { type: number; name: string; groups: OddsGroup[] }>();
  const order: number[] = [];
  for (const g of match.odds) {
    if (g.isv === 0) continue;
    if (hidesQuarterLines(g.oddstype) && isQuarterLine(g.special)) continue;
    const key = MERGED_INTO_56.has(g.oddstype) ? 56 : g.oddstype;
    let slot = byKey.get(key);
    if (!slot) {
      slot = { type: key === 56 && !marketOf(56) ? g.oddstype : key, name: marketOf(key)?.name ?? g.nicename ?? g.typeName, groups: [] };
      byKey.set(key, slot);
      order.push(key);
    }
    slot.groups.push(g);
  }
  const groups: MarketGroupView[] = order.map((key, i) => {
    const slot = byKey.get(key)!;
    const lines = [...slot.groups]
      .sort((a, b) => specialOrder(a.special) - specialOrder(b.special) || a.special.localeCompare(b.special))
      .map((g) => ({
        // The 56 family always shows its special as a cell; other types only when they carry one.
        info: g.special,
        odds: g.outcomes.filter((o) => o.isv !== 0).map((o) => {
          const v = oddView(match, g, o, opts);
          return { ...v, label: labelFor(g, v, match), open: opts.locked ? false : v.open };
        }),
      }));
    return {
      key: String(key),
      oddsType: slot.type,
      name: slot.name,
      filters: groupFilterIds(match.sportId, [key, ...slot.groups.map((g) => g.oddstype)]),
      open: i < OPEN_GROUPS,
      lines,
    };
  });
  return {
    id: match.id, sportId: match.sportId, home: match.homeTeam, away: match.awayTeam,
    homeLogo: teamLogoUrl(opts.logoHost, match.homeTeamId, match.homeLogo), awayLogo: teamLogoUrl(opts.logoHost, match.awayTeamId, match.awayLogo),
    matchDate: match.matchDate, tournamentName: match.tournamentName, categoryName: match.categoryName, categoryFlag: match.categoryFlag,
    filters: usedFilterIds(match.sportId, groups.map((g) => g.filters)),
    groups,
  };
}

/** Specials sort by their number when they are one ('2.5' before '10.5'), else keep their text order. */
function specialOrder(special: string): number {
  const n = Number(special);
  return Number.isFinite(n) && special !== '' ? n : 0;
}

/** True when no outcome of the match can be bet: the match-closed message replaces the markets. */
export function hasOpenMarkets(data: MatchDetailData): boolean {
  return data.groups.some((g) => g.lines.some((l) => l.odds.some((o) => o.open)));
}
