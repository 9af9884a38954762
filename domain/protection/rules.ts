/**
 * Responsible-gambling rules (the UK Gambling Commission's remote technical standards are
 * the public reference): limits and their periods, the 24-hour cooling-off of a raise, usage
 * against each limit, breaks (time-outs), self-exclusion and reality checks. Plain functions with
 * time as a parameter: the server enforces them, the worker shows the same truth.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** What a limit caps: money deposited, money lost, money staked, or minutes of one session. */
export type LimitKind = 'deposit' | 'loss' | 'stake' | 'session';
/** Rolling windows (day 24 h, week 7 days, month 30 days); 'bet' is one stake; 'session' one login. */
export type LimitPeriod = 'bet' | 'session' | 'day' | 'week' | 'month';

export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'loss', 'stake', 'session'];

/** The periods each kind takes: a stake is capped per bet or per window, a session per login. */
export const PERIODS_OF: Readonly<Record<LimitKind, readonly LimitPeriod[]>> = {
  deposit: ['day', 'week', 'month'],
  loss: ['day', 'week', 'month'],
  stake: ['bet', 'day', 'week', 'month'],
  session: ['session'],
};

/** The length of a rolling window; bet and session are not windows. */
export const WINDOW_MS: Readonly<Record<'day' | 'week' | 'month', number>> = { day: DAY, week: 7 * DAY, month: 30 * DAY };

/** How long a raise or a removal waits before it counts (the cooling-off). */
export const COOLING_OFF_MS = DAY;

/** Break (time-out) lengths in days: 24 hours, a week, a month, 6 weeks. */
export const BREAK_DAYS = [1, 7, 30, 42] as const;
/** Self-exclusion lengths in months: 6 months, 1 year, 5 years. */
export const EXCLUSION_MONTHS = [6, 12, 60] as const;
/** Reality-check intervals in minutes (0 = off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
/** Limits are reviewed every 6 months: after that the player is reminded. */
export const REVIEW_MONTHS = 6;
/** After a self-exclusion ends the account reopens 24 hours after the player asks. */
export const REOPEN_WAIT_MS = DAY;

export interface Limit { kind: LimitKind; period: LimitPeriod; amount: number; setAt: number }
/** A raise or removal (amount 0) waiting for its cooling-off to end. */
export interface PendingLimit { kind: LimitKind; period: LimitPeriod; amount: number; requestedAt: number; effectiveAt: number }

export type BlockKind = 'break' | 'exclusion' | 'closure';
/**
 * A break, a self-exclusion or a closure. endsAt null: no end (closure). An exclusion also needs
 * reopenAt: after its end the account stays closed until the player asks and 24 hours pass.
 */
export interface Block { kind: BlockKind; startedAt: number; endsAt: number | null; reopenAt: number | null }

export type ProtectionStatus = 'active' | 'break' | 'excluded' | 'closed';

export function isValidPeriod(kind: LimitKind, period: LimitPeriod): boolean {
  return PERIODS_OF[kind].includes(period);
}

/** Adds calendar months in UTC (an exclusion of 6 months from 31 August ends on the last day of February). */
export function addMonths(t: number, months: number): number {
  const d = new Date(t);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * What a setLimit does: a new limit, a lower one or the same one counts at once; a higher one or a
 * removal (amount 0) waits COOLING_OFF_MS. Returns the limit to write now or the pending change.
 */
export function limitChange(
  current: Limit | undefined, kind: LimitKind, period: LimitPeriod, amount: number, now: number,
): { apply: Limit | null; pending: PendingLimit | null } {
  if (amount < 0 || !Number.isSafeInteger(amount)) throw new RangeError(`limit amount must be a non-negative integer, got ${amount}`);
  const at = { kind, period };
  if (!current) {
    // Nothing to loosen: a new limit counts at once; removing no limit does nothing.
    return amount === 0 ? { apply: null, pending: null } : { apply: { ...at, amount, setAt: now }, pending: null };
  }
  if (amount !== 0 && amount <= current.amount) return { apply: { ...at, amount, setAt: now }, pending: null };
  return { apply: null, pending: { ...at, amount, requestedAt: now, effectiveAt: now + COOLING_OFF_MS } };
}

/**
 * The limits in force at `now`: the stored ones with each pending change whose cooling-off has
 * ended applied (a removal drops the limit). Reading does not need the change to be written first.
 */
export function limitsInForce(limits: readonly Limit[], pending: readonly PendingLimit[], now: number): Limit[] {
  const byKey = new Map(limits.map((l) => [`${l.kind}/${l.period}`, l]));
  for (const p of pending) {
    if (p.effectiveAt > now) continue;
    const key = `${p.kind}/${p.period}`;
    if (p.amount === 0) byKey.delete(key);
    else byKey.set(key, { kind: p.kind, period: p.period, amount: p.amount, setAt: p.effectiveAt });
  }
  return [...byKey.values()];
}

/** Pending changes still waiting at `now`. */
export const pendingAt = (pending: readonly PendingLimit[], now: number): PendingLimit[] => pending.filter((p) => p.effectiveAt > now);

/**
 * What the ledger says a player has used in each rolling window (minor units): deposits, net loss
 * (stakes minus wins, refunds and sells; never below 0) and stakes; plus the current session's
 * start for the session limit.
 */
export interface Usage {
  deposit: Record<'day' | 'week' | 'month', number>;
  loss: Record<'day' | 'week' | 'month', number>;
  stake: Record<'day' | 'week' | 'month', number>;
  /** Start of the current login session (ms), or null. */
  sessionStartedAt: number | null;
}

export const NO_USAGE: Usage = {
  deposit: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 }, stake: { day: 0, week: 0, month: 0 }, sessionStartedAt: null,
};

/** How much of a limit is used: money for windows, 0 for a per-bet limit, minutes for a session. */
export function usedOf(limit: Pick<Limit, 'kind' | 'period'>, usage: Usage, now: number): number {
  if (limit.kind === 'session') return usage.sessionStartedAt === null ? 0 : Math.max(0, Math.floor((now - usage.sessionStartedAt) / 60_000));
  if (limit.period === 'bet' || limit.period === 'session') return 0;
  return usage[limit.kind][limit.period];
}

/** What a money move would add to each kind of usage. */
export interface Move { deposit?: number; stake?: number }

/**
 * The first limit the move would cross, or null. A stake counts as a possible loss at once (the
 * net loss of the window plus this stake may not pass the loss limit), so a run of concurrent bets
 * can never take a player past it. Of several limits of one kind the lowest bites first: each is
 * checked, and the tightest (least room left) is named.
 */
export function crossedLimit(limits: readonly Limit[], usage: Usage, move: Move, now: number): { limit: Limit; used: number } | null {
  let worst: { limit: Limit; used: number; room: number } | null = null;
  for (const l of limits) {
    const used = usedOf(l, usage, now);
    let adds = 0;
    if (l.kind === 'deposit') adds = move.deposit ?? 0;
    else if (l.kind === 'loss' || l.kind === 'stake') adds = move.stake ?? 0;
    else if (l.kind === 'session') adds = move.stake ? 1 : 0; // betting needs a minute left
    if (!adds) continue;
    const crosses = l.kind === 'session' ? used >= l.amount : used + adds > l.amount;
    if (!crosses) continue;
    const room = l.amount - used;
    if (!worst || room < worst.room) worst = { limit: l, used, room };
  }
  return worst ? { limit: worst.limit, used: worst.used } : null;
}

/** The lowest limit of each kind and period pair in force; several of one kind: the least room wins. */
export function tightest(limits: readonly Limit[], usage: Usage, kind: LimitKind, now: number): Limit | null {
  let best: Limit | null = null;
  let room = Infinity;
  for (const l of limits) {
    if (l.kind !== kind) continue;
    const r = l.amount - usedOf(l, usage, now);
    if (r < room) { room = r; best = l; }
  }
  return best;
}

/** When an exclusion really ends: its end, or 24 hours after the player asked to reopen. */
export function exclusionOpensAt(b: Block): number | null {
  if (b.endsAt === null || b.reopenAt === null) return null;
  return Math.max(b.endsAt, b.reopenAt);
}

/** Whether a block still holds at `now`. */
export function blockHolds(b: Block, now: number): boolean {
  if (b.kind === 'closure') return true;
  if (b.kind === 'break') return b.endsAt !== null && b.endsAt > now;
  const opens = exclusionOpensAt(b);
  return opens === null || opens > now;
}

/** The player's status and the ends of the break and exclusion in force (the latest end of each wins). */
export function statusOf(blocks: readonly Block[], now: number): { status: ProtectionStatus; breakUntil: number | null; excludedUntil: number | null } {
  const holding = blocks.filter((b) => blockHolds(b, now));
  const breakUntil = latest(holding.filter((b) => b.kind === 'break').map((b) => b.endsAt!));
  const excl = holding.filter((b) => b.kind === 'exclusion');
  const excludedUntil = latest(excl.map((b) => b.endsAt ?? Infinity));
  const status: ProtectionStatus = holding.some((b) => b.kind === 'closure') ? 'closed' : excl.length ? 'excluded' : breakUntil !== null ? 'break' : 'active';
  return { status, breakUntil, excludedUntil };
}

const latest = (xs: number[]): number | null => (xs.length ? Math.max(...xs) : null);

/**
 * A break or exclusion to add (by the player or the back office). One never shortens another:
 * the status always takes the latest end of what holds, and nothing is deleted.
 */
export function breakEnd(days: number, now: number): number {
  if (!(BREAK_DAYS as readonly number[]).includes(days)) throw new RangeError(`break of ${days} days is not offered`);
  return now + days * DAY;
}

export function exclusionEnd(months: number, now: number): number {
  if (!(EXCLUSION_MONTHS as readonly number[]).includes(months)) throw new RangeError(`exclusion of ${months} months is not offered`);
  return addMonths(now, months);
}

/**
 * May the player ask to reopen after a self-exclusion? Only once it has ended, and only once.
 * Returns the time the account would reopen, or null when it may not be asked now.
 */
export function reopenAt(b: Block, now: number): number | null {
  if (b.kind !== 'exclusion' || b.endsAt === null || b.endsAt > now || b.reopenAt !== null) return null;
  return now + REOPEN_WAIT_MS;
}

/** Limits are due for review 6 months after they were last set or confirmed. */
export function reviewDue(lastReviewAt: number | null, hasLimits: boolean, now: number): boolean {
  return hasLimits && lastReviewAt !== null && addMonths(lastReviewAt, REVIEW_MONTHS) <= now;
}

/** Reality-check notices: the times (ms) since the session's start at which the next one is due. */
export function nextRealityCheck(sessionStartedAt: number, minutes: number, now: number): number | null {
  if (!minutes) return null;
  const step = minutes * 60_000;
  const n = Math.floor((now - sessionStartedAt) / step) + 1;
  return sessionStartedAt + n * step;
}

/** Which refusal a blocked player gets for play, deposits and bonuses. */
export function blockRefusal(status: ProtectionStatus): 'onBreak' | 'selfExcluded' | 'accountClosed' | null {
  return status === 'break' ? 'onBreak' : status === 'excluded' ? 'selfExcluded' : status === 'closed' ? 'accountClosed' : null;
}
