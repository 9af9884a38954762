import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Market names in the player's language, by odds type of domain/market/catalogue.ts. */
export const MARKET_NAMES: Record<number, MessageDescriptor> = {
  1: msg`Match result`,
  186: msg`Winner`,
  10: msg`Double chance`,
  14: msg`Handicap`,
  16: msg`Point spread`,
  18: msg`Total`,
  29: msg`Both teams to score`,
  60: msg`1st half result`,
  83: msg`2nd half result`,
  65: msg`1st half handicap`,
  87: msg`2nd half handicap`,
  68: msg`1st half total`,
  90: msg`2nd half total`,
  7: msg`Rest of match`,
  61: msg`Rest of 1st half`,
  8: msg`Next goal`,
  62: msg`Next goal 1st half`,
  136: msg`Corners total`,
  139: msg`Cards total`,
};

/**
 * Outcome labels that are words (numbers and 1/X/2 stay as they are). Their own context: 'Yes' of
 * both teams to score is 'Var' in Turkish, the 'Yes' of a question is 'Evet'.
 */
export const OUTCOME_WORDS: Record<string, MessageDescriptor> = {
  Over: msg({ message: 'Over', context: 'outcome' }),
  Under: msg({ message: 'Under', context: 'outcome' }),
  Yes: msg({ message: 'Yes', context: 'outcome' }),
  No: msg({ message: 'No', context: 'outcome' }),
  None: msg({ message: 'None', context: 'outcome' }),
};

/** Translates market names and outcome words; unknown ones are shown as they came. */
export function useMarketText() {
  const { t } = useLingui();
  return {
    market: (oddsType: number, fallback: string) => (MARKET_NAMES[oddsType] ? t(MARKET_NAMES[oddsType]) : fallback),
    pick: (label: string) => (OUTCOME_WORDS[label] ? t(OUTCOME_WORDS[label]) : label),
  };
}
