import type { MatchListItem, UserLimits } from '../../domain/protocol/entities.ts';
import { DEFAULT_USER_LIMITS } from '../../domain/betslip/limits.ts';
import type { CoreDb } from './cache/db.ts';
import type { NetworkStatus, WsLike } from './net/reconnecting-socket.ts';
import type { CoreTimers } from './timers.ts';
import { createRequest, type CallFn } from './request.ts';
import type { CoreEvent, Notice, SessionView } from './events.ts';
import type { OddsStyle } from '../../domain/odds/display.ts';

export interface CoreDeps {
  fetch: typeof fetch;
  db: CoreDb;
  clock: () => number;
  uuid: () => string;
  /**
   * The browser's sockets (the live feed's, the site push's, the jackpots'), timers, network state and
   * randomness (the jitter of reconnect waits), given by the worker file; absent = no sockets (Node tests of other areas).
   */
  live?: {
    socket: () => WsLike;
    timers: CoreTimers;
    siteSocket?: () => WsLike;
    jackpotSocket?: () => WsLike;
    network?: NetworkStatus;
    random?: () => number;
  };
}

/** What the area modules of the core share: the request helper, the cache, the clock, the pushes. */
export interface CoreContext extends CoreDeps {
  call: CallFn;
  lang(): string;
  setLang(lang: string): void;
  /** The player's odds format (Settings): lists, detail, slip and coupons show odds in it; receipts stay decimal. */
  oddsStyle(): OddsStyle;
  setOddsStyle(style: OddsStyle): void;
  emit(e: CoreEvent): void;
  notice(n: Notice): void;
  listeners: Set<(e: CoreEvent) => void>;
  session(): SessionView | null;
  setSession(s: SessionView | null): void;
  /** The player's limits, or the defaults of betting-core.md section 9 for a visitor. */
  limits(): UserLimits;
  /** The matches the UI was last shown, so a tap on an odd is resolved against what the player saw. */
  shown: Map<number, MatchListItem>;
  /** Hooks one area offers another (set by the area that owns them). */
  hooks: {
    refreshSession(): Promise<SessionView | null>;
    /** Pushes the slip again (its figures depend on the session's limits). */
    pushSlip(): void;
    clearSlip(): Promise<void>;
    /** Re-texts the odds already sent (the live rows) after an odds format change. */
    restyleOdds(): void;
  };
}

export function createContext(deps: CoreDeps): CoreContext {
  let lang = 'tr';
  let oddsStyle: OddsStyle = 'decimal';
  let session: SessionView | null = null;
  const listeners = new Set<(e: CoreEvent) => void>();
  const emit = (e: CoreEvent) => { for (const l of listeners) l(e); };
  return {
    ...deps,
    call: createRequest({ fetch: deps.fetch, lang: () => lang }),
    lang: () => lang,
    setLang: (l) => { lang = l; },
    oddsStyle: () => oddsStyle,
    setOddsStyle: (s) => { oddsStyle = s; },
    emit,
    notice: (n) => emit({ type: 'notice', payload: n }),
    listeners,
    session: () => session,
    setSession: (s) => { session = s; },
    limits: () => session?.limits ?? DEFAULT_USER_LIMITS,
    shown: new Map(),
    hooks: {
      refreshSession: async () => session,
      pushSlip: () => undefined,
      clearSlip: async () => undefined,
      restyleOdds: () => undefined,
    },
  };
}
