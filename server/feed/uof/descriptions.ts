/**
 * The provider's market descriptions (/descriptions/{lang}/markets.xml) in every configured
 * language: kept in provider_market_types as odd types with generic names per language (the line
 * shown beside them, the teams as 1 and 2), which every process reads beside the operator's
 * catalogue, so markets beyond the built-in ones are listed, bet and named on coupons and receipts
 * in the player's language; and kept here with their templates, to name a live match's markets
 * for that match, and with their bet-stop groups.
 */
import type { Db } from '../../db/client.ts';
import { genericName, renderName } from '../../../domain/feed/market-names.ts';
import { bumpCatalogueRev, forgetMarketSettings } from '../../catalogue/markets.ts';
import type { MarketDescription } from './api.ts';
import { PROVIDER, plainOutcomeId } from './ids.ts';

interface Described {
  names: Record<string, string>;
  outcomes: Map<string, Record<string, string>>;
  groups: string[];
}

export class MarketDescriptions {
  private readonly byId = new Map<number, Described>();

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

  /** An outcome's name for a match in a language, else ''. */
  outcomeName(marketId: number, outcomeId: string, lang: string, specifiers: ReadonlyArray<readonly [string, string]>, home: string, away: string): string {
    const n = this.byId.get(marketId)?.outcomes.get(outcomeId);
    const t = n?.[lang] ?? n?.en ?? Object.values(n ?? {})[0];
    return t ? renderName(t, { specifiers, home, away, lang }) : '';
  }

  /** Takes the descriptions of each language (first language first) and stores them for every process. */
  async store(db: Db, byLang: ReadonlyMap<string, readonly MarketDescription[]>): Promise<number> {
    this.byId.clear();
    for (const [lang, list] of byLang) {
      for (const m of list) {
        let d = this.byId.get(m.id);
        if (!d) {
          d = { names: {}, outcomes: new Map(), groups: m.groups.length ? m.groups : ['all'] };
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
         on conflict (odds_type) do update set names = excluded.names, outcomes = excluded.outcomes, groups = excluded.groups, updated_at = now()
         where provider_market_types.names is distinct from excluded.names or provider_market_types.outcomes is distinct from excluded.outcomes
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
