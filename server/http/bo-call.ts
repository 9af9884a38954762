/**
 * Back-office calls on Fastify: defineBoCall registers POST /api/bo/<call> behind the guard of
 * server/backoffice/guard.ts (the actor re-read from the database, the second factor, the permission).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { loadActor, sha256, type BoContext } from '../backoffice/guard.ts';
import { writeAudit } from '../backoffice/audit.ts';
import { BO_CALLS, type BoCallName } from '../../domain/backoffice/calls.ts';
import type { Permission } from '../../domain/backoffice/permissions.ts';
import { CallError, defineCall, type CallDeps } from './call.ts';

/** Calls a session that still needs the second factor may make. */
const BEFORE_OTP = new Set(['bo/whoami', 'bo/verifyOtp', 'bo/logout']);

/**
 * Registers a back-office call: login required, then the actor's role, status, second factor and
 * the permission (null: any back-office user) re-checked from the database on every request.
 */
export function defineBoCall<S extends z.ZodType>(
  app: FastifyInstance,
  deps: CallDeps,
  name: string,
  schema: S,
  permission: Permission | null,
  handler: (payload: z.infer<S>, ctx: BoContext) => Promise<Record<string, unknown>>,
  opts: { bodyLimit?: number } = {},
): void {
  defineCall(app, deps, name, schema, async (p, ctx) => {
    const token = ctx.req.cookies[SESSION_COOKIE];
    const actor = await loadActor(ctx.db, ctx.userId!, token, ctx.now);
    if (!actor) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    if (actor.needOtp && !BEFORE_OTP.has(name)) throw new CallError(401, 'otpRequired', {}, { error: 'otpRequired', needOtp: true });
    if (permission && !actor.permissions.includes(permission)) throw new CallError(403, 'forbidden', {}, { error: 'forbidden' });
    // The idle clock of a second-factor session restarts with every call it makes.
    if (!actor.needOtp && actor.team && token) {
      await ctx.db.query('update sessions set bo_seen_at = $2 where token_hash = $1', [sha256(token), new Date(ctx.now)]);
    }
    const k = ctx.req.headers['idempotency-key'];
    const boCtx: BoContext = {
      ...ctx, actor,
      idempotencyKey: typeof k === 'string' && k.length > 0 && k.length <= 200 ? k : undefined,
      audit: (q, e) => writeAudit(q, { ...e, actorId: actor.userId, role: actor.role, address: ctx.req.ip, at: ctx.now }),
    };
    return handler(p, boCtx);
  }, { auth: true, ...opts, backOffice: 'guard' });
}

/**
 * The registrar of the calls of domain/backoffice/calls.ts BO_CALLS: the name picks the payload
 * schema and the permission, so a route module writes neither.
 */
export function boCalls(app: FastifyInstance, deps: CallDeps) {
  type Handler<N extends BoCallName> = (payload: z.infer<(typeof BO_CALLS)[N]['payload']>, ctx: BoContext) => Promise<Record<string, unknown>>;
  return <N extends BoCallName>(name: N, handler: Handler<N>): void => {
    const def = BO_CALLS[name];
    // The schema and the handler's payload type come from the same entry of BO_CALLS.
    defineBoCall(app, deps, name, def.payload as z.ZodType, def.permission, handler as (payload: unknown, ctx: BoContext) => Promise<Record<string, unknown>>);
  };
}
