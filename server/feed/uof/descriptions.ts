/**
 * The provider's market descriptions (/descriptions/{lang}/markets.xml) in every configured
 * language: kept in provider_market_types as odd types with generic names per language (the line
 * shown beside them, the teams as 1 and 2), which every process reads beside the operator's
 * catalogue, so markets beyond the built-in ones are listed, bet and named on coupons and receipts
 * in the player's language; and kept here with their templates, to name a live match's markets
 * for that match, and with their bet-stop groups.
 * Variant markets (a `variant` specifier: correct score, exact goals ...) name their outcomes in the
 * variant descriptions (/descriptions/{lang}/variants.xml); their outcome ids are URNs that get our
 * ids when first seen (ids.ts), so their names join the market's stored type then (nameOutcomes).
 */
import type { Db } from '../../db/client.ts';
import { genericName, renderName } from '../../../domain/feed/market-names.ts';
import { bumpCatalogueRev, forgetMarketSettings } from '../../catalogue/markets.ts';
import type { MarketDescription, VariantDescription } from './api.ts';
import { PROVIDER, plainOutcomeId } from './ids.ts';

interface Described {
  names: Record<string, string>;
  outcomes: Map<string, Record<string, string>>;
  groups: string[];
  /** A market of one fixed variant names its outcomes there. */
  variant?: string | undefined;
}

/** Outcome names by language. */
type Names = Record<string, string>;

export class MarketDescriptions {
  private readonly byId = new Map<number, Described>();
  /** Variant id -> outcome id -> names by language. */
  private readonly variants = new Map<string, Map<string, Names>>();

  /** Bet-stop groups of a market ('all' always among them); undefined when not described. */
  groupsOf(marketId: number): readonly string[] | undefined {
    return this.byId.get(marketId)?.groups;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The market's name for a match in a language (its template rendered), else the market id. */
  marketName(marketId: number, lang: string, specifiers: ReadonlyArray<readonly [string, string]>, home: string, away: string): string {
    const d = this.byId.get(marketId);
    const t = d?.names[lang] ?? d?.names.en ?? Object.values(d?.names ?? {})[0];
    return t ? renderName(t, { specifiers, home, away, lang }) : String(marketId);
  }

  /** An outcome's names by language: the market's own, else its variant's. */
  private outcomeNames(marketId: number, outcomeId: string, specifiers: ReadonlyArray<readonly [string, string]>): Names | undefined {
    const own = this.byId.get(marketId)?.outcomes.get(outcomeId);
    if (own) return own;
    const variant = specifiers.find(([k]) => k === 'variant')?.[1] ?? this.byId.get(marketId)?.variant;
    return variant === undefined ? undefined : this.variants.get(variant)?.get(outcomeId);
  }

  /** An outcome's name for a match in a language, else ''. */
  outcomeName(marketId: number, outcomeId: string, lang: string, specifiers: ReadonlyArray<readonly [string, string]>, home: string, away: string): string {
    const n = this.outcomeNames(marketId, outcomeId, specifiers);
    const t = n?.[lang] ?? n?.en ?? Object.values(n ?? {})[0];
    return t ? renderName(t, { specifiers, home, away, lang }) : '';
  }

  /** Takes the variant descriptions of each language (kept in memory: their outcomes are named as they get our ids). */
  storeVariants(byLang: ReadonlyMap<string, readonly VariantDescription[]>): number {
    this.variants.clear();
    for (const [lang, list] of byLang) {
      for (const v of list) {
        let outcomes = this.variants.get(v.id);
        if (!outcomes) this.variants.set(v.id, (outcomes = new Map()));
        for (const o of v.outcomes) outcomes.set(o.id, { ...outcomes.get(o.id), [lang]: o.name });
      }
    }
    return this.variants.size;
  }

  /**
   * Names, in the market's stored type, the outcomes whose ids are not ours as they are (URNs of
   * variants and players: ids.ts numbers them), so lists, coupons and receipts name them in the
   * player's language. One statement; nothing written when they are named already.
   */
  async nameOutcomes(db: Db, marketId: number, specifiers: ReadonlyArray<readonly [string, string]>, ours: ReadonlyMap<string, number>): Promise<void> {
    const named: Record<string, Names> = {};
    for (const [ext, id] of ours) {
      if (plainOutcomeId(marketId, ext) !== undefined) continue;
      const n = this.outcomeNames(marketId, ext, specifiers);
      if (n) named[String(id)] = Object.fromEntries(Object.entries(n).map(([l, x]) => [l, genericName(x)]));
    }
    if (!Object.keys(named).length) return;
    const changed = await db.tx(async (q) => {
      const rows = await q.query(
        `update provider_market_types set outcomes = outcomes || $2::jsonb, updated_at = now() where odds_type = $1 and not (outcomes @> $2::jsonb) returning odds_type`,
        [marketId, JSON.stringify(named)]);
      if (rows.length) await bumpCatalogueRev(q);
      return rows.length > 0;
    });
    if (changed) forgetMarketSettings();
  }

  /** Takes the descriptions of each language (first language first) and stores them for every process. */
  async store(db: Db, byLang: ReadonlyMap<string, readonly MarketDescription[]>): Promise<number> {
    this.byId.clear();
    for (const [lang, list] of byLang) {
      for (const m of list) {
        let d = this.byId.get(m.id);
        if (!d) {
          d = { names: {}, outcomes: new Map(), groups: m.groups.length ? m.groups : ['all'], variant: m.variant };
          this.byId.set(m.id, d);
        }
        d.names[lang] = m.name;
        for (const o of m.outcomes) {
          const n = d.outcomes.get(o.id) ?? {};
          n[lang] = o.name;
          d.outcomes.set(o.id, n);
        }
      }
    }
    const rows = [...this.byId].map(([id, d]) => ({
      odds_type: id,
      names: Object.fromEntries(Object.entries(d.names).map(([l, n]) => [l, genericName(n)])),
      outcomes: Object.fromEntries([...d.outcomes].flatMap(([oid, n]) => {
        const ours = plainOutcomeId(id, oid);
        return ours === undefined ? [] : [[String(ours), Object.fromEntries(Object.entries(n).map(([l, x]) => [l, genericName(x)]))]];
      })),
      groups: d.groups,
    }));
    await db.tx(async (q) => {
      await q.query(
        `insert into provider_market_types (odds_type, provider, names, outcomes, groups, updated_at)
         select x.odds_type, $2, x.names, x.outcomes, array(select json_array_elements_text(x.groups)), now()
           from json_to_recordset($1::json) as x(odds_type int, names jsonb, outcomes jsonb, groups json)
         -- outcomes named since (variants: nameOutcomes) are kept beside the market's own
         on conflict (odds_type) do update set names = excluded.names, outcomes = provider_market_types.outcomes || excluded.outcomes,
           groups = excluded.groups, updated_at = now()
         where provider_market_types.names is distinct from excluded.names or not (provider_market_types.outcomes @> excluded.outcomes)
            or provider_market_types.groups is distinct from excluded.groups`,
        [JSON.stringify(rows), PROVIDER]);
      // every process reloads its market names
      await bumpCatalogueRev(q);
    });
    forgetMarketSettings();
    return rows.length;
  }

  /** What an earlier leader stored, when the API cannot be reached at start (groups only: names come with the catalogue). */
  async loadGroups(db: Db): Promise<void> {
    const rows = await db.query<{ odds_type: number; groups: string[] }>('select odds_type, groups from provider_market_types where provider = $1', [PROVIDER]);
    for (const r of rows) if (!this.byId.has(r.odds_type)) this.byId.set(r.odds_type, { names: {}, outcomes: new Map(), groups: r.groups });
  }
}
