/**
 * What no call payload may hold, whatever its schema: the one check every body passes before its
 * call's schema (server/http/call.ts defineCall), so a call added later is covered without a word.
 * PostgreSQL refuses a NUL byte in text and a lone UTF-16 surrogate cannot be encoded as UTF-8:
 * such strings would only come back as a database error. Deep nesting is refused before any walk
 * (a payload of the spec is at most four levels deep).
 */
import { z } from 'zod';

/** PostgreSQL int4 (serial ids, most integer columns). */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** An integer that fits an int4 column; every integer field of a call schema starts here. */
export const int4 = (): z.ZodNumber => z.number().int().min(INT4_MIN).max(INT4_MAX);
/** A serial (int4) row id. */
export const int4Id = (): z.ZodNumber => int4().positive();
/**
 * A bigserial row id or a bigint amount (coupons, ledger, transfer requests; money in minor units):
 * zod's int() already keeps it a safe integer, which int8 holds.
 */
export const int8 = (): z.ZodNumber => z.number().int();

/** How deep objects and arrays may nest in a payload. */
export const MAX_PAYLOAD_DEPTH = 16;

// In unicode mode a surrogate pair is one code point, so the class matches only a NUL or a lone surrogate.
const badString = /[\0\uD800-\uDFFF]/u;

/** True when a string cannot be stored as PostgreSQL text (NUL byte, unpaired surrogate). */
export const isUnstorableString = (s: string): boolean => badString.test(s);

/**
 * The path of the first value no payload may hold (an unstorable string, as a value or a key, or
 * nesting deeper than MAX_PAYLOAD_DEPTH), or null when the payload is clean. Iterative: a hostile
 * depth cannot overflow the stack.
 */
export function hostileValuePath(payload: unknown): string | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: payload, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnstorableString(v)) return path || 'payload';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_PAYLOAD_DEPTH) return path || 'payload';
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      if (isUnstorableString(k)) return path || 'payload';
      stack.push({ v: child, path: p, depth: depth + 1 });
    }
  }
  return null;
}
