import { describe, expect, it } from 'vitest';
import { hostileValuePath, int4Id, isUnstorableString, MAX_PAYLOAD_DEPTH } from './input-guard.ts';

describe('input guard', () => {
  it('refuses NUL bytes and unpaired surrogates, keeps pairs and ordinary text', () => {
    for (const s of ['a\u0000b', '\uD83D', 'x\uDE00', '\uDE00\uD83D']) expect(isUnstorableString(s)).toBe(true);
    for (const s of ['', 'Ayşe Öztürk', 'x\u{1F600}y', '€ 1.000,00']) expect(isUnstorableString(s)).toBe(false);
  });

  it('names the first hostile value, nested in arrays, objects and keys', () => {
    expect(hostileValuePath({ a: 1, b: ['ok', { c: 'bad\u0000' }] })).toBe('b.1.c');
    expect(hostileValuePath({ ['k\uD800']: 1 })).toBe('payload');
    expect(hostileValuePath({ tips: [{ ktip: { outcomeid: 1, special: '' } }] })).toBeNull();
    expect(hostileValuePath(null)).toBeNull();
  });

  it('refuses nesting deeper than the limit without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hostileValuePath(deep)).not.toBeNull();
    let ok: unknown = 1;
    for (let i = 0; i < MAX_PAYLOAD_DEPTH; i++) ok = { a: ok };
    expect(hostileValuePath(ok)).toBeNull();
  });

  it('bounds ids to int4', () => {
    expect(int4Id().safeParse(2 ** 31 - 1).success).toBe(true);
    expect(int4Id().safeParse(2 ** 31).success).toBe(false);
    expect(int4Id().safeParse(0).success).toBe(false);
  });
});
