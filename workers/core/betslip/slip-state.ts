/**
 * The slip as plain functions over an immutable state (tested in Node): every add/remove rule of
 * betting-core.md section 4 comes from domain/betslip; this module keeps the entries' display data
 * beside the rule fields and keeps the system choice and the bankers consistent with the picks.
 */
import { selectionKey, type SlipSelection, type SlipSummary } from '../../../domain/betslip/types.ts';
import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { summarizeSlip } from '../../../domain/betslip/summary.ts';
import { checkAdd, dropOutsideOddsLimits, dropStale, type AddRefusal } from '../../../domain/betslip/add.ts';
import { applySystemSizes, autoSelectBankers, bankoCount, canToggleBanko, clearBankers, toggleBanko } from '../../../domain/betslip/banko.ts';
import { validSystemSizes } from '../../../domain/betslip/system-list.ts';
import { withTipStakeLimit } from '../../../domain/betslip/tip-stake.ts';
import { isOddsChange, type OddsChange } from '../../../domain/betslip/odds-change.ts';

/** What the slip shows of a selection besides the rule fields. */
export interface EntryView {
  home: string;
  away: string;
  matchDate: string;
  sportId: number;
  market: string;
  pick: string;
}

/** A slip entry as kept in IndexedDB: the rule fields (domain) and what the UI shows. */
export interface SlipEntry {
  key: string;
  selection: SlipSelection;
  view: EntryView;
}

export interface SlipState {
  entries: SlipEntry[];
  /** The stake as entered, in minor units. */
  stake: number;
  systemSizes: number[];
  /** The player's odds-change choice on this device; null until chosen (the site's default applies). */
  oddsChange: OddsChange | null;
}

export const EMPTY_SLIP: SlipState = { entries: [], stake: 1000, systemSizes: [], oddsChange: null };

/**
 * The odds-change choice kept by an older version: only an unticked 'accept odds changes' was the
 * player's own choice ('none'); a ticked box was the default, so the site's default applies.
 */
export function savedOddsChange(saved: { oddsChange?: unknown; oddChangeOk?: unknown } | undefined): OddsChange | null {
  if (isOddsChange(saved?.oddsChange)) return saved.oddsChange;
  return saved?.oddChangeOk === false ? 'none' : null;
}

/** The unique key of a pick: match, odds type, outcome id and special (section 3). */
export const entryKey: (s: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>) => string = selectionKey;

export type ToggleResult = { state: SlipState; added: boolean; refused?: AddRefusal };

const selectionsOf = (state: SlipState): SlipSelection[] => state.entries.map((e) => e.selection);

/** The entries in the order of the given selections, with their new rule fields. */
function withSelections(state: SlipState, selections: readonly SlipSelection[], extra: SlipEntry[] = []): SlipEntry[] {
  const byKey = new Map([...state.entries, ...extra].map((e) => [e.key, e]));
  return selections.flatMap((s) => {
    const e = byKey.get(entryKey(s));
    return e ? [{ ...e, selection: s }] : [];
  });
}

/**
 * Keeps the system choice valid for the picks: sizes the slip no longer offers are dropped (none
 * when limits.system.status is 0 or two picks share a match); with no size left the bankers are
 * cleared (section 4), otherwise the missing bankers are marked from the last matches (section 5).
 */
export function normalizeSystem(state: SlipState, limits: UserLimits): SlipState {
  let selections = selectionsOf(state);
  let sizes = validSystemSizes(selections, state.systemSizes, limits);
  if (sizes.length === 0 && state.systemSizes.length > 0 && bankoCount(selections) > 0) {
    // A size may only look invalid because bankers took free picks: retry without them.
    const cleared = clearBankers(selections);
    const again = validSystemSizes(cleared, state.systemSizes, limits);
    if (again.length) { selections = cleared; sizes = again; }
  }
  selections = sizes.length ? autoSelectBankers(selections) : clearBankers(selections);
  sizes = validSystemSizes(selections, sizes, limits);
  const changed = selections.some((s, i) => s !== state.entries[i]!.selection);
  return {
    ...state,
    entries: changed ? withSelections(state, selections) : state.entries,
    systemSizes: sameNumbers(sizes, state.systemSizes) ? state.systemSizes : sizes,
  };
}

/** A tap on an odd: removes it when on the slip, otherwise adds it if the slip rules allow. */
export function toggleEntry(state: SlipState, entry: SlipEntry, limits: UserLimits, oddOpen: boolean): ToggleResult {
  if (state.entries.some((e) => e.key === entry.key)) {
    return { state: removeEntry(state, entry.key, limits), added: false };
  }
  const systemSizes = validSystemSizes(selectionsOf(state), state.systemSizes, limits);
  const check = checkAdd(selectionsOf(state), entry.selection, { limits, oddOpen, systemSizes });
  if (!check.ok) return { state, added: false, refused: check.reason };
  const entries = withSelections(state, check.selections, [entry]);
  return { state: normalizeSystem({ ...state, entries }, limits), added: true };
}

export function removeEntry(state: SlipState, key: string, limits: UserLimits): SlipState {
  const entries = state.entries.filter((e) => e.key !== key);
  if (entries.length === state.entries.length) return state;
  return normalizeSystem({ ...state, entries, systemSizes: entries.length ? state.systemSizes : [] }, limits);
}

/** Clearing the slip resets all amounts (section 4); the odds-change choice is the player's. */
export function clearSlip(state: SlipState): SlipState {
  return { ...EMPTY_SLIP, oddsChange: state.oddsChange };
}

/**
 * The player chose system sizes (section 4): any size makes the coupon SK and marks the bankers a
 * system needs; deselecting all clears the bankers. Sizes the slip does not offer are ignored.
 */
export function setSystemSizes(state: SlipState, sizes: readonly number[], limits: UserLimits): SlipState {
  const wanted = [...new Set(sizes)].sort((a, b) => a - b);
  const valid = validSystemSizes(selectionsOf(state), wanted, limits);
  const entries = withSelections(state, applySystemSizes(selectionsOf(state), valid));
  return normalizeSystem({ ...state, entries, systemSizes: valid }, limits);
}

/** Whether the banker mark of an entry can be flipped: only on a system, by the rule of canToggleBanko. */
export function bankoAllowed(state: SlipState, index: number, limits: UserLimits): boolean {
  if (validSystemSizes(selectionsOf(state), state.systemSizes, limits).length === 0) return false;
  return canToggleBanko(selectionsOf(state), index);
}

/** Flips the banker mark of an entry; null when the rule refuses it (section 4). */
export function toggleBankoOf(state: SlipState, key: string, limits: UserLimits): SlipState | null {
  const index = state.entries.findIndex((e) => e.key === key);
  if (index < 0 || !bankoAllowed(state, index, limits)) return null;
  const next = toggleBanko(selectionsOf(state), index);
  if (!next) return null;
  // Keep the chosen sizes that still fit the free picks; do not re-mark what the player unmarked
  // unless the system needs it (more than 10 free picks).
  const entries = withSelections(state, next);
  const sizes = validSystemSizes(next, state.systemSizes, limits);
  if (sizes.length === 0) return normalizeSystem({ ...state, entries, systemSizes: [] }, limits);
  return { ...state, entries: withSelections(state, autoSelectBankers(next)), systemSizes: sizes };
}

/**
 * Section 4: a pick whose odd is outside the user's odds limits is removed with a notice; removed
 * lists them with the limit ('min limit: {amount}' / 'max limit: {amount}').
 */
export function enforceOddsLimits(state: SlipState, limits: UserLimits): { state: SlipState; removed: Array<{ entry: SlipEntry; reason: 'minOdds' | 'maxOdds'; limit: number }> } {
  const { kept, removed } = dropOutsideOddsLimits(selectionsOf(state), limits);
  if (removed.length === 0) return { state, removed: [] };
  const byKey = new Map(state.entries.map((e) => [e.key, e]));
  const next = normalizeSystem({ ...state, entries: withSelections(state, kept), systemSizes: kept.length ? state.systemSizes : [] }, limits);
  return {
    state: next,
    removed: removed.map((r) => ({
      entry: byKey.get(entryKey(r.selection))!, reason: r.reason,
      limit: r.reason === 'minOdds' ? limits.minOddsCoupon : limits.maxOddsCoupon,
    })),
  };
}

/** A new odd (and lock) for a pick, from the server's odds or the live feed. */
export interface OddUpdate { key: string; odd: number; locked: boolean }
/** An odd that moved on the slip: announced to screen readers and marked with an arrow. */
export interface OddMove { key: string; matchName: string; from: number; to: number }

/** Applies new odds and locks to the entries; returns the moves for the announcement. */
export function applyOddUpdates(state: SlipState, updates: readonly OddUpdate[]): { state: SlipState; moves: OddMove[] } {
  const byKey = new Map(updates.map((u) => [u.key, u]));
  const moves: OddMove[] = [];
  let changed = false;
  const entries = state.entries.map((e) => {
    const u = byKey.get(e.key);
    if (!u || (u.odd === e.selection.odd && u.locked === e.selection.locked)) return e;
    changed = true;
    if (u.odd !== e.selection.odd) moves.push({ key: e.key, matchName: e.selection.matchName, from: e.selection.odd, to: u.odd });
    return { ...e, selection: { ...e.selection, odd: u.odd, locked: u.locked } };
  });
  return { state: changed ? { ...state, entries } : state, moves };
}

/** Entries older than 5 minutes are dropped when the slip is loaded (section 4). */
export function loadEntries(entries: SlipEntry[], now: number): SlipEntry[] {
  const keep = new Set(dropStale(entries.map((e) => e.selection), now).map(entryKey));
  return entries.filter((e) => keep.has(e.key));
}

/** The selections of a saved coupon put back on the slip (re-create after success), as new entries. */
export function restoreEntries(saved: { entries: SlipEntry[]; stake: number; systemSizes?: number[] }, oddsChange: OddsChange | null, now: number, limits: UserLimits): SlipState {
  const entries = saved.entries.map((e) => ({ ...e, selection: { ...e.selection, addedAt: now } }));
  return normalizeSystem({ entries, stake: saved.stake, systemSizes: saved.systemSizes ?? [], oddsChange }, limits);
}

/**
 * The slip's figures, with the stake limit per tip the slip itself breaks (the server also counts
 * the player's other waiting coupons, which the worker cannot see).
 */
export function summaryOf(state: SlipState, limits: UserLimits): SlipSummary {
  const selections = selectionsOf(state);
  const summary = summarizeSlip({ selections, stake: state.stake, systemSizes: state.systemSizes, limits });
  return withTipStakeLimit(summary, selections, limits.staketype === 1);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
