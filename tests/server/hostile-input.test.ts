/**
 * Hostile input gets a 4xx: generated hostile bodies are sent to every /api route the app
 * registers (enumerated from Fastify, so a call added later is covered without a word here), as a
 * visitor, a player and an admin, on both databases; any reply >= 500 fails, and every refusal must
 * be in the spec's shape. Bodies follow each call's own schema (its JSON Schema from zod) so that
 * they pass validation far enough to reach the database, with hostile leaves mixed in: integers past
 * their column's range, floats, NUL bytes, lone surrogates, very long strings, deep nesting, wrong
 * types and prototype-pollution keys. HOSTILE_BUDGET sets the requests per driver.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { registeredCalls } from '../../server/ops/openapi.ts';
import { seedAccountDemo } from '../../server/content/demo-seed.ts';
import { SEED_NOW, drivers, useHarness } from './harness.ts';

const DRIVERS = await drivers();
/** Hostile requests per driver, shared out over the calls (at least 4 per call and identity), so the file stays near a minute as calls are added. */
const BUDGET = Number(process.env.HOSTILE_BUDGET ?? 4_000);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonSchema = {
  type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: Json[]; const?: Json; minimum?: number; maximum?: number;
  exclusiveMinimum?: number; minLength?: number; maxLength?: number; pattern?: string; format?: string;
  minItems?: number; maxItems?: number;
};

const nest = (depth: number): Json => { let v: Json = 1; for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v }; return v; };
const withChar = (c: string) => fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => a + c + b);

/** A value no call should ever answer with a 5xx, whatever field it lands in. */
const hostileLeaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, 1e308, -(2 ** 31) - 1, -(2 ** 53), -1, 0, 1.5, 0.1, 1e-7),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  withChar('\u0000'),
  withChar('\uD800'),
  withChar('\uDFFF'),
  fc.constantFrom('\uD83D', '\uDE00x', 'a\uDBFF', '\u0000', 'x'.repeat(70_000), '\u{1F600}'.repeat(5_000)),
  fc.constantFrom('2147483648', '99999999999', '-1', '1e400', 'NaN', '0x10', ' 1', '', "'; drop table users; --", '2026-13-45T99:99:99Z'),
  fc.constantFrom(null, true, false, [], {}, [null], { __PROTO__: { polluted: 1 } }, { constructor: { prototype: { polluted: 1 } } }),
  fc.integer({ min: 17, max: 3_000 }).map(nest),
);

const safeRegex = (pattern: string): RegExp | null => {
  try { return new RegExp(pattern, 'u'); } catch { return null; }
};

/** Values of a JSON Schema node that mostly pass it (small ids, so rows are found), hostile leaves mixed in. */
function arbitraryOf(s: JsonSchema, depth = 0): fc.Arbitrary<Json> {
  const any = s.anyOf ?? s.oneOf;
  let valid: fc.Arbitrary<Json>;
  if (any?.length) valid = fc.oneof(...any.map((x) => arbitraryOf(x, depth)));
  else if (s.const !== undefined) valid = fc.constant(s.const);
  else if (s.enum) valid = fc.constantFrom(...s.enum);
  else {
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'integer' || type === 'number') {
      const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : Math.max(s.minimum ?? -5, -1e6);
      const hi = Math.min(s.maximum ?? lo + 300, lo + 300);
      valid = fc.oneof(fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) }), fc.constant(s.maximum ?? 2 ** 31 - 1));
    } else if (type === 'string') {
      const re = s.format === 'date-time' ? null : s.pattern ? safeRegex(s.pattern) : null;
      const base = s.format === 'date-time'
        ? fc.date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
        : re ? fc.stringMatching(re) : fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) });
      valid = base;
    } else if (type === 'boolean') valid = fc.boolean();
    else if (type === 'array' && s.items && depth < 6) {
      valid = fc.array(arbitraryOf(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    } else if ((type === 'object' || s.properties) && depth < 6) {
      const props = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      valid = fc.tuple(...props.map(([k, p]) => fc.tuple(fc.constant(k), arbitraryOf(p, depth + 1), required.has(k) ? fc.constant(true) : fc.boolean())))
        .map((entries) => Object.fromEntries(entries.filter(([, , on]) => on).map(([k, v]) => [k, v])) as Json);
    } else valid = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null));
  }
  return fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: typedHostile(s), weight: 2 }, { arbitrary: hostileLeaf, weight: 1 });
}

/** A hostile value of the node's own type, the kind that passes a lax schema and reaches the database. */
function typedHostile(s: JsonSchema): fc.Arbitrary<Json> {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') {
    return fc.constantFrom(2 ** 31, 2 ** 31 + 7, 2 ** 32 + 1, 2 ** 53 - 1, -(2 ** 31) - 1, 1.5, 1e300);
  }
  if (type === 'string') {
    const max = Math.max(1, Math.min(s.maxLength ?? 30, 30));
    return fc.oneof(withChar('\u0000'), withChar('\uD800'), withChar('\uDC00'), fc.constant(`1\u0000`), fc.constant('2147483648'))
      .map((x) => x.slice(-max));
  }
  return hostileLeaf;
}

/** A whole body: mostly the call's own shape; sometimes raw hostile JSON text. */
function bodyOf(schema: z.ZodType): fc.Arbitrary<string> {
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const shaped = arbitraryOf(js).map((v) => JSON.stringify(v).replaceAll('"__PROTO__"', '"__proto__"'));
  return fc.oneof(
    { arbitrary: shaped, weight: 8 },
    { arbitrary: hostileLeaf.map((v) => JSON.stringify(v).replaceAll('"__PROTO__"', '"__proto__"')), weight: 1 },
    { arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"x":1}}', `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, '"\\u0000"', '{"lang":"\\ud800"}', 'null', '12'), weight: 1 },
  );
}

const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Every route under /api/ with its methods, read from Fastify's route tree (the catch-all excluded). */
function apiRoutes(printed: string): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const prefix: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    prefix.length = depth;
    const url = prefix.join('') + m[2]!;
    prefix.push(m[2]!);
    if (!m[3] || !url.startsWith('/api/') || url.includes('*')) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
  }
  return out;
}

describe.each(DRIVERS)('hostile input on %s', (driver) => {
  const h = useHarness(driver, { resetClock: false });

  it('answers every registered call 4xx (never 5xx) in the spec shape, logged in and out', { timeout: 240_000 }, async () => {
    const routes = apiRoutes(h.app.printRoutes({ commonPrefix: false }));
    const calls = registeredCalls(h.app);
    // The router and the call registry agree: every POST /api/<call> is a defineCall with a schema.
    expect(routes.filter((r) => r.method === 'POST').map((r) => r.url).sort()).toEqual(calls.map((c) => `/api/${c.name}`).sort());
    expect(calls.length).toBeGreaterThan(50);

    // the admin login, payment methods, pages and bonuses, so that calls find rows to work on
    await seedAccountDemo(h.db, SEED_NOW);
    const player = await h.player('hostile', 500_000);
    const admin = await h.login('admin', 'admin1234');
    const identities: Array<[string, string | undefined]> = [['visitor', undefined], ['player', player.cookie], ['admin', admin]];
    const runs = Math.max(4, Math.round(BUDGET / (calls.length * identities.length)));
    let n = 1;
    const failures: string[] = [];
    const check = (what: string, body: string, res: LightMyRequestResponse) => {
      if (res.statusCode >= 500) failures.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 200)} for ${body.slice(0, 300)}`);
      else if (res.statusCode >= 400) {
        const b = res.json<{ status?: unknown; msg?: unknown }>();
        if (b.status !== false || typeof b.msg !== 'string') failures.push(`${what} -> ${res.statusCode} not in the spec shape: ${res.body.slice(0, 200)}`);
      }
    };

    for (const call of calls) {
      for (const [who, cookie] of identities) {
        // Logging out would end the identity's session for the calls after it.
        if (call.name === 'logout' && cookie) continue;
        const key = fc.option(fc.stringMatching(/^[ -~]{1,120}$/), { nil: undefined });
        await fc.assert(fc.asyncProperty(bodyOf(call.schema), key, async (body, idem) => {
          const res = await h.app.inject({
            method: 'POST', url: `/api/${call.name}`, payload: body, remoteAddress: ipOf(n++),
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(idem ? { 'idempotency-key': idem } : {}) },
          });
          check(`${call.name} as ${who}`, body, res);
          return true;
        }), { numRuns: runs });
      }
    }
    for (const r of routes.filter((x) => x.method === 'GET')) {
      for (const q of ['?a=%00', '?x=' + 'y'.repeat(5_000), '?__proto__[polluted]=1', '?id=99999999999999999999']) {
        const res = await h.app.inject({ method: 'GET', url: r.url + q, remoteAddress: ipOf(n++) });
        check(`GET ${r.url}${q.slice(0, 20)}`, '', res);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.log(`[hostile-input] ${driver}: ${n - 1} hostile requests to ${calls.length} calls and ${routes.length - calls.length} other /api routes, 0 replies >= 500`);
  });
});
