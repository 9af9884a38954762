import { checkPayForm, filterFieldInput, splitPayError, type PayField } from '../../../domain/account/payment-form.ts';
import { parseAmount } from '../../../domain/money.ts';
import { NetworkError } from '../request.ts';
import type { CoreContext } from '../context.ts';
import { moneyText, slashDate } from '../account/format.ts';
import { formatDateTimeIn } from '../../../domain/dates.ts';
import { timeZone } from '../account/zone.ts';

export interface PayMethodView {
  payId: number; payCatId: number; payTag: string; logo: string; community: boolean;
  info: Array<{ label: string; text: string }>;
  minText: string; maxText: string;
  fields: PayField[];
}
export interface PayCategoryView { payCatId: number; catName: string; info: string; logo: string; methods: PayMethodView[] }
export interface BankView { id: number; name: string; swiftcode: string; amounts: Array<{ amount: number; text: string }> }

/** The outcome of a deposit or withdraw submit (section 4). */
export interface TransferResult {
  ok: boolean;
  /** 0 in place; 1 whole window; 2 popup frame (640x480); 3 page redirect. */
  iframe?: number;
  url?: string;
  /** A message key (translated by the UI) and its arguments, or the server's text. */
  key?: string;
  args?: Record<string, string | number>;
  text?: string;
  field?: string;
  login?: boolean;
}

export interface HistoryRow {
  id: number; date: string; title: string; detail: string; amountText: string; income: boolean; status?: number; note?: string;
  /** A ledger row's product and movement codes (sport, refund ...): the screen names them in the player's words, never shows them. */
  ledger?: { product: string; kind: string; ticketId: number | null };
  /** A waiting transfer request (status 0) the player may still cancel. */
  cancelable?: boolean;
}
export interface HistoryPage { rows: HistoryRow[]; total: number; page: number; pages: number }

export const PAGE_SIZE = 50;

/** Deposits, withdrawals and the history lists; every rule through domain/. */
export function createMoneyApi(ctx: CoreContext) {
  const money = (minor: number) => moneyText(minor, ctx.session()?.currency ?? 'TRY', ctx.lang());

  return {
    async payCategories(transferType: 0 | 1): Promise<PayCategoryView[] | null> {
      const r = await ctx.call<{ results: Array<{ payCatId: number; catName: string; info: string; typeLogo: string; paytypes: Array<{ payId: number; payCatId: number; payType: string; payTag: string; bankLogo: string; infofields: Array<{ label: string; text: string }>; fields: PayField[]; minAmount: number; maxAmount: number }> }> }>('payCategories', { transferType });
      if (!r.status) return null;
      return r.results.map((c) => ({
        payCatId: c.payCatId, catName: c.catName, info: c.info, logo: c.typeLogo,
        methods: c.paytypes.map((t) => ({
          payId: t.payId, payCatId: t.payCatId, payTag: t.payTag, logo: t.bankLogo, community: t.payType === 'COMMUNITY_BANK',
          info: t.infofields, minText: money(t.minAmount), maxText: money(t.maxAmount), fields: t.fields,
        })),
      }));
    },

    /** Community banks and their amount options; login false opens the login popup (section 8). */
    async banks(payId: number, payCatId: number): Promise<{ login: boolean; banks: BankView[] }> {
      const r = await ctx.call<{ banks: Array<{ id: number; name: string; swiftcode: string; amounts: Array<{ amount: number }> }> }>('banks', { payId, payCatId });
      if (!r.status) return { login: r.login !== false, banks: [] };
      return { login: true, banks: r.banks.map((b) => ({ id: b.id, name: b.name, swiftcode: b.swiftcode, amounts: b.amounts.map((a) => ({ amount: a.amount, text: money(a.amount) })) })) };
    },

    /** What a key press may leave in a field (number and PIN digits only, amount digits and a dot). */
    filterInput: (type: string, value: string) => filterFieldInput(type, value),

    /**
     * Checks the form in the order of section 5 (first error stops), then sends the request with an
     * Idempotency-Key. amount: the chosen community-bank amount, else the form's amount field.
     */
    async submitTransfer(transferType: 0 | 1, m: { payId: number; payCatId: number; fields: PayField[] }, values: Record<string, string>, bank?: { id: number; amount: number }): Promise<TransferResult> {
      const bad = checkPayForm(m.fields, values);
      if (bad) return { ok: false, key: bad.key, args: bad.args, field: bad.field };
      const amount = bank ? bank.amount : parseAmount(values.amount ?? '');
      if (!amount) return { ok: false, key: 'numberRequired', args: { title: m.fields.find((f) => f.name === 'amount')?.title ?? '' }, field: 'amount' };
      try {
        const r = await ctx.call<{ iframe: number; redirect: string; paymenturl: string; key: string }>(transferType === 0 ? 'depositRequest' : 'setTransferReq', {
          payId: m.payId, payCatId: m.payCatId, amount, transferType: transferType === 0 ? 0 : '1',
          values: m.fields.map((f) => ({ name: f.name, value: values[f.name] ?? '' })), ...(bank ? { bankId: bank.id } : {}),
        }, { idempotencyKey: ctx.uuid() });
        if (!r.status) {
          if (r.login === false) return { ok: false, login: true };
          // 'key|arg|...': the first part a translation key, the second the amount (section 8).
          const { key, args } = splitPayError(r.error ?? '');
          return { ok: false, key, args: { amount: args[0] ?? '', title: args[0] ?? '', min: args[1] ?? '', max: args[2] ?? '' }, text: r.msg ?? '' };
        }
        await ctx.hooks.refreshSession();
        return { ok: true, iframe: r.iframe, url: r.paymenturl || r.redirect, key: r.key, text: r.msg ?? '' };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, key: 'networkError' };
        throw err;
      }
    },

    /** Transactions, 50 a page (section 7): type a income, e expense; service 1 sport, 4 live, 5 slots. */
    async transactions(f: { days: number; type: '' | 'a' | 'e'; service: '' | 1 | 4 | 5; page: number }): Promise<HistoryPage | null> {
      const now = ctx.clock();
      const r = await ctx.call<{ results: Array<{ id: number; processDate: string; type: string; amount: number; ticketId: number | null; transType: number }>; totalCount: number }>('transactions', {
        startDate: slashDate(now - f.days * 86_400_000, timeZone()), endDate: slashDate(now, timeZone()),
        transactionType: f.type, serviceType: f.service, order: f.page, limit: PAGE_SIZE,
      });
      if (!r.status) return null;
      return {
        total: r.totalCount, page: f.page, pages: Math.max(1, Math.ceil(r.totalCount / PAGE_SIZE)),
        rows: r.results.map((t) => {
          const [product = '', kind = ''] = t.type.split('->');
          return {
            id: t.id, date: formatDateTimeIn(t.processDate, ctx.lang(), timeZone()), title: '', detail: '', amountText: money(t.amount), income: t.transType === 1,
            ledger: { product, kind, ticketId: t.ticketId },
          };
        }),
      };
    },

    async transferRequests(f: { days: number; status: '' | 0 | 1 | 2; page: number }): Promise<HistoryPage | null> {
      const now = ctx.clock();
      const r = await ctx.call<{ results: Array<{ id: number; catName: string; payTag: string; transferType: number; amount: number; status: number; reqResult: string; createdAt: string }>; totalCount: number }>('transferRequests', {
        startDate: slashDate(now - f.days * 86_400_000, timeZone()), endDate: slashDate(now, timeZone()), status: f.status, order: f.page, limit: PAGE_SIZE,
      });
      if (!r.status) return null;
      return {
        total: r.totalCount, page: f.page, pages: Math.max(1, Math.ceil(r.totalCount / PAGE_SIZE)),
        rows: r.results.map((t) => ({ id: t.id, date: formatDateTimeIn(t.createdAt, ctx.lang(), timeZone()), title: t.catName, detail: t.payTag, amountText: money(t.amount), income: t.transferType === 0, status: t.status, note: t.reqResult, cancelable: t.status === 0 })),
      };
    },

    /** The player cancels their own waiting request; a withdrawal's reserved amount comes back (credit refreshed). */
    async cancelTransferRequest(requestId: number): Promise<{ ok: boolean; key?: string; text?: string }> {
      try {
        const r = await ctx.call('cancelTransferReq', { requestId });
        if (!r.status) return { ok: false, key: r.error ?? '', text: r.msg ?? '' };
        await ctx.hooks.refreshSession();
        return { ok: true, text: r.msg ?? '' };
      } catch (err) {
        if (err instanceof NetworkError) return { ok: false, key: 'networkError' };
        throw err;
      }
    },
  };
}
