/**
 * Player protection calls: `protection`, `setLimit`, `reviewLimits`, `setRealityCheck`,
 * `takeBreak`, `selfExclude`, `requestReopen`, `closeAccount`; and the back-office pair
 * `bo/playerProtection` / `bo/applyProtection` (server/backoffice/protection.ts). The rules live in
 * domain/protection/, the queries in server/protection/.
 */
import type { FastifyInstance } from 'fastify';
import { emptyPayload } from '../../../domain/protocol/calls.ts';
import {
  boApplyProtectionPayload, boPlayerProtectionPayload, closeAccountPayload, selfExcludePayload, setLimitPayload, setRealityCheckPayload, takeBreakPayload,
} from '../../../domain/protection/calls.ts';
import { message } from '../../../domain/messages.ts';
import type { LimitPeriod } from '../../../domain/protection/rules.ts';
import {
  closeAccount, protectionView, requestReopen, reviewLimits, selfExclude, setLimit, setRealityCheck, takeBreak,
} from '../../protection/service.ts';
import { applyProtection, playerProtection } from '../../backoffice/protection.ts';
import { defineBoCall } from '../bo-call.ts';
import { defineCall, type CallDeps } from '../call.ts';

export function registerProtectionCalls(app: FastifyInstance, deps: CallDeps): void {
  const auth = { auth: true } as const;

  defineCall(app, deps, 'protection', emptyPayload, async (_p, ctx) => ({ ...(await protectionView(ctx.db, ctx.userId!, ctx.now)) }), auth);

  defineCall(app, deps, 'setLimit', setLimitPayload, async (p, ctx) => {
    const period: LimitPeriod = p.period ?? (p.kind === 'session' ? 'session' : 'day');
    const r = await ctx.db.tx((q) => setLimit(q, ctx.userId!, p.kind, period, p.amount, ctx.now, ctx.lang));
    return { status: true, ...r };
  }, auth);

  defineCall(app, deps, 'reviewLimits', emptyPayload, async (_p, ctx) => {
    await ctx.db.tx((q) => reviewLimits(q, ctx.userId!, ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang) };
  }, auth);

  defineCall(app, deps, 'setRealityCheck', setRealityCheckPayload, async (p, ctx) => {
    await ctx.db.tx((q) => setRealityCheck(q, ctx.userId!, p.minutes, ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang), realityCheck: p.minutes };
  }, auth);

  defineCall(app, deps, 'takeBreak', takeBreakPayload, async (p, ctx) => {
    const until = await ctx.db.tx((q) => takeBreak(q, ctx.userId!, p.days, ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang), breakUntil: new Date(until).toISOString() };
  }, auth);

  defineCall(app, deps, 'selfExclude', selfExcludePayload, async (p, ctx) => {
    const until = await ctx.db.tx((q) => selfExclude(q, ctx.userId!, p.months, ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang), excludedUntil: new Date(until).toISOString() };
  }, auth);

  defineCall(app, deps, 'requestReopen', emptyPayload, async (_p, ctx) => {
    const at = await ctx.db.tx((q) => requestReopen(q, ctx.userId!, ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang), reopenAt: new Date(at).toISOString() };
  }, auth);

  defineCall(app, deps, 'closeAccount', closeAccountPayload, async (p, ctx) => {
    await ctx.db.tx((q) => closeAccount(q, ctx.userId!, p.reason ?? '', ctx.now));
    return { status: true, msg: message('protectionSaved', ctx.lang) };
  }, auth);

  // Back office: seeing a player is viewUsers, applying a block on them is editUsers (both within the subtree).
  defineBoCall(app, deps, 'bo/playerProtection', boPlayerProtectionPayload, 'viewUsers', (p, ctx) => playerProtection(ctx, p.playerId));
  defineBoCall(app, deps, 'bo/applyProtection', boApplyProtectionPayload, 'editUsers', (p, ctx) => applyProtection(ctx, p));
}
