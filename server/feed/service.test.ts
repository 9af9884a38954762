import { describe, expect, it } from 'vitest';
import { manualScheduler } from './clock.ts';
import { createFeedFromEnv } from './service.ts';

describe('feed service from the environment', () => {
  it('runs the simulator as leader on the in-process bus, at FEED_RATE, and stops', async () => {
    const clock = manualScheduler(Date.UTC(2026, 0, 1, 18));
    const feed = await createFeedFromEnv({ FEED_LIVE_COUNT: '5', FEED_SEED: '3', FEED_RATE: '200', FEED_ID_BASE: '700000' }, clock);
    expect(feed.service.role).toBe('leader');
    expect(feed.state.size).toBe(5);
    expect(feed.state.listMatches()[0]!.id).toBe(700_000);
    const before = feed.service.seq();
    clock.advance(10_000);
    expect(feed.service.seq() - before).toBe(10);
    // natural events plus about 200 odd changes a second
    const odds = feed.state.listMatches().flatMap((m) => m.odds);
    expect(odds.length).toBeGreaterThan(5);
    await feed.stop();
    const after = feed.service.seq();
    clock.advance(10_000);
    expect(feed.service.seq()).toBe(after);
  });

  it('follows when FEED_ROLE is follower', async () => {
    const clock = manualScheduler(0);
    const feed = await createFeedFromEnv({ FEED_ROLE: 'follower' }, clock);
    expect(feed.service.role).toBe('follower');
    expect(feed.simulator).toBeNull();
    expect(feed.state.size).toBe(0);
    await feed.stop();
  });
});
