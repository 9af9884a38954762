/**
 * Sports, countries, leagues and teams as the back office edits them: paged lists,
 * create and edit (names per language, logo, order, status), and merging a duplicate team or
 * league into the one kept (its matches and its feed provider ids move in the same transaction, then it is deleted). Every
 * change writes its audit row in the change's transaction.
 */
import type { Queryable } from '../db/client.ts';
import type { BoContext } from '../backoffice/guard.ts';
import { CallError } from '../core/call.ts';
import { likePattern } from './match-queries.ts';
import type { CatalogueRow } from '../../domain/catalogue/calls.ts';
import type { Names } from '../../domain/catalogue/markets.ts';
import { bumpCatalogueRev, forgetMarketSettings } from './markets.ts';

export type CatalogueKind = 'sport' | 'country' | 'league' | 'team';

interface KindSql { table: string; name: string; sport: string; category: string; flag: string; order: string; status: string; matches: string; feed: string; sortBy: string }
/** How each kind sits in the tables of migration 001 (+ 210): its name column, sport, country, order and match count. */
const KIND: Record<CatalogueKind, KindSql> = {
  sport: { table: 'sports', name: 'name', sport: 'x.id', category: 'null::int', flag: "''", order: 'x.list_order', status: 'x.status', feed: 'null::int',
    matches: '(select count(*) from matches m where m.sport_id = x.id)', sortBy: 'x.list_order, x.id' },
  country: { table: 'categories', name: 'title', sport: 'x.sport_id', category: 'null::int', flag: 'x.flag', order: 'x.list_order', status: 'x.status', feed: 'x.feed_id',
    matches: '(select count(*) from matches m where m.category_id = x.id)', sortBy: 'x.sport_id, x.list_order, x.title, x.id' },
  league: { table: 'tournaments', name: 'title', sport: 'x.sport_id', category: 'x.category_id', flag: "''", order: 'x.list_order', status: 'x.status', feed: 'x.feed_id',
    matches: '(select count(*) from matches m where m.tournament_id = x.id)', sortBy: 'x.sport_id, x.list_order, x.title, x.id' },
  team: { table: 'teams', name: 'name', sport: 'x.sport_id', category: 'null::int', flag: "''", order: '0', status: 'x.status', feed: 'x.feed_id',
    matches: '((select count(*) from matches m where m.home_id = x.id) + (select count(*) from matches m where m.away_id = x.id))', sortBy: 'x.name, x.id' },
};

export interface ListFilter { search?: string | undefined; sportId?: number | undefined; categoryId?: number | undefined; status?: 0 | 1 | undefined; order: number; limit: number }

/** One page of a kind, filtered by name (any language), sport, country and status. */
export async function listCatalogue(q: Queryable, kind: CatalogueKind, f: ListFilter): Promise<{ totalCount: number; results: CatalogueRow[] }> {
  const k = KIND[kind];
  const args: unknown[] = [];
  const p = (v: unknown) => { args.push(v); return `$${args.length}`; };
  const where: string[] = [];
  if (f.search) { const like = p(likePattern(f.search)); where.push(`(x.${k.name} ilike ${like} or x.names::text ilike ${like})`); }
  if (f.sportId) where.push(`${k.sport} = ${p(f.sportId)}`);
  if (f.categoryId && kind === 'league') where.push(`x.category_id = ${p(f.categoryId)}`);
  if (f.status !== undefined) where.push(`${k.status} = ${p(f.status)}`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n from ${k.table} x ${whereSql}`, args);
  const rows = await q.query<{ id: number; sport_id: number; sport_name: string; category_id: number | null; category_name: string | null;
    name: string; names: Names; logo: string; flag: string; list_order: number; status: number; matches: string | number; feed_id: number | null;
    provider_ids: string[] | null }>(
    `select x.id, ${k.sport} as sport_id, (select s.name from sports s where s.id = ${k.sport}) as sport_name,
            ${k.category} as category_id, (select c.title from categories c where c.id = ${k.category}) as category_name,
            x.${k.name} as name, x.names, x.logo, ${k.flag} as flag, ${k.order} as list_order, ${k.status} as status, ${k.matches} as matches,
              ${k.feed} as feed_id,
            (select array_agg(pi.ext_id order by pi.ext_id) from provider_ids pi where pi.kind = ${p(kind)} and pi.our_id = x.id) as provider_ids
       from ${k.table} x ${whereSql} order by ${k.sortBy} limit ${p(f.limit)} offset ${p(f.order * f.limit)}`, args);
  return {
    totalCount: count?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id, sportId: r.sport_id, sportName: r.sport_name ?? '', categoryId: r.category_id, categoryName: r.category_name ?? '',
      name: r.names?.en || r.name, names: r.names ?? {}, logo: r.logo, flag: r.flag, listOrder: r.list_order, status: r.status ? 1 : 0,
      matches: Number(r.matches), feedId: r.feed_id, providerIds: r.provider_ids ?? [],
    })),
  };
}

/** The fields a save may set; `id` absent creates (sports: a new id creates). */
export interface SaveInput {
  id?: number | undefined; name: string; names: Names; logo: string; status: 0 | 1;
  sportId?: number; categoryId?: number; flag?: string; listOrder?: number; highlight?: number | undefined;
}

/**
 * The names as stored: every language given (an empty text is no name), and the English name from
 * the form's name also in names.en, which players read before the plain column: the feed rewrites
 * that column of its own rows on every sync, and would otherwise undo the operator's English name.
 */
const cleanNames = (names: Names, english: string): Names => ({ ...Object.fromEntries(Object.entries(names).filter(([l, v]) => l !== 'en' && v)), en: english });

const refused = (field: string) => new CallError(400, 'badRequest', { field }, { error: 'badRequest', field });

/** The columns a kind stores from a save, checked against the rows they reference (same sport). */
async function columnsOf(q: Queryable, kind: CatalogueKind, s: SaveInput): Promise<Record<string, unknown>> {
  const base: Record<string, unknown> = { [KIND[kind].name]: s.name, names: JSON.stringify(cleanNames(s.names, s.name)), logo: s.logo, status: s.status };
  if (kind !== 'sport') {
    const [sport] = await q.query('select 1 from sports where id = $1', [s.sportId]);
    if (!sport) throw refused('sportId');
    base.sport_id = s.sportId;
  }
  if (kind === 'sport' || kind === 'country' || kind === 'league') base.list_order = s.listOrder ?? 100;
  if (kind === 'country') base.flag = s.flag ?? '';
  if (kind === 'league') {
    const [c] = await q.query<{ sport_id: number }>('select sport_id from categories where id = $1', [s.categoryId]);
    if (!c || c.sport_id !== s.sportId) throw refused('categoryId');
    base.category_id = s.categoryId;
    if (s.highlight !== undefined) base.highlight = s.highlight;
  }
  return base;
}

const rowOf = async (q: Queryable, kind: CatalogueKind, id: number, lock = false) =>
  (await q.query<Record<string, unknown>>(`select * from ${KIND[kind].table} where id = $1${lock ? ' for update' : ''}`, [id]))[0];

/** The audited view of a row (what an operator changes). */
function auditView(r: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!r) return null;
  const { search_text: _s, ...rest } = r;
  return rest;
}

/** Creates or edits one row with its audit row; returns its id. */
export async function saveCatalogue(ctx: BoContext, kind: CatalogueKind, s: SaveInput): Promise<number> {
  const table = KIND[kind].table;
  return ctx.db.tx(async (q) => {
    const cols = await columnsOf(q, kind, s);
    const before = s.id !== undefined ? await rowOf(q, kind, s.id, true) : undefined;
    if (s.id !== undefined && !before && kind !== 'sport') throw new CallError(404, 'notFound', {}, { error: 'notFound' });
    let id: number;
    if (before) {
      const keys = Object.keys(cols);
      await q.query(`update ${table} set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [s.id, ...keys.map((k) => cols[k])]);
      id = s.id!;
    } else {
      if (kind === 'sport') cols.id = s.id;
      const keys = Object.keys(cols);
      id = (await q.query<{ id: number }>(`insert into ${table} (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) returning id`, keys.map((k) => cols[k])))[0]!.id;
    }
    const after = await rowOf(q, kind, id);
    // A status change of a league or country changes what is listed: every process reloads the passive ones.
    if ((kind === 'league' || kind === 'country') && before?.status !== after?.status) await bumpCatalogueRev(q);
    await ctx.audit(q, { action: `catalogue.${before ? 'edit' : 'create'}`, objectType: table, objectId: id, before: auditView(before), after: auditView(after) });
    return id;
  }).finally(forgetMarketSettings);
}

/**
 * Merges a duplicate team or league into the one kept (same sport): every match moves (a league's
 * matches also take the kept league's country), a feed id the kept row lacks moves with them so
 * the feed's next fixtures land on it, and the duplicate is deleted; one audit row, one transaction.
 */
export async function mergeCatalogue(ctx: BoContext, kind: 'team' | 'league', keepId: number, mergeId: number): Promise<number> {
  const table = KIND[kind].table;
  return ctx.db.tx(async (q) => {
    // Locked in id order, so two merges of the same pair cannot deadlock.
    const rows = await q.query<Record<string, unknown> & { id: number; sport_id: number; feed_id: number | null; category_id?: number }>(
      `select * from ${table} where id = any($1::int[]) order by id for update`, [[keepId, mergeId]]);
    const keep = rows.find((r) => r.id === keepId);
    const dup = rows.find((r) => r.id === mergeId);
    if (!keep || !dup) throw new CallError(404, 'notFound', {}, { error: 'notFound' });
    if (keep.sport_id !== dup.sport_id) throw refused('mergeId');
    let moved: number;
    if (kind === 'team') {
      // Two teams that meet in a match are not one team: merging them would make it a match against itself.
      const met = await q.query('select 1 from matches where (home_id = $1 and away_id = $2) or (home_id = $2 and away_id = $1) limit 1', [keepId, mergeId]);
      if (met.length) throw refused('mergeId');
      const home = await q.query('update matches set home_id = $1 where home_id = $2 returning id', [keepId, mergeId]);
      const away = await q.query('update matches set away_id = $1 where away_id = $2 returning id', [keepId, mergeId]);
      moved = new Set([...home, ...away].map((r) => (r as { id: number }).id)).size;
    } else {
      moved = (await q.query('update matches set tournament_id = $1, category_id = $3 where tournament_id = $2 returning id', [keepId, mergeId, keep.category_id])).length;
    }
    // a feed provider's ids of the duplicate now name the row kept (its next fixtures land there)
    await q.query('update provider_ids set our_id = $1 where kind = $3 and our_id = $2', [keepId, mergeId, kind]);
    if (dup.feed_id !== null && keep.feed_id === null) {
      await q.query(`update ${table} set feed_id = null where id = $1`, [mergeId]);
      await q.query(`update ${table} set feed_id = $2 where id = $1`, [keepId, dup.feed_id]);
    }
    await q.query(`delete from ${table} where id = $1`, [mergeId]);
    await ctx.audit(q, { action: 'catalogue.merge', objectType: table, objectId: keepId, before: { kept: auditView(keep), merged: auditView(dup) }, after: { keepId, moved } });
    return moved;
  });
}
