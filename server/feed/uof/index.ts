/**
 * FEED_SOURCE: which provider the feed's leader runs. 'simulator' (the default) keeps the built-in
 * simulator; 'uof' the Unified Odds Feed (its configuration: config.ts). Answers the provider's
 * factory for createFeedFromEnv, or undefined for the simulator; throws on a wrong configuration.
 */
import type { Db } from '../../db/client.ts';
import type { FeedAdapter } from '../adapter.ts';
import type { FeedChange } from '../../../domain/protocol/feed.ts';
import type { Scheduler } from '../clock.ts';
import { UofFeedAdapter } from './adapter.ts';
import { uofConfigFromEnv } from './config.ts';

export interface FeedProvider {
  make: () => FeedAdapter;
  /** Gives the provider the feed's own path (FeedService.inject) once the feed service exists. */
  attach: (inject: (changes: FeedChange[]) => boolean) => void;
}

export function feedProviderFromEnv(db: Db, env: Record<string, string | undefined>, scheduler: Scheduler): FeedProvider | undefined {
  const source = env.FEED_SOURCE || 'simulator';
  if (source === 'simulator') return undefined;
  if (source !== 'uof') throw new Error(`FEED_SOURCE must be simulator or uof, not ${source}`);
  const config = uofConfigFromEnv(env);
  let inject: (changes: FeedChange[]) => boolean = () => false;
  return {
    make: () => new UofFeedAdapter({ db, config, scheduler, publish: (changes) => inject(changes) }),
    attach: (fn) => { inject = fn; },
  };
}
