import type { FastifyInstance } from 'fastify';
import { bonusIdPayload, contactPayload, emptyPayload, pagePayload } from '../../../domain/protocol/calls.ts';
import { checkContact } from '../../../domain/account/validation.ts';
import { message } from '../../../domain/messages.ts';
import { CallError, defineCall, type CallDeps } from '../call.ts';
import { assertNotBlocked, marketingStopped } from '../../protection/enforce.ts';

/** The content calls of section 7: bonuses, promotions, notifications, popups, pages, contact. */
export function registerContentCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'getBonus', emptyPayload, async (_p, ctx) => {
    const rows = await ctx.db.query<{ id: number; title: string; status: number | null }>(
      `select b.id, b.title, r.status from bonuses b left join bonus_requests r on r.bonus_id = b.id and r.user_id = $1
        where b.status = 1 order by b.list_order, b.id`, [ctx.userId]);
    return { status: true, data: rows.map((b) => ({ id: b.id, title: b.title, status: b.status ?? 0, requestedExists: b.status === null ? 0 : 1 })) };
  }, { auth: true });

  defineCall(app, deps, 'requestBonus', bonusIdPayload, async (p, ctx) => {
    // A player on a break, self-excluded or closed is offered no bonus.
    await assertNotBlocked(ctx.db, ctx.userId!, ctx.now, ctx.lang);
    const [b] = await ctx.db.query('select 1 from bonuses where id = $1 and status = 1', [p.bonusId]);
    if (!b) throw new CallError(404, 'notFound');
    const made = await ctx.db.query('insert into bonus_requests (bonus_id, user_id, created_at) values ($1, $2, $3) on conflict do nothing returning id', [p.bonusId, ctx.userId, new Date(ctx.now)]);
    if (!made.length) throw new CallError(409, 'requestedExists', {}, { error: 'requestedExists' });
    return { status: true, message: message('requestAccepted', ctx.lang), msg: message('requestAccepted', ctx.lang) };
  }, { auth: true, rateLimit: { max: 30, timeWindow: 60_000 } });

  defineCall(app, deps, 'promotions', emptyPayload, async (_p, ctx) => {
    // Self-exclusion stops marketing: promotions, notifications and pop-ups come back empty.
    if (await marketingStopped(ctx.db, ctx.userId, ctx.now)) return { status: true, results: [] };
    const rows = await ctx.db.query<{ id: number; image: string; banner_title: string }>('select id, image, banner_title from bonuses where promotion = 1 and status = 1 order by list_order, id');
    return { status: true, results: rows.map((r) => ({ bonusId: r.id, bonusImage: r.image, bannerTitle: r.banner_title })) };
  });

  defineCall(app, deps, 'promotionDetail', bonusIdPayload, async (p, ctx) => {
    const [r] = await ctx.db.query<{ id: number; image: string; banner_title: string; content: string; rules: string }>('select * from bonuses where id = $1 and promotion = 1 and status = 1', [p.bonusId]);
    if (!r) throw new CallError(404, 'notFound');
    // `rules`: the terms the back office keeps apart from the text (sanitised HTML, '' none).
    return { status: true, results: { bonusId: r.id, bonusImage: r.image, bannerTitle: r.banner_title, content: r.content, rules: r.rules } };
  });

  defineCall(app, deps, 'getNotifs', emptyPayload, async (_p, ctx) => {
    if (await marketingStopped(ctx.db, ctx.userId, ctx.now)) return { status: true, results: [] };
    // The player's own notices and those for everyone; never another player's.
    const rows = await ctx.db.query<{ id: number; title: string; banner: string; content: string; created_at: Date }>(
      'select id, title, banner, content, created_at from notifications where user_id is null or user_id = $1 order by created_at desc, id desc limit 100', [ctx.userId]);
    return { status: true, results: rows.map((r) => ({ id: r.id, title: r.title, banner: r.banner, content: r.content, createdAt: new Date(r.created_at).toISOString() })) };
  }, { auth: true });

  defineCall(app, deps, 'getPopups', emptyPayload, async (_p, ctx) => {
    type Row = { id: number; type: number; type2: number; title: string; content: string; auto_close: number };
    const view = (r: Row) => ({ id: r.id, type: r.type, type2: r.type2, title: r.title, content: r.content, autoClose: r.auto_close });
    // The player's own pop-ups (an auto cash-out that fired) are news about their money, not
    // marketing: shown first and once (taken off as they are sent).
    const own = ctx.userId === null ? [] : await ctx.db.query<Row>(
      'update popups set status = 0 where user_id = $1 and status = 1 returning id, type, type2, title, content, auto_close', [ctx.userId]);
    if (await marketingStopped(ctx.db, ctx.userId, ctx.now)) return { status: true, results: own.map((r) => ({ ...view(r), own: 1 })) };
    const rows = await ctx.db.query<Row>(
      // The request's language and every language's (''); when it has none, the English ones.
      `with shown as (select * from popups where status = 1 and user_id is null and (lang = '' or lang = $1))
       select * from shown union all select * from popups where status = 1 and user_id is null and lang = 'en' and not exists (select 1 from shown)
       order by list_order, id`, [ctx.lang]);
    return { status: true, results: [...own.sort((a, b) => a.id - b.id).map((r) => ({ ...view(r), own: 1 })), ...rows.map(view)] };
  });

  defineCall(app, deps, 'getPage', pagePayload, async (p, ctx) => {
    const [r] = await ctx.db.query<{ title: string; content: string }>(
      `select title, content from pages where id = $1 and lang in ($2, 'tr') order by (lang = $2) desc limit 1`, [p.pageid, ctx.lang]);
    if (!r) throw new CallError(404, 'notFound');
    return { status: true, results: { title: r.title, content: r.content } };
  });

  defineCall(app, deps, 'contact', contactPayload, async (p, ctx) => {
    const bad = checkContact(p);
    if (bad) throw new CallError(422, 'invalidField', { field: bad.field }, { error: bad.key });
    await ctx.db.query('insert into contact_messages (user_id, email, topcategory, category, message, created_at) values ($1, $2, $3, $4, $5, $6)',
      [ctx.userId, p.email, p.topcategory, p.category, p.message, new Date(ctx.now)]);
    return { status: true, msg: message('contactSuccess', ctx.lang) };
  }, { rateLimit: { max: 10, timeWindow: 60_000 } });
}
