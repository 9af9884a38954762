/**
 * Football score change (betting-core.md section 4): next-goal and score-based markets 7, 61,
 * 8 and 62 carry the current score in their special and label. The feed sends only the new score;
 * the server's live state and the worker's odds store both derive the specials here, so a coupon
 * tip built by the client names the same special the server looks up.
 */
import { marketOf } from '../market/catalogue.ts';
import type { OddsGroup } from '../protocol/entities.ts';

/** Odds types whose special follows the score. */
export const SCORE_SPECIAL_TYPES: ReadonlySet<number> = new Set([7, 61, 8, 62]);

const REST_OF = new Set([7, 61]);

/**
 * The special of a score-based type for a score: '1:0' for rest of match (7, 61), the number of
 * the next goal ('2') for next goal (8, 62); undefined for other types.
 */
export function scoreSpecial(oddsType: number, score: { h: number; a: number }): string | undefined {
  if (!SCORE_SPECIAL_TYPES.has(oddsType)) return undefined;
  return REST_OF.has(oddsType) ? `${score.h}:${score.a}` : String(score.h + score.a + 1);
}

/** The label of a group with a special: 'Rest of match (1:0)', 'Next goal (2)'. */
export function specialLabel(oddsType: number, special: string): string {
  const name = marketOf(oddsType)?.name ?? '';
  return special ? `${name} (${special})` : name;
}

/**
 * Moves the specials and labels of the score-based groups to a new score, in place.
 * Returns the groups that changed.
 */
export function applyScoreSpecials(groups: OddsGroup[], score: { h: number; a: number }): OddsGroup[] {
  const changed: OddsGroup[] = [];
  for (const g of groups) {
    const special = scoreSpecial(g.oddstype, score);
    if (special === undefined || special === g.special) continue;
    g.special = special;
    g.nicename = specialLabel(g.oddstype, special);
    for (const o of g.outcomes) o.special = special;
    changed.push(g);
  }
  return changed;
}
