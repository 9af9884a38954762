/**
 * Back-office reports and logs: the daily report, stake ranges, payment bands, their CSV export
 * (GET /api/bo/export/<report>.csv, streamed), the audit log with its chain check, the IP log.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BO_CALLS, BO_EXPORTS, boExportQuery } from '../../../domain/backoffice/calls.ts';
import { message } from '../../../domain/messages.ts';
import { loadActor } from '../../backoffice/guard.ts';
import { boCalls } from '../bo-call.ts';
import { csvLines, dailyReport, paymentBands, stakeRanges } from '../../backoffice/reports.ts';
import { auditList, checkAuditChain, ipLogList } from '../../backoffice/audit.ts';
import { CallError, type CallDeps } from '../call.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.ts';

export function registerBoReportCalls(app: FastifyInstance, deps: CallDeps): void {
  const call = boCalls(app, deps);
  call('bo/dailyReport', async (p, ctx) => ({ status: true, results: await dailyReport(ctx.db, ctx.actor, p) }));
  call('bo/stakeRanges', async (p, ctx) => ({ status: true, results: await stakeRanges(ctx.db, ctx.actor, p) }));
  call('bo/paymentBands', async (p, ctx) => ({ status: true, results: await paymentBands(ctx.db, ctx.actor, p) }));
  call('bo/auditLog', async (p, ctx) => auditList(ctx.db, p));
  call('bo/auditCheck', async (_p, ctx) => ({ status: true, ...(await checkAuditChain(ctx.db)) }));
  call('bo/ipLogs', async (p, ctx) => ipLogList(ctx.db, p));

  // The CSV of a report, with the same guard as its call (session, second factor, permission, subtree).
  app.get<{ Params: { report: string }; Querystring: Record<string, string> }>('/api/bo/export/:report', async (req, reply) => {
    const now = deps.clock();
    const lang = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? req.query.lang : 'tr';
    const report = req.params.report.replace(/\.csv$/, '') as (typeof BO_EXPORTS)[number];
    if (!BO_EXPORTS.includes(report)) return reply.code(404).send({ status: false, msg: message('notFound', lang), error: 'notFound' });
    const userId = await req.sessionUser(now);
    if (userId === null) return reply.code(401).send({ status: false, msg: message('loginRequired', lang), login: false });
    const actor = await loadActor(deps.db, userId, req.cookies[SESSION_COOKIE], now);
    const permission = BO_CALLS[`bo/${report}`].permission;
    if (!actor || actor.needOtp || !actor.permissions.includes(permission)) return reply.code(403).send({ status: false, msg: message('forbidden', lang), error: 'forbidden' });
    const parsed = boExportQuery.safeParse(req.query);
    if (!parsed.success) return reply.code(400).send({ status: false, msg: message('badRequest', lang, { field: parsed.error.issues[0]?.path.join('.') ?? 'query' }), error: 'badRequest' });
    const p = { ...parsed.data };
    let lines: Iterable<string>;
    try {
      if (report === 'dailyReport') {
        lines = csvLines(['day', 'id', 'name', 'sold', 'paid', 'voided', 'cancelled', 'stakes', 'payouts', 'ggr'], await dailyReport(deps.db, actor, p));
      } else {
        const rows = await (report === 'stakeRanges' ? stakeRanges : paymentBands)(deps.db, actor, p);
        lines = csvLines(['band', 'min', 'max', 'count', 'amount'], rows);
      }
    } catch (err) {
      if (err instanceof CallError) return reply.code(err.httpStatus).send({ status: false, msg: message(err.key, lang), error: err.key });
      throw err;
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${report}-${p.from}-${p.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
