/** Back-office content calls: images, banners, pages, pop-ups, notifications, bonuses, payment methods; every change audited. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BO_CONTENT_CALLS, type BoContentCallName } from '../../../domain/content/bo-calls.ts';
import { MEDIA_MAX_BYTES } from '../../../domain/content/media.ts';
import { message } from '../../../domain/messages.ts';
import { type BoContext } from '../../backoffice/guard.ts';
import { defineBoCall } from '../bo-call.ts';
import { MediaError, storeImage } from '../../media/store.ts';
import {
  deletePage, deleteRow, listBanners, listBonuses, listNotifications, listPages, listPaymentMethods, listPopups,
  orderBanners, saveBanner, saveBonus, savePage, savePayBank, savePayCategory, savePayType, savePopup, sendNotification,
} from '../../content/admin.ts';
import { CallError, type CallDeps } from '../call.ts';

/** An upload's body: the base64 of the largest image and the payload around it. */
const UPLOAD_BODY_LIMIT = Math.ceil((MEDIA_MAX_BYTES + 64 * 1024) / 3) * 4 + 16 * 1024;

export function registerBoContentCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = <N extends BoContentCallName>(name: N, handler: (payload: z.infer<(typeof BO_CONTENT_CALLS)[N]['payload']>, ctx: BoContext) => Promise<Record<string, unknown>>, opts: { bodyLimit?: number } = {}): void => {
    const def = BO_CONTENT_CALLS[name];
    defineBoCall(app, deps, name, def.payload as z.ZodType, def.permission, handler as (payload: unknown, ctx: BoContext) => Promise<Record<string, unknown>>, opts);
  };
  const done = (ctx: BoContext, extra: Record<string, unknown> = {}) => ({ status: true, msg: message('updateSuccess', ctx.lang), ...extra });

  call('bo/uploadImage', async (p, ctx) => {
    const bytes = Buffer.from(p.data, 'base64');
    try {
      const image = await storeImage(ctx.db, bytes, p.kind, { by: ctx.actor.userId, now: ctx.now });
      await ctx.audit(ctx.db, { action: 'media.upload', objectType: 'media', objectId: image.id, after: { kind: p.kind, bytes: bytes.length, width: image.width, height: image.height } });
      return { status: true, msg: message('updateSuccess', ctx.lang), image };
    } catch (err) {
      if (err instanceof MediaError) {
        const key = err.reason === 'tooLarge' ? 'imageTooLarge' : 'imageInvalid';
        throw new CallError(422, key, { max: `${MEDIA_MAX_BYTES / 1024 / 1024} MB` }, { error: key });
      }
      throw err;
    }
  }, { bodyLimit: UPLOAD_BODY_LIMIT });

  call('bo/banners', async (p, ctx) => ({ status: true, results: await listBanners(ctx.db, p.displayState) }));
  call('bo/saveBanner', async (p, ctx) => done(ctx, { id: await saveBanner(ctx, p) }));
  call('bo/orderBanners', async (p, ctx) => { await orderBanners(ctx, p.displayState, p.ids); return done(ctx); });
  call('bo/deleteBanner', async (p, ctx) => { await deleteRow(ctx, 'banners', 'banner', p.id); return done(ctx); });

  call('bo/pages', async (_p, ctx) => ({ status: true, results: await listPages(ctx.db) }));
  call('bo/savePage', async (p, ctx) => done(ctx, { content: await savePage(ctx, p) }));
  call('bo/deletePage', async (p, ctx) => { await deletePage(ctx, p.pageId, p.language); return done(ctx); });

  call('bo/popups', async (_p, ctx) => ({ status: true, results: await listPopups(ctx.db) }));
  call('bo/savePopup', async (p, ctx) => done(ctx, { id: await savePopup(ctx, p) }));
  call('bo/deletePopup', async (p, ctx) => { await deleteRow(ctx, 'popups', 'popup', p.id); return done(ctx); });

  call('bo/notifications', async (p, ctx) => ({ status: true, ...(await listNotifications(ctx.db, p.order, p.limit)) }));
  call('bo/sendNotification', async (p, ctx) => done(ctx, await sendNotification(ctx, p)));
  call('bo/deleteNotification', async (p, ctx) => { await deleteRow(ctx, 'notifications', 'notification', p.id); return done(ctx); });

  call('bo/bonuses', async (_p, ctx) => ({ status: true, results: await listBonuses(ctx.db) }));
  call('bo/saveBonus', async (p, ctx) => done(ctx, { id: await saveBonus(ctx, p) }));

  call('bo/paymentMethods', async (_p, ctx) => ({ status: true, results: await listPaymentMethods(ctx.db) }));
  call('bo/savePayCategory', async (p, ctx) => done(ctx, { id: await savePayCategory(ctx, p) }));
  call('bo/savePayType', async (p, ctx) => done(ctx, { id: await savePayType(ctx, p) }));
  call('bo/savePayBank', async (p, ctx) => done(ctx, { id: await savePayBank(ctx, p) }));
  call('bo/deletePayBank', async (p, ctx) => { await deleteRow(ctx, 'pay_banks', 'payBank', p.id); return done(ctx); });
}
