/**
 * The back-office calls of the content: images, banners, pages, pop-ups, notifications,
 * bonuses and promotions, payment methods. Every call needs manageContent; BO_CALLS of
 * domain/backoffice/calls.ts includes this table, so the guard and the permission matrix walk it.
 * Money is integer minor units. HTML fields are sanitised by the server before they are stored.
 */
import { z } from 'zod';
import { common } from '../protocol/calls.ts';
import type { Permission } from '../backoffice/permissions.ts';
import { MEDIA_KIND_NAMES, MEDIA_MAX_BYTES, type MediaKind, type StoredImage } from './media.ts';

const id = z.number().int().positive();
const status = z.union([z.literal(0), z.literal(1)]);
const text = (max: number) => z.string().trim().max(max);
const html = z.string().max(100_000);
// The content's language is `language`: `lang` is every call's own (the operator's, for the reply's words).
const language = z.string().regex(/^$|^[a-z]{2}$/);
const listOrder = z.number().int().min(0).max(100_000);
/** An image address: a stored image (/media/...), a file of the site (/site/, /banners/) or an https one; '' none. */
export const imageRef = z.string().trim().max(300).regex(/^$|^\/(media|site|banners)\/[\w./-]+$|^https:\/\/[^\s"'<>]+$/);
/** Where a tap goes: '' none, a page of the app without its language ('livebets', 'casino/slots') or an https address. */
const link = z.string().trim().max(300).regex(/^$|^[a-z][\w/-]*(\?[\w=&-]*)?$|^https:\/\/[^\s"'<>]+$/);
const when = z.string().datetime({ offset: true }).nullable().optional().default(null);
const money = z.number().int().min(0).max(1_000_000_000_00);

/** The display states of the spec where banners show: Home 12 (top) and 1 (strip), slots 3, live casino and TV 10, others 9, 4, 19. */
export const BANNER_STATES = [12, 1, 3, 10, 9, 4, 19] as const;
/** The static pages of the spec (section 2): betting glossary 5, help 6, about 7, privacy 8, rules 9, responsible gaming 10, AML 15. */
export const SPEC_PAGE_IDS = [5, 6, 7, 8, 9, 10, 15] as const;
/** Pop-up types shown to players (section 9): 0 and 2; type2 0 shows on Home only, 1 on every page. */
export const POPUP_TYPES = [0, 1, 2, 3] as const;

// ---------- images ----------
/** bo/uploadImage: an image (base64 of the file's bytes, at most MEDIA_MAX_BYTES) of a kind. */
export const boUploadImagePayload = z.object({
  ...common,
  kind: z.enum(MEDIA_KIND_NAMES as [MediaKind, ...MediaKind[]]),
  // A little over the limit still parses, so the store can say "too large" rather than "bad request".
  data: z.string().max(Math.ceil((MEDIA_MAX_BYTES + 64 * 1024) / 3) * 4).regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export interface BoUploadImageReply { status: true; msg: string; image: StoredImage }

// ---------- banners ----------
export interface BoBanner {
  id: number; name: string; url: string; title: string; link: string; width: number; height: number; type: number;
  displayState: number; language: string; status: number; listOrder: number; startsAt: string | null; endsAt: string | null;
}
/** bo/banners: every banner (any status or schedule), optionally of one display state, in list order. */
export const boBannersPayload = z.object({ ...common, displayState: z.number().int().min(0).max(99).optional() });
export interface BoBannersReply { status: true; results: BoBanner[] }
/** bo/saveBanner: creates (no id) or edits a banner. `url` is its image (an upload's url). */
export const boSaveBannerPayload = z.object({
  ...common, id: id.optional(),
  name: text(60).min(1), url: imageRef.refine((s) => s !== '', 'an image is needed'), title: text(120).optional().default(''), link: link.optional().default(''),
  width: z.number().int().min(1).max(4000).optional().default(1170), height: z.number().int().min(1).max(4000).optional().default(420),
  type: z.number().int().min(0).max(9).optional().default(0),
  displayState: z.number().int().min(0).max(99), language: language.optional().default(''), status: status.optional().default(1),
  listOrder: listOrder.optional().default(100), startsAt: when, endsAt: when,
}).refine((p) => !p.startsAt || !p.endsAt || Date.parse(p.startsAt) < Date.parse(p.endsAt), { path: ['endsAt'], message: 'ends before it starts' });
/** bo/orderBanners: the banners of a display state in their new order (first shown first). */
export const boOrderBannersPayload = z.object({ ...common, displayState: z.number().int().min(0).max(99), ids: z.array(id).min(1).max(200) });
/** bo/deleteBanner. */
export const boIdPayload = z.object({ ...common, id });

// ---------- pages ----------
export interface BoPage { id: number; language: string; title: string; content: string }
/** bo/pages: every page in every language. */
export const boPagesPayload = z.object({ ...common });
export interface BoPagesReply { status: true; results: BoPage[] }
/** bo/savePage: a page's title and HTML in one language (the HTML is sanitised). */
export const boSavePagePayload = z.object({ ...common, pageId: z.number().int().min(1).max(999), language: z.string().regex(/^[a-z]{2}$/), title: text(120).min(1), content: html });
/** bo/deletePage: one language of a page (the Turkish text of a page of the spec stays). */
export const boDeletePagePayload = z.object({ ...common, pageId: z.number().int().min(1).max(999), language: z.string().regex(/^[a-z]{2}$/) });

// ---------- pop-ups ----------
export interface BoPopup { id: number; type: number; type2: number; title: string; content: string; autoClose: number; language: string; status: number; listOrder: number }
export const boPopupsPayload = z.object({ ...common });
export interface BoPopupsReply { status: true; results: BoPopup[] }
/** bo/savePopup: pop-ups rotate in list order; autoClose in seconds (0: stays until closed). */
export const boSavePopupPayload = z.object({
  ...common, id: id.optional(), type: z.number().int().min(0).max(3), type2: z.union([z.literal(0), z.literal(1)]),
  title: text(120).min(1), content: html, autoClose: z.number().int().min(0).max(600).optional().default(0),
  language: language.optional().default(''), status: status.optional().default(1), listOrder: listOrder.optional().default(100),
});

// ---------- notifications ----------
export interface BoNotification { id: number; title: string; banner: string; content: string; target: string; recipients: number; createdAt: string }
export const boNotificationsPayload = z.object({ ...common, order: z.number().int().nonnegative().optional().default(0), limit: z.number().int().min(1).max(200).optional().default(50) });
export interface BoNotificationsReply { status: true; totalCount: number; results: BoNotification[] }
/** Who gets a notification: every player, named players, the players below a dealer, or the players of a currency. */
export const notificationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('users'), userNames: z.array(z.string().trim().min(1).max(40)).min(1).max(500) }),
  z.object({ kind: z.literal('dealer'), dealerId: id }),
  z.object({ kind: z.literal('currency'), currency: z.string().regex(/^[A-Z]{3}$/) }),
]);
export type NotificationTarget = z.infer<typeof notificationTarget>;
/** bo/sendNotification: a notice to every player or a segment (one row per player for a segment). */
export const boSendNotificationPayload = z.object({ ...common, title: text(120).min(1), banner: imageRef.optional().default(''), content: html, target: notificationTarget });
export interface BoSendNotificationReply { status: true; msg: string; id: number; recipients: number }

// ---------- bonuses and promotions ----------
export interface BoBonus { id: number; title: string; image: string; bannerTitle: string; content: string; rules: string; promotion: number; status: number; listOrder: number; requests: number }
export const boBonusesPayload = z.object({ ...common });
export interface BoBonusesReply { status: true; results: BoBonus[] }
/** bo/saveBonus: a bonus (players request it) that is also a promotion (shown on the promotions page) when promotion is 1. */
export const boSaveBonusPayload = z.object({
  ...common, id: id.optional(), title: text(120).min(1), image: imageRef.optional().default(''), bannerTitle: text(120).optional().default(''),
  content: html, rules: html.optional().default(''), promotion: status.optional().default(1), status: status.optional().default(1), listOrder: listOrder.optional().default(100),
});

// ---------- payment methods ----------
/** A form field of a pay type (section 3): name, title, type, placeHolder, minLength, maxLength, required. */
export const payField = z.object({
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/), title: text(60).min(1), type: z.enum(['amount', 'text', 'number', 'datetime', 'email', 'tel']),
  placeHolder: text(60).optional().default(''), minLength: z.number().int().min(0).max(200).optional(), maxLength: z.number().int().min(1).max(200).optional(),
  required: z.union([z.literal(0), z.literal(1)]).optional().default(1),
});
export const payInfoField = z.object({ label: text(60).min(1), text: text(200) });
export interface BoPayBank { id: number; payId: number; name: string; swiftcode: string; logo: string; amounts: number[] }
export interface BoPayType {
  id: number; catId: number; payType: string; payTag: string; logo: string; minAmount: number; maxAmount: number;
  fields: Array<z.infer<typeof payField>>; infofields: Array<z.infer<typeof payInfoField>>; iframe: number; paymentUrl: string; listOrder: number; status: number; banks: BoPayBank[];
}
export interface BoPayCategory { id: number; catName: string; info: string; logo: string; openLink: string; transferType: number; listOrder: number; status: number; types: BoPayType[] }
export const boPaymentMethodsPayload = z.object({ ...common });
export interface BoPaymentMethodsReply { status: true; results: BoPayCategory[] }
/** bo/savePayCategory: a category of deposit (transferType 0) or withdrawal (1) methods. */
export const boSavePayCategoryPayload = z.object({
  ...common, id: id.optional(), catName: text(60).min(1), info: text(200).optional().default(''), logo: imageRef.optional().default(''),
  openLink: link.optional().default(''), transferType: z.union([z.literal(0), z.literal(1)]), listOrder: listOrder.optional().default(100), status: status.optional().default(1),
});
/** bo/savePayType: a method of a category with its form, limits (minor units) and how it opens (iframe 0 in place, 1 window, 2 popup, 3 redirect). */
export const boSavePayTypePayload = z.object({
  ...common, id: id.optional(), catId: id, payType: z.enum(['FORM', 'COMMUNITY_BANK']), payTag: text(60).min(1), logo: imageRef.optional().default(''),
  minAmount: money, maxAmount: money, fields: z.array(payField).max(20), infofields: z.array(payInfoField).max(10).optional().default([]),
  iframe: z.number().int().min(0).max(3).optional().default(0), paymentUrl: z.string().trim().max(300).regex(/^$|^\/[\w./?=&-]*$|^https:\/\/[^\s"'<>]+$/).optional().default(''),
  listOrder: listOrder.optional().default(100), status: status.optional().default(1),
}).refine((p) => p.minAmount <= p.maxAmount, { path: ['maxAmount'], message: 'below the minimum' })
  .refine((p) => new Set(p.fields.map((f) => f.name)).size === p.fields.length, { path: ['fields'], message: 'two fields of one name' });
/** bo/savePayBank: a bank of a community-bank method with its amount options (minor units; none: any amount). */
export const boSavePayBankPayload = z.object({
  ...common, id: id.optional(), payId: id, name: text(60).min(1), swiftcode: z.string().trim().regex(/^[A-Z0-9]{4,11}$/), logo: imageRef.optional().default(''),
  amounts: z.array(money.min(1)).max(20).optional().default([]),
});

/** Every content call with its payload schema and permission. */
export const BO_CONTENT_CALLS = {
  'bo/uploadImage': { payload: boUploadImagePayload, permission: 'manageContent' },
  'bo/banners': { payload: boBannersPayload, permission: 'manageContent' },
  'bo/saveBanner': { payload: boSaveBannerPayload, permission: 'manageContent' },
  'bo/orderBanners': { payload: boOrderBannersPayload, permission: 'manageContent' },
  'bo/deleteBanner': { payload: boIdPayload, permission: 'manageContent' },
  'bo/pages': { payload: boPagesPayload, permission: 'manageContent' },
  'bo/savePage': { payload: boSavePagePayload, permission: 'manageContent' },
  'bo/deletePage': { payload: boDeletePagePayload, permission: 'manageContent' },
  'bo/popups': { payload: boPopupsPayload, permission: 'manageContent' },
  'bo/savePopup': { payload: boSavePopupPayload, permission: 'manageContent' },
  'bo/deletePopup': { payload: boIdPayload, permission: 'manageContent' },
  'bo/notifications': { payload: boNotificationsPayload, permission: 'manageContent' },
  'bo/sendNotification': { payload: boSendNotificationPayload, permission: 'manageContent' },
  'bo/deleteNotification': { payload: boIdPayload, permission: 'manageContent' },
  'bo/bonuses': { payload: boBonusesPayload, permission: 'manageContent' },
  'bo/saveBonus': { payload: boSaveBonusPayload, permission: 'manageContent' },
  'bo/paymentMethods': { payload: boPaymentMethodsPayload, permission: 'manageContent' },
  'bo/savePayCategory': { payload: boSavePayCategoryPayload, permission: 'manageContent' },
  'bo/savePayType': { payload: boSavePayTypePayload, permission: 'manageContent' },
  'bo/savePayBank': { payload: boSavePayBankPayload, permission: 'manageContent' },
  'bo/deletePayBank': { payload: boIdPayload, permission: 'manageContent' },
} as const satisfies Record<string, { payload: z.ZodType; permission: Permission }>;
export type BoContentCallName = keyof typeof BO_CONTENT_CALLS;

interface Done { status: true; msg: string }
/** The reply of each content call (the back office's typed client, src/features/backoffice/bo-client.ts). */
export interface ContentReplies {
  'bo/uploadImage': BoUploadImageReply;
  'bo/banners': BoBannersReply; 'bo/saveBanner': Done & { id: number }; 'bo/orderBanners': Done; 'bo/deleteBanner': Done;
  'bo/pages': BoPagesReply; 'bo/savePage': Done & { content: string }; 'bo/deletePage': Done;
  'bo/popups': BoPopupsReply; 'bo/savePopup': Done & { id: number }; 'bo/deletePopup': Done;
  'bo/notifications': BoNotificationsReply; 'bo/sendNotification': BoSendNotificationReply; 'bo/deleteNotification': Done;
  'bo/bonuses': BoBonusesReply; 'bo/saveBonus': Done & { id: number };
  'bo/paymentMethods': BoPaymentMethodsReply; 'bo/savePayCategory': Done & { id: number }; 'bo/savePayType': Done & { id: number };
  'bo/savePayBank': Done & { id: number }; 'bo/deletePayBank': Done;
}
