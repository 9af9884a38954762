import type { SlipSelection, SlipSummary } from '../../../domain/betslip/types.ts';
import type { UserLimits } from '../../../domain/protocol/entities.ts';
import { summarizeSlip } from '../../../domain/betslip/summary.ts';
import { checkAdd, dropStale, type AddRefusal } from '../../../domain/betslip/add.ts';

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
  oddChangeOk: boolean;
}

export const EMPTY_SLIP: SlipState = { entries: [], stake: 1000, systemSizes: [], oddChangeOk: true };

/** The unique key of a pick: match, odds type, outcome id and special (section 3). */
export const entryKey = (s: Pick<SlipSelection, 'matchId' | 'oddsType' | 'outcomeId' | 'special'>): string =>
  `${s.matchId}|${s.oddsType}|${s.outcomeId}|${s.special}`;

export type ToggleResult = { state: SlipState; added: boolean; refused?: AddRefusal };

/** A tap on an odd: removes it when on the slip, otherwise adds it if the slip rules allow. */
export function toggleEntry(state: SlipState, entry: SlipEntry, limits: UserLimits, oddOpen: boolean): ToggleResult {
  if (state.entries.some((e) => e.key === entry.key)) {
    return { state: withEntries(state, state.entries.filter((e) => e.key !== entry.key)), added: false };
  }
  const check = checkAdd(state.entries.map((e) => e.selection), entry.selection, { limits, oddOpen });
  if (!check.ok) return { state, added: false, refused: check.reason };
  // checkAdd may replace other selections (multiple rules); keep the views of the survivors.
  const byKey = new Map([...state.entries, entry].map((e) => [e.key, e]));
  const entries = check.selections.map((s) => byKey.get(entryKey(s))).filter((e): e is SlipEntry => e !== undefined);
  return { state: withEntries(state, entries), added: true };
}

export function removeEntry(state: SlipState, key: string): SlipState {
  return withEntries(state, state.entries.filter((e) => e.key !== key));
}

/** Clearing the slip resets all amounts (section 4). */
export function clearSlip(state: SlipState): SlipState {
  return { ...EMPTY_SLIP, oddChangeOk: state.oddChangeOk };
}

/** Entries older than 5 minutes are dropped when the slip is loaded (section 4). */
export function loadEntries(entries: SlipEntry[], now: number): SlipEntry[] {
  const keep = new Set(dropStale(entries.map((e) => e.selection), now).map(entryKey));
  return entries.filter((e) => keep.has(e.key));
}

export function summaryOf(state: SlipState, limits: UserLimits): SlipSummary {
  return summarizeSlip({ selections: state.entries.map((e) => e.selection), stake: state.stake, systemSizes: state.systemSizes, limits });
}

function withEntries(state: SlipState, entries: SlipEntry[]): SlipState {
  // Deselecting every system size clears bankers; with no selection the system choice goes too.
  return { ...state, entries, systemSizes: entries.length ? state.systemSizes : [] };
}
