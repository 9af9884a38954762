/**
 * The one table that maps a provider's ids to ours (provider_ids), and the defaults where the
 * project's ids already follow the Unified Odds Feed's: market ids are ours as they are (1 match
 * result, 10 double chance, 18 total, 29 both teams to score ...), outcome ids too except where
 * the catalogue numbers them differently (the handicaps' 1711-1715), sports by the table below.
 * Specifiers become our special: the value of a single specifier ('total=2.5' -> '2.5'), the
 * whole text when there are several. Ids that are not numbers get ours from a sequence, once.
 */
import type { Queryable } from '../../db/client.ts';
import { parseSpecifiers } from './messages.ts';

export const PROVIDER = 'uof';

/** Kinds of provider_ids rows. */
export type IdKind = 'sport' | 'country' | 'league' | 'team' | 'match' | 'market' | 'outcome';

/** The provider's sports that are ours under another id (section 9 of the spec numbers them). */
export const SPORT_IDS: Readonly<Record<string, number>> = {
  'sr:sport:1': 1, 'sr:sport:2': 3, 'sr:sport:3': 7, 'sr:sport:4': 4, 'sr:sport:5': 5, 'sr:sport:6': 6, 'sr:sport:23': 23,
  'sr:sport:20': 41, 'sr:sport:109': 109, 'sr:sport:110': 111, 'sr:sport:111': 110,
};

/** A sport the table does not name gets an id above ours. */
export const sportIdOf = (urn: string): number => SPORT_IDS[urn] ?? 1000 + Number(/(\d+)$/.exec(urn)?.[1] ?? 0);

/** Outcome ids the catalogue numbers differently ('market:outcome' -> ours). */
export const OUTCOME_IDS: Readonly<Record<string, number>> = {
  '14:1711': 1, '14:1712': 2, '14:1713': 3, '65:1711': 1, '65:1712': 2, '65:1713': 3, '87:1711': 1, '87:1712': 2, '87:1713': 3,
  '16:1714': 4, '16:1715': 5, '66:1714': 4, '66:1715': 5, '88:1714': 4, '88:1715': 5,
};

/** Our special of a market's specifiers. */
export function specialOf(specifiers: string): string {
  const pairs = parseSpecifiers(specifiers);
  if (!pairs.length) return '';
  if (pairs.length === 1) return pairs[0]![1];
  return specifiers;
}

/** Our outcome id when it needs no table row (a number, or a default), else undefined. */
export function plainOutcomeId(marketId: number, outcomeId: string): number | undefined {
  const fixed = OUTCOME_IDS[`${marketId}:${outcomeId}`];
  if (fixed !== undefined) return fixed;
  return /^\d{1,9}$/.test(outcomeId) ? Number(outcomeId) : undefined;
}

/** Reads and writes provider_ids; the kinds that never merge (match, market, outcome) are cached. */
export class ProviderIds {
  private readonly cache = new Map<string, number>();

  constructor(private readonly provider = PROVIDER) {}

  private static cached(kind: IdKind): boolean {
    return kind === 'match' || kind === 'market' || kind === 'outcome';
  }

  /** Our id of a provider id, or undefined. */
  async get(q: Queryable, kind: IdKind, ext: string): Promise<number | undefined> {
    const key = `${kind}|${ext}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const [r] = await q.query<{ our_id: number }>('select our_id from provider_ids where provider = $1 and kind = $2 and ext_id = $3', [this.provider,
      kind, ext]);
    if (r && ProviderIds.cached(kind)) this.cache.set(key, r.our_id);
    return r?.our_id;
  }

  /** Records a mapping (the first writer wins) and answers the one stored. */
  async put(q: Queryable, kind: IdKind, ext: string, ourId: number): Promise<number> {
    const [r] = await q.query<{ our_id: number }>(
      `insert into provider_ids (provider, kind, ext_id, our_id) values ($1, $2, $3, $4)
       on conflict (provider, kind, ext_id) do update set our_id = provider_ids.our_id returning our_id`,
      [this.provider, kind, ext, ourId]);
    if (ProviderIds.cached(kind)) this.cache.set(`${kind}|${ext}`, r!.our_id);
    return r!.our_id;
  }

  /** Our match id of an event, from the cache only (the hot path of every message). */
  cachedMatch(eventId: string): number | undefined {
    return this.cache.get(`match|${eventId}`);
  }

  /**
   * Our outcome ids of a market's outcomes: numbers and defaults as they are, the others from the
   * table (new ones numbered from provider_outcome_seq in one statement).
   */
  async outcomes(q: Queryable, marketId: number, outcomeIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const id of outcomeIds) {
      const plain = plainOutcomeId(marketId, id);
      const hit = plain ?? this.cache.get(`outcome|${marketId}:${id}`);
      if (hit !== undefined) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length) {
      const rows = await q.query<{ ext_id: string; our_id: number }>(
        `with x as (select unnest($2::text[]) as ext_id)
         insert into provider_ids (provider, kind, ext_id, our_id)
         select $1, 'outcome', x.ext_id, nextval('provider_outcome_seq') from x
         on conflict (provider, kind, ext_id) do update set our_id = provider_ids.our_id returning ext_id, our_id`,
        [this.provider, missing.map((id) => `${marketId}:${id}`)]);
      for (const r of rows) {
        const id = r.ext_id.slice(r.ext_id.indexOf(':') + 1);
        this.cache.set(`outcome|${r.ext_id}`, r.our_id);
        out.set(id, r.our_id);
      }
    }
    return out;
  }

  /** Our odds type of a market id when already recorded (no database), else undefined. */
  cachedMarket(marketId: number): number | undefined {
    return this.cache.get(`market|${marketId}`);
  }

  /** Our outcome ids when none needs the table (no database), else undefined. */
  cachedOutcomes(marketId: number, outcomeIds: readonly string[]): Map<string, number> | undefined {
    const out = new Map<string, number>();
    for (const id of outcomeIds) {
      const hit = plainOutcomeId(marketId, id) ?? this.cache.get(`outcome|${marketId}:${id}`);
      if (hit === undefined) return undefined;
      out.set(id, hit);
    }
    return out;
  }

  /** Our odds type of a market id: as it is, recorded once so the table shows it. */
  async market(q: Queryable, marketId: number): Promise<number> {
    const hit = this.cache.get(`market|${marketId}`);
    if (hit !== undefined) return hit;
    return this.put(q, 'market', String(marketId), marketId);
  }

  /** Forgets what is cached (a merge moved rows). */
  clear(): void {
    this.cache.clear();
  }
}
