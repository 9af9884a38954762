/**
 * The feed adapter: what any odds provider (the built-in simulator or a real feed) hands the
 * server. Events are provider-shaped (partial updates are fine); live-state.ts turns them into
 * the authoritative state and the wire changes of domain/protocol/feed.ts.
 */
import type { Odds } from '../../domain/money.ts';
import type { BetStatus, MatchStatus, OddsGroup } from '../../domain/protocol/entities.ts';
import type { Cards, FeedResult, LiveMatch, Score } from '../../domain/protocol/feed.ts';

/** A price or active flag of one outcome. */
export interface OddUpdate {
  oddsid: number;
  oddid: number;
  odd: Odds;
  active: 0 | 1;
}

/** One provider event. */
export type FeedEvent =
  /** A match became live; its markets may come with it or in a following 'markets' event. */
  | { type: 'fixture'; match: LiveMatch }
  /** Odds groups added or replaced whole (by oddsid). */
  | { type: 'markets'; matchId: number; groups: OddsGroup[] }
  | { type: 'odds'; matchId: number; odds: OddUpdate[] }
  | { type: 'market-status'; matchId: number; oddsid: number; active: 0 | 1; iss: 0 | 1; isv: 0 | 1 }
  /** Any subset of status, bet status, minute, period and added time (tie played, tiee announced). */
  | { type: 'status'; matchId: number; ms?: MatchStatus; bs?: BetStatus; ti?: number; pe?: number; tie?: number; tiee?: number }
  /** p: points within the current game (tennis); absent keeps the current one. */
  | { type: 'score'; matchId: number; scr: Score; sscr?: Score[]; cards?: Cards; corners?: Score; p?: Score }
  /** The final result, once, for settlement. */
  | { type: 'result'; result: FeedResult }
  | { type: 'removed'; matchId: number };

/** A source of live fixtures, markets, prices, statuses, scores and results. */
export interface FeedAdapter {
  readonly name: string;
  /**
   * Starts producing. `emit` receives the events of one moment, in order, with the server time
   * they happened at; one call becomes one delta frame.
   */
  start(emit: (events: FeedEvent[], at: number) => void): void;
  stop(): void;
  /** The live matches the provider knows now, with their markets: the state to start from. */
  current(): LiveMatch[];
  /**
   * Optional, for a provider that lives in the leader process (the simulator): its state as JSON-safe
   * data, stored on the bus, so the next leader goes on from it after a failover.
   */
  checkpoint?(): unknown;
  /**
   * Goes on from a stored checkpoint (before start); false when it does not fit or was taken
   * before `notBefore` (epoch ms): then the provider starts afresh. A real feed needs neither: it
   * reconnects to the provider and gets its current state.
   */
  restore?(checkpoint: unknown, notBefore: number): boolean;
}
