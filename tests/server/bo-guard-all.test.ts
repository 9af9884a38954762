/**
 * Every back-office call, whichever area registered it (network, money, catalogue, settings,
 * casino, retail, protection), refuses a visitor and a player: the permission matrix of
 * bo-permissions.test.ts covers the calls of its catalogue in depth; this suite makes sure that no
 * /api/bo/ route registered later escapes the guard, GET exports included.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers, useHarness } from './harness.ts';
import { passwordOnlyAdmin } from './bo-helpers.ts';
import { registeredCalls, registeredRoutes } from '../../server/ops/openapi.ts';
import { defineCall } from '../../server/http/call.ts';

const DRIVERS = await drivers();

/** A JSON-schema node, as much of it as a sample needs. */
interface Node { type?: string | string[]; properties?: Record<string, Node>; required?: string[]; enum?: unknown[]; const?: unknown; anyOf?: Node[]; oneOf?: Node[]; minimum?: number; minLength?: number; format?: string; pattern?: string; minItems?: number; items?: Node; default?: unknown }

/** A value of a JSON-schema node that its zod schema is likely to accept (dates and patterns aside). */
function sample(n: Node): unknown {
  if (n.const !== undefined) return n.const;
  if (n.enum?.length) return n.enum[0];
  if (n.default !== undefined) return n.default;
  const alt = n.anyOf?.[0] ?? n.oneOf?.[0];
  if (alt) return sample(alt);
  const type = Array.isArray(n.type) ? n.type.find((t) => t !== 'null') : n.type;
  switch (type) {
    case 'integer': case 'number': return Math.max(1, n.minimum ?? 1);
    case 'boolean': return false;
    case 'string':
      if (n.format === 'date' || n.pattern?.includes('\\d{4}')) return '2026-05-01';
      return 'x'.repeat(Math.max(1, n.minLength ?? 1));
    case 'array': return n.items && n.minItems ? Array.from({ length: n.minItems }, () => sample(n.items!)) : [];
    case 'object': return Object.fromEntries((n.required ?? []).map((k) => [k, sample(n.properties?.[k] ?? {})]));
    default: return null;
  }
}

/** A payload the call's schema accepts, when one can be made from its JSON schema; else an empty one. */
function validPayload(schema: z.ZodType): { payload: unknown; valid: boolean } {
  try {
    const payload = sample(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node);
    if (schema.safeParse(payload).success) return { payload, valid: true };
  } catch {
    // a schema JSON Schema cannot describe: fall back to the empty payload
  }
  return { payload: {}, valid: false };
}

/** The calls a visitor may make: the back office's own login step. */
const OPEN_TO_VISITORS = new Set(['bo/login']);
/** The session steps a password-only admin may take: they answer needOtp (no permission, no menu), or end the session. */
const BEFORE_OTP = new Set(['bo/whoami', 'bo/verifyOtp', 'bo/logout']);

describe.each(DRIVERS)('every back-office route is guarded on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });

  it('every /api/bo/ route is registered through the back office\'s guard (defineBoCall), bo/login aside', () => {
    const bo = registeredRoutes(h.app).filter((r) => r.url.startsWith('/api/bo/'));
    expect(bo.length).toBeGreaterThan(40);
    const unguarded = bo.filter((r) => r.method === 'POST' && r.call?.backOffice !== (r.url === '/api/bo/login' ? 'login' : 'guard'));
    expect(unguarded.map((r) => r.url)).toEqual([]);
    // Anything else under /api/bo/ (GET exports, HEAD of them) is checked by requests below.
    expect(bo.filter((r) => r.method !== 'POST').map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/bo/export/:report', 'HEAD /api/bo/export/:report']);
    expect(() => defineCall(h.app, { db: h.db, clock: () => h.clock.now }, 'bo/sneak', z.object({}), async () => ({ status: true }))).toThrow(/defineBoCall/);
  });

  it('a visitor, a player, a terminal and an admin without the second factor get 0 successes from every bo call, and nothing changes',
    { timeout: 240_000 }, async () => {
      const calls = registeredCalls(h.app).filter((c) => c.name.startsWith('bo/'));
      expect(calls.length).toBeGreaterThan(40);
      const player = await h.player('boguard', 100_000);
      const terminal = await h.login('kiosk', 'kiosk1234');
      // The admin's password alone, through the player's login: a session without the second factor.
      const adminNoOtp = (await passwordOnlyAdmin(h)).cookie;
      const [before] = await h.db.query<{ n: number; sum: string }>('select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from ledger');
      const [auditBefore] = await h.db.query<{ n: number }>('select count(*)::int as n from audit_log');
      const wrong: string[] = [];
      let guarded = 0;
      const who = [['visitor', undefined], ['player', player.cookie], ['terminal', terminal], ['admin without second factor', adminNoOtp]] as const;
      for (const { name, schema } of calls) {
        // A payload the schema accepts reaches the guard itself (a bad one is refused 400 before it).
        const { payload, valid } = validPayload(schema);
        for (const [w, cookie] of who) {
          if (w === 'visitor' && OPEN_TO_VISITORS.has(name)) continue;
          if (w === 'admin without second factor' && BEFORE_OTP.has(name)) continue;
          const res = await h.call(name, payload, { cookie, headers: { 'idempotency-key': `guard-${w}-${name}` } });
          const body = res.json() as { status?: unknown };
          const allowed = valid && name !== 'bo/login' ? [401, 403] : [400, 401, 403];
          if (body.status !== false || !allowed.includes(res.statusCode)) wrong.push(`${name} as ${w}${valid ? '' : ' (empty payload)'}: ${res.statusCode} ${JSON.stringify(body).slice(0, 80)}`);
          if (valid && w === 'player') guarded++;
        }
      }
      expect(wrong).toEqual([]);
      // The session steps the password-only admin may take give nothing away.
      const who2 = (await h.call('bo/whoami', {}, { cookie: adminNoOtp })).json() as { needOtp: boolean; permissions: unknown[]; menu: unknown[] };
      expect(who2).toMatchObject({ needOtp: true, permissions: [], menu: [] });
      // Most calls get a payload their schema accepts, so the refusal above is the guard's.
      console.log(`[bo-guard] ${driver}: ${calls.length} bo calls x ${who.length} callers, ${guarded} refused to a player with a valid payload`);
      expect(guarded).toBeGreaterThan(calls.length * 0.6);
      const [after] = await h.db.query<{ n: number; sum: string }>('select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from ledger');
      expect(after).toEqual(before);
      const [auditAfter] = await h.db.query<{ n: number }>('select count(*)::int as n from audit_log');
      expect(auditAfter).toEqual(auditBefore);
    });

  it('the CSV exports refuse a visitor, a player, a terminal and an admin without the second factor', async () => {
    const player = await h.player('boguardcsv', 0);
    for (const report of ['dailyReport', 'stakeRanges', 'paymentBands']) {
      const callers = [undefined, player.cookie, await h.login('kiosk', 'kiosk1234'), (await passwordOnlyAdmin(h, 'pwadmincsv')).cookie];
      for (const [i, cookie] of callers.entries()) {
        const res = await h.app.inject({ method: 'GET', url: `/api/bo/export/${report}.csv?from=2026-05-01&to=2026-05-31`, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${report} ${['visitor', 'player', 'terminal', 'admin without second factor'][i]}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(String(res.headers['content-type'])).not.toContain('text/csv');
      }
    }
  });
});
