import { describe, expect, it } from 'vitest';
import { canonicalRange, liveAddressAllowed } from './ip-rules.ts';

describe('IP permissions of live betting', () => {
  it('a deny range refuses its addresses, in any spelling of the client address or of the range', () => {
    const deny = [{ cidr: '10.1.0.0/16', action: 'deny' as const }];
    expect(liveAddressAllowed('10.1.2.3', deny)).toBe(false);
    expect(liveAddressAllowed('::ffff:10.1.2.3', deny)).toBe(false);
    expect(liveAddressAllowed('10.2.0.1', deny)).toBe(true);
    // the same range written IPv4-mapped
    const mapped = [{ cidr: '::ffff:10.1.0.0/112', action: 'deny' as const }];
    expect(liveAddressAllowed('10.1.2.3', mapped)).toBe(false);
    expect(liveAddressAllowed('::ffff:10.1.2.3', mapped)).toBe(false);
    expect(liveAddressAllowed('10.2.0.1', mapped)).toBe(true);
  });

  it('with an allow range only its addresses pass; a deny inside it wins; IPv6 ranges match IPv6', () => {
    const rules = [{ cidr: '2001:db8::/32', action: 'allow' as const }, { cidr: '2001:db8:1::/48', action: 'deny' as const }];
    expect(liveAddressAllowed('2001:db8:2::1', rules)).toBe(true);
    expect(liveAddressAllowed('2001:db8:1::1', rules)).toBe(false);
    expect(liveAddressAllowed('192.0.2.1', rules)).toBe(false);
    expect(liveAddressAllowed('not an address', rules)).toBe(false);
    expect(liveAddressAllowed('192.0.2.1', [])).toBe(true);
  });

  it('stores one canonical form of a range', () => {
    expect(canonicalRange('10.1.2.3/16')).toBe('10.1.0.0/16');
    expect(canonicalRange('192.0.2.7')).toBe('192.0.2.7/32');
    expect(canonicalRange('2001:db8::1/32')).toBe('2001:db8::/32');
  });
});
