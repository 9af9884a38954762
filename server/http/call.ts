import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { message } from '../../domain/messages.ts';
import { hasPermission } from '../../domain/account/permissions.ts';
import { SITE_SETTINGS } from '../settings/site-settings.ts';
import { hostileValuePath } from '../../domain/protocol/input-guard.ts';
import type { LiveState } from '../feed/live-state.ts';
import { CallError, type AppDeps, type CallContext as CoreCallContext, type CallHandler, type CallOptions, type CallRouteInfo } from '../core/call.ts';

// The core's names for the route modules, which register calls through this adapter.
export { CallError, type CallRouteInfo };

/** What the calls of an app share: the database, the clock and, when there is one, the live feed's state. */
export interface CallDeps extends AppDeps {
  /** The live feed state when the app has one (buildApp's `live`): live coupon tips are priced with it. */
  live?: Pick<LiveState, 'currentOdd' | 'getMatch'>;
  /** The auto cash-out rules of this process (server/betting-lifecycle/auto-sell.ts): told when a coupon's rule or stake changes. */
  autoSell?: { changed(couponId: number): Promise<void> };
}

/** The context of a call registered here: the core's, with Fastify's request and reply. */
export type CallContext = CoreCallContext<FastifyRequest, FastifyReply>;

/**
 * The calls a visitor may still make when login_screen is 1 (section 2: visitors go to Login):
 * the session check, login itself and the logged-out pages (register with its checks, activation,
 * forgot and reset password). Every other call answers a visitor as a logged-out one (401, login: false).
 */
export const LOGIN_SCREEN_VISITOR_CALLS: ReadonlySet<string> = new Set([
  'userdata', 'login', 'logout', 'register', 'usernameCheck', 'emailCheck', 'checkMobile', 'checkIdNumber',
  'captcha', 'currencies', 'countries', 'activation', 'forgotPassword', 'resetPassword',
  // The back office's own login step (the same login, then the second factor for the team).
  'bo/login',
  // Retail: the public ticket check of shop customers, and a kiosk pairing itself with its code.
  'ticketCheck', 'pairTerminal',
]);

/**
 * PostgreSQL "data exception" errors (class 22: a number out of its column's range, text it cannot
 * store or parse): only a payload can cause them once the schemas bound their fields, so a call
 * added without the shared field helpers still answers 400, not 500.
 */
const isDataException = (err: unknown): boolean => {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('22');
};

/**
 * Registers POST /api/<name>: validates the body with the shared schema, resolves the session
 * user, requires login when asked, and turns every failure into `{ status: false, msg }`.
 */
export function defineCall<S extends z.ZodType>(
  app: FastifyInstance,
  deps: CallDeps,
  name: string,
  schema: S,
  handler: CallHandler<S, CallContext>,
  opts: CallOptions = {},
): void {
  // One door to the back office: a bo/ call registered without its guard would skip the second
  // factor, the permission and the audit, so it does not start.
  if (name.startsWith('bo/') !== !!opts.backOffice || (opts.backOffice === 'login' && name !== 'bo/login')) {
    throw new Error(`${name}: back-office calls are registered through defineBoCall`);
  }
  const call: CallRouteInfo = {
    name, schema, auth: !!(opts.auth || opts.permission), ...(opts.permission ? { permission: opts.permission } : {}),
    ...(opts.backOffice ? { backOffice: opts.backOffice } : {}),
  };
  const route = { ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}), config: { call, ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}) } };
  app.post(`/api/${name}`, route, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const lang = typeof body.lang === 'string' && /^[a-z]{2}$/.test(body.lang) ? body.lang : 'tr';
    const now = deps.clock();
    // A permission call reads the session and the user's permissions in one query.
    const session = opts.permission ? await req.sessionGuard(now) : null;
    const userId = opts.permission ? session?.userId ?? null : await req.sessionUser(now);
    // Login first: a logged-out player is sent to log in whatever the payload holds.
    if ((opts.auth || opts.permission) && userId === null) {
      return reply.code(401).send({ status: false, msg: message('loginRequired', lang), login: false });
    }
    // A visitor of a login_screen site may only log in or use the logged-out pages.
    if (userId === null && SITE_SETTINGS.login_screen === 1 && !LOGIN_SCREEN_VISITOR_CALLS.has(name)) {
      return reply.code(401).send({ status: false, msg: message('loginRequired', lang), login: false });
    }
    if (opts.loggedOut && userId !== null && SITE_SETTINGS.login_screen !== 1) {
      return reply.code(403).send({ status: false, msg: message('alreadyLoggedIn', lang), error: 'alreadyLoggedIn' });
    }
    // The same rule as the router's guard (domain/account/permissions.ts), enforced here.
    if (opts.permission && !hasPermission(session?.guard ?? null, opts.permission)) {
      return reply.code(403).send({ status: false, msg: message('forbidden', lang), error: 'forbidden' });
    }
    // One check of every body whatever its schema (domain/protocol/input-guard.ts).
    const hostile = hostileValuePath(body);
    const parsed = hostile === null ? schema.safeParse(body) : null;
    if (!parsed?.success) {
      const field = hostile ?? (parsed?.error.issues[0]?.path.join('.') || 'payload');
      return reply.code(400).send({ status: false, msg: message('badRequest', lang, { field }), error: 'badRequest', field });
    }
    try {
      const out = await handler(parsed.data, { db: deps.db, now, lang, userId, req, reply });
      return reply.send(out);
    } catch (err) {
      if (err instanceof CallError) {
        return reply.code(err.httpStatus).send({ status: false, msg: message(err.key, lang, err.args), error: err.key, ...err.extra });
      }
      if (isDataException(err)) {
        req.log.warn({ err }, `${name}: payload refused by the database`);
        return reply.code(400).send({ status: false, msg: message('badRequest', lang, { field: 'payload' }), error: 'badRequest', field: 'payload' });
      }
      // Anything else is ours: the spec's technical failure in the caller's language, never a stack.
      req.log.error({ err }, `${name} failed`);
      return reply.code(500).send({ status: false, msg: message('technical', lang), error: 'technical' });
    }
  });
}
