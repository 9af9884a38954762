/**
 * The content the operator edits in the back office: banners, pages, pop-ups,
 * notifications, bonuses and promotions, payment methods. Every change runs in one transaction
 * with its audit row and a bump of the content revision (server/content/revision.ts); HTML is
 * sanitised before it is stored (server/content/html.ts). The player calls read the same tables.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import type { BoContext } from '../backoffice/guard.ts';
import { CallError } from '../core/call.ts';
import { sanitizeContentHtml } from './html.ts';
import { bumpContentRev, contentApplied } from './revision.ts';
import type {
  BoBanner, BoBonus, BoNotification, BoPage, BoPayCategory, BoPopup,
  boSaveBannerPayload, boSaveBonusPayload, boSavePayBankPayload, boSavePayCategoryPayload, boSavePayTypePayload, boSavePopupPayload,
  NotificationTarget,
} from '../../domain/content/bo-calls.ts';
import { SPEC_PAGE_IDS } from '../../domain/content/bo-calls.ts';
import { storedImageAddress } from '../../domain/content/banner.ts';

const notFound = () => new CallError(404, 'notFound', {}, { error: 'notFound' });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Runs a content change: the body in a transaction with the audit row and the revision bump, then
 * the new revision applied (and pushed to open apps) after commit.
 */
async function change<T>(ctx: BoContext, body: (q: Queryable) => Promise<{ result: T; audit: { action: string; objectType: string; objectId: string | number; before?: unknown; after?: unknown } }>): Promise<T> {
  const { result, rev } = await ctx.db.tx(async (q) => {
    const r = await body(q);
    await ctx.audit(q, r.audit);
    return { result: r.result, rev: await bumpContentRev(q) };
  });
  contentApplied(rev);
  return result;
}

/** Inserts or updates one row of a table by id; returns the id and the row before (null: new). */
async function upsert(q: Queryable, table: string, id: number | undefined, values: Record<string, unknown>): Promise<{ id: number; before: Record<string, unknown> | null }> {
  const cols = Object.keys(values);
  // jsonb values come as JSON text from the callers.
  const vals = Object.values(values);
  if (id === undefined) {
    const [r] = await q.query<{ id: number }>(`insert into ${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`, vals);
    return { id: r!.id, before: null };
  }
  const [before] = await q.query<Record<string, unknown>>(`select * from ${table} where id = $1 for update`, [id]);
  if (!before) throw notFound();
  await q.query(`update ${table} set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [id, ...vals]);
  return { id, before };
}

// ---------------------------------------------------------------- banners

interface BannerRow { id: number; name: string; url: string; title: string; link: string; width: number; height: number; type: number; display_state: number; lang: string; status: number; list_order: number; starts_at: Date | null; ends_at: Date | null }
// The back office gets a banner's image as an address it can show and send back (/banners/<file>).
const bannerOut = (r: BannerRow): BoBanner => ({
  id: r.id, name: r.name, url: storedImageAddress(r.url), title: r.title, link: r.link, width: r.width, height: r.height, type: r.type,
  displayState: r.display_state, language: r.lang, status: r.status, listOrder: r.list_order, startsAt: iso(r.starts_at), endsAt: iso(r.ends_at),
});

/** A banner's stored `url`: a stored image goes under the banner path's media/ (domain/content/banner.ts adds /banners/). */
export const bannerFileOf = (url: string): string => url.replace(/^\/media\//, 'media/').replace(/^\/banners\//, '');

export async function listBanners(q: Queryable, displayState?: number): Promise<BoBanner[]> {
  const rows = await q.query<BannerRow>(
    `select * from banners where ($1::int is null or display_state = $1) order by display_state, list_order, id`, [displayState ?? null]);
  return rows.map(bannerOut);
}

export async function saveBanner(ctx: BoContext, p: z.infer<typeof boSaveBannerPayload>): Promise<number> {
  return change(ctx, async (q) => {
    const file = bannerFileOf(p.url);
    const { id, before } = await upsert(q, 'banners', p.id, {
      name: p.name, filename: file.split('/').pop() ?? file, url: file, title: p.title, link: p.link, width: p.width, height: p.height, type: p.type,
      display_state: p.displayState, lang: p.language, status: p.status, list_order: p.listOrder,
      starts_at: p.startsAt ? new Date(p.startsAt) : null, ends_at: p.endsAt ? new Date(p.endsAt) : null,
    });
    return { result: id, audit: { action: p.id ? 'banner.edit' : 'banner.create', objectType: 'banner', objectId: id, before, after: { ...p, url: file } } };
  });
}

export async function orderBanners(ctx: BoContext, displayState: number, ids: number[]): Promise<void> {
  await change(ctx, async (q) => {
    const rows = await q.query<{ id: number; list_order: number }>('select id, list_order from banners where display_state = $1 order by list_order, id for update', [displayState]);
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) throw new CallError(422, 'invalidField', { field: 'ids' }, { error: 'invalidField', field: 'ids' });
    // The listed banners first, in the order given; any not listed keep their order after them.
    const rest = rows.map((r) => r.id).filter((i) => !ids.includes(i));
    for (const [i, bid] of [...ids, ...rest].entries()) await q.query('update banners set list_order = $2 where id = $1', [bid, i + 1]);
    return { result: undefined, audit: { action: 'banner.order', objectType: 'banner', objectId: `state:${displayState}`, before: rows.map((r) => r.id), after: [...ids, ...rest] } };
  });
}

export async function deleteRow(ctx: BoContext, table: 'banners' | 'popups' | 'notifications' | 'pay_banks', objectType: string, id: number): Promise<void> {
  await change(ctx, async (q) => {
    const [before] = await q.query<Record<string, unknown>>(`delete from ${table} where id = $1 returning *`, [id]);
    if (!before) throw notFound();
    // A segment's notice is one row per player: they go together.
    if (table === 'notifications') await q.query('delete from notifications where batch = $1', [id]);
    return { result: undefined, audit: { action: `${objectType}.delete`, objectType, objectId: id, before } };
  });
}

// ---------------------------------------------------------------- pages

export async function listPages(q: Queryable): Promise<BoPage[]> {
  return q.query<BoPage>('select id, lang as language, title, content from pages order by id, lang');
}

export async function savePage(ctx: BoContext, p: { pageId: number; language: string; title: string; content: string }): Promise<string> {
  const content = sanitizeContentHtml(p.content);
  await change(ctx, async (q) => {
    const [before] = await q.query<BoPage>('select id, lang as language, title, content from pages where id = $1 and lang = $2 for update', [p.pageId, p.language]);
    await q.query(
      'insert into pages (id, lang, title, content) values ($1, $2, $3, $4) on conflict (id, lang) do update set title = excluded.title, content = excluded.content',
      [p.pageId, p.language, p.title, content]);
    return { result: undefined, audit: { action: before ? 'page.edit' : 'page.create', objectType: 'page', objectId: `${p.pageId}:${p.language}`, before: before ?? null, after: { title: p.title, content } } };
  });
  return content;
}

export async function deletePage(ctx: BoContext, pageId: number, lang: string): Promise<void> {
  // The Turkish text of a page of the spec is the fallback of every language: it stays.
  if (lang === 'tr' && (SPEC_PAGE_IDS as readonly number[]).includes(pageId)) throw new CallError(422, 'invalidField', { field: 'lang' }, { error: 'invalidField', field: 'lang' });
  await change(ctx, async (q) => {
    const [before] = await q.query<BoPage>('delete from pages where id = $1 and lang = $2 returning id, lang as language, title, content', [pageId, lang]);
    if (!before) throw notFound();
    return { result: undefined, audit: { action: 'page.delete', objectType: 'page', objectId: `${pageId}:${lang}`, before } };
  });
}

// ---------------------------------------------------------------- pop-ups

export async function listPopups(q: Queryable): Promise<BoPopup[]> {
  const rows = await q.query<{ id: number; type: number; type2: number; title: string; content: string; auto_close: number; lang: string; status: number; list_order: number }>(
    'select * from popups where user_id is null order by list_order, id');
  return rows.map((r) => ({ id: r.id, type: r.type, type2: r.type2, title: r.title, content: r.content, autoClose: r.auto_close, language: r.lang, status: r.status, listOrder: r.list_order }));
}

export async function savePopup(ctx: BoContext, p: z.infer<typeof boSavePopupPayload>): Promise<number> {
  const content = sanitizeContentHtml(p.content);
  return change(ctx, async (q) => {
    const { id, before } = await upsert(q, 'popups', p.id, {
      type: p.type, type2: p.type2, title: p.title, content, auto_close: p.autoClose, lang: p.language, status: p.status, list_order: p.listOrder,
    });
    return { result: id, audit: { action: p.id ? 'popup.edit' : 'popup.create', objectType: 'popup', objectId: id, before, after: { ...p, content } } };
  });
}

// ---------------------------------------------------------------- notifications

export async function listNotifications(q: Queryable, page: number, limit: number): Promise<{ totalCount: number; results: BoNotification[] }> {
  // One line per notice: a segment's rows are counted under their batch.
  const [n] = await q.query<{ n: number }>('select count(*)::int as n from notifications where batch is null or batch = id');
  const rows = await q.query<{ id: number; title: string; banner: string; content: string; target: string; created_at: Date; recipients: number }>(
    `select n.id, n.title, n.banner, n.content, n.target, n.created_at,
            case when n.user_id is null and n.batch is null then 0 else (select count(*)::int from notifications m where m.batch = n.id) end as recipients
       from notifications n where n.batch is null or n.batch = n.id order by n.created_at desc, n.id desc limit $1 offset $2`, [limit, page * limit]);
  return { totalCount: n?.n ?? 0, results: rows.map((r) => ({ id: r.id, title: r.title, banner: r.banner, content: r.content, target: r.target || 'all', recipients: r.recipients, createdAt: new Date(r.created_at).toISOString() })) };
}

/** The players a target names (players and plain users only; never back-office accounts). */
async function recipientsOf(q: Queryable, t: NotificationTarget): Promise<number[]> {
  const players = `u.user_type in ('U', 'F')`;
  if (t.kind === 'users') return (await q.query<{ id: number }>(`select u.id from users u where ${players} and u.username = any($1::text[]) order by u.id`, [t.userNames])).map((r) => r.id);
  if (t.kind === 'dealer') return (await q.query<{ id: number }>(`select u.id from users u join user_tree t on t.descendant_id = u.id where t.ancestor_id = $1 and ${players} order by u.id`, [t.dealerId])).map((r) => r.id);
  if (t.kind === 'currency') return (await q.query<{ id: number }>(`select u.id from users u where ${players} and u.currency = $1 order by u.id`, [t.currency])).map((r) => r.id);
  return [];
}

const targetText = (t: NotificationTarget): string =>
  t.kind === 'all' ? 'all' : t.kind === 'users' ? `users:${t.userNames.join(',')}`.slice(0, 300) : t.kind === 'dealer' ? `dealer:${t.dealerId}` : `currency:${t.currency}`;

export async function sendNotification(ctx: BoContext, p: { title: string; banner: string; content: string; target: NotificationTarget }): Promise<{ id: number; recipients: number }> {
  const content = sanitizeContentHtml(p.content);
  return change(ctx, async (q) => {
    const at = new Date(ctx.now);
    const target = targetText(p.target);
    let id: number;
    let recipients = 0;
    if (p.target.kind === 'all') {
      [{ id }] = (await q.query<{ id: number }>('insert into notifications (user_id, title, banner, content, created_at, target) values (null, $1, $2, $3, $4, $5) returning id', [p.title, p.banner, content, at, target])) as [{ id: number }];
    } else {
      const users = await recipientsOf(q, p.target);
      if (!users.length) throw new CallError(422, 'invalidField', { field: 'target' }, { error: 'invalidField', field: 'target' });
      const [first] = await q.query<{ id: number }>(
        'insert into notifications (user_id, title, banner, content, created_at, target) values ($1, $2, $3, $4, $5, $6) returning id', [users[0], p.title, p.banner, content, at, target]);
      id = first!.id;
      await q.query('update notifications set batch = $1 where id = $1', [id]);
      if (users.length > 1) {
        await q.query(
          `insert into notifications (user_id, title, banner, content, created_at, target, batch)
           select u, $2, $3, $4, $5, $6, $7 from unnest($1::int[]) as u`, [users.slice(1), p.title, p.banner, content, at, target, id]);
      }
      recipients = users.length;
    }
    return { result: { id, recipients }, audit: { action: 'notification.send', objectType: 'notification', objectId: id, after: { title: p.title, banner: p.banner, content, target, recipients } } };
  });
}

// ---------------------------------------------------------------- bonuses

export async function listBonuses(q: Queryable): Promise<BoBonus[]> {
  const rows = await q.query<{ id: number; title: string; image: string; banner_title: string; content: string; rules: string; promotion: number; status: number; list_order: number; requests: number }>(
    'select b.*, (select count(*)::int from bonus_requests r where r.bonus_id = b.id) as requests from bonuses b order by b.list_order, b.id');
  return rows.map((r) => ({ id: r.id, title: r.title, image: r.image, bannerTitle: r.banner_title, content: r.content, rules: r.rules, promotion: r.promotion, status: r.status, listOrder: r.list_order, requests: r.requests }));
}

export async function saveBonus(ctx: BoContext, p: z.infer<typeof boSaveBonusPayload>): Promise<number> {
  const content = sanitizeContentHtml(p.content);
  const rules = sanitizeContentHtml(p.rules);
  return change(ctx, async (q) => {
    const { id, before } = await upsert(q, 'bonuses', p.id, {
      title: p.title, image: p.image, banner_title: p.bannerTitle, content, rules, promotion: p.promotion, status: p.status, list_order: p.listOrder,
    });
    return { result: id, audit: { action: p.id ? 'bonus.edit' : 'bonus.create', objectType: 'bonus', objectId: id, before, after: { ...p, content, rules } } };
  });
}

// ---------------------------------------------------------------- payment methods

export async function listPaymentMethods(q: Queryable): Promise<BoPayCategory[]> {
  const cats = await q.query<{ id: number; cat_name: string; info: string; type_logo: string; open_link: string; transfer_type: number; list_order: number; status: number }>(
    'select * from pay_categories order by transfer_type, list_order, id');
  const types = await q.query<{ id: number; cat_id: number; pay_type: string; pay_tag: string; bank_logo: string; infofields: BoPayCategory['types'][number]['infofields']; fields: BoPayCategory['types'][number]['fields']; min_amount: number | string; max_amount: number | string; iframe: number; payment_url: string; list_order: number; status: number }>(
    'select * from pay_types order by list_order, id');
  const banks = await q.query<{ id: number; pay_id: number; name: string; swiftcode: string; logo: string; amounts: Array<{ amount: number }> }>('select * from pay_banks order by id');
  return cats.map((c) => ({
    id: c.id, catName: c.cat_name, info: c.info, logo: c.type_logo, openLink: c.open_link, transferType: c.transfer_type, listOrder: c.list_order, status: c.status,
    types: types.filter((t) => t.cat_id === c.id).map((t) => ({
      id: t.id, catId: t.cat_id, payType: t.pay_type, payTag: t.pay_tag, logo: t.bank_logo, minAmount: Number(t.min_amount), maxAmount: Number(t.max_amount),
      fields: t.fields, infofields: t.infofields, iframe: t.iframe, paymentUrl: t.payment_url, listOrder: t.list_order, status: t.status,
      banks: banks.filter((b) => b.pay_id === t.id).map((b) => ({ id: b.id, payId: b.pay_id, name: b.name, swiftcode: b.swiftcode, logo: b.logo, amounts: b.amounts.map((a) => a.amount) })),
    })),
  }));
}

export async function savePayCategory(ctx: BoContext, p: z.infer<typeof boSavePayCategoryPayload>): Promise<number> {
  return change(ctx, async (q) => {
    const { id, before } = await upsert(q, 'pay_categories', p.id, {
      cat_name: p.catName, info: p.info, type_logo: p.logo, open_link: p.openLink, transfer_type: p.transferType, list_order: p.listOrder, status: p.status,
    });
    return { result: id, audit: { action: p.id ? 'payCategory.edit' : 'payCategory.create', objectType: 'payCategory', objectId: id, before, after: p } };
  });
}

export async function savePayType(ctx: BoContext, p: z.infer<typeof boSavePayTypePayload>): Promise<number> {
  return change(ctx, async (q) => {
    const [cat] = await q.query('select 1 from pay_categories where id = $1', [p.catId]);
    if (!cat) throw notFound();
    // A form needs its amount field: the deposit and withdrawal calls read the amount from it.
    if (p.payType === 'FORM' && !p.fields.some((f) => f.type === 'amount')) throw new CallError(422, 'invalidField', { field: 'fields' }, { error: 'invalidField', field: 'fields' });
    const { id, before } = await upsert(q, 'pay_types', p.id, {
      cat_id: p.catId, pay_type: p.payType, pay_tag: p.payTag, bank_logo: p.logo, min_amount: p.minAmount, max_amount: p.maxAmount,
      fields: JSON.stringify(p.fields), infofields: JSON.stringify(p.infofields), iframe: p.iframe, payment_url: p.paymentUrl, list_order: p.listOrder, status: p.status,
    });
    return { result: id, audit: { action: p.id ? 'payType.edit' : 'payType.create', objectType: 'payType', objectId: id, before, after: p } };
  });
}

export async function savePayBank(ctx: BoContext, p: z.infer<typeof boSavePayBankPayload>): Promise<number> {
  return change(ctx, async (q) => {
    const [t] = await q.query<{ pay_type: string }>('select pay_type from pay_types where id = $1', [p.payId]);
    if (!t) throw notFound();
    if (t.pay_type !== 'COMMUNITY_BANK') throw new CallError(422, 'invalidField', { field: 'payId' }, { error: 'invalidField', field: 'payId' });
    const { id, before } = await upsert(q, 'pay_banks', p.id, {
      pay_id: p.payId, name: p.name, swiftcode: p.swiftcode, logo: p.logo, amounts: JSON.stringify(p.amounts.map((amount) => ({ amount }))),
    });
    return { result: id, audit: { action: p.id ? 'payBank.edit' : 'payBank.create', objectType: 'payBank', objectId: id, before, after: p } };
  });
}
