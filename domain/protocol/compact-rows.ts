/**
 * Keys said once (API replies that carry what the screen shows, without repeats). A list
 * of matches repeats every field name on every row, group and outcome: about half of its JSON.
 * With `compact: 1` in its payload the matches and highlights calls send each list of same-shaped
 * objects as its keys once and a row of values per object (`{ $k: [...keys], $v: [[...values]] }`);
 * the worker turns them back into objects before anything else reads the reply, so the rest of the
 * code sees the spec's shape. Without `compact` a reply is the spec's, unchanged.
 *
 * Measured on the demo data (README, first load): a `matches` reply of 96 football matches 78.5 KB
 * of JSON becomes 43.1 KB (brotli 5.2 KB -> 4.5 KB, gzip 5.8 -> 4.9). Coding the repeated names
 * (teams, leagues, markets) as indexes into a table as well was tried: the JSON shrank less and the
 * compressed reply grew by two thirds (indexes compress worse than the names they replace).
 */

/** A list of same-shaped objects, keys once. */
export interface KeyedRows { $k: string[]; $v: unknown[][] }

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isKeyed = (v: unknown): v is KeyedRows => isPlain(v) && Array.isArray(v.$k) && Array.isArray(v.$v) && Object.keys(v).length === 2;

/** `value` with every list of two or more objects of the same keys (in the same order) as KeyedRows. */
export function keysOnce(value: unknown): unknown {
  if (Array.isArray(value)) {
    const first = value[0];
    if (value.length > 1 && isPlain(first)) {
      const keys = Object.keys(first);
      const sig = keys.join('\u0000');
      if (value.every((o) => isPlain(o) && Object.keys(o).join('\u0000') === sig)) {
        return { $k: keys, $v: value.map((o) => keys.map((k) => keysOnce((o as Record<string, unknown>)[k]))) } satisfies KeyedRows;
      }
    }
    return value.map(keysOnce);
  }
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = keysOnce(v);
  return out;
}

/** The inverse of keysOnce: every KeyedRows back into a list of objects. */
export function keysBack(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysBack);
  if (!isPlain(value)) return value;
  if (isKeyed(value)) {
    return value.$v.map((row) => {
      const o: Record<string, unknown> = {};
      value.$k.forEach((k, i) => { o[k] = keysBack(row[i]); });
      return o;
    });
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = keysBack(v);
  return out;
}

/** A matches reply's data in the compact form (its results keys once). */
export function compactMatches<T extends { results: unknown[] }>(data: T): Omit<T, 'results'> & { results: unknown } {
  return { ...data, results: keysOnce(data.results) };
}

/** The spec's shape back from a matches reply's data, compact or not. */
export function expandMatches<T extends { results?: unknown }>(data: T): T {
  return isKeyed(data.results) ? { ...data, results: keysBack(data.results) } : data;
}
