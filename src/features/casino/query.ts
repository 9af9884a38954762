/** A positive whole number from a URL query value, else undefined. */
const pos = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** Picks the named positive numbers of a URL query; others are dropped. */
export function numberQuery<K extends string>(s: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) {
    const n = pos(s[k]);
    if (n !== undefined) out[k] = n;
  }
  return out;
}

/** The query keys of the lobby routes (section 2): provider, product, game. */
export const LOBBY_QUERY = ['mainServiceId', 'masterServiceId', 'serviceId', 'gameId'] as const;
