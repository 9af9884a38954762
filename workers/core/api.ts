import type { CoreEvent } from './events.ts';
import { createContext, type CoreDeps } from './context.ts';
import { createAccountApi } from './account/account-api.ts';
import { createSlipApi } from './betslip/slip-api.ts';
import { createSportsApi } from './sports/sports-api.ts';
import { createCouponsApi } from './coupons/coupons-api.ts';

export type { CoreDeps } from './context.ts';
export type { HomeView } from './sports/sports-api.ts';
export type { CouponListView, CouponRowView } from './coupons/coupons-api.ts';
export type { CreateResult } from './betslip/slip-api.ts';

/** The worker core: composes the area modules; owns the calls, the cache, the session and the slip. */
export function createCoreApi(deps: CoreDeps) {
  const ctx = createContext(deps);
  const account = createAccountApi(ctx);
  const { loadSlip, slipView, ...slip } = createSlipApi(ctx);
  let ready: Promise<void> | null = null;

  return {
    /** Subscribes to the worker's pushes (comlink proxies the callback). */
    subscribe(listener: (e: CoreEvent) => void): void {
      ctx.listeners.add(listener);
      listener({ type: 'session', payload: ctx.session() });
      listener({ type: 'slip-changed', payload: slipView() });
    },

    /** Loads the persisted slip and the session; safe to call more than once. */
    init(language: string): Promise<void> {
      ctx.setLang(language);
      ready ??= loadSlip().then(() => account.refreshSession()).then(() => undefined);
      return ready;
    },

    setLang(language: string): void { ctx.setLang(language); },
    session: () => (ready ?? Promise.resolve()).then(() => ctx.session()),

    ...account,
    ...slip,
    ...createSportsApi(ctx),
    ...createCouponsApi(ctx),
  };
}

export type CoreApi = ReturnType<typeof createCoreApi>;
