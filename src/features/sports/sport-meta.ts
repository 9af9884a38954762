/** A short glyph per sport id of section 9, for headers and chips. */
export const SPORT_GLYPH: Record<number, string> = {
  1: '⚽', 3: '🏀', 4: '🏒', 5: '🎾', 6: '🤾', 7: '⚾', 23: '🏐', 41: '🏓', 109: '🎮', 110: '🎮', 111: '🎮',
};
