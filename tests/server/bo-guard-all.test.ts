/**
 * Every back-office call, whichever area registered it (network, money, catalogue, settings,
 * casino, retail, protection), refuses a visitor and a player: the permission matrix of
 * bo-permissions.test.ts covers the calls of its catalogue in depth; this suite makes sure that no
 * /api/bo/ route registered later escapes the guard, GET exports included.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers, useHarness } from './harness.ts';
import { registeredCalls } from '../../server/ops/openapi.ts';

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

describe.each(DRIVERS)('every back-office route is guarded on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });

  it('a visitor and a player are refused (401 or 403; 400 only for a payload no sample fits) by every bo call, and nothing changes', { timeout: 120_000 }, async () => {
    const calls = registeredCalls(h.app).filter((c) => c.name.startsWith('bo/'));
    expect(calls.length).toBeGreaterThan(40);
    const player = await h.player('boguard', 100_000);
    const [before] = await h.db.query<{ n: number; sum: string }>('select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from ledger');
    const wrong: string[] = [];
    let guarded = 0;
    for (const { name, schema } of calls) {
      // A payload the schema accepts reaches the guard itself (a bad one is refused 400 before it).
      const { payload, valid } = validPayload(schema);
      for (const [who, cookie] of [['visitor', undefined], ['player', player.cookie]] as const) {
        if (who === 'visitor' && OPEN_TO_VISITORS.has(name)) continue;
        const res = await h.call(name, payload, { cookie, headers: { 'idempotency-key': `guard-${who}-${name}` } });
        const body = res.json() as { status?: unknown };
        const allowed = valid && name !== 'bo/login' ? [401, 403] : [400, 401, 403];
        if (body.status !== false || !allowed.includes(res.statusCode)) wrong.push(`${name} as ${who}${valid ? '' : ' (empty payload)'}: ${res.statusCode} ${JSON.stringify(body).slice(0, 80)}`);
        if (valid && who === 'player') guarded++;
      }
    }
    expect(wrong).toEqual([]);
    // Most calls get a payload their schema accepts, so the refusal above is the guard's.
    console.log(`[bo-guard] ${driver}: ${calls.length} bo calls, ${guarded} refused to a player with a valid payload`);
    expect(guarded).toBeGreaterThan(calls.length * 0.6);
    const [after] = await h.db.query<{ n: number; sum: string }>('select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from ledger');
    expect(after).toEqual(before);
  });

  it('the CSV exports refuse a visitor and a player', async () => {
    const player = await h.player('boguardcsv', 0);
    for (const report of ['dailyReport', 'stakeRanges', 'paymentBands']) {
      for (const cookie of [undefined, player.cookie]) {
        const res = await h.app.inject({ method: 'GET', url: `/api/bo/export/${report}.csv?from=2026-05-01&to=2026-05-31`, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${report} ${cookie ? 'player' : 'visitor'}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(String(res.headers['content-type'])).not.toContain('text/csv');
      }
    }
  });
});
