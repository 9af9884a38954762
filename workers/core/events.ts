import type { SlipSummary } from '../../domain/betslip/types.ts';
import type { UserLimits } from '../../domain/protocol/entities.ts';
import type { SlipEntry } from './betslip/slip-state.ts';

/** Notification status of the spec: 0 hidden, 1 success, 2 error, 3 warning, 4 changed, 5 and 6 waiting. */
export type NoticeStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A notice for the player: a message key the UI translates, or a server message shown as is. */
export interface Notice {
  status: NoticeStatus;
  /** A key of the UI catalogue (e.g. 'thereAreLockedMatches'), or empty when text is given. */
  key: string;
  text?: string;
  args?: Record<string, string | number>;
  /** Per-match errors of a refused coupon. */
  lines?: string[];
}

export interface SessionView {
  userId: number;
  userName: string;
  credit: number;
  currency: string;
  currencySymbol: string;
  lastLogin: string | null;
  limits: UserLimits;
}

/** What the slip shows: the entries, the stake and the summary computed by domain/betslip. */
export interface SlipView {
  entries: Array<SlipEntry & { oddText: string }>;
  stake: number;
  /** The stake as a plain decimal for the stake field ('10.00'). */
  stakeText: string;
  systemSizes: number[];
  oddChangeOk: boolean;
  summary: SlipSummary & { totalOddsText: string };
  pending: boolean;
  lastTicketId: number | null;
}

/** The typed event map of the one push subscription from the worker to the UI. */
export interface CoreEvents {
  'slip-changed': SlipView;
  session: SessionView | null;
  notice: Notice;
}

export type CoreEvent = { [K in keyof CoreEvents]: { type: K; payload: CoreEvents[K] } }[keyof CoreEvents];
