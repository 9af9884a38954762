import { describe, expect, it } from 'vitest';
import { HUB88_PER_MINOR, hub88Platform, hub88ProductOf, hub88Rtp, hub88StudioCode, hub88ToMinor, hub88User, minorToHub88, userOfHub88 } from './hub88.ts';
import { PRODUCT } from './calls.ts';

describe('Hub88 amounts', () => {
  it('converts whole minor units exactly both ways', () => {
    expect(HUB88_PER_MINOR).toBe(1_000);
    expect(hub88ToMinor(356_000)).toBe(356);
    expect(hub88ToMinor(0)).toBe(0);
    expect(hub88ToMinor(100_500_000)).toBe(100_500);
    expect(minorToHub88(356)).toBe(356_000);
    for (const m of [0, 1, 99, 12_345, 9_007_199_254_740]) expect(hub88ToMinor(minorToHub88(m))).toBe(m);
  });
  it('refuses a fraction of a minor unit, a negative, a float or an unsafe integer instead of rounding', () => {
    expect(hub88ToMinor(356_001)).toBeNull();
    expect(hub88ToMinor(100)).toBeNull();
    expect(hub88ToMinor(999)).toBeNull();
    expect(hub88ToMinor(-1_000)).toBeNull();
    expect(hub88ToMinor(1_000.5)).toBeNull();
    expect(hub88ToMinor(2 ** 60)).toBeNull();
  });
});

describe('Hub88 users, platforms, catalogue', () => {
  it('gives Hub88 an id of at least 4 characters without personal data, and reads it back', () => {
    expect(hub88User(42)).toBe('u000042');
    expect(hub88User(1_234_567)).toBe('u1234567');
    expect(userOfHub88(hub88User(42))).toBe(42);
    expect(userOfHub88('john12345')).toBeNull();
    expect(userOfHub88('u12')).toBeNull();
    expect(userOfHub88('u0000000')).toBeNull();
  });
  it('picks the platform from the user agent', () => {
    expect(hub88Platform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('GPL_MOBILE');
    expect(hub88Platform('Mozilla/5.0 (Linux; Android 14) Mobile Safari')).toBe('GPL_MOBILE');
    expect(hub88Platform('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe('GPL_DESKTOP');
    expect(hub88Platform(undefined)).toBe('GPL_DESKTOP');
  });
  it('puts a category under a product', () => {
    expect(hub88ProductOf('Live Dealer')).toBe(PRODUCT.livecasino);
    expect(hub88ProductOf('Live Casino')).toBe(PRODUCT.livecasino);
    expect(hub88ProductOf('Virtual Sports')).toBe(PRODUCT.virtual);
    expect(hub88ProductOf('Bingo')).toBe(PRODUCT.bingo);
    expect(hub88ProductOf('Lottery')).toBe(PRODUCT.tvgames);
    expect(hub88ProductOf('Scratch Cards')).toBe(PRODUCT.tvgames);
    expect(hub88ProductOf('Video Slots')).toBe(PRODUCT.slots);
    expect(hub88ProductOf('Table Games')).toBe(PRODUCT.slots);
  });
  it('reads an RTP as text into hundredths of a percent', () => {
    expect(hub88Rtp('96.50')).toBe(9650);
    expect(hub88Rtp('96.5')).toBe(9650);
    expect(hub88Rtp(97.1)).toBe(9710);
    expect(hub88Rtp('94')).toBe(9400);
    expect(hub88Rtp('96.499')).toBe(9649);
    expect(hub88Rtp(null)).toBe(0);
    expect(hub88Rtp('n/a')).toBe(0);
    expect(hub88Rtp('120')).toBe(0);
  });
  it('makes a provider code of a studio name', () => {
    expect(hub88StudioCode('Evolution Gaming')).toBe('hub88-evolution-gaming');
    expect(hub88StudioCode("Play'n GO")).toBe('hub88-play-n-go');
    expect(hub88StudioCode('Ñuñoa Studios')).toBe('hub88-nunoa-studios');
    expect(hub88StudioCode('***')).toBe('hub88-studio');
  });
});
