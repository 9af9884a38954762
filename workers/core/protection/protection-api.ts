/**
 * Player protection in the worker: the `protection` call turned into what the screens
 * show (limits with usage and texts, pending changes with their time, break and exclusion), the
 * changes, and the reality-check schedule. The rules are domain/protection's; the server enforces them.
 */
import { parseAmount } from '../../../domain/money.ts';
import { PERIODS_OF, nextRealityCheck, type LimitKind, type LimitPeriod, type ProtectionStatus } from '../../../domain/protection/rules.ts';
import type { ProtectionReply } from '../../../domain/protection/calls.ts';
import type { CoreContext } from '../context.ts';
import { NetworkError } from '../request.ts';
import { dateTimeText, moneyText } from '../account/format.ts';
import { timeZone } from '../account/zone.ts';

export interface LimitView {
  kind: LimitKind; period: LimitPeriod; amount: number;
  /** Amount and usage as text: money, or minutes for a session limit. */
  amountText: string; usedText: string;
  /** Share used, 0..1 (0 for a per-bet limit, which has no usage). */
  ratio: number;
  /** Nothing left: the next move of this kind is refused. */
  reached: boolean;
}
export interface PendingView { kind: LimitKind; period: LimitPeriod; amountText: string; removal: boolean; effectiveText: string }
export interface ProtectionView {
  status: ProtectionStatus;
  limits: LimitView[];
  pending: PendingView[];
  breakUntilText: string;
  excludedUntilText: string;
  realityCheck: number;
  reviewDue: boolean;
  canReopen: boolean;
  reopenText: string;
  /** Free to play, no deposit limit yet and never deposited: the first-deposit prompt. */
  promptDepositLimit: boolean;
  balanceText: string;
  /** The periods each kind offers, for the form. */
  periods: Record<LimitKind, readonly LimitPeriod[]>;
}
/** The reality-check notice: the session's time, stakes and net result. */
export interface RealityCheckView { minutes: number; sessionMinutes: number; stakesText: string; netText: string; netWin: boolean; nextAt: number | null }
export interface ProtectionResult { ok: boolean; key?: string; text?: string; pendingText?: string; login?: boolean }

export function createProtectionApi(ctx: CoreContext) {
  const currency = () => ctx.session()?.currency ?? 'TRY';
  const money = (minor: number) => moneyText(minor, currency(), ctx.lang());
  const when = (iso: string | null) => dateTimeText(iso, timeZone());
  let last: ProtectionReply | null = null;

  const fetchState = async (): Promise<ProtectionReply | null> => {
    try {
      const r = await ctx.call<ProtectionReply>('protection');
      last = r.status ? (r as ProtectionReply) : null;
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
    return last;
  };

  const result = async (key: string, payload: Record<string, unknown>): Promise<ProtectionResult> => {
    try {
      const r = await ctx.call<{ effectiveAt?: string | null; applied?: boolean }>(key, payload);
      if (!r.status) return { ok: false, text: r.msg ?? '', ...(r.error ? { key: r.error } : {}), ...(r.login === false ? { login: false } : {}) };
      await fetchState();
      return { ok: true, text: r.msg ?? '', ...(r.applied === false && r.effectiveAt ? { pendingText: when(r.effectiveAt) } : {}) };
    } catch (err) {
      if (err instanceof NetworkError) return { ok: false, key: 'network' };
      throw err;
    }
  };

  return {
    /** The player's protection state as the screens show it; null when logged out. */
    async protection(): Promise<ProtectionView | null> {
      const r = await fetchState();
      if (!r) return null;
      const show = (kind: LimitKind, v: number) => (kind === 'session' ? `${v} min` : money(v));
      return {
        status: r.state,
        limits: r.limits.map((l) => ({
          kind: l.kind, period: l.period, amount: l.amount, amountText: show(l.kind, l.amount), usedText: show(l.kind, l.used),
          ratio: l.amount > 0 ? Math.min(1, l.used / l.amount) : 0, reached: l.period !== 'bet' && l.used >= l.amount,
        })),
        pending: r.pending.map((p) => ({ kind: p.kind, period: p.period, amountText: show(p.kind, p.amount), removal: p.amount === 0, effectiveText: when(p.effectiveAt) })),
        breakUntilText: when(r.breakUntil),
        excludedUntilText: when(r.excludedUntil),
        realityCheck: r.realityCheck,
        reviewDue: r.reviewDue,
        canReopen: r.canReopen,
        reopenText: when(r.reopenAt),
        promptDepositLimit: r.state === 'active' && !r.hasDeposited && !r.limits.some((l) => l.kind === 'deposit') && !r.pending.some((p) => p.kind === 'deposit'),
        balanceText: money(r.balance),
        periods: PERIODS_OF,
      };
    },

    /** A limit from the form's text: money for deposit, loss and stake; whole minutes for a session. Empty or 0 removes it. */
    setLimit(kind: LimitKind, period: LimitPeriod, text: string): Promise<ProtectionResult> {
      const trimmed = text.trim();
      const amount = trimmed === '' ? 0 : kind === 'session' ? (/^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null) : parseAmount(trimmed);
      if (amount === null) return Promise.resolve({ ok: false, key: 'invalidAmount' });
      return result('setLimit', { kind, period, amount });
    },
    reviewLimits: () => result('reviewLimits', {}),
    setRealityCheck: (minutes: number) => result('setRealityCheck', { minutes }),
    takeBreak: (days: number) => result('takeBreak', { days }),
    selfExclude: (months: number) => result('selfExclude', { months, confirm: true }),
    requestReopen: () => result('requestReopen', {}),
    closeAccount: () => result('closeAccount', { confirm: true }),

    /**
     * The reality check at `now` (the UI's clock): the session's time, stakes and net result read
     * fresh from the server, and when the next notice is due. null when off or logged out.
     */
    async realityCheck(now: number): Promise<RealityCheckView | null> {
      const r = await fetchState();
      if (!r || !r.realityCheck || !r.session.startedAt) return null;
      const start = Date.parse(r.session.startedAt);
      return {
        minutes: r.realityCheck,
        sessionMinutes: Math.max(0, Math.floor((now - start) / 60_000)),
        stakesText: money(r.session.stakes), netText: money(Math.abs(r.session.net)), netWin: r.session.net >= 0,
        nextAt: nextRealityCheck(start, r.realityCheck, now),
      };
    },
  };
}
