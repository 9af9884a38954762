import type { LimitError, SlipSummary } from '../../domain/betslip/types.ts';
import type { UserLimits } from '../../domain/protocol/entities.ts';
import type { ProductRecords } from '../../domain/account/permissions.ts';
import type { SlipEntry } from './betslip/slip-state.ts';
import type { MatchPatch } from './feed/diff.ts';
import type { FeedStatusView } from './live/feed-socket.ts';
import type { Lang } from '../../domain/languages.ts';
import type { OddsChange } from '../../domain/betslip/odds-change.ts';

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
  // Account-area fields, optional so other modules' fixtures stay valid.
  /** 'dd.MM.yyyy HH:mm' in the player's time zone (account hub). */
  lastLoginText?: string;
  /** The credit as shown: amount and currency symbol by the rules of section 9. */
  creditText?: string;
  userType?: string;
  onlineUser?: number;
  /** Money items (deposit, withdraw, transfer request) are offered (section 2). */
  money?: boolean;
  /** The Affiliate page is offered (online user, site affiliate feature on). */
  affiliate?: boolean;
  /** The AffiliateBanner page is offered (as affiliate, and the player's affiliate status is 1). */
  affiliateBanner?: boolean;
  lang?: string;
  /** The product records (section 1): status 1 opens the product (livejackpotUser: the jackpot display). */
  products?: ProductRecords;
  firstName?: string;
  lastName?: string;
}

/** What the shell shows from the site settings (header, menus, footer, maintenance). */
export interface SiteView {
  loginScreen: boolean;
  registerDisabled: boolean;
  maintenance: boolean;
  whatsapp: string;
  social: Array<{ name: string; url: string }>;
  tvLink: string;
  footerText: string;
  copyrightLink: string;
  paymentLogos: string[];
  /** Settings-injected files (same-origin /site/ paths, '' none): the mobile stylesheet and the general script. */
  mobileCss?: string;
  generalJs?: string;
  /** The languages the site offers (setting `languages`) and its default one (`default_language`). */
  languages?: Lang[];
  defaultLanguage?: Lang;
  /** The slip's odds-change choice until the player makes one (setting odds_change_default). */
  oddsChangeDefault?: OddsChange;
}

/** A slip limit error with the one value to show, decided in the worker (odds already formatted). */
export type LimitErrorView = LimitError & { value: number; oddsText?: string };

/** What the slip shows: the entries, the stake and the summary computed by domain/betslip. */
export interface SlipView {
  entries: Array<SlipEntry & {
    oddText: string;
    /** The last move of the odd on the slip: 1 up, -1 down, 0 none (arrow for 3 s). */
    move: -1 | 0 | 1;
    /** The banker toggle is offered (a system is chosen) and allowed by the banko rule. */
    bankoAllowed: boolean;
    /** The server's per-match error of the last refused coupon. */
    error?: string;
  }>;
  stake: number;
  /** The stake as a plain decimal for the stake field ('10.00'). */
  stakeText: string;
  systemSizes: number[];
  /** The odds-change choice in force: the player's on this device, else the site's default. */
  oddsChange: OddsChange;
  /** The site's default (odds_change_default), to say which choice is the default. */
  oddsChangeDefault: OddsChange;
  summary: Omit<SlipSummary, 'limitErrors'> & { totalOddsText: string; limitErrors: LimitErrorView[] };
  /** The system sizes offered (none when limits.system.status is 0), labelled 'k/n'. */
  systemOptions: Array<{ size: number; count: number; selected: boolean; label: string }>;
  /** Quick stake buttons (the coupon_amount_group setting picks the group). */
  quickStakes: string[];
  /** Odds that moved on the slip, for the live region ('Team A - Team B: 1.85 to 1.90'). */
  oddsNews: { seq: number; moves: Array<{ matchName: string; from: string; to: string; up: boolean }> };
  pending: boolean;
  lastTicketId: number | null;
  /** The coupon placed last, for the success panel (re-create, share, quit); null after quit. */
  lastCoupon: { ticketId: number; couponType: string; totalStake: number; maxPayout: number; selections: number } | null;
}

/** The typed event map of the one push subscription from the worker to the UI. */
export interface CoreEvents {
  'slip-changed': SlipView;
  session: SessionView | null;
  /** The site settings as the shell uses them (re-fetched every 6 hours). */
  site: SiteView;
  notice: Notice;
  /** Live odds changes of the matches the UI watches, at most once per animation frame. */
  'match-patch': MatchPatch[];
  /** The live feed socket's state, the live count and the version of the live list. */
  'feed-status': FeedStatusView;
  /** The content (banners, pages, pop-ups...) changed in the back office: views showing it ask again. */
  content: { rev: number };
  /** A pre-match match on screen changed in the back office's trading (price, suspension): its page asks again. */
  'prematch-changed': { id: number; rev: number };
}

export type CoreEvent = { [K in keyof CoreEvents]: { type: K; payload: CoreEvents[K] } }[keyof CoreEvents];
